"""Writes the conformance vectors of every bundled edition into docs/vectors/, so that
another program's authors can take them without installing this one.

    python scripts/vectors.py          # write docs/vectors/EDITION/{tricks,legal,rounds}.json
    python scripts/vectors.py --check  # list the files that differ from the editions; exit 1 then

The files are what ``skullking vectors EDITION --out docs/vectors/EDITION`` writes; a
test keeps them in step with the edition files.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import skullking
from skullking.analysis.vectors import documents, text

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "vectors"


def expected(documents_of: Callable[[str], list[dict[str, Any]]] | None = None) -> dict[Path, str]:
    """Every file the folder should hold, and its text (``documents_of`` gives an
    edition's vector documents; by default they are made from the bundled edition)."""
    make = documents_of or (lambda ident: documents(skullking.load_edition(ident)))
    files: dict[Path, str] = {}
    for ident, _ in skullking.bundled_editions():
        for doc in make(ident):
            files[FOLDER / ident / f"{doc['kind']}.json"] = text(doc)
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
    if args.check:
        differ = stale(files)
        for name in differ:
            print(f"stale: {name} (run python scripts/vectors.py)")
        return 1 if differ else 0
    for path in FOLDER.rglob("*.json") if FOLDER.is_dir() else ():
        if path not in files:
            path.unlink()
    for path, body in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    print(f"{len(files)} files written to {FOLDER}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
