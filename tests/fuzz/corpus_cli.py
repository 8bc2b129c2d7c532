"""Odd command-line values: numbers out of range or not numbers, missing and special files, unknown commands and
options, and output paths that are an input or lie in a folder that does not exist (which must be refused
before any work: nothing printed, nothing written).

Each attack's ``file`` is a real input put in the sandbox first (an army file, the demo scenario), so that an
output path can name it."""

from __future__ import annotations

from tests.fuzz.attacks import SECRET, Attack
from tests.fuzz.corpus_yaml import DEMO_SCENARIO, PACKAGE

ARMY_FILE = (PACKAGE / "army" / "demo" / "emperors_children.yaml").read_bytes()
SCENARIO = DEMO_SCENARIO.read_bytes()
SHORT = ("--turns", "1", "--quiet")


def _army(key: str, kind: str, *argv: str, quiet_failure: bool = False, outputs: tuple[str, ...] = ()) -> Attack:
    return Attack(
        f"cli-{key}",
        kind,
        "army.yaml",
        ARMY_FILE,
        (argv,),
        beside={"secret.txt": SECRET.encode()},
        quiet_failure=quiet_failure,
        outputs=outputs,
        names=(),
    )


def _scenario(key: str, kind: str, *argv: str, outputs: tuple[str, ...] = ()) -> Attack:
    return Attack(f"cli-{key}", kind, "scenario.yaml", SCENARIO, (argv,), quiet_failure=True, outputs=outputs, names=())


def cli_attacks() -> list[Attack]:
    """The command-line corpus (and two runs that work, as controls of the sandbox's rules)."""
    odd = "odd command-line values"
    paths = "output paths"
    out = [
        _army("control-battle-json", odd, "battle", *SHORT, "--json", "rec.json", outputs=("rec.json",)),
        _army("control-battle-report", odd, "battle", *SHORT, "--report", "rep", outputs=("rep/",)),
        _scenario("control-map", odd, "map", "{F}", "--out", "out.svg", outputs=("out.svg",)),
    ]
    for value in ("abc", "1e3", "-1", "-99999999999999999999", "99999999999999999999999999", ""):
        out.append(_army(f"seed-{value or 'empty'}", odd, "battle", *SHORT, "--seed", value))
    for value in ("0", "-1", "11", "99999999999999999999", "x", "1.5"):
        out.append(_army(f"turns-{value}", odd, "battle", "--quiet", "--turns", value))
    for value in ("0", "-5", "2000000", "99999999999999999999", "x"):
        out.append(_army(f"runs-{value}", odd, "battle", *SHORT, "--runs", value, "--workers", "1"))
    out += [
        _army("runs-with-json", odd, "battle", *SHORT, "--runs", "3", "--json", "rec.json"),
        _army("workers-0", odd, "battle", *SHORT, "--runs", "2", "--workers", "0"),
        _army("workers-negative", odd, "battle", *SHORT, "--runs", "2", "--workers", "-1"),
        _army("player-unknown", odd, "battle", *SHORT, "--player", "god"),
        _army("player1-empty", odd, "battle", *SHORT, "--player1", ""),
        _army("army-once", odd, "battle", *SHORT, "--army", "{F}"),
        _army("army-thrice", odd, "battle", *SHORT, "--army", "{F}", "--army", "{F}", "--army", "{F}"),
        _army("army-empty", odd, "battle", *SHORT, "--army", "", "--army", "{F}"),
        _army("army-missing", odd, "battle", *SHORT, "--army", "nothere.ros", "--army", "{F}"),
        _army("army-folder", odd, "battle", *SHORT, "--army", ".", "--army", "{F}"),
        _army("army-dev-zero", odd, "battle", *SHORT, "--army", "/dev/zero", "--army", "{F}"),
        _army("army-secret-txt", odd, "battle", *SHORT, "--army", "secret.txt", "--army", "{F}"),
        _army("army-long-name", odd, "battle", *SHORT, "--army", "a" * 100_000 + ".yaml", "--army", "{F}"),
        _army("army-surrogate-name", odd, "battle", *SHORT, "--army", "\udcff\udcfe.yaml", "--army", "{F}"),
        _army("scenario-missing", odd, "battle", *SHORT, "--scenario", "nothere.yaml"),
        _army("scenario-empty-name", odd, "battle", *SHORT, "--scenario", ""),
        _army("scenario-folder", odd, "battle", *SHORT, "--scenario", "."),
        _army("scenario-dev-zero", odd, "battle", *SHORT, "--scenario", "/dev/zero"),
        _army("replay-missing", odd, "replay", "nothere.json"),
        _army("replay-folder", odd, "replay", "."),
        _army("replay-empty-name", odd, "replay", ""),
        _army("replay-army-file", odd, "replay", "{F}"),
        _army("roster-empty-name", odd, "roster", ""),
        _army("roster-folder", odd, "roster", "."),
        _army("roster-army-file", odd, "roster", "{F}"),
        _army("army-show-empty", odd, "army", "show", ""),
        _army("army-show-missing", odd, "army", "show", "nothere"),
        _army("army-show-folder", odd, "army", "show", "."),
        _army("check-missing", odd, "check", "nothere.yaml"),
        _army("check-army-file", odd, "check", "{F}"),
        _army("config-missing", odd, "rules", "config", "--file", "nothere.yaml"),
        _army("config-army-file", odd, "rules", "config", "--file", "{F}"),
        _army("rules-list-status", odd, "rules", "list", "--status", "nonsense"),
        _army("unknown-command", odd, "frobnicate"),
        _army("unknown-option", odd, "battle", "--frobnicate"),
        _army("missing-option-value", odd, "battle", "--seed"),
        _army("version-extra", odd, "--version", "extra"),
        _army("map-no-out", odd, "map"),
        _army("map-missing-scenario", odd, "map", "nothere.yaml", "--out", "out.svg"),
        _scenario("map-overlay-garbage", odd, "map", "{F}", "--out", "out.svg", "--overlay", "garbage"),
        _scenario("map-overlay-nobody", odd, "map", "{F}", "--out", "out.svg", "--overlay", "infiltrate:nobody"),
        _scenario("map-overlay-player-3", odd, "map", "{F}", "--out", "out.svg", "--overlay", "deployment:3"),
        _scenario("map-overlay-empty", odd, "map", "{F}", "--out", "out.svg", "--overlay", "scout:"),
        # output paths: an input, or in a folder that does not exist, is refused before the work
        _army("json-missing-folder", paths, "battle", *SHORT, "--json", "nofolder/rec.json", quiet_failure=True),
        _army("report-missing-folder", paths, "battle", *SHORT, "--report", "nofolder/rep", quiet_failure=True),
        _army("report-is-a-file", paths, "battle", *SHORT, "--report", "{F}", quiet_failure=True),
        _army("json-name-too-long", paths, "battle", *SHORT, "--json", "a" * 300 + ".json", quiet_failure=True),
        _army("report-name-too-long", paths, "battle", *SHORT, "--report", "a" * 300, quiet_failure=True),
        _scenario("map-out-name-too-long", paths, "map", "{F}", "--out", "a" * 300 + ".svg"),
        _army(
            "json-is-an-army",
            paths,
            "battle",
            *SHORT,
            "--army",
            "emperors_children",
            "--army",
            "{F}",
            "--json",
            "{F}",
            quiet_failure=True,
        ),
        _army("json-is-a-folder", paths, "battle", *SHORT, "--json", ".", quiet_failure=True),
        _scenario("map-out-is-the-scenario", paths, "map", "{F}", "--out", "{F}"),
        _scenario("map-out-missing-folder", paths, "map", "{F}", "--out", "nofolder/out.svg"),
        _scenario("map-out-is-a-folder", paths, "map", "{F}", "--out", "."),
        _scenario("json-is-the-scenario", paths, "battle", *SHORT, "--scenario", "{F}", "--json", "{F}"),
        _scenario("report-is-the-scenario", paths, "battle", *SHORT, "--scenario", "{F}", "--report", "{F}"),
    ]
    return out
