"""Reading the province, coast and key words of case files (YAML and jDip) through a map."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from adjudicator.board.map import GameMap

__all__ = ["close_match", "resolve_coast", "resolve_province", "split_location"]


def close_match(name: str, options: Iterable[str]) -> str | None:
    """The option ``name`` was probably meant to be (exact case first, then ignoring case)."""
    found = difflib.get_close_matches(name, list(options), n=1, cutoff=0.6)
    if not found:
        lowered = {o.lower(): o for o in options}
        found = [lowered[m] for m in difflib.get_close_matches(name.lower(), list(lowered), n=1)]
    return found[0] if found else None


def split_location(text: str) -> tuple[str, str | None]:
    """``STP/NC``, ``stp(nc)`` or ``STP`` -> (province text, coast text or None)."""
    text = text.strip()
    match = re.fullmatch(r"([^/()\s]+)\s*(?:/\s*(\S+)|\(\s*([^)]+?)\s*\))?", text)
    if match is None:
        return text, None
    return match.group(1), match.group(2) or match.group(3)


def resolve_province(token: str, game_map: GameMap) -> str | None:
    """A province id from an id (any case) or a unique name or alias (``nat`` -> ``NAO``)."""
    upper = token.strip().upper()
    if upper in game_map.provinces:
        return upper
    found = game_map.lookup(token)
    return found[0] if len(found) == 1 else None


def resolve_coast(token: str, province: str, game_map: GameMap) -> str | None:
    """The coast code of ``province`` that ``token`` names (a code or a coast word)."""
    coasts = game_map.province(province).coasts
    upper = token.strip().upper()
    code = upper if upper in coasts else game_map.lookup_coast(token)
    return code if code in coasts else None
