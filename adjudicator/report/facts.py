"""The facts of a results report, in one language's words, before any layout.

:mod:`adjudicator.report.render` gathers them; the text layout and the JSON/YAML data both print
them, so every format carries the same facts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.base.model import Location, Phase, Unit
from adjudicator.lang.words import NoteKey
from adjudicator.state.outcomes import Outcome, Reason


@dataclass(frozen=True, slots=True)
class OrderFact:
    """One order line: the order, its fate and why."""

    power: str
    order: str
    """The canonical short form (``A VIE - GAL``)."""
    long: str
    """The judge long form without power and full stop (``Army Vienna -> Galicia``)."""
    outcome: Outcome
    reason: Reason
    notes: tuple[NoteKey, ...]
    """Printed as ``(*bounce, dislodged*)`` in the report's words; JSON and YAML give the keys."""
    why: tuple[str, ...]
    """Sentences explaining a failure (or a dislodgement)."""
    cause: str | None
    cause_power: str | None
    code: str | None
    message: str
    """The result's short diagnostic in the report's language (empty where the outcome and reason
    say it all): in English ``OrderResult.message``, with the powers by their English names
    (which are their ids on the shipped maps)."""
    dislodged: bool


@dataclass(frozen=True, slots=True)
class DislodgedFact:
    """A unit dislodged this phase and where it may go."""

    unit: Unit
    attacked_from: str
    by_convoy: bool
    retreats: tuple[Location, ...]
    text: str


@dataclass(frozen=True, slots=True)
class CountFact:
    """One power's centres, units and the adjustment it owes (positive: builds)."""

    power: str
    centers: int
    units: int
    adjustment: int


@dataclass(frozen=True, slots=True)
class OwnershipFact:
    """Centre ownership after a Fall, the adjustments it brings, and any winner."""

    centers: Mapping[str, tuple[str, ...]]
    unowned: tuple[str, ...]
    counts: tuple[CountFact, ...]
    winners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReportFacts:
    """Everything a report says, in one language's words, before layout."""

    map_name: str
    phase: Phase
    next_phase: Phase
    lang: str
    title: str
    closing: str
    orders: tuple[OrderFact, ...]
    dislodged: tuple[DislodgedFact, ...]
    standoffs: tuple[str, ...]
    ownership: OwnershipFact | None
    notes: tuple[str, ...]
    """The notes about the phase as a whole, in the report's words."""
