#!/bin/sh
# The guard battles (issue 19 acceptance: logs byte-identical before and after the refactor).
# Usage: guard.sh REPO OUTDIR   -> OUTDIR/{heuristic,random}-{0..3}.log and OUTDIR/SHA256SUMS
# 8 demo battles, 5 Game Turns, both players of one kind, seeds 0-3 (as docs/benchmarks.md's "8 guard battles":
# 4 heuristic, 4 random). Then: diff -r OUTDIR_BEFORE OUTDIR_AFTER (or compare SHA256SUMS).
set -eu
repo=$1; out=$2
mkdir -p "$out"
for player in heuristic random; do
  for seed in 0 1 2 3; do
    (cd "$repo" && PYTHONHASHSEED=random PYTHONPATH=src .venv/bin/strategium battle --seed "$seed" --player "$player") \
      > "$out/$player-$seed.log"
  done
done
(cd "$out" && sha256sum *.log > SHA256SUMS && cat SHA256SUMS)
