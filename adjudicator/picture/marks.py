"""The marks of the orders on a picture: a move a solid arrow, a support a dashed line, a
convoy a dotted line along its route, a hold a ring, a retreat an arrow, a disbanding a cross;
a failed order faded and crossed (:mod:`adjudicator.picture.render` draws the rest)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    Waive,
)
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
from adjudicator.picture.palette import Palette
from adjudicator.picture.svg import Point, element, escape, group, points
from adjudicator.state.outcomes import Adjudication, OrderResult, Outcome, Reason
from adjudicator.state.position import Position

__all__ = ["Drawn", "OrderMarks", "orders_to_draw"]


@dataclass(frozen=True, slots=True)
class Drawn:
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


def orders_to_draw(
    orders: Mapping[str, Sequence[Order]] | None, adjudication: Adjudication | None
) -> list[Drawn]:
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
        (power, str(order)): Drawn(power, order, results.get((power, str(order))))
        for power, order in given
        if not isinstance(order, Waive)
    }
    return [drawn[key] for key in sorted(drawn)]


class OrderMarks:
    """The orders' layer of one picture."""

    def __init__(self, board: Board, colours: Palette) -> None:
        self.board = board
        self.colours = colours

    def orders(self, drawn: Sequence[Drawn], position: Position) -> str:
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
        self, move: Move, moves: Mapping[str, Drawn], drawn: Sequence[Drawn]
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
        item: Drawn,
        segments: Mapping[str, tuple[Point, Point]],
        drawn: Sequence[Drawn],
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
        drawn: Sequence[Drawn],
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
        drawn: Sequence[Drawn],
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

    def explain(self, item: Drawn) -> str:
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

    def convoy_route(self, move: Move, drawn: Sequence[Drawn]) -> list[Point]:
        fleets = [
            anchor(self.board, item.order.location)
            for item in drawn
            if isinstance(item.order, Convoy)
            and item.order.army.province == move.location.province
            and item.order.destination.province == move.destination.province
        ]
        return nearest_chain(anchor(self.board, move.location), fleets)

    @staticmethod
    def moves_to(drawn: Sequence[Drawn], province: str, destination: Location) -> bool:
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
