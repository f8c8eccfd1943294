"""What every command answers on the shipped editions and examples, kept to compare.

    python scripts/behaviour_snapshot.py DIR            # write the answers into DIR
    python scripts/behaviour_snapshot.py DIR --check    # compare with those in DIR

A change that moves code and means to change no behaviour (a new layout of the
package, one implementation of a rule where there were two) must leave every answer
as it was: this runs a fixed list of commands (``trick --batch`` over a fixed set of
tricks, ``legal``, ``score`` of every example sheet, ``validate``, ``explain``,
``simulate`` one game and many, ``compare``, ``diff``, with JSON output and text) on
every bundled edition and example house rule, in one process through
``skullking.tools.cli.main``, and writes each answer (exit code and output) to a file
of its own. With ``--check`` it runs them again and lists every answer that differs;
exit 1 then. The cache is a fresh temporary one for the run.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EDITIONS = sorted(p.stem for p in (ROOT / "editions").glob("*.yaml"))
HOUSE_RULES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples" / "house-rules").glob("*.yaml"))
SHEETS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples" / "sheets").glob("*.yaml"))


def _tricks(edition: str, count: int, seed: int) -> str:
    """``count`` random tricks of ``edition`` as batch lines (random cards, leaders and
    player counts within the edition's; some impossible on purpose)."""
    import skullking

    loaded = skullking.load_edition(edition, allow_paths=True)
    rng = random.Random(seed)
    codes = sorted(str(play) for play in loaded.plays.values() if not play.undeclared)
    lines = []
    for _ in range(count):
        players = rng.randint(loaded.min_players, loaded.max_players)
        size = rng.randint(1, players)
        cards = rng.sample(codes, min(size, len(codes)))
        lines.append(json.dumps({"cards": cards, "leader": rng.randrange(players), "players": players}))
    return "\n".join(lines) + "\n"


def commands(scratch: Path) -> Iterator[tuple[str, list[str]]]:
    """(name, argv) of every command the snapshot runs."""
    everything = EDITIONS + HOUSE_RULES
    for edition in everything:
        name = Path(edition).stem
        batch = scratch / f"{name}.jsonl"
        batch.write_text(_tricks(edition, 400, 7), encoding="utf-8")
        yield f"trick-batch-{name}", ["trick", "--edition", edition, "--batch", str(batch), "--format", "json"]
        yield f"validate-{name}", ["validate", edition, "--format", "json"]
        yield f"validate-text-{name}", ["validate", edition]
        yield f"explain-{name}", ["explain", "--edition", edition, "--format", "json"]
        yield f"explain-text-{name}", ["explain", "--edition", edition]
        yield f"legal-{name}", ["legal", "--edition", edition, "--hand", "Y3,B2,SK,E", "Y7", "--format", "json"]
        yield f"simulate-one-{name}", ["simulate", "--edition", edition, "--seed", "3", "--format", "json"]
        yield f"simulate-one-text-{name}", ["simulate", "--edition", edition, "--seed", "3"]
        yield (
            f"simulate-many-{name}",
            [
                "simulate",
                "--edition",
                edition,
                "--games",
                "120",
                "--seed",
                "5",
                "--format",
                "json",
                "-q",
                "--jobs",
                "1",
            ],
        )
        yield (
            f"simulate-bots-{name}",
            [
                "simulate", "--edition", edition, "--games", "40", "--seed", "6", "--bots", "heuristic,random",
                "--format", "json", "-q", "--jobs", "1",
            ],
        )  # fmt: skip
    for sheet in SHEETS:
        name = Path(sheet).stem
        yield f"score-{name}", ["score", sheet, "--format", "json"]
        yield f"score-text-{name}", ["score", sheet]
    pairs = [
        ("skullking-2021", "bga"),
        ("skullking-2021", "skullking-2024"),
        ("skullking-original", "legendary-2018"),
        ("skullking-2021", "examples/house-rules/our-table.yaml"),
    ]
    for a, b in pairs:
        name = f"{Path(a).stem}-vs-{Path(b).stem}"
        yield f"diff-{name}", ["diff", a, b, "--format", "json"]
        yield f"diff-text-{name}", ["diff", a, b]
        yield (
            f"compare-{name}",
            ["compare", a, b, "--games", "60", "--seed", "4", "--format", "json", "-q", "--jobs", "1"],
        )


def answer(argv: list[str]) -> str:
    """The exit code, standard output and standard error of ``skullking ARGV``."""
    from skullking.tools.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, err=err)
    return json.dumps({"argv": argv, "code": code, "out": out.getvalue(), "err": err.getvalue()}, indent=1) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("folder", type=Path, help="where the answers are (written, or compared with --check)")
    parser.add_argument("--check", action="store_true", help="compare with the answers in FOLDER instead")
    args = parser.parse_args()
    os.chdir(ROOT)
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["SKULLKING_CACHE_DIR"] = str(Path(scratch) / "cache")
        os.environ["SKULLKING_CONFIG_DIR"] = str(Path(scratch) / "config")
        if not args.check:
            args.folder.mkdir(parents=True, exist_ok=True)
        differ: list[str] = []
        count = 0
        for name, argv in commands(Path(scratch)):
            count += 1
            text = answer(argv).replace(scratch, "<scratch>")
            kept = args.folder / f"{name}.json"
            if not args.check:
                kept.write_text(text, encoding="utf-8")
            elif not kept.exists() or kept.read_text(encoding="utf-8") != text:
                differ.append(name)
                print(f"differs: {name} ({' '.join(argv)})", flush=True)
    print(
        f"{count} answers compared, {len(differ)} differ" if args.check else f"{count} answers written to {args.folder}"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
