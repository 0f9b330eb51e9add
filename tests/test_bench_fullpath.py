"""The full-path benchmark's recorded phases read back, and our outcome agrees with the recorded
one (no timing here; the peers are not needed)."""

from __future__ import annotations

import pytest

from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.orders.read import parse_order
from benchmarks.bench_fullpath import (
    RECORD_PHASES,
    OursFullPath,
    TextPhase,
    _retreat_options_only,
    read_canonical,
    read_phases,
)
from benchmarks.generator import MAX_UNITS, MIN_UNITS


@pytest.fixture(scope="module")
def standard() -> GameMap:
    return load_map("standard")


@pytest.fixture(scope="module")
def phases() -> list[TextPhase]:
    return read_phases()


def test_the_recorded_phases_are_complete(phases: list[TextPhase]) -> None:
    assert len(phases) == RECORD_PHASES
    for phase in phases:
        units = sum(len(us) for us in phase.position["units"].values())
        orders = sum(len(os) for os in phase.orders.values())
        assert MIN_UNITS <= units <= MAX_UNITS, phase.label
        assert orders == units, phase.label  # one order per unit
        assert phase.recorded.units, phase.label


def test_pydip_reads_the_canonical_strings_as_we_do(
    phases: list[TextPhase], standard: GameMap
) -> None:
    """``read_canonical`` (the reader standing in for pydip's missing one) gives back every
    string, and the order our parser reads, on a sample."""
    lines = [text for phase in phases for texts in phase.orders.values() for text in texts]
    assert all(str(read_canonical(text)) == text for text in lines)
    for text in lines[:150]:
        assert read_canonical(text) == parse_order(text, standard), text


def test_our_outcome_is_the_recorded_one(phases: list[TextPhase], standard: GameMap) -> None:
    """Apart from where a unit dislodged by a convoyed attack may retreat (the package also
    lists occupied provinces; docs/benchmarks.md), on the first 30 phases."""
    ours = OursFullPath(standard)
    differing = [
        phase.label
        for phase in phases[:30]
        if (outcome := ours.outcome(ours.prepare(phase))) != phase.recorded
        and not _retreat_options_only(outcome, phase.recorded)
    ]
    assert differing == []
