"""The one place that finds the data shipped with the package (importlib.resources).

Rule files and bundled editions are read from the installed package, never relative
to the current directory.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path


def rules_dir() -> Traversable:
    """The ``rules/`` folder: the JSON Schema and the lark grammars."""
    return resources.files("skullking.rules")


def editions_dir() -> Traversable:
    """The ``editions/`` folder: one YAML file per bundled edition, named ``<id>.yaml``."""
    return resources.files("skullking.editions")


def rules_text(name: str) -> str:
    return rules_dir().joinpath(name).read_text(encoding="utf-8")


def bundled_edition_files() -> dict[str, Traversable]:
    """Bundled edition id -> its file, sorted by id."""
    found = {
        entry.name.removesuffix(".yaml"): entry for entry in editions_dir().iterdir() if entry.name.endswith(".yaml")
    }
    return dict(sorted(found.items()))


@functools.cache
def earlier_fingerprints() -> Mapping[str, str]:
    """The fingerprints of rules (``Edition.fingerprint``) as earlier versions of the
    engine wrote them in game records' ``Rules`` tags, each to the fingerprint the same
    rules have now: for the bundled editions and example house rules
    (``editions/earlier-fingerprints.json``). A record written then replays while its
    edition's rules are still those."""
    shipped = json.loads(editions_dir().joinpath("earlier-fingerprints.json").read_text(encoding="utf-8"))
    return {str(old): str(new) for old, new in shipped["fingerprints"].items()}


def is_file(path: Path) -> bool:
    """Whether ``path`` is a file; ``False`` for a name the system cannot even look up
    (too long, a NUL byte, bytes that are not valid in file names)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def exists(path: Path) -> bool:
    """Whether anything is at ``path`` (``False`` where the name cannot be looked up)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


#: Why a folder given where an edition file is wanted is refused.
A_FOLDER = "a folder, not an edition file: name the edition's .yaml file in it"


def folder_given(name: str, relative_to: Path | None = None) -> str | None:
    """:data:`A_FOLDER` when ``name`` (relative to ``relative_to``), which
    :func:`resolve_source` found no edition for, is a folder; else ``None``."""
    if not name:
        return None
    candidate = Path(name)
    if relative_to is not None and not candidate.is_absolute():
        candidate = relative_to / candidate
    try:
        return A_FOLDER if candidate.is_dir() else None
    except (OSError, ValueError):  # a name no file can have
        return None


def resolve_source(name: str, relative_to: Path | None = None) -> Path | None:
    """The file behind an edition id or path, or ``None`` when there is none (also for
    names no file can have: ``.``, ``/``, too long, with a NUL byte)."""
    bundled = bundled_edition_files()
    if name in bundled:
        return Path(str(bundled[name]))
    candidate = Path(name)
    if relative_to is not None and not candidate.is_absolute():
        candidate = relative_to / candidate
    if is_file(candidate):
        return candidate
    if candidate.suffix == "" and candidate.name not in ("", "..") and is_file(candidate.with_suffix(".yaml")):
        return candidate.with_suffix(".yaml")
    return None
