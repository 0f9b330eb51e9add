"""The words of the board picture (:mod:`adjudicator.picture`): its title and its legend, one
table per language (in :mod:`adjudicator.lang.en` and :mod:`adjudicator.lang.de`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PictureWords:
    """What a board picture says besides the map's names."""

    position: str
    """``{phase}``: the title of a position without orders."""
    orders: str
    """``{phase}``: the title of a position with its orders, not yet adjudicated."""
    results: str
    """``{phase}``: the title of a phase's orders with their outcomes."""
    after: str
    """``{phase}``, ``{previous}``: the title of the position a phase led to."""
    move: str
    support: str
    convoy: str
    hold: str
    retreat: str
    build: str
    removal: str
    failed: str
    dislodged: str
    standoff: str
    centres: str
    """``{count}``: a power's supply centres in the legend."""
    neutral: str
    """Unowned supply centres in the legend."""
