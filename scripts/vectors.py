"""Writes the conformance vectors of every bundled edition into docs/vectors/, so that
another program's authors can take them without installing this one.

    python scripts/vectors.py          # write docs/vectors/EDITION/{tricks,legal,rounds,games,vectors}.json
    python scripts/vectors.py --check  # list the files that differ from the editions; exit 1 then

The files are what ``skullking vectors EDITION --out docs/vectors/EDITION`` writes
(``vectors.json``: every file of the edition in one, with its content version and what
its codes mean); a test keeps them in step with the edition files.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import skullking
from skullking.analysis.glossary import glossary
from skullking.analysis.vectors import bundle, documents, text

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "vectors"
#: The page whose tables of codes and ids this script writes, between its two markers.
PAGE = FOLDER.parent / "conformance.md"
START, END = "<!-- glossary tables: written by scripts/vectors.py -->\n", "<!-- end of glossary tables -->"


def tables() -> str:
    """The tables of every code and id the bundled editions' vectors use (each row with
    the editions that have it), made from their glossaries."""
    rows: dict[str, dict[tuple[str, str], list[str]]] = {}
    for ident, _ in skullking.bundled_editions():
        words = glossary(skullking.load_edition(ident))
        found = {
            "card code": [(c["code"], c["what"]) for c in words["cards"]],
            "rule": [(r["id"], r["what"]) for r in words["rules"]],
            "bonus": [(b["id"], f"{b['points']} points: {b['what']}") for b in words["bonuses"]],
            "scoring scheme": [
                (s["id"], f"{s['title']}" + (" (default)" if s["default"] else "")) for s in words["schemes"]
            ],
            "load": [(load, f"a load of the scheme {s['id']}") for s in words["schemes"] for load in s["loads"]],
            "disputed tag": [(d["tag"], d["question"]) for d in words["disputed"]],
            "scoring case": [
                (c["id"], f"{s['id']}: {c['points']}" + (f" when {c['when']}" if c["when"] else " otherwise"))
                for s in words["schemes"]
                for c in s["cases"]
            ],
        }
        for table, items in found.items():
            for key in items:
                rows.setdefault(table, {}).setdefault(key, []).append(ident)
    every = [ident for ident, _ in skullking.bundled_editions()]
    lines: list[str] = []
    for table, kept in rows.items():
        lines += ["", f"| {table} | what it is | editions |", "|---|---|---|"]
        for (code, what), editions in kept.items():
            shown = "every edition" if editions == every else ", ".join(f"`{e}`" for e in editions)
            lines.append(f"| `{code}` | {what.replace('|', '/')} | {shown} |")
    return "\n".join(lines).lstrip("\n") + "\n"


def page(text_now: str) -> str:
    """The page with its tables as the editions give them."""
    before, rest = text_now.split(START, 1)
    after = rest.split(END, 1)[1]
    return before + START + tables() + END + after


def expected(documents_of: Callable[[str], list[dict[str, Any]]] | None = None) -> dict[Path, str]:
    """Every file the folder should hold, and its text (``documents_of`` gives an
    edition's vector documents; by default they are made from the bundled edition)."""
    make = documents_of or (lambda ident: documents(skullking.load_edition(ident)))
    files: dict[Path, str] = {}
    for ident, _ in skullking.bundled_editions():
        docs = make(ident)
        for doc in docs:
            files[FOLDER / ident / f"{doc['kind']}.json"] = text(doc)
        files[FOLDER / ident / "vectors.json"] = text(bundle(skullking.load_edition(ident), docs))
    return files


def stale(files: dict[Path, str]) -> list[str]:
    """The files of the folder that differ from ``files``, are missing or are left over."""
    found = set(FOLDER.rglob("*.json")) if FOLDER.is_dir() else set()
    wrong = [p for p, body in files.items() if not p.is_file() or p.read_text(encoding="utf-8") != body]
    return sorted(str(p.relative_to(FOLDER.parent.parent)) for p in [*wrong, *(found - files.keys())])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    files = expected()
    now = PAGE.read_text(encoding="utf-8")
    if args.check:
        differ = stale(files) + (["docs/conformance.md"] if page(now) != now else [])
        for name in differ:
            print(f"stale: {name} (run python scripts/vectors.py)")
        return 1 if differ else 0
    for path in FOLDER.rglob("*.json") if FOLDER.is_dir() else ():
        if path not in files:
            path.unlink()
    for path, body in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    PAGE.write_text(page(now), encoding="utf-8")
    print(f"{len(files)} files written to {FOLDER}, and the tables of {PAGE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
