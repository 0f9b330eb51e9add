"""A position drawn as SVG, with its orders and, once adjudicated, their outcomes.

``render(position, orders, adjudication)`` draws the board (provinces, the supply centres
shaded by owner), the units, and one mark per order, as players know them from the judges and
the web sites: a move a solid arrow; a support to move a dashed line to the middle of the
supported move; a support to hold a dashed line to the held unit; a convoy a dotted line along
its route; a hold a ring; a retreat an arrow from the dislodged unit; a build a dashed unit with
a plus, a removal or disbanding a cross. Once adjudicated, an order that failed is drawn faded,
with a cross at its middle: only the order that failed, not the orders around it. Two moves
head to head are drawn apart so that both show; a dislodged unit stands beside its province,
ringed, with its retreat options; a standoff is marked.

Every element that means something carries its meaning in attributes, so that a test or a web
page can read the picture: a province is ``<path id="p-PAR" data-province="PAR">`` with a
``<title>`` in the chosen language, a unit ``data-unit="A PAR"``, an order ``data-order`` with
its kind and ``data-outcome``. The same input gives the same bytes, whatever the order of the
orders.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from adjudicator.base.model import (
    Build,
    Location,
    Order,
    Unit,
    UnitType,
)
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap, ProvinceType
from adjudicator.lang.languages import picture_words, vocabulary
from adjudicator.orders.phase_line import phase_name
from adjudicator.picture.geometry import (
    UNIT_RADIUS,
    Board,
    anchor,
    dislodged_anchor,
    shortened,
)
from adjudicator.picture.legend import legend as draw_legend
from adjudicator.picture.marks import Drawn, OrderMarks, orders_to_draw
from adjudicator.picture.palette import Palette, ink, palette_for, tint
from adjudicator.picture.svg import Point, element, escape, group, number, points
from adjudicator.state.outcomes import Adjudication
from adjudicator.state.position import Position

__all__ = ["render"]


_STYLE = """
.province{stroke:#6f6a5e;stroke-width:0.8}
.decoration{fill:#e3dccb;stroke:#6f6a5e;stroke-width:0.6}
.water{stroke:none}
.crossing{stroke:#6f6a5e;stroke-width:2.2;stroke-dasharray:4 2.5;stroke-linecap:round}
text{font-family:DejaVu Sans,Verdana,sans-serif}
.label{font-size:9px;font-weight:bold;fill:#2b2b2b;text-anchor:middle;stroke:#ffffff;stroke-width:2.2px;stroke-opacity:0.7;paint-order:stroke;stroke-linejoin:round}
.unit text{font-size:10px;font-weight:bold;text-anchor:middle;dominant-baseline:central}
.order line,.order polyline,.order path{fill:none;stroke-linecap:round;stroke-linejoin:round}
.failed{opacity:0.5}
.title{font-size:16px;font-weight:bold;fill:#222222}
.legend{font-size:11px;fill:#222222}
"""


def render(
    position: Position,
    orders: Mapping[str, Sequence[Order]] | None = None,
    adjudication: Adjudication | None = None,
    *,
    board: Board | None = None,
    game_map: GameMap | None = None,
    lang: str = "en",
    palette: str = "map",
    after: bool = False,
) -> str:
    """The SVG picture of ``position`` with ``orders`` (each power's, as parsed) and, when
    given, ``adjudication``'s outcomes; with ``after``, the position the phase led to instead
    (dislodged units with their retreat options, standoffs). ``board`` is the map's drawing
    (default: the one shipped with the map); ``palette`` is ``map`` or ``colour-blind``."""
    game_map = game_map or load_map(position.map_name)
    if board is None:
        from adjudicator.board.drawing import drawing_for

        found = drawing_for(game_map)
        if found is None:
            raise ValueError(f"the map {game_map.name!r} has no drawing")
        board = found
    words = picture_words(lang)
    colours = palette_for(game_map, palette)
    phase_words = phase_name(position.phase, vocabulary(lang))
    if after and adjudication is not None:
        shown = adjudication.next_position
        title = words.after.format(
            phase=phase_name(shown.phase, vocabulary(lang)), previous=phase_words
        )
        drawn: list[Drawn] = []
        standoffs = shown.standoffs
    else:
        shown = position
        drawn = orders_to_draw(orders, adjudication)
        title = words.results if adjudication else words.orders if drawn else words.position
        title = title.format(phase=phase_words)
        standoffs = adjudication.standoffs if adjudication else position.standoffs
    picture = _Picture(board, game_map, colours, lang)
    x, y, width, height = board.view_box
    legend, below = draw_legend(board, game_map, colours, lang, shown, words, title)
    body = [
        element("title", {}, escape(title)),
        element("style", {}, _STYLE),
        element(
            "rect",
            {"x": x, "y": y, "width": width, "height": height + below, "fill": colours.sea},
        ),
        picture.provinces(shown),
        picture.centres(shown),
        picture.labels(),
        picture.standoffs(standoffs),
        OrderMarks(board, colours).orders(drawn, shown),
        picture.units(shown, drawn),
        legend,
    ]
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        + element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "viewBox": " ".join(number(v) for v in (x, y, width, height + below)),
                "width": number(width),
                "height": number(height + below),
                "data-phase": str(shown.phase),
                "data-map": game_map.name,
            },
            "\n".join(body),
        )
        + "\n"
    )


class _Picture:
    """The layers of one picture."""

    def __init__(self, board: Board, game_map: GameMap, colours: Palette, lang: str) -> None:
        self.board = board
        self.map = game_map
        self.colours = colours
        self.lang = lang

    # ------------------------------------------------------------------ the board
    def provinces(self, position: Position) -> str:
        owner = {
            centre: power
            for power, centres in position.supply_centers.items()
            for centre in centres
        }
        parts = [
            element("path", {"class": "decoration", "d": art.d, "fill-rule": "evenodd"})
            if not art.water
            else element(  # water no unit sails: the sea's colour, no province outline
                "path",
                {"class": "water", "d": art.d, "fill-rule": "evenodd", "fill": self.colours.sea},
            )
            for art in self.board.decoration
        ]
        for pid in sorted(self.board.provinces):
            art = self.board.provinces[pid]
            province = self.map.provinces.get(pid)
            kind = province.type if province is not None else ProvinceType.LAND
            fill = self.fill(kind, owner.get(pid))
            name = province.name(self.lang) if province is not None else pid
            parts.append(
                element(
                    "path",
                    {
                        "id": f"p-{pid}",
                        "class": f"province {kind}",
                        "data-province": pid,
                        "data-owner": owner.get(pid),
                        "fill": fill,
                        "fill-rule": "evenodd",
                        "d": art.d,
                    },
                    element("title", {}, escape(name)),
                )
            )
        parts.extend(  # neighbours across a strait: a line between them, under the units
            element(
                "line",
                {
                    "class": "crossing",
                    "data-between": "-".join(c.between),
                    "x1": c.line[0][0],
                    "y1": c.line[0][1],
                    "x2": c.line[1][0],
                    "y2": c.line[1][1],
                },
            )
            for c in self.board.crossings
        )
        return group({"id": "provinces"}, parts)

    def fill(self, kind: ProvinceType, owner: str | None) -> str:
        if kind is ProvinceType.SEA:
            return self.colours.sea
        if kind is ProvinceType.IMPASSABLE:
            return self.colours.impassable
        if owner is not None:
            return tint(self.colours.power(owner), 0.55)
        return self.colours.land

    def centres(self, position: Position) -> str:
        owner = {
            centre: power
            for power, centres in position.supply_centers.items()
            for centre in centres
        }
        parts = []
        for pid in sorted(self.board.provinces):
            point = self.board.provinces[pid].center
            province = self.map.provinces.get(pid)
            if point is None or province is None or not province.supply_center:
                continue
            power = owner.get(pid)
            fill = self.colours.power(power) if power else self.colours.neutral_centre
            parts.append(
                element(
                    "circle",
                    {
                        "class": "centre",
                        "data-province": pid,
                        "data-owner": power,
                        "cx": point[0],
                        "cy": point[1],
                        "r": 4.5,
                        "fill": fill,
                        "stroke": self.colours.outline,
                        "stroke-width": 1.2,
                    },
                )
            )
        return group({"id": "centres"}, parts)

    def labels(self) -> str:
        parts = []
        for pid in sorted(self.board.provinces):
            if pid not in self.map.provinces:
                continue
            x, y = self.board.provinces[pid].label
            code = self.map.code(pid, self.lang)
            parts.append(element("text", {"class": "label", "x": x, "y": y}, escape(code.title())))
        return group({"id": "labels"}, parts)

    def standoffs(self, standoffs: Iterable[str]) -> str:
        parts = []
        for pid in sorted(standoffs):
            if pid not in self.board.provinces:
                continue
            x, y = anchor(self.board, Location(pid))
            star = [(x + dx * 7, y + dy * 7) for dx, dy in _STAR]
            parts.append(
                element(
                    "polygon",
                    {
                        "class": "standoff",
                        "data-province": pid,
                        "points": points(star),
                        "fill": "#ffffff",
                        "stroke": self.colours.failed,
                        "stroke-width": 1.2,
                    },
                )
            )
        return group({"id": "standoffs"}, parts)

    # ------------------------------------------------------------------ units
    def units(self, position: Position, drawn: Sequence[Drawn]) -> str:
        parts = []
        for unit in sorted(position.units, key=lambda u: u.location.province):
            parts.append(self.unit(unit, anchor(self.board, unit.location), "unit"))
        for dislodgement in sorted(position.dislodged, key=lambda d: d.unit.location.province):
            unit = dislodgement.unit
            at = dislodged_anchor(self.board, unit.location.province)
            parts.append(self.retreat_options(at, dislodgement.retreats))
            parts.append(self.unit(unit, at, "unit dislodged"))
        for item in drawn:
            if isinstance(item.order, Build):
                unit_type = item.order.unit_type or UnitType.ARMY
                built = Unit(item.power, unit_type, item.order.location)
                css = "unit build" + (" failed" if item.failed else "")
                parts.append(self.unit(built, anchor(self.board, built.location), css))
        return group({"id": "units"}, parts)

    def unit(self, unit: Unit, at: Point, css: str) -> str:
        colour = self.colours.power(unit.power)
        x, y = at
        r = UNIT_RADIUS
        dashed = "build" in css
        stroke = {
            "stroke": self.colours.failed if "dislodged" in css else "#1e1e1e",
            "stroke-width": 2.2 if "dislodged" in css else 1.2,
            "stroke-dasharray": "3 2" if dashed else None,
        }
        if unit.type is UnitType.FLEET:
            shape = element(
                "rect",
                {
                    "x": x - r * 1.3,
                    "y": y - r * 0.75,
                    "width": r * 2.6,
                    "height": r * 1.5,
                    "rx": r * 0.5,
                    "fill": colour,
                    **stroke,
                },
            )
        else:
            shape = element("circle", {"cx": x, "cy": y, "r": r, "fill": colour, **stroke})
        letter = "F" if unit.type is UnitType.FLEET else "A"
        text = element("text", {"x": x, "y": y + 0.5, "fill": ink(colour)}, letter)
        badge = element("text", {"x": x + r, "y": y - r, "fill": "#1e1e1e"}, "+") if dashed else ""
        return group(
            {"class": css, "data-unit": str(unit), "data-power": unit.power},
            [shape, text, badge, element("title", {}, escape(f"{unit.power}: {unit}"))],
        )

    def retreat_options(self, at: Point, options: Sequence[Location]) -> str:
        lines = []
        for option in sorted(options, key=str):
            end = anchor(self.board, option)
            a, b = shortened(at, end, UNIT_RADIUS, UNIT_RADIUS)
            lines.append(
                element(
                    "line",
                    {
                        "class": "retreat-option",
                        "data-to": str(option),
                        "x1": a[0],
                        "y1": a[1],
                        "x2": b[0],
                        "y2": b[1],
                        "stroke": self.colours.failed,
                        "stroke-width": 1,
                        "stroke-dasharray": "1 3",
                    },
                )
            )
        return group({"class": "retreat-options"}, lines)


_STAR = [
    (1.0, 0.0),
    (0.38, 0.38),
    (0.0, 1.0),
    (-0.38, 0.38),
    (-1.0, 0.0),
    (-0.38, -0.38),
    (0.0, -1.0),
    (0.38, -0.38),
]
"""A four-pointed star of radius 1: the standoff mark."""
