"""The short form of an order as a given language reads it.

``str(order)`` is the canonical short form with the map's province ids (``A TYR - VIE``). In a
language whose names give one of those ids to another province (German ``tyr`` is the
Tyrrhenian Sea), :func:`format_order` writes that province by a name of its own there
(``A TIR - VIE``), so the text parses back to the same order in that language too.
"""

from __future__ import annotations

import re

from adjudicator.base.model import Order
from adjudicator.board.map import GameMap
from adjudicator.lang.fold import DEFAULT_LANGUAGE

_ID = re.compile(r"(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])")


def format_order(order: Order, game_map: GameMap, lang: str = DEFAULT_LANGUAGE) -> str:
    """The canonical short form of ``order`` that reads back to it in ``lang``.

    >>> from adjudicator.board.load import load_map
    >>> from adjudicator.base.model import Location, Move, UnitType
    >>> order = Move(UnitType.ARMY, Location("TYR"), Location("VIE"))
    >>> format_order(order, load_map("standard"), "de")
    'A TIR - VIE'
    >>> format_order(order, load_map("standard"), "en") == str(order)
    True
    """
    text = str(order)
    if lang == DEFAULT_LANGUAGE:
        return text

    def rewrite(match: re.Match[str]) -> str:
        token = match.group(1)
        return game_map.code(token, lang) if token in game_map.provinces else token

    return _ID.sub(rewrite, text)
