"""Keeps the score pad's message catalogues in step with its templates and script.

    python scripts/pad_messages.py          # extract the messages, update the catalogues
    python scripts/pad_messages.py --check  # exit 1 if a catalogue is stale or incomplete

The messages are extracted with Babel (as ``pybabel extract -F tools/pad/babel.cfg``
would) into ``tools/pad/locale/pad.pot``; each language's ``pad.po`` is then updated
from it (``pybabel update``): new messages added untranslated, gone ones dropped. After
that, translate the new messages (any PO editor, or by hand: ``msgstr`` below each
``msgid``) and run the check, which a test also runs: every message translated into
German and Japanese, each translation keeping the placeholders (``{name}``,
``%(name)s``) of its message.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

PAD = Path(__file__).resolve().parent.parent / "tools" / "pad"
LOCALE = PAD / "locale"
TEMPLATE = LOCALE / "pad.pot"
TRANSLATED = ("de", "ja")
#: The functions that mark messages: the templates' and Python's, and the script's
#: ``t(message, values)`` and ``tn(singular, plural, count, values)``.
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "t": None, "tn": (1, 2)}
PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)[sd]")


def extracted() -> Catalog:
    """Every message of the pad's templates, script and code, with where it stands."""
    with (PAD / "babel.cfg").open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)  # type: ignore[no-untyped-call]  # (Babel's own reader of babel.cfg)
    catalog = Catalog(project="skullking-rules score pad", fuzzy=False)
    for path, line, message, comments, context in extract_from_dir(
        str(PAD), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True
    ):
        catalog.add(message, None, [(f"tools/pad/{path}", line)], auto_comments=comments, context=context)
    return catalog


def _text(catalog: Catalog, **options: bool) -> str:
    out = io.BytesIO()
    write_po(out, catalog, omit_header=True, sort_output=True, include_lineno=False, **options)
    return out.getvalue().decode("utf-8")


def problems() -> list[str]:
    """What is stale or missing, one line each (empty: the catalogues are in step)."""
    found: list[str] = []
    template = extracted()
    if not TEMPLATE.exists() or TEMPLATE.read_text(encoding="utf-8") != _text(template):
        found.append(f"{TEMPLATE.relative_to(PAD.parent.parent)} is stale: run python scripts/pad_messages.py")
    for lang in TRANSLATED:
        path = LOCALE / lang / "LC_MESSAGES" / "pad.po"
        if not path.exists():
            found.append(f"{path.relative_to(PAD.parent.parent)} is missing: run python scripts/pad_messages.py")
            continue
        with path.open("rb") as po:
            catalog = read_po(po, locale=lang)
        for message in template:
            if not message.id:
                continue
            key = message.id if isinstance(message.id, str) else message.id[0]
            have = catalog.get(message.id)
            given = None if have is None else have.string
            strings = [given] if isinstance(given, str) else list(given or ())
            if have is None or have.fuzzy or not strings or not all(strings):
                found.append(f"{path.name} ({lang}): not translated: {key!r}")
                continue
            wanted = set(PLACEHOLDER.findall(key if isinstance(message.id, str) else " ".join(message.id)))
            for string in strings:
                if set(PLACEHOLDER.findall(string)) - wanted or not _keeps(key, string, wanted):
                    found.append(f"{path.name} ({lang}): {key!r}: the translation {string!r} changes its placeholders")
        extra = sorted(str(m.id) for m in catalog if m.id and template.get(m.id) is None)
        found += [f"{path.name} ({lang}): no longer used: {key!r}" for key in extra]
    return found


def _keeps(message: str, translation: str, wanted: set[str]) -> bool:
    """Whether ``translation`` has each placeholder of the singular ``message`` (a
    plural form may leave out the count, as Japanese does not need it twice)."""
    own = set(PLACEHOLDER.findall(message))
    return own - {"{n}", "%(num)d"} <= set(PLACEHOLDER.findall(translation)) | (wanted - own)


def update() -> None:
    """Write the template and bring each language's catalogue in step with it."""
    template = extracted()
    LOCALE.mkdir(exist_ok=True)
    TEMPLATE.write_text(_text(template), encoding="utf-8")
    for lang in TRANSLATED:
        path = LOCALE / lang / "LC_MESSAGES" / "pad.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as po:
                catalog = read_po(po, locale=lang)
        else:
            catalog = Catalog(locale=lang, project="skullking-rules score pad", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        out = io.BytesIO()
        write_po(out, catalog, sort_output=True, ignore_obsolete=True, width=100, include_lineno=False)
        path.write_bytes(out.getvalue())


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    if argv:
        print(__doc__)
        return 2
    update()
    for line in problems():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
