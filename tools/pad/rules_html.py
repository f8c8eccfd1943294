"""An edition's rules (``skullking explain``'s Markdown) as HTML for the edition pages,
where a house rule's author's text shows as text (see :func:`rules_html`)."""

from __future__ import annotations

from typing import Any


def rules_html(text: str) -> str:
    """An edition's rules as HTML. Its titles and descriptions are a house rule's author's
    text: raw HTML in them is shown as text, and so is an image (which would load from
    anywhere, and say that the page was read), and a link to another site (its words
    then its address, which the reader copies if they mean to go there: a link's words
    can name one site and lead to another)."""
    from markdown_it import MarkdownIt  # (loaded with the first rules page: a heavy library)

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.add_render_rule("image", _image_as_text)
    md.add_render_rule("link_open", _link_open)
    md.add_render_rule("link_close", _link_close)
    rendered: str = md.render(text, {"links": []})
    return rendered


def _on_the_pad(address: str) -> bool:
    """Whether a link's address stays on the pad: a path of its own (``/games``, not
    ``//elsewhere``) or a place in the page (``#scoring``)."""
    return address.startswith("#") or (address.startswith("/") and not address.startswith(("//", "/\\")))


def _link_open(self: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
    """A link on the pad as a link; a link elsewhere opens nothing: its words are
    written, and :func:`_link_close` writes its address after them."""
    token = tokens[idx]
    address = token.attrGet("href") or ""
    if _on_the_pad(address):
        env["links"].append(None)
        rendered: str = self.renderToken(tokens, idx, options, env)
        return rendered
    words = ""
    for inside in tokens[idx + 1 :]:
        if inside.type == "link_close":
            break
        words += inside.content
    # (an address written as the link's words, <https://...>, is not said twice)
    env["links"].append("" if words == address or token.markup == "autolink" else address)
    return ""


def _link_close(self: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
    """The end of a link on the pad; after the words of a link elsewhere, its address."""
    from markdown_it.common.utils import escapeHtml  # (markdown-it loads with the first rules page, as in rules_html)

    address = env["links"].pop()
    if address is None:
        rendered: str = self.renderToken(tokens, idx, options, env)
        return rendered
    return f" ({escapeHtml(address)})" if address else ""


def _image_as_text(self: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
    """An image written as it was typed, ``![alt](src)``, escaped."""
    from markdown_it.common.utils import escapeHtml  # (as in rules_html)

    token = tokens[idx]
    alt = self.renderInlineAsText(token.children or [], options, env)
    title = token.attrGet("title")
    said = f' "{title}"' if title else ""
    source: str = escapeHtml(f"![{alt}]({token.attrGet('src') or ''}{said})")
    return source
