"""Regenerate the README's sample of ``strategium battle --quiet`` from the real output.

Usage (from the repository root): ``strategium battle --quiet | python tools/readme_sample.py --write``.
Header lines longer than :data:`WIDTH` are cut at a word and end in ``...``; the middle rows of the casualty
table become one ``...`` line. ``tests/cli/test_readme.py`` checks the sample against the real output.
"""

from __future__ import annotations

import sys
from pathlib import Path

WIDTH = 110
COMMAND = "$ strategium battle --quiet\n"


def sample(lines: list[str]) -> list[str]:
    """The sample lines of a quiet battle's output."""
    casualties = lines.index("CASUALTIES")
    moments = lines.index("SEED-RULE MOMENTS")
    rows = range(casualties + 2, moments - 1)
    out: list[str] = []
    for n, line in enumerate(lines):
        if n in rows:
            k = n - rows.start
            if k < 2 or k >= len(rows) - 2:
                out.append(line)
            elif k == 2:
                out.append("  ...")
        elif len(line) > WIDTH and n < casualties:
            cut = line[:WIDTH]
            out.append(cut[: cut.rfind(" ")].rstrip() + " ...")
        else:
            out.append(line)
    return out


def main() -> None:
    block = "\n".join(sample(sys.stdin.read().splitlines()))
    if "--write" in sys.argv:
        readme = Path("README.md")
        text = readme.read_text(encoding="utf-8")
        start = text.index(COMMAND) + len(COMMAND)
        readme.write_text(text[:start] + block + text[text.index("\n```", start) :], encoding="utf-8")
    print(block)


if __name__ == "__main__":
    main()
