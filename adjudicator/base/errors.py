"""The project's error types and the diagnostic value that every report prints.

Three tiers, after python-chess: input that cannot be understood (:class:`OrderSyntaxError`),
input that is understood but ambiguous (:class:`AmbiguousOrderError`), and orders that are
understood but illegal in a position, which are *reported* as :class:`Diagnostic` values, never
raised. Every input error also subclasses :class:`ValueError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum


def cut(text: str, limit: int) -> str:
    """``text`` whole, or its first ``limit - 1`` characters and ``…``: how every message quotes
    text of any length, so that a hostile input never makes a message longer than a line.

    >>> cut("Mid-Atlantic Ocean", 60)
    'Mid-Atlantic Ocean'
    >>> cut("Lon " * 1000, 8)
    'Lon Lon…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def printable(name: str) -> str:
    r"""A file name as messages print it, whatever its bytes: a name that is not valid UTF-8
    reaches Python with its stray bytes as lone surrogates (PEP 383), which no UTF-8 stream can
    write; they are shown as ``\xff`` escapes instead (any other lone surrogate as ``\udc80``).

    >>> printable("orders.txt"), printable("bad" + chr(0xDCFF) + ".txt")
    ('orders.txt', 'bad\\xff.txt')
    >>> printable("Zürich.txt"), printable("x" + chr(0xD800))
    ('Zürich.txt', 'x\\ud800')
    """
    if name.isascii():
        return name
    try:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate that no byte became
        return name.encode("utf-8", "backslashreplace").decode("utf-8")


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in an input file, printable as ``path:line:col: message [CODE]``.

    ``line`` and ``column`` count from 1; 0 means unknown. ``source_line`` is the whole input
    line, shown under the message with a caret at ``column``.
    """

    message: str
    code: str
    path: str = "<input>"
    line: int = 0
    column: int = 0
    source_line: str | None = None
    severity: Severity = Severity.ERROR
    hint: str | None = None

    def location(self) -> str:
        """``path:line:col`` (``path`` alone when the position is unknown), the path
        :func:`printable`."""
        path = printable(self.path)
        if self.line <= 0:
            return path
        return f"{path}:{self.line}:{max(self.column, 1)}"

    def format(self, *, context: bool = True, words: Mapping[str, str] | None = None) -> str:
        """The one-line form, followed by the offending line and a caret when known.

        ``words`` names the severity and the hint in the reader's language (``{"error":
        "Fehler", "warning": "Warnung", "hint": "Hinweis"}``); the shape stays the same and any
        word left out stays English.
        """
        words = words or {}
        severity = words.get(str(self.severity), str(self.severity))
        head = f"{self.location()}: {severity}: {self.message} [{self.code}]"
        lines = [head]
        if self.hint:
            lines[0] += f"\n  {words.get('hint', 'hint')}: {self.hint}"
        if context and self.source_line is not None and self.line > 0:
            quoted = self.source_line.rstrip().translate(_VISIBLE)
            shown, caret = _excerpt(quoted, max(self.column, 1) - 1)
            lines.append(f"  {shown}")
            lines.append("  " + " " * caret + "^")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format(context=False)

    def to_dict(self) -> dict[str, object]:
        """A plain mapping for JSON and YAML reports."""
        return {
            "path": printable(self.path),
            "line": self.line,
            "column": self.column,
            "severity": str(self.severity),
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }


_EXCERPT = 100
"""Characters of a long source line shown around the column: enough to see the mistake, never
a screenful."""

_VISIBLE = {
    **{c: 0x2400 + c for c in range(0x20) if c != 0x09},  # a form feed as ␌, an escape as ␛
    0x7F: 0x2421,
    **dict.fromkeys(range(0x80, 0xA0), 0xFFFD),
    0x2028: 0x2424,
    0x2029: 0x2424,
}
"""Control characters of a quoted line, as visible symbols of one character each (the caret
stays aligned): a quoted line never moves the terminal's cursor nor starts an escape sequence.
Tabs stay (jDip files indent with them)."""


def _excerpt(line: str, offset: int) -> tuple[str, int]:
    """The part of ``line`` to show under a message, and the caret's offset in it."""
    if len(line) <= 2 * _EXCERPT:
        return line, offset
    start = max(0, min(offset - _EXCERPT // 2, len(line) - _EXCERPT))
    end = start + _EXCERPT
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(line) else ""
    return f"{prefix}{line[start:end]}{suffix}", offset - start + len(prefix)


class AdjudicatorError(Exception):
    """Root of every error this package raises on purpose."""


@dataclass(eq=False)
class InputError(AdjudicatorError, ValueError):
    """Input that cannot be used: carries one or more :class:`Diagnostic` values."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self.__str__())

    def __str__(self) -> str:
        return "\n".join(d.format() for d in self.diagnostics) or "invalid input"

    def __reduce__(self) -> tuple[type[InputError], tuple[list[Diagnostic]]]:
        # Pickled across processes (``replay --jobs``): an exception pickles as its class and
        # ``args``, and ``args`` here is the formatted message, not the diagnostics.
        return (type(self), (self.diagnostics,))

    @classmethod
    def single(
        cls,
        message: str,
        code: str,
        path: str = "<input>",
        line: int = 0,
        column: int = 0,
        source_line: str | None = None,
        hint: str | None = None,
    ) -> InputError:
        """Build an error with one diagnostic (the usual case)."""
        return cls([Diagnostic(message, code, path, line, column, source_line, hint=hint)])


class OrderSyntaxError(InputError):
    """An order that cannot be read: unknown words, unknown names, wrong shape."""


class AmbiguousOrderError(OrderSyntaxError):
    """An order that reads more than one way (a name with two meanings, a missing coast)."""


class MapError(InputError):
    """A map file that is missing, malformed or inconsistent."""


class PositionError(InputError):
    """A position file that is missing, malformed or inconsistent with its map."""


class CaseFileError(InputError):
    """A test-case file that is malformed."""


def check_argument(
    value: object, kind: type | tuple[type, ...], function: str, argument: str, expected: str
) -> None:
    """Raise :class:`TypeError` naming ``function``'s ``argument`` unless ``value`` is a
    ``kind``: the public entry points check what they are handed, so that a wrong type is one
    clear message at the call, not an ``AttributeError`` from deep inside.

    >>> check_argument("A Par - Bur", dict, "adjudicate", "orders", "a mapping power -> orders")
    Traceback (most recent call last):
    ...
    TypeError: adjudicate: orders must be a mapping power -> orders, not str ('A Par - Bur')
    """
    if not isinstance(value, kind):
        raise TypeError(f"{function}: {argument} must be {expected}, not {_described(value)}")


_QUOTE = 40
"""Characters of a wrong argument quoted in a :class:`TypeError`."""


def _described(value: object) -> str:
    """The type of ``value`` and, for a text or a number, a short quote of it."""
    name = type(value).__name__
    if value is None:
        return "None"
    if isinstance(value, int) and value.bit_length() > 128:
        return name  # too long to quote (and str() refuses 4,300 digits and more)
    if not isinstance(value, str | bytes | int | float):
        return name
    shown = repr(value[: _QUOTE + 1] if isinstance(value, str | bytes) else value)
    return f"{name} ({cut(shown, _QUOTE + 1)})"
