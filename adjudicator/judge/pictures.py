"""The board picture a results mail carries: the phase's orders and their outcomes, drawn when
the mail is sent.

A results mail's outbox row names the phase and the language of its picture
(``picture_seq``, ``picture_lang``), not the picture itself: a phase's results go to every
player, and the picture is drawn again from the phase's stored position and orders, which give
the same adjudication every time. It goes as PNG where the optional ``resvg-py`` is installed
(common mail programs show no SVG), else as SVG.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from adjudicator.adjudication.engine import adjudicate
from adjudicator.board.drawing import drawing_for
from adjudicator.judge.game import orders_from_texts
from adjudicator.judge.records import load_game, position_of
from adjudicator.judge.store import Tx
from adjudicator.picture.png import png_available, to_png
from adjudicator.picture.render import render

__all__ = ["Attachment", "phase_picture", "phase_svg"]


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file a mail carries."""

    filename: str
    maintype: str
    subtype: str
    data: bytes


def phase_picture(tx: Tx, game: str, seq: int, lang: str) -> Attachment | None:
    """The picture of the processed phase ``seq`` of ``game`` in ``lang``; ``None`` when the
    phase is not processed or its map has no drawing."""
    drawn = phase_svg(tx, game, seq, lang)
    if drawn is None:
        return None
    name, svg = drawn
    if png_available():
        return Attachment(f"{name}.png", "image", "png", to_png(svg))
    return Attachment(f"{name}.svg", "image", "svg+xml", svg.encode("utf-8"))


def phase_svg(tx: Tx, game: str, seq: int, lang: str) -> tuple[str, str] | None:
    """The processed phase ``seq`` of ``game`` drawn in ``lang`` with its orders and outcomes
    (adjudicated again from the stored position and orders): ``(game-S1901M, svg)``; ``None``
    when the phase is not processed or its map has no drawing. The results mail's picture
    and the web pages' history."""
    row = tx.get_game(game)
    phase = tx.get_phase(game, seq)
    if row is None or phase is None or phase.orders_json is None:
        return None
    loaded = load_game(row)
    board = drawing_for(loaded.map)
    if board is None:
        return None
    position = position_of(phase, loaded.map)
    orders = orders_from_texts(json.loads(phase.orders_json), position, loaded.map)
    adjudication = adjudicate(position, orders, loaded.rules, game_map=loaded.map)
    svg = render(position, orders, adjudication, board=board, game_map=loaded.map, lang=lang)
    return f"{game}-{phase.phase}", svg
