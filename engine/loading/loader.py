"""Loading edition files: YAML with locations, ``extends``, schema, semantic checks.

:func:`load_edition` is the one entry point. It finds the file (a bundled id or a
path), reads it and its bases, merges overlays, validates the result against
``rules/edition.schema.json`` (its errors put in words by :mod:`skullking.loading.schema`),
runs the checks the schema cannot express (:mod:`skullking.loading.checks`), compiles
expressions and builds a frozen :class:`~skullking.edition.Edition`. Every
problem found on the way is collected and raised at once as an
:class:`~skullking.core.errors.EditionError`, each located at the file, line and column
of the node that caused it.

A compiled edition is cached on disk, keyed by the hashes of every file it was built
from, so that the command line starts fast.
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path
from typing import Any, NamedTuple

from skullking.core.errors import EditionError, Problem, shorten
from skullking.core.files import display_name
from skullking.core.resources import A_FOLDER, bundled_edition_files, folder_given, resolve_source, rules_text
from skullking.core.suggest import did_you_mean
from skullking.loading.build import build_edition
from skullking.loading.checks import Checker
from skullking.loading.merge import merge
from skullking.loading.schema import close_to_base_ids, schema_problems_of
from skullking.loading.stored import cached, cached_check, store
from skullking.reading.bounded import cut, read_bounded, too_large
from skullking.reading.located import Node, decode, parse_yaml
from skullking.storage.cache import ABSENT

# --------------------------------------------------------------------------- files


def _read(
    path: Path, problems: list[Problem], sources: dict[str, str], given: bytes | None = None
) -> tuple[Node | None, bytes]:
    display = display_name(path)
    try:
        data, over = read_bounded(str(path)) if given is None else cut(given)
    except IsADirectoryError:
        problems.append(Problem(file=display, line=0, column=0, message=A_FOLDER))
        return None, b""
    except OSError as exc:
        problems.append(Problem(file=display, line=0, column=0, message=f"cannot read the file: {exc.strerror}"))
        return None, b""
    if over:
        problems.append(too_large(display, data, "an edition file"))
        return None, data
    text = decode(data, display)
    if isinstance(text, Problem):
        problems.append(text)
        return None, data
    sources[display] = text
    node, found = parse_yaml(text, display)
    problems.extend(found)
    if node is not None and not isinstance(node.value, dict):
        problems.append(node.loc.problem("an edition file must be a mapping of keys (id, title, deck, ...)"))
        return None, data
    return node, data


def load_tree(
    path: Path,
    problems: list[Problem],
    chain: tuple[Path, ...],
    deps: list[tuple[str, str]],
    sources: dict[str, str],
    *,
    given: bytes | None = None,
    layers: list[tuple[Node, Node]] | None = None,
    allow_paths: bool = False,
    bundled_only: bool = False,
    through: Node | None = None,
    whole: list[Problem] | None = None,
) -> Node | None:
    """Read ``path`` (or the ``given`` text read from elsewhere, named by ``path``) and,
    through ``extends``, its bases; return the merged tree. ``layers`` receives each
    (base, overlay) pair merged, innermost first. ``through`` is the ``extends`` that
    named ``path``: a file reached that way that does not read as an edition is refused
    at that ``extends``, and nothing of it is shown. ``whole`` (else ``problems``)
    receives the problems that leave the merged tree whole: an overlay without an id of
    its own (its base's stands in) and what the merge refused (left out, or left where
    it was), so that the schema and the checks can still report the file's others."""
    found: list[Problem] = []
    node, data = _read(path, found, sources, given)
    deps.append((str(path.resolve()), hashlib.sha256(data).hexdigest()))
    if through is not None and not _reads_as_edition(node, found):
        problems.append(through.loc.problem(f"extends '{through.value}': {not_an_edition(display_name(path), found)}"))
        return None
    problems.extend(found)
    if node is None:
        return None
    base_ref = node.value.get("extends")
    if base_ref is None or base_ref.value is None:
        return node
    if not isinstance(base_ref.value, str):
        problems.append(base_ref.loc.problem("'extends' must name an edition id or a file path"))
        return None
    base_path = referenced_file(base_ref.value, path.parent, allow_paths=allow_paths, bundled_only=bundled_only)
    if not isinstance(base_path, Path):
        files = bundled_edition_files()
        why = (
            base_path
            or folder_given(base_ref.value, path.parent)
            or f"no such edition or file{did_you_mean(base_ref.value, files)} (bundled: {', '.join(files)})"
        )
        problems.append(base_ref.loc.problem(f"extends '{shorten(base_ref.value, 200)}': {why}"))
        return None
    if base_path.resolve() in chain:
        cycle = " -> ".join(display_name(p) for p in (*chain, base_path.resolve()))
        problems.append(base_ref.loc.problem(f"extends '{base_ref.value}' makes a cycle: {cycle}"))
        return None
    bundled = base_ref.value in bundled_edition_files()
    tried = Path(base_ref.value) if Path(base_ref.value).is_absolute() else path.parent / base_ref.value
    if not bundled and base_path != tried:  # found as NAME.yaml: a file NAME would be found instead
        deps.append((os.path.abspath(tried), ABSENT))
    before = len(problems)
    base = load_tree(
        base_path,
        problems,
        (*chain, base_path.resolve()),
        deps,
        sources,
        layers=layers,
        allow_paths=allow_paths,
        bundled_only=bundled_only,
        through=None if bundled else base_ref,
        whole=whole,
    )
    if base is None:
        if all((p.file, p.line) != (base_ref.loc.file, base_ref.loc.line) for p in problems[before:]):
            problems.append(base_ref.loc.problem(f"extends '{base_ref.value}': the base edition has errors"))
        return None
    kept = problems if whole is None else whole
    if "id" not in node.value:
        kept.append(node.loc.problem("'id' is a required property: an overlay is an edition of its own"))
    overlay = Node({k: v for k, v in node.value.items() if k != "extends"}, node.loc, node.key_loc)
    base_id = (
        base.value["id"].value if isinstance(base.value.get("id", Node(None, base.loc)).value, str) else "the base"
    )
    if layers is not None:
        layers.append((base, overlay))
    merged = merge(base, overlay, kept, base_id=str(base_id))
    _derive_texts(merged, overlay, str(base_id))
    return merged


#: The endings of the files ``extends`` may name.
EDITION_SUFFIXES = (".yaml", ".yml", ".json")


def referenced_file(name: str, folder: Path, *, allow_paths: bool, bundled_only: bool = False) -> Path | str | None:
    """The file an ``extends`` names by ``name``: a bundled edition id, or a path
    relative to ``folder`` (the overlay's) that stays inside it; with ``allow_paths`` also an absolute path or one that
    leaves the folder with ``..``. Only files ending in .yaml, .yml or .json are named.
    Returns the file, ``None`` when there is no such file, or why the name is refused
    (no file is touched for a refused path: the answer tells nothing of what exists
    outside the folder). With ``bundled_only`` (a text sent from elsewhere, such as a
    house rule pasted into the score pad) only a bundled id is named, and no file is
    touched for any other name."""
    from pathlib import PurePath

    bundled = bundled_edition_files()
    if name in bundled:
        return Path(str(bundled[name]))
    if bundled_only:
        known = ", ".join(bundled)
        return f"only a bundled edition can be extended here{did_you_mean(name, list(bundled))} (bundled: {known})"
    pure = PurePath(name)
    if not allow_paths and (pure.is_absolute() or ".." in pure.parts):
        why = "an absolute path" if pure.is_absolute() else "a path that leaves the folder with '..'"
        return (
            f"{why} is read only when allowed (--allow-paths on the command line, allow_paths=True in Python); "
            "name a bundled edition or a file in this file's folder"
        )
    if not pure.name:  # '', '.', './': the folder itself, whose name + .yaml lies outside it
        return None
    try:
        found = resolve_source(name, folder) if "\0" not in name else None
    except (OSError, ValueError):  # a name the file system cannot take
        found = None
    if found is None:
        return None
    if found.suffix.lower() not in EDITION_SUFFIXES:
        return f"not an edition file: an edition file's name ends in {', '.join(EDITION_SUFFIXES)}"
    return found


@functools.cache
def _edition_keys() -> frozenset[str]:
    import json

    schema = json.loads(rules_text("edition.schema.json"))
    return frozenset(schema["then"]["properties"]) | frozenset(schema["else"]["properties"])


def _reads_as_edition(node: Node | None, problems: list[Problem]) -> bool:
    """Whether a file reads as an edition: UTF-8 YAML or JSON without syntax errors, a
    mapping with an ``id`` whose keys are all an edition's."""
    if node is None or not isinstance(node.value, dict) or any(p.severity == "error" for p in problems):
        return False
    return "id" in node.value and set(node.value) <= _edition_keys()


def edition_file_refusal(path: Path, name: str) -> str | None:
    """Why the file ``path``, named ``name`` by another file (a sheet's ``edition``), is
    refused without being shown: ``None`` when it reads as an edition."""
    if name in bundled_edition_files():
        return None
    found: list[Problem] = []
    node, _ = _read(path, found, {})
    return None if _reads_as_edition(node, found) else not_an_edition(display_name(path), found)


def not_an_edition(display: str, problems: list[Problem]) -> str:
    """Why a file named by another is refused, without a word of what it holds: only
    where reading it stopped."""
    errors = [p for p in problems if p.severity == "error"]
    where = (
        f" (reading stopped at line {errors[0].line}, column {errors[0].column})" if errors and errors[0].line else ""
    )
    return (
        f"{display} does not read as an edition file{where}: an edition file is a YAML mapping with an 'id' "
        "and keys such as title, deck and scoring; nothing of it is shown here (validate it by itself to see why)"
    )


def _derive_texts(merged: Node, overlay: Node, base_id: str) -> None:
    """An overlay that gives no title or description gets ones made from its id and its
    base's (never the base's own words, which describe another edition)."""
    ident = overlay.value.get("id")
    if ident is None or not isinstance(ident.value, str):
        return
    texts = {
        "title": f"{base_id} + {ident.value}",
        "description": f"The rules of {base_id}, with the changes made by {ident.value}.",
    }
    for key, text in texts.items():
        if key not in overlay.value and key in merged.value:
            merged.value[key] = Node(text, overlay.loc)
            merged.key_loc[key] = overlay.loc


# --------------------------------------------------------------------------- entry points


class Checked(NamedTuple):
    """What checking an edition file gave: the edition (``None`` on errors), every
    problem (errors and warnings), and for the analysis of a checked file its merged
    tree, each (base, overlay) pair merged (innermost first), the files' texts by
    their names in messages and the files it was built from (path, sha256)."""

    edition: Any
    problems: list[Problem]
    root: Node | None
    layers: list[tuple[Node, Node]]
    sources: dict[str, str]
    deps: list[tuple[str, str]]


def check_file(
    path: Path,
    *,
    bundled: str | None = None,
    use_cache: bool = True,
    text: bytes | None = None,
    allow_paths: bool = False,
    bundled_only: bool = False,
) -> tuple[Any, list[Problem]]:
    """Load ``path`` with every check; return the edition (``None`` on errors) and all
    problems (errors and warnings). ``bundled`` is the id when the file is a bundled
    edition (it is then also cached under that id). A file that passed before and has
    not changed since (nor its bases, nor the engine) is answered from the cache. (The
    warnings about rules that cannot matter, which ``validate`` adds, are
    :func:`skullking.analysis.lint.validate_file`'s.)

    ``text`` is the file's content read from elsewhere (standard input), named by
    ``path`` in messages; a relative ``extends`` in it is then found from ``path``'s
    folder (``Path("<stdin>")``: the working directory), and nothing is cached.

    ``allow_paths`` lets ``extends`` name absolute paths and paths that leave the
    file's folder with ``..``; an edition built so is not stored in the cache (an entry
    stored without it serves both). ``bundled_only`` (with ``text``) lets ``extends``
    name only bundled editions: no file is read but the bundled ones."""
    if use_cache and text is None:
        known = cached_check(path)
        if known is not None:
            return known
    checked = check(path, bundled=bundled, text=text, allow_paths=allow_paths, bundled_only=bundled_only)
    return checked.edition, checked.problems


def check(
    path: Path,
    *,
    bundled: str | None = None,
    text: bytes | None = None,
    allow_paths: bool = False,
    bundled_only: bool = False,
) -> Checked:
    """:func:`check_file` without looking in the cache first (a file checked whole is
    still stored there), with what the analysis of the file needs."""
    problems: list[Problem] = []
    deps: list[tuple[str, str]] = []
    sources: dict[str, str] = {}
    layers: list[tuple[Node, Node]] = []
    whole: list[Problem] = []
    root = load_tree(
        path,
        problems,
        (path.resolve(),),
        deps,
        sources,
        given=text,
        layers=layers,
        allow_paths=allow_paths,
        bundled_only=bundled_only,
        whole=whole,
    )
    # A file that does not read, or a base that does not load, stops here; an overlay's
    # own problems leave a whole tree, checked on to report every problem at once.
    unread = any(p.severity == "error" for p in problems)
    problems += whole
    if root is None or unread:
        return Checked(None, problems, root, layers, sources, deps)
    schema_problems = schema_problems_of(root)
    problems += schema_problems
    shown = display_name(path)
    checker = Checker(root, sources, top=shown)
    try:
        checker.run()
    except (KeyError, TypeError, AttributeError, IndexError, ValueError):
        # The file's shape is off in a way the schema problems above already report;
        # keep what the semantic checks found before they could not go on.
        if not schema_problems:
            raise
    seen = {(p.file, p.line, p.column) for p in schema_problems}
    problems += [p for p in checker.problems if (p.file, p.line, p.column) not in seen]
    problems += [p for p in close_to_base_ids(root, sources) if (p.file, p.line, p.column) not in seen]
    if any(p.severity == "error" for p in problems):
        return Checked(None, problems, root, layers, sources, deps)
    # (the playability checks: kept off validate's start-up, whose cache holds the check)
    from skullking.loading.playable import errors as unplayable
    from skullking.loading.playable import located

    edition = build_edition(root, path=shown)
    lost = [located(edition, root, finding, "error") for finding in unplayable(edition)]
    if lost:  # rules that leave no round of any game playable
        return Checked(None, [*problems, *lost], root, layers, sources, deps)
    if text is None and not allow_paths:
        store(path, deps, edition, warnings=problems, bundled=bundled)
    return Checked(edition, problems, root, layers, sources, deps)


def check_house_rule(text: str, *, name: str) -> tuple[Any, list[Problem]]:
    """A house rule held as text, not in a file of its own (one the score pad keeps, one
    a game record carries inline), checked as :func:`check_file` checks a file named
    ``name``: every check, nothing cached, and ``extends`` a bundled edition only (no
    file: the text has no folder to read from). The edition (``None`` on errors) and
    every problem, located in ``name``."""
    data = text.encode("utf-8", "surrogatepass")
    return check_file(Path(name), text=data, use_cache=False, bundled_only=True)


def load_path(path: Path, *, use_cache: bool = True, bundled: str | None = None, allow_paths: bool = False) -> Any:
    """Load the edition in ``path``; raise :class:`EditionError` listing every problem."""
    if use_cache:
        edition = cached(path)
        if edition is not None:
            return edition
    edition, problems = check_file(path, bundled=bundled, allow_paths=allow_paths)
    if edition is None:
        raise EditionError(problems)
    return edition
