"""The score pad's pages rendered: the Jinja2 templates (``templates/``) with their
messages in the reader's language (see :mod:`.i18n`)."""

from __future__ import annotations

import functools
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from skullking.tools.common import DEFAULT_EDITION

from .games import MAX_PLAYERS, MIN_PLAYERS
from .i18n import COOKIE, LANGUAGES, chosen, script_messages, translations


@functools.cache
def templates(lang: str) -> Any:
    """The pages' templates with their messages in ``lang``."""
    from jinja2 import Environment, PackageLoader, select_autoescape  # (loaded with the first page: a heavy library)

    environment = Environment(
        loader=PackageLoader("skullking.tools.pad", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    environment.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    return environment


def render(name: str, request: Request, status: int = 200, **context: Any) -> Response:
    """The page ``name`` in the reader's language (see :mod:`.i18n`)."""
    lang = chosen(request.cookies.get(COOKIE), request.headers.get("accept-language"))
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    page = (
        templates(lang)
        .get_template(name)
        .render(
            request=request,
            lang=lang,
            languages=LANGUAGES,
            messages=script_messages(lang),
            here=here,
            default_edition=DEFAULT_EDITION,
            min_players=MIN_PLAYERS,
            max_players=MAX_PLAYERS,
            **context,
        )
    )
    return HTMLResponse(page, status_code=status, headers={"vary": "accept-language, cookie"})
