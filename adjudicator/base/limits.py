"""How much of a file we read, where its lines end, and how a value is quoted safely.

Every reader of ours takes a :class:`Limits` value (:data:`DEFAULT_LIMITS` unless its caller
chooses): the largest file, the most lines, the longest line, the deepest nesting, the longest
number and how far YAML aliases may repeat what they name. Input beyond a limit is refused while
it is read, with a diagnostic naming the place (``docs/limits.md`` states them all), so that the
cost of any input is bounded before it is paid.

Lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r``, as editors and YAML count them, and nowhere else
(:func:`split_lines`): a form feed or a vertical tab inside an order line is a character of that
line, so every line number and every quoted line agree.

>>> split_lines("a\\r\\nb\\x0cc\\rd")
['a', 'b\\x0cc', 'd']
>>> line_column("a\\r\\nb\\x0cc\\rd", 7)
(3, 1)
>>> shown(10**5000)
'a number of 5001 digits'
"""

from __future__ import annotations

import re
import reprlib
from dataclasses import dataclass

from adjudicator.base.errors import InputError, cut

__all__ = [
    "DEFAULT_LIMITS",
    "Limits",
    "check_text",
    "line_column",
    "shown",
    "split_lines",
]


@dataclass(frozen=True, slots=True)
class Limits:
    """The most we read of one input; the judge may choose smaller ones.

    The defaults are generous for real use: our largest case file has 900 lines of at most 124
    characters and nests 9 deep; a saved game of the ``diplomacy`` package is a single JSON line
    of about 120 KB nested 7 deep.
    """

    max_file_bytes: int = 16 * 1024 * 1024
    """The largest file, in bytes (before decoding). Checked before the file is read: a
    regular file by its size, anything else (a pipe, a device) by reading at most one byte
    more."""
    max_lines: int = 100_000
    """The most lines of a text file (order files, YAML, jDip). JSON has no line limit: saved
    games are one line long."""
    max_line_chars: int = 10_000
    """The longest line of a text file, in characters (not for JSON, as above)."""
    max_depth: int = 100
    """The deepest nesting of lists and mappings in a YAML or JSON document."""
    max_int_digits: int = 100
    """The longest integer in a YAML or JSON document, in characters."""
    max_aliases: int = 1_000
    """The most alias uses (``*name``) in a YAML document."""
    max_alias_expansion: int = 100_000
    """How much YAML aliases may add to a document: each alias counts the nodes and the
    characters of the scalars of what it repeats (a "billion laughs" document of a few hundred
    bytes would otherwise expand to gigabytes)."""


DEFAULT_LIMITS = Limits()
"""The limits every reader applies unless its caller passes others."""


# --------------------------------------------------------------------- lines
_LINE_END = re.compile(r"\r\n?|\n")


def split_lines(text: str) -> list[str]:
    """The lines of ``text``, split at ``\\n``, ``\\r\\n`` and a lone ``\\r`` only (not at the
    form feeds, vertical tabs and Unicode separators :meth:`str.splitlines` also splits at).
    Like ``text.split("\\n")``, a text ending in a line end has an empty last line."""
    if "\r" not in text:
        return text.split("\n")
    return _LINE_END.split(text)


def line_column(text: str, offset: int) -> tuple[int, int]:
    """The line and column (both from 1) of the character at ``offset`` in ``text``."""
    before = text[:offset]
    line = before.count("\n") + before.count("\r") - before.count("\r\n") + 1
    start = max(before.rfind("\n"), before.rfind("\r")) + 1
    return line, offset - start + 1


def check_text(text: str, path: str, error: type[InputError], what: str, limits: Limits) -> None:
    """``error`` (code ``too-large`` or ``too-long``) when ``text`` has more lines or a longer
    line than ``limits`` allow, at the first line beyond them."""
    ends = text.count("\n") + text.count("\r") - text.count("\r\n")
    lines = ends + (0 if text.endswith(("\n", "\r")) else 1)
    if lines > limits.max_lines:
        offset = _line_start(text, limits.max_lines + 1)
        line, _ = line_column(text, offset)
        raise error.single(
            f"{what} has {lines:,} lines; at most {limits.max_lines:,} are read",
            "too-large",
            path,
            line,
            1,
            _source_line(text, offset),
        )
    if len(text) <= limits.max_line_chars:
        return
    # the start of a line followed by more than the limit of characters that are not line ends:
    # anchored at line starts, the regex engine reads each line once (unanchored, it would try
    # every position of every line: 40 s for 2 MB of lines just below the limit)
    long_line = re.compile(rf"(?<![^\r\n])[^\r\n]{{{limits.max_line_chars + 1}}}").search(text)
    if long_line is not None:
        line, _ = line_column(text, long_line.start())
        raise error.single(
            f"line {line} of the {what} is longer than {limits.max_line_chars:,} characters",
            "too-long",
            path,
            line,
            limits.max_line_chars + 1,
            _source_line(text, long_line.start()),
        )


def _line_start(text: str, line: int) -> int:
    """The offset where line ``line`` (from 1) of ``text`` starts."""
    offset = 0
    for number, found in enumerate(_LINE_END.finditer(text), start=2):
        offset = found.end()
        if number == line:
            break
    return offset


def _source_line(text: str, offset: int) -> str:
    """The line of ``text`` around ``offset``, as a diagnostic quotes it."""
    start = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
    end = _LINE_END.search(text, offset)
    return text[start : end.start() if end is not None else len(text)]


# --------------------------------------------------------------------- quoting values
class _Shown(reprlib.Repr):
    """:func:`reprlib.repr`, bounded in depth and length, and safe for any integer."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = 80
        self.maxother = 80
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        # str() refuses integers of more than 4,300 digits; counting them costs nothing
        digits = len(str(abs(x))) if x.bit_length() < 4000 else _digits(x)
        if digits > self.maxlong:
            return f"a number of {digits} digits"
        return repr(x)

    def repr_instance(self, x: object, level: int) -> str:
        try:
            text = repr(x)
        except Exception:  # a broken __repr__ must not break a message about bad input
            return f"<{type(x).__name__}>"
        return cut(text, self.maxother)


def _digits(number: int) -> int:
    """The decimal digits of ``number`` (sign left out), without converting all of it."""
    number = abs(number)
    estimate = max(1, int(number.bit_length() * 0.30102999566398120))  # log10(2)
    # the estimate is off by at most one: compare with the power of ten it implies
    return estimate + int(number >= 10**estimate)


_SHOWN = _Shown()


def shown(value: object) -> str:
    """``repr(value)`` for a message, never longer than a line and never raising: a text is cut
    in the middle, a nested list or mapping below three levels becomes ``[...]``, an integer of
    more than 40 digits is counted instead (``a number of 5001 digits``)."""
    return _SHOWN.repr(value)
