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
from dataclasses import dataclass
from typing import assert_never

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
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap, ProvinceType
from adjudicator.lang.languages import picture_words, vocabulary
from adjudicator.lang.picture_words import PictureWords
from adjudicator.orders.phase_line import phase_name
from adjudicator.picture.geometry import (
    UNIT_RADIUS,
    Board,
    anchor,
    arrowhead,
    aside,
    cross,
    dislodged_anchor,
    middle,
    nearest_chain,
    shortened,
)
from adjudicator.picture.palette import Palette, ink, palette_for, tint
from adjudicator.picture.svg import Point, element, escape, group, number, points
from adjudicator.state.outcomes import Adjudication, OrderResult, Outcome, Reason
from adjudicator.state.position import Position

__all__ = ["render"]


_STYLE = """
.province{stroke:#6f6a5e;stroke-width:0.8}
.decoration{fill:#e3dccb;stroke:#6f6a5e;stroke-width:0.6}
text{font-family:DejaVu Sans,Verdana,sans-serif}
.label{font-size:9px;font-weight:bold;fill:#2b2b2b;text-anchor:middle;stroke:#ffffff;stroke-width:2.2px;stroke-opacity:0.7;paint-order:stroke;stroke-linejoin:round}
.unit text{font-size:10px;font-weight:bold;text-anchor:middle;dominant-baseline:central}
.order line,.order polyline,.order path{fill:none;stroke-linecap:round;stroke-linejoin:round}
.failed{opacity:0.5}
.title{font-size:16px;font-weight:bold;fill:#222222}
.legend{font-size:11px;fill:#222222}
"""


@dataclass(frozen=True, slots=True)
class _Drawn:
    """One order to draw, with its power and (once adjudicated) its result."""

    power: str
    order: Order
    result: OrderResult | None

    @property
    def failed(self) -> bool:
        return self.result is not None and self.result.outcome is not Outcome.SUCCEEDS

    @property
    def outcome(self) -> str | None:
        return None if self.result is None else str(self.result.outcome)


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
        drawn: list[_Drawn] = []
        standoffs = shown.standoffs
    else:
        shown = position
        drawn = _orders_to_draw(orders, adjudication)
        title = words.results if adjudication else words.orders if drawn else words.position
        title = title.format(phase=phase_words)
        standoffs = adjudication.standoffs if adjudication else position.standoffs
    picture = _Picture(board, game_map, colours, lang)
    x, y, width, height = board.view_box
    legend, below = picture.legend(shown, words, title)
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
        picture.orders(drawn, shown),
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


def _orders_to_draw(
    orders: Mapping[str, Sequence[Order]] | None, adjudication: Adjudication | None
) -> list[_Drawn]:
    """The orders with their results, in one order whatever order they came in (powers by
    name, then orders by their canonical text)."""
    results: dict[tuple[str, str], OrderResult] = {}
    if adjudication is not None:
        for result in adjudication.results:
            results.setdefault((result.power, str(result.order)), result)
    given: list[tuple[str, Order]] = []
    if orders is not None:
        given = [(power, order) for power, listed in orders.items() for order in listed]
    if adjudication is not None:
        # a unit without orders is drawn with none, but a dislodged one as a failed hold
        ordered = {getattr(order, "location", None) for _, order in given}
        given += [
            (r.power, r.order)
            for r in adjudication.results
            if (orders is None and r.reason is not Reason.NO_ORDER)
            or (
                r.reason is Reason.NO_ORDER
                and r.outcome is Outcome.FAILS
                and getattr(r.order, "location", None) not in ordered
            )
        ]
    drawn = {
        (power, str(order)): _Drawn(power, order, results.get((power, str(order))))
        for power, order in given
        if not isinstance(order, Waive)
    }
    return [drawn[key] for key in sorted(drawn)]


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
    def units(self, position: Position, drawn: Sequence[_Drawn]) -> str:
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

    # ------------------------------------------------------------------ orders
    def orders(self, drawn: Sequence[_Drawn], position: Position) -> str:
        moves = {
            item.order.location.province: item for item in drawn if isinstance(item.order, Move)
        }
        segments: dict[str, tuple[Point, Point]] = {}
        for province, item in moves.items():
            assert isinstance(item.order, Move)
            segments[province] = self.move_segment(item.order, moves, drawn)
        parts = [self.order(item, segments, drawn, position) for item in drawn]
        return group({"id": "orders"}, [p for p in parts if p])

    def move_segment(
        self, move: Move, moves: Mapping[str, _Drawn], drawn: Sequence[_Drawn]
    ) -> tuple[Point, Point]:
        """Where a move's arrow runs: unit edge to unit edge, moved aside when the unit at
        its destination moves back at it (both arrows show)."""
        start = anchor(self.board, move.location)
        end = anchor(self.board, move.destination)
        a, b = shortened(start, end, UNIT_RADIUS, UNIT_RADIUS + 1)
        back = moves.get(move.destination.province)
        back_order = back.order if back is not None else None
        if isinstance(back_order, Move) and back_order.destination.province == (
            move.location.province
        ):
            a, b = aside(a, b, 5.0)
        return a, b

    def order(
        self,
        item: _Drawn,
        segments: Mapping[str, tuple[Point, Point]],
        drawn: Sequence[_Drawn],
        position: Position,
    ) -> str:
        """The mark of one order, faded and crossed at its middle when it failed."""
        colour = self.colours.power(item.power)
        order = item.order
        marked: tuple[str, list[str], Point | None]
        match order:
            case Move():
                marked = self.move(order, colour, segments, drawn)
            case Support():
                marked = self.support(order, colour, segments, drawn)
            case Convoy():
                marked = self.convoy(order, colour)
            case Hold():
                marked = self.hold(order, colour, position)
            case Retreat():
                marked = self.retreat(order, colour)
            case Disband():
                marked = self.disband(order, position)
            case Build():
                marked = ("build", [], None)  # the unit itself is drawn, dashed, among the units
            case Waive():
                return ""  # nothing to draw (and _orders_to_draw leaves it out)
            case _:
                assert_never(order)
        kind, marks, failed_at = marked
        if item.failed and failed_at is not None:
            marks.append(
                element(
                    "path",
                    {
                        "class": "failure",
                        "d": cross(failed_at, 4),
                        "stroke": self.colours.failed,
                        "stroke-width": 2.4,
                    },
                )
            )
        css = f"order {kind}" + (" failed" if item.failed else "")
        attrs = {
            "class": css,
            "data-kind": kind,
            "data-order": str(order),
            "data-power": item.power,
            "data-outcome": item.outcome,
        }
        return group(attrs, [*marks, element("title", {}, escape(self.explain(item)))])

    def move(
        self,
        order: Move,
        colour: str,
        segments: Mapping[str, tuple[Point, Point]],
        drawn: Sequence[_Drawn],
    ) -> tuple[str, list[str], Point | None]:
        a, b = segments[order.location.province]
        route = self.convoy_route(order, drawn) if order.via_convoy else []
        path = [a, *route, b]
        half = len(path) // 2
        return "move", [self.arrow(path, colour, "#1e1e1e")], middle(path[half - 1], path[half])

    def support(
        self,
        order: Support,
        colour: str,
        segments: Mapping[str, tuple[Point, Point]],
        drawn: Sequence[_Drawn],
    ) -> tuple[str, list[str], Point | None]:
        start = anchor(self.board, order.location)
        if order.destination is None:
            end = anchor(self.board, order.target)
            a, b = shortened(start, end, UNIT_RADIUS, UNIT_RADIUS + 3)
            ring = element(
                "circle",
                {
                    "cx": end[0],
                    "cy": end[1],
                    "r": UNIT_RADIUS + 3,
                    "stroke": colour,
                    "stroke-width": 1.6,
                    "stroke-dasharray": "4 3",
                    "fill": "none",
                },
            )
            return "support", [self.line(a, b, colour, "4 3"), ring], middle(a, b)
        supported = segments.get(order.target.province)
        if supported is not None and self.moves_to(drawn, order.target.province, order.destination):
            end = middle(*supported)  # on the supported move's arrow, as it is drawn
        else:
            end = middle(anchor(self.board, order.target), anchor(self.board, order.destination))
        a, b = shortened(start, end, UNIT_RADIUS, 2)
        dot = element("circle", {"cx": b[0], "cy": b[1], "r": 2.2, "fill": colour})
        return "support", [self.line(a, b, colour, "4 3"), dot], middle(a, b)

    def convoy(self, order: Convoy, colour: str) -> tuple[str, list[str], Point | None]:
        fleet = anchor(self.board, order.location)
        route = [anchor(self.board, order.army), fleet, anchor(self.board, order.destination)]
        line = element(
            "polyline",
            {
                "points": points(route),
                "stroke": colour,
                "stroke-width": 1.8,
                "stroke-dasharray": "1 4",
            },
        )
        return "convoy", [line], fleet

    def hold(
        self, order: Hold, colour: str, position: Position
    ) -> tuple[str, list[str], Point | None]:
        x, y = self.unit_point(order.location, position)
        r = UNIT_RADIUS + 4
        ring = element(
            "circle",
            {"cx": x, "cy": y, "r": r, "stroke": colour, "stroke-width": 2.2, "fill": "none"},
        )
        return "hold", [ring], (x + r, y - r)

    def retreat(self, order: Retreat, colour: str) -> tuple[str, list[str], Point | None]:
        start = dislodged_anchor(self.board, order.location.province)
        end = anchor(self.board, order.destination)
        a, b = shortened(start, end, UNIT_RADIUS, UNIT_RADIUS + 1)
        return "retreat", [self.arrow([a, b], colour, self.colours.failed)], middle(a, b)

    def disband(self, order: Disband, position: Position) -> tuple[str, list[str], Point | None]:
        kind = "removal" if position.phase.type is PhaseType.ADJUSTMENT else "disband"
        at = self.unit_point(order.location, position)
        mark = element(
            "path",
            {"d": cross(at, UNIT_RADIUS + 3), "stroke": self.colours.failed, "stroke-width": 2.6},
        )
        return kind, [mark], None

    def explain(self, item: _Drawn) -> str:
        if item.result is None:
            return f"{item.power}: {item.order}"
        why = f" ({item.result.reason})" if item.result.reason is not Reason.NONE else ""
        return f"{item.power}: {item.order}: {item.result.outcome}{why}"

    def unit_point(self, location: Location, position: Position) -> Point:
        """Where the unit ordered at ``location`` stands: beside its province when it is a
        dislodged unit (a retreat phase), else at its anchor."""
        province = location.province
        dislodged = any(d.unit.location.province == province for d in position.dislodged)
        if dislodged and not any(u.location.province == province for u in position.units):
            return dislodged_anchor(self.board, province)
        return anchor(self.board, location)

    def convoy_route(self, move: Move, drawn: Sequence[_Drawn]) -> list[Point]:
        fleets = [
            anchor(self.board, item.order.location)
            for item in drawn
            if isinstance(item.order, Convoy)
            and item.order.army.province == move.location.province
            and item.order.destination.province == move.destination.province
        ]
        return nearest_chain(anchor(self.board, move.location), fleets)

    @staticmethod
    def moves_to(drawn: Sequence[_Drawn], province: str, destination: Location) -> bool:
        return any(
            isinstance(item.order, Move)
            and item.order.location.province == province
            and item.order.destination.province == destination.province
            for item in drawn
        )

    def line(self, a: Point, b: Point, colour: str, dashes: str | None) -> str:
        return element(
            "line",
            {
                "x1": a[0],
                "y1": a[1],
                "x2": b[0],
                "y2": b[1],
                "stroke": colour,
                "stroke-width": 1.8,
                "stroke-dasharray": dashes,
            },
        )

    def arrow(self, path: Sequence[Point], colour: str, edge: str) -> str:
        """A thick line along ``path`` with an arrowhead at its end, outlined so that it reads
        on land and sea alike."""
        tip = arrowhead(path[-2], path[-1])
        body = points(path)
        return "".join(
            [
                element("polyline", {"points": body, "stroke": edge, "stroke-width": 4.6}),
                element(
                    "polyline",
                    {
                        "points": body,
                        "stroke": colour,
                        "stroke-width": 2.6,
                    },
                ),
                element(
                    "polygon",
                    {"points": points(tip), "fill": colour, "stroke": edge, "stroke-width": 0.8},
                ),
            ]
        )

    # ------------------------------------------------------------------ title and legend
    def legend(self, position: Position, words: PictureWords, title: str) -> tuple[str, float]:
        """The title, the key of the marks, and each power's colour and centres, in rows below
        the board; the legend and its height."""
        x, y, width, height = self.board.view_box
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
                    "stroke": self.colours.failed,
                    "stroke-width": 2.4,
                },
            )
        )
        parts.append(
            element("text", {"class": "legend", "x": at + 18, "y": top + 21}, escape(words.failed))
        )
        owned = {p: len(c) for p, c in position.supply_centers.items()}
        at, row = x + 10.0, top + 34
        for power in sorted(self.map.powers):
            count = words.centres.format(count=owned.get(power, 0))
            label = f"{self.map.powers[power].display(self.lang)}: {count}"
            step = _text_width(label) + 30
            if at + step > x + width and at > x + 10:  # the next row
                at, row = x + 10.0, row + 18
            swatch = {
                "x": at,
                "y": row,
                "width": 12,
                "height": 12,
                "fill": self.colours.power(power),
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
