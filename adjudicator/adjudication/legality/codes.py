"""The verdicts of the legality checks: an illegal order's :class:`IllegalCode` and message
(:class:`Illegality`), or a legal order in normal form (:class:`Normalised`).

The codes are stable (they appear in reports and JSON); the messages are short, lowercase and
quote the order (:func:`reject`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudicator.base.errors import cut
from adjudicator.base.model import Convoy, Disband, Hold, Move, Order, Support, Unit
from adjudicator.state.outcomes import Diagnosis, OrderResult, Outcome, Reason

__all__ = ["IllegalCode", "Illegality", "Normalised", "own_unit", "reject"]


class IllegalCode(StrEnum):
    """Why an order is illegal; the values are stable and appear in reports and JSON.

    ``docs/illegal-orders.md`` gives an example of each.
    """

    # --- any phase
    WRONG_PHASE = "wrong-phase"
    """An order of a kind that does not belong to the phase (a support in a retreat phase)."""
    UNKNOWN_PROVINCE = "unknown-province"
    """The order names a province that is not on the map."""
    NO_UNIT = "no-unit"
    """No unit stands where the order says (in a retreat phase: no dislodged unit)."""
    FOREIGN_UNIT = "foreign-unit"
    """The unit belongs to another power (6.A.6)."""
    DUPLICATE_ORDER = "duplicate-order"
    """Another, different legal order was given to the same unit (4.D.3)."""
    WRONG_UNIT_COAST = "wrong-unit-coast"
    """The order names a coast its fleet is not on, under ``unit_coast: strict`` (4.B.5 a)."""
    IRRELEVANT_COAST = "irrelevant-coast"
    """An unknown coast, or a coast given for an army, under ``irrelevant_coast: strict``
    (4.B.6 a)."""
    # --- moves and retreats
    MOVE_TO_SELF = "move-to-self"
    """A move or retreat to the unit's own province (6.A.4, 6.A.5)."""
    NOT_ADJACENT = "not-adjacent"
    """The destination is not a neighbour and no convoy could help (6.A.1, 6.A.9, 6.B.11)."""
    NO_CONVOY_ROUTE = "no-convoy-route"
    """An army move that needs a convoy, with no chain of fleets at sea to carry it (6.D.32)."""
    BAD_CONVOY_PATH = "bad-convoy-path"
    """An explicit convoy path that is no route, when paths are enforced (4.A.6 b)."""
    ARMY_TO_SEA = "army-to-sea"
    """An army ordered into a sea province (6.A.2)."""
    FLEET_INLAND = "fleet-inland"
    """A fleet ordered to, or built in, an inland province (6.A.3, 6.I.2)."""
    IMPASSABLE = "impassable"
    """A province no unit may enter (Switzerland)."""
    UNREACHABLE_COAST = "unreachable-coast"
    """A fleet names a coast it cannot reach, though another coast is reachable (6.B.3)."""
    MISSING_COAST = "missing-coast"
    """A fleet move, retreat or build that must name a coast and does not (6.B.1, 6.B.14)."""
    # --- supports
    SUPPORT_SELF = "support-self"
    """A unit supporting itself, to hold or to move (6.A.8)."""
    SUPPORT_OWN_PROVINCE = "support-own-province"
    """A support into the supporter's own province (6.D.34)."""
    SUPPORT_NO_UNIT = "support-no-unit"
    """A support of a unit that is not there: it can never match an order."""
    SUPPORT_UNREACHABLE = "support-unreachable"
    """The supporter cannot itself move into the province it supports into (6.A.10, 6.B.5)."""
    SUPPORT_IMPOSSIBLE_MOVE = "support-impossible-move"
    """The supported move could never be legal (6.D.22-24, 6.A.5)."""
    SUPPORT_OWN_CONVOY = "support-own-convoy"
    """The supported move needs a convoy that only the supporter could give (6.D.31)."""
    SUPPORT_MISSING_COAST = "support-missing-coast"
    """A support of a fleet's move into a multi-coast province names no coast, under
    ``support_coast: required`` (4.B.4)."""
    # --- convoys
    CONVOY_NOT_AT_SEA = "convoy-not-at-sea"
    """A convoy by a fleet on a coast, or by an army (6.F.1)."""
    CONVOY_NO_UNIT = "convoy-no-unit"
    """A convoy of an army that is not there."""
    CONVOY_OF_FLEET = "convoy-of-fleet"
    """A convoy of a fleet, or a fleet ordered to move via convoy (6.A.7)."""
    CONVOY_IMPOSSIBLE = "convoy-impossible"
    """No route through this fleet could carry the army there (6.A.5, 6.F.1)."""
    CONVOY_UNNECESSARY = "convoy-unnecessary"
    """The fleet lies only on routes with a shortcut, so it is never needed (6.G.19)."""
    # --- retreats
    NOT_DISLODGED = "not-dislodged"
    """A retreat or disband order for a unit that was not dislodged."""
    RETREAT_ATTACKER_ORIGIN = "retreat-attacker-origin"
    """A retreat into the province the attack came from (6.H.5; not after a convoy, 6.H.11)."""
    RETREAT_OCCUPIED = "retreat-occupied"
    """A retreat into an occupied province (6.H.3)."""
    RETREAT_STANDOFF = "retreat-standoff"
    """A retreat into a province left empty by a standoff (6.H.6, 6.H.16)."""
    # --- adjustments
    NO_BUILDS = "no-builds"
    """A build or waive by a power that has no builds this winter."""
    NO_REMOVALS = "no-removals"
    """A removal by a power that owes none."""
    BUILD_NOT_HOME = "build-not-home"
    """A build outside the power's home centres (6.I.6)."""
    BUILD_NOT_OWNED = "build-not-owned"
    """A build in a home centre the power no longer owns (6.I.5)."""
    BUILD_OCCUPIED = "build-occupied"
    """A build in an occupied centre, on either coast (6.I.3, 6.I.4)."""
    BUILD_SAME_PROVINCE = "build-same-province"
    """A second build in a province an earlier build order already uses (6.I.7)."""
    BUILD_MISSING_TYPE = "build-missing-type"
    """A build without unit type on a coast that names no coast (4.C.3 c)."""


@dataclass(frozen=True, slots=True)
class Illegality:
    """An illegal order's code and message."""

    code: IllegalCode
    message: str

    def result(self, power: str, order: Order) -> OrderResult:
        """The ``ILLEGAL`` result reporting this for ``order``: the code, and the message as the
        result's :class:`~adjudicator.state.outcomes.Diagnosis`."""
        return OrderResult(
            power,
            order,
            Outcome.ILLEGAL,
            Reason.ILLEGAL,
            code=str(self.code),
            detail=Diagnosis(self.message),
        )


@dataclass(frozen=True, slots=True)
class Normalised:
    """A legal order: who gave it, as given, and in the normalised form the resolver reads."""

    power: str
    order: Order
    normalised: Order


QUOTED_ORDER_LIMIT = 80
"""The longest order text a message quotes whole; a longer one (an absurd path of hundreds of
provinces) is cut, so that a message stays a line however long the order."""


def quote_order(order: Order) -> str:
    """The order's short form as a message quotes it: whole, or its start and ``…``."""
    return cut(str(order), QUOTED_ORDER_LIMIT)


def reject(code: IllegalCode, reason: str, order: Order) -> Illegality:
    """The :class:`Illegality` of ``order``, its message quoting the order."""
    return Illegality(code, f"{reason} in '{quote_order(order)}'")


def own_unit(
    power: str, order: Hold | Move | Support | Convoy | Disband, unit: Unit | None
) -> Unit | Illegality:
    """``unit`` (the one the order names) if it is there and belongs to ``power`` (6.A.6)."""
    if unit is None:
        where = order.location.province
        return reject(IllegalCode.NO_UNIT, f"there is no unit in {where}", order)
    if unit.power != power:
        return reject(
            IllegalCode.FOREIGN_UNIT,
            f"the unit {unit} belongs to {unit.power}, not {power}",
            order,
        )
    return unit
