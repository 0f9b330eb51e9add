"""What adjudication returns: every order's outcome with its reason, and the next position.

Outcomes explain themselves in DATC words (after TedDriggs' ``diplomacy`` crate): a failed move
says whether it bounced, lost a head-to-head battle or had no convoy, and names the order that
caused it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from adjudicator.base.model import Dislodgement, Order, slot_setter

if TYPE_CHECKING:
    from adjudicator.state.position import Position


class Outcome(StrEnum):
    SUCCEEDS = "succeeds"
    FAILS = "fails"
    ILLEGAL = "illegal"


class Reason(StrEnum):
    """Why an order ended as it did; the value is the word a results report prints."""

    NONE = ""
    """Succeeded (or a hold that stood)."""
    BOUNCED = "bounce"
    """A move stopped by an equal or stronger unit holding or moving to the same place."""
    LOST_HEAD_TO_HEAD = "lost head-to-head"
    """A move beaten by the unit moving the opposite way."""
    NO_SELF_DISLODGEMENT = "own unit"
    """A move that would have dislodged a unit of its own power (or with only that power's
    support)."""
    DISLODGED = "dislodged"
    """The ordered unit was dislodged."""
    CUT = "cut"
    """A support cut by an attack on the supporter."""
    VOID = "void"
    """A support or convoy whose unit did not give the matching order."""
    NO_CONVOY = "no convoy"
    """A convoyed move with no route of fleets convoying it."""
    DISRUPTED = "disrupted"
    """A convoyed move whose every route lost a fleet."""
    CONVOY_PARADOX = "convoy paradox"
    """Failed by the paradox rule (Szykman: the convoy fails, the army holds)."""
    ILLEGAL = "illegal"
    """The order can never be carried out in this position; the unit holds."""
    RETREAT_COLLISION = "bounce"
    """Two or more units retreated to the same province; all disband."""
    DISBANDED = "disbanded"
    """A dislodged unit that was disbanded (by order, without order, or with nowhere to go)."""
    NOT_ALLOWED = "not allowed"
    """A build or removal beyond what the power may do this phase."""
    CIVIL_DISORDER = "civil disorder"
    """A removal the adjudicator made for a power that ordered too few."""
    NO_ORDER = "no order"
    """A unit that was given no order (it holds, or disbands in a retreat phase)."""


@dataclass(frozen=True, slots=True)
class OrderResult:
    """The fate of one order."""

    power: str
    order: Order
    outcome: Outcome
    reason: Reason = Reason.NONE
    cause: Order | None = None
    """The order that made this one fail (the bouncing move, the cutting attack, ...)."""
    cause_power: str | None = None
    code: str | None = None
    """For illegal orders: the stable code of the legality check that rejected it."""
    message: str = ""
    """A plain sentence for players, e.g. "bounced with A MUN - BUR"."""

    def __init__(
        self,
        power: str,
        order: Order,
        outcome: Outcome,
        reason: Reason = Reason.NONE,
        cause: Order | None = None,
        cause_power: str | None = None,
        code: str | None = None,
        message: str = "",
    ) -> None:
        # Written out because adjudication makes one result per order: the generated __init__ of
        # a frozen dataclass sets each field through object.__setattr__, which costs twice as
        # much as the slot setters bound below the class (same values, still immutable).
        _set_power(self, power)
        _set_order(self, order)
        _set_outcome(self, outcome)
        _set_reason(self, reason)
        _set_cause(self, cause)
        _set_cause_power(self, cause_power)
        _set_code(self, code)
        _set_message(self, message)

    @property
    def succeeded(self) -> bool:
        return self.outcome is Outcome.SUCCEEDS


_set_power = slot_setter(OrderResult, "power")
_set_order = slot_setter(OrderResult, "order")
_set_outcome = slot_setter(OrderResult, "outcome")
_set_reason = slot_setter(OrderResult, "reason")
_set_cause = slot_setter(OrderResult, "cause")
_set_cause_power = slot_setter(OrderResult, "cause_power")
_set_code = slot_setter(OrderResult, "code")
_set_message = slot_setter(OrderResult, "message")


@dataclass(frozen=True, slots=True)
class Adjudication:
    """The result of one phase."""

    position: Position
    """The position the orders were given in."""
    results: tuple[OrderResult, ...]
    """One result per order (and per unit without an order), in a deterministic order."""
    next_position: Position
    dislodged: tuple[Dislodgement, ...] = ()
    standoffs: frozenset[str] = frozenset()
    notes: tuple[str, ...] = field(default=())
    """Extra facts for the report: civil-disorder removals, victory, ..."""

    def __init__(
        self,
        position: Position,
        results: tuple[OrderResult, ...],
        next_position: Position,
        dislodged: tuple[Dislodgement, ...] = (),
        standoffs: frozenset[str] = frozenset(),
        notes: tuple[str, ...] = (),
    ) -> None:
        # Written out for speed, as OrderResult's: one per adjudication.
        _set_position(self, position)
        _set_results(self, results)
        _set_next_position(self, next_position)
        _set_dislodged(self, dislodged)
        _set_standoffs(self, standoffs)
        _set_notes(self, notes)

    def result_of(self, order: Order) -> OrderResult | None:
        """The result for one order, or ``None`` if it was not given."""
        for result in self.results:
            if result.order == order:
                return result
        return None


_set_position = slot_setter(Adjudication, "position")
_set_results = slot_setter(Adjudication, "results")
_set_next_position = slot_setter(Adjudication, "next_position")
_set_dislodged = slot_setter(Adjudication, "dislodged")
_set_standoffs = slot_setter(Adjudication, "standoffs")
_set_notes = slot_setter(Adjudication, "notes")
