"""The few pieces of SVG the picture is made of: elements written as text, escaped.

A picture is a few hundred elements; building them as strings keeps the renderer free of any
XML or geometry library. Every text and attribute value that may come from a file (a province
name, an order as written) goes through :func:`escape`.

>>> element("circle", {"cx": 1.25, "cy": 2, "class": "a<b"})
'<circle cx="1.2" cy="2" class="a&lt;b"/>'
>>> element("text", {"x": 0}, escape("A & B"))
'<text x="0">A &amp; B</text>'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

Point = tuple[float, float]

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})


def escape(text: str) -> str:
    """``text`` safe as XML character data and as an attribute value; control characters
    other than tab and line ends (which XML 1.0 cannot hold) become spaces."""
    cleaned = "".join(c if c >= " " or c in "\t\n\r" else " " for c in text)
    return cleaned.translate(_ESCAPES)


def number(value: float) -> str:
    """A coordinate to one decimal, without a trailing ``.0``."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def attributes(attrs: Mapping[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        text = number(value) if isinstance(value, float) else str(value)
        parts.append(f' {key}="{escape(text)}"')
    return "".join(parts)


def element(name: str, attrs: Mapping[str, object], content: str | None = None) -> str:
    """``<name attrs/>`` or ``<name attrs>content</name>`` (``content`` already escaped)."""
    if content is None:
        return f"<{name}{attributes(attrs)}/>"
    return f"<{name}{attributes(attrs)}>{content}</{name}>"


def group(attrs: Mapping[str, object], children: Iterable[str]) -> str:
    return element("g", attrs, "".join(children))


def points(path: Iterable[Point]) -> str:
    """``x1,y1 x2,y2 ...`` for a polyline or polygon."""
    return " ".join(f"{number(x)},{number(y)}" for x, y in path)
