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
        """``path:line:col`` (``path`` alone when the position is unknown)."""
        if self.line <= 0:
            return self.path
        return f"{self.path}:{self.line}:{max(self.column, 1)}"

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
            shown, caret = _excerpt(self.source_line.rstrip(), max(self.column, 1) - 1)
            lines.append(f"  {shown}")
            lines.append("  " + " " * caret + "^")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format(context=False)

    def to_dict(self) -> dict[str, object]:
        """A plain mapping for JSON and YAML reports."""
        return {
            "path": self.path,
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
