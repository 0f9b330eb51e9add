"""Unit texts that every reader of units refuses, and the problem the shared reader
(:meth:`GameMap.read_unit <adjudicator.board.map.GameMap.read_unit>`) finds in each. The tests of
the five readers (map files, positions, case files, jDip files, saved games) each run the whole
table, mapping the problem to their own diagnostic code."""

from __future__ import annotations

from adjudicator.board.map import PlaceProblemKind

BAD_UNITS: dict[str, PlaceProblemKind] = {
    "X PAR": PlaceProblemKind.SYNTAX,
    "A XYZ": PlaceProblemKind.UNKNOWN_PROVINCE,
    "F STP": PlaceProblemKind.MISSING_COAST,
    "A PAR/NC": PlaceProblemKind.UNKNOWN_COAST,
    "F SPA/EC": PlaceProblemKind.UNKNOWN_COAST,
    "A NTH": PlaceProblemKind.CANNOT_STAND,
    "F BUR": PlaceProblemKind.CANNOT_STAND,
    "A SWI": PlaceProblemKind.CANNOT_STAND,
}
"""Text -> the kind of problem it has on the standard map."""


def bad_units(codes: dict[PlaceProblemKind, str]) -> list[tuple[str, str]]:
    """``(text, code)`` for each bad unit, the code being what one reader reports for its kind."""
    return [(text, codes[kind]) for text, kind in BAD_UNITS.items()]
