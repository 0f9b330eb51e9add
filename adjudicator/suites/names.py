"""Did-you-mean for the key words and power names of case files. Provinces, coasts and units are
read through the map (:meth:`GameMap.read_unit <adjudicator.board.map.GameMap.read_unit>` and
its siblings), as every other reader of units does."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = ["close_match"]


def close_match(name: str, options: Iterable[str]) -> str | None:
    """The option ``name`` was probably meant to be (exact case first, then ignoring case)."""
    found = difflib.get_close_matches(name, list(options), n=1, cutoff=0.6)
    if not found:
        lowered = {o.lower(): o for o in options}
        found = [lowered[m] for m in difflib.get_close_matches(name.lower(), list(lowered), n=1)]
    return found[0] if found else None
