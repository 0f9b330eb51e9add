"""Illegal orders as diagnostics: where each was written, worded in the orders' language.

``adjudicator check`` and the judge's replies both print them, so a player sees the same line,
column and sentence whichever tool read the orders.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.base.errors import Diagnostic
from adjudicator.board.map import GameMap
from adjudicator.lang.languages import words_for
from adjudicator.orders.read import ParsedOrder
from adjudicator.orders.write import format_order
from adjudicator.state.outcomes import OrderResult


def illegal_diagnostics(
    results: Iterable[OrderResult],
    written: Iterable[ParsedOrder],
    lang: str,
    game_map: GameMap,
    path: str,
    source_lines: Sequence[str],
) -> list[Diagnostic]:
    """One diagnostic per illegal order in ``results``, at the line and column of the
    ``written`` order it came from (0:0 when it came from none), in the language ``lang``."""
    located = {id(p.order): p for p in written}
    out: list[Diagnostic] = []
    for result in results:
        where = located.get(id(result.order))
        line, column = (where.line, where.column) if where else (0, 0)
        message = result.message or f"illegal order {str(result.order)!r}"
        if lang != "en":
            sentence = words_for(lang).explain_illegal(result.code, message)
            message = f"{sentence}: '{format_order(result.order, game_map, lang)}'"
        source = source_lines[line - 1] if 0 < line <= len(source_lines) else None
        out.append(Diagnostic(message, result.code or "illegal", path, line, column, source))
    return out
