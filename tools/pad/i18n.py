"""The score pad's words in English, German and Japanese, the languages of the rule
pages the project started from.

The messages are written in English in the templates (``_()`` and ``{% trans %}``) and
in the page's script (``t()`` and ``tn()``); their German and Japanese translations are
standard gettext catalogues, ``locale/LANG/LC_MESSAGES/pad.po``, extracted and updated
with Babel (``pybabel extract -F tools/pad/babel.cfg``, see docs/contributing.md). The
templates read a catalogue through :mod:`gettext`; the script gets the messages of the
catalogue that it uses as one JSON object in the page. A message without a translation
shows in English. Messages that come from the rules engine (a refused round's reason, a
house rule's problems) and the card names (in the edition's own words) are not in the
catalogues.

A reader's language is the one they chose (the language switch keeps it in the
``skullking-lang`` cookie), else the first of their browser's languages
(``Accept-Language``) the pad has, else English.
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path
from typing import Any

#: The interface's languages, each by its own name.
LANGUAGES = {"en": "English", "de": "Deutsch", "ja": "日本語"}

#: The cookie that keeps the language a reader chose.
COOKIE = "skullking-lang"

LOCALE = Path(__file__).resolve().parent / "locale"

#: Where the page's script is (its ES modules, under ``static/``): their messages go to the
#: page as JSON.
SCRIPTS = "tools/pad/static/"


def N_(message: str) -> str:
    """``message`` itself, marked for the catalogues (translated where it is shown)."""
    return message


@functools.cache
def _catalog(lang: str) -> Any:
    """The Babel catalogue of ``lang`` (``None`` for English, the messages' own language)."""
    if lang == "en":
        return None
    from babel.messages.pofile import read_po

    with (LOCALE / lang / "LC_MESSAGES" / "pad.po").open("rb") as po:
        return read_po(po, locale=lang, domain="pad")


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The templates' translations into ``lang`` (English: the messages as written)."""
    catalog = _catalog(lang)
    if catalog is None:
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo

    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@functools.cache
def script_messages(lang: str) -> dict[str, str | list[str]]:
    """The translations of the script's messages into ``lang``: each message (a plural
    one by its singular) to its translation (a plural one: its forms, as the
    catalogue's plural rule numbers them); untranslated and fuzzy ones left out."""
    catalog = _catalog(lang)
    if catalog is None:
        return {}
    found: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not any(_in_script(path) for path, _ in message.locations):
            continue
        if isinstance(message.id, tuple | list):
            forms = [str(form) for form in message.string]
            if all(forms):
                found[str(message.id[0])] = forms
        elif message.string:
            found[str(message.id)] = str(message.string)
    return found


def _in_script(path: str) -> bool:
    """Whether a message's location (``tools/pad/static/game/saving.js``) is a module of
    the page's script."""
    return path.startswith(SCRIPTS) and path.endswith(".js")


def chosen(cookie: str | None, accept: str | None) -> str:
    """The reader's language: the ``cookie`` they set, else the first language of
    ``Accept-Language`` (``de-AT, ja;q=0.8``) the pad has, else English."""
    if cookie in LANGUAGES:
        return cookie
    ranked: list[tuple[float, int, str]] = []
    for place, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        base = tag.strip().lower().split("-")[0]
        if base in LANGUAGES and quality > 0:
            ranked.append((-quality, place, base))
    return min(ranked)[2] if ranked else "en"
