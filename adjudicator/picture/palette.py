"""The picture's colours: each power's, the land's and the sea's, in two palettes.

``map`` takes each power's colour from the map file (``colour: "#rrggbb"``), and for a power
without one the colour-blind-safe palette's in the power's order. ``colour-blind`` uses
Okabe and Ito's eight colours (*Color Universal Design*, 2002), which stay apart for the
common colour-vision deficiencies, for every power.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from adjudicator.board.map import GameMap

PALETTES = ("map", "colour-blind")

OKABE_ITO = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7")
"""Okabe and Ito's colours without black (units are outlined in black)."""


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours of one picture."""

    powers: Mapping[str, str]
    land: str = "#efe7d4"
    sea: str = "#bcd6ec"
    impassable: str = "#c9c1ae"
    neutral_centre: str = "#ffffff"
    outline: str = "#3c3c3c"
    failed: str = "#b0001e"

    def power(self, name: str) -> str:
        return self.powers.get(name, "#999999")


def palette_for(game_map: GameMap, name: str = "map") -> Palette:
    """The palette ``name`` (one of :data:`PALETTES`) for the powers of ``game_map``."""
    if name not in PALETTES:
        raise ValueError(f"unknown palette {name!r}: one of {', '.join(PALETTES)}")
    colours: dict[str, str] = {}
    for index, power in enumerate(sorted(game_map.powers)):
        fallback = OKABE_ITO[index % len(OKABE_ITO)]
        given = game_map.powers[power].colour
        colours[power] = given if name == "map" and given else fallback
    return Palette(MappingProxyType(colours))


def tint(colour: str, share: float) -> str:
    """``colour`` mixed with white: ``share`` of the colour, the rest white.

    >>> tint("#000000", 0.5)
    '#808080'
    """
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mixed = (round(255 - (255 - c) * share) for c in (red, green, blue))
    return "#" + "".join(f"{c:02x}" for c in mixed)


def ink(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (its relative luminance).

    >>> ink("#f0e442"), ink("#0072b2")
    ('#000000', '#ffffff')
    """
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return "#000000" if luminance > 0.45 else "#ffffff"
