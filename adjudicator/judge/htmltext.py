"""The visible text of an HTML mail body, for players whose mail program sends only HTML.

One line per block element (paragraph, line break, list item, table row, ...), scripts, styles
and comments left out, character references decoded, runs of blanks made one space (except in
``<pre>``).

>>> html_to_text("<p>A Par&nbsp;- Bur</p><div>F Bre H<br>A Mar S A Par - Bur</div>")
'A Par - Bur\\n\\nF Bre H\\nA Mar S A Par - Bur'
"""

from __future__ import annotations

import re
from html import unescape

__all__ = ["html_to_text"]

_BLOCKS = frozenset(
    {
        "address", "article", "blockquote", "br", "dd", "div", "dl", "dt", "footer", "form",
        "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "ol", "p", "pre", "section",
        "table", "td", "th", "tr", "ul",
    }
)  # fmt: skip
"""Elements that start a new line when HTML is read as text."""

_HIDDEN = frozenset({"script", "style", "head", "title"})


_TAG_START = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)")


def html_to_text(html: str) -> str:
    """The visible text of an HTML body, one line per block element.

    Not :class:`html.parser.HTMLParser`: on unclosed tags it rescans the rest of the input at
    every ``<`` (Python 3.11: 8.5 s of CPU for 30 KB of ``<a `` repeated, four times that for
    twice the input). This scanner looks at each character once: an unfinished comment, tag
    or script runs to the end of the input and ends the scan.
    """
    chunks: list[str] = []
    pre = 0
    at = 0
    while at < len(html):
        start = html.find("<", at)
        if start < 0:
            chunks.append(_html_data(html[at:], pre))
            break
        chunks.append(_html_data(html[at:start], pre))
        tag = _TAG_START.match(html, start)
        if html.startswith("<!--", start):
            end = html.find("-->", start + 4)
            at = len(html) if end < 0 else end + 3
        elif html.startswith(("<!", "<?"), start):
            end = html.find(">", start)
            at = len(html) if end < 0 else end + 1
        elif tag is None:  # a lone "<" in the text
            chunks.append("<")
            at = start + 1
        else:
            end = html.find(">", tag.end())
            at = len(html) if end < 0 else end + 1
            closing, name = tag.group(1) == "/", tag.group(2).lower()
            if name in _HIDDEN and not closing:
                close = re.compile(rf"</{name}\s*>", re.IGNORECASE).search(html, at)
                at = len(html) if close is None else close.end()
            elif name == "pre":
                pre = max(0, pre + (-1 if closing else 1))
            if name in _BLOCKS:
                chunks.append("\n")
    lines = [line.strip() for line in "".join(chunks).split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n")


def _html_data(data: str, pre: int) -> str:
    text = unescape(data)
    return text if pre else re.sub(r"\s+", " ", text)
