"""Orders in jDip's small fixed grammar, read straight into order values (as godip's reader
does): ``F nth-pic``, ``A lon - bel via Convoy``, ``F por Supports F mid - spa``,
``F nth C A yor - yor``, ``A ven HOLD``, ``F stp R bot``, ``Build A war``, ``Remove gol``,
``A par D``, ``WAIVE``.

Provinces are godip's lower-case ids (``nth``, ``spa/nc``) or any name the map knows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal, assert_never

from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Order,
    PhaseType,
    Retreat,
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.board.map import GameMap, PlaceProblem

__all__ = ["JdipOrderError", "parse_jdip_location", "parse_jdip_order"]

_LOC = r"[^\s\-]+"
JdipForm = Literal[
    "move", "hold", "support", "convoy", "retreat", "build", "remove", "disband", "waive"
]
"""The order forms of jDip's grammar; :func:`_build` handles each (mypy checks it does)."""

_ORDER_FORMS: tuple[tuple[JdipForm, re.Pattern[str]], ...] = (
    (
        "move",
        re.compile(
            rf"(?i)(?P<t>[AF])\s+(?P<src>{_LOC})\s*-\s*(?P<dst>{_LOC})(?P<via>\s+via\s+convoy)?"
        ),
    ),
    ("hold", re.compile(rf"(?i)(?P<t>[AF])\s+(?P<src>{_LOC})\s+H(?:OLDS?)?")),
    (
        "support",
        re.compile(
            rf"(?i)(?P<t>[AF])\s+(?P<src>{_LOC})\s+S(?:UPPORTS?)?\s+(?:(?P<tt>[AF])\s+)?"
            rf"(?P<tgt>{_LOC})(?:\s*-\s*(?P<dst>{_LOC}))?"
        ),
    ),
    (
        "convoy",
        re.compile(
            rf"(?i)(?P<t>[AF])\s+(?P<src>{_LOC})\s+C(?:ONVOYS?)?\s+(?:(?P<tt>[AF])\s+)?"
            rf"(?P<tgt>{_LOC})\s*-\s*(?P<dst>{_LOC})"
        ),
    ),
    (
        "retreat",
        re.compile(rf"(?i)(?P<t>[AF])\s+(?P<src>{_LOC})\s+R(?:ETREATS?)?\s+(?P<dst>{_LOC})"),
    ),
    ("build", re.compile(rf"(?i)BUILD\s+(?P<t>[AF])\s+(?P<src>{_LOC})")),
    ("remove", re.compile(rf"(?i)REMOVE\s+(?:(?P<t>[AF])\s+)?(?P<src>{_LOC})")),
    ("disband", re.compile(rf"(?i)(?P<t>[AF])\s+(?P<src>{_LOC})\s+(?:DISBANDS?|D)")),
    ("waive", re.compile(r"(?i)WAIVE")),
)


class JdipOrderError(ValueError):
    """An order text that is not jDip's grammar or names an unknown province."""


def parse_jdip_order(
    text: str,
    game_map: GameMap,
    phase_type: PhaseType = PhaseType.MOVEMENT,
    units: Sequence[Unit] = (),
) -> Order:
    """Read one order in jDip's grammar. ``units`` (the units that may be ordered: those on the
    board, or the dislodged ones in a retreat phase) supply a fleet's coast and a removal's unit
    type when the order leaves them out. Raises :class:`JdipOrderError`."""
    squashed = " ".join(text.split())
    for kind, pattern in _ORDER_FORMS:
        match = pattern.fullmatch(squashed)
        if match is None:
            continue
        groups = match.groupdict()
        if kind == "waive":
            return Waive()  # no unit to look up
        unit_type = _unit_type(groups.get("t"))
        source = parse_jdip_location(groups["src"], game_map)
        at = {u.province: u for u in units}
        present = at.get(source.province)
        if present is not None and (unit_type is None or unit_type is present.type):
            # The written location of the ordered unit may lack its coast (``F stp-bot``).
            if source.coast is None:
                source = present.location
            if unit_type is None:
                unit_type = present.type
        return _build(kind, groups, unit_type, source, game_map, phase_type)
    raise JdipOrderError(f"not an order in the jDip grammar: {squashed!r}")


def _build(
    kind: JdipForm,
    groups: dict[str, str | None],
    unit_type: UnitType | None,
    source: Location,
    game_map: GameMap,
    phase_type: PhaseType,
) -> Order:
    def loc(name: str) -> Location:
        value = groups.get(name)
        assert value is not None
        return parse_jdip_location(value, game_map)

    match kind:
        case "move" if phase_type is PhaseType.RETREAT:
            return Retreat(unit_type, source, loc("dst"))
        case "move":
            return Move(unit_type, source, loc("dst"), via_convoy=bool(groups.get("via")))
        case "hold":
            return Hold(unit_type, source)
        case "support":
            target_type = _unit_type(groups.get("tt"))
            destination = loc("dst") if groups.get("dst") else None
            return Support(unit_type, source, target_type, loc("tgt"), destination)
        case "convoy":
            return Convoy(unit_type, source, loc("tgt"), loc("dst"))
        case "retreat":
            return Retreat(unit_type, source, loc("dst"))
        case "build":
            return Build(unit_type, source)
        case "remove" | "disband":
            return Disband(unit_type, source)
        case "waive":
            return Waive()
        case _:
            assert_never(kind)


def _unit_type(letter: str | None) -> UnitType | None:
    return UnitType(letter.upper()) if letter else None


def parse_jdip_location(token: str, game_map: GameMap) -> Location:
    """A location such as ``spa/nc``, ``stp(sc)`` or ``nat``; :class:`JdipOrderError` if the
    map does not know it."""
    found = game_map.read_location(token)
    if isinstance(found, PlaceProblem):
        suggestion = f" (did you mean {found.suggestion!r}?)" if found.suggestion else ""
        raise JdipOrderError(found.message + suggestion)
    return found
