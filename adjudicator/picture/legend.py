"""The picture's title and legend: the key of the marks, and each power's colour and centres."""

from __future__ import annotations

from adjudicator.board.map import GameMap
from adjudicator.lang.picture_words import PictureWords
from adjudicator.picture.geometry import (
    Board,
    cross,
)
from adjudicator.picture.palette import Palette
from adjudicator.picture.svg import element, escape, group
from adjudicator.state.position import Position

__all__ = ["legend"]


def legend(
    board: Board,
    game_map: GameMap,
    colours: Palette,
    lang: str,
    position: Position,
    words: PictureWords,
    title: str,
) -> tuple[str, float]:
    """The title, the key of the marks, and each power's colour and centres, in rows below
    the board; the legend and its height."""
    x, y, width, height = board.view_box
    top = y + height
    parts = [element("text", {"class": "title", "x": x + 10, "y": top + 22}, escape(title))]
    keys = [(words.move, None), (words.support, "4 3"), (words.convoy, "1 4")]
    at = x + width - 10 - sum(_text_width(word) + 40 for word, _ in keys)
    at -= _text_width(words.failed) + 30
    for word, dashes in keys:
        line = {
            "x1": at,
            "y1": top + 17,
            "x2": at + 22,
            "y2": top + 17,
            "stroke": "#1e1e1e",
            "stroke-width": 2,
            "stroke-dasharray": dashes,
        }
        parts.append(element("line", line))
        parts.append(
            element("text", {"class": "legend", "x": at + 26, "y": top + 21}, escape(word))
        )
        at += _text_width(word) + 40
    parts.append(
        element(
            "path",
            {
                "d": cross((at + 8, top + 17), 4),
                "stroke": colours.failed,
                "stroke-width": 2.4,
            },
        )
    )
    parts.append(
        element("text", {"class": "legend", "x": at + 18, "y": top + 21}, escape(words.failed))
    )
    owned = {p: len(c) for p, c in position.supply_centers.items()}
    at, row = x + 10.0, top + 34
    for power in sorted(game_map.powers):
        count = words.centres.format(count=owned.get(power, 0))
        label = f"{game_map.powers[power].display(lang)}: {count}"
        step = _text_width(label) + 30
        if at + step > x + width and at > x + 10:  # the next row
            at, row = x + 10.0, row + 18
        swatch = {
            "x": at,
            "y": row,
            "width": 12,
            "height": 12,
            "fill": colours.power(power),
            "stroke": "#1e1e1e",
        }
        parts.append(
            group(
                {"class": "legend-power", "data-power": power},
                [
                    element("rect", swatch),
                    element(
                        "text", {"class": "legend", "x": at + 16, "y": row + 10}, escape(label)
                    ),
                ],
            )
        )
        at += step
    return group({"id": "legend"}, parts), row + 22 - top


def _text_width(text: str) -> float:
    """About how wide ``text`` is at the legend's 11 px (for laying it out, not measuring)."""
    return 6.4 * len(text)
