"""``made_result`` (the adjudicators' fast way to make a result) makes the very value
``OrderResult(...)`` makes."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.base.model import Hold, Location, Move, UnitType
from adjudicator.state.outcomes import OrderResult, Outcome, Reason, made_result

_ORDERS = st.sampled_from(
    [
        Hold(UnitType.ARMY, Location("PAR")),
        Move(UnitType.FLEET, Location("BRE"), Location("MAO")),
        Move(UnitType.ARMY, Location("LON"), Location("NWY"), via_convoy=True),
    ]
)


@given(
    power=st.sampled_from(["France", "England"]),
    order=_ORDERS,
    outcome=st.sampled_from(list(Outcome)),
    reason=st.sampled_from(list(Reason)),
    cause=st.none() | _ORDERS,
    cause_power=st.none() | st.just("Germany"),
    code=st.none() | st.just("no-such-unit"),
)
def test_made_result_equals_the_class_call(
    power: str,
    order: Hold | Move,
    outcome: Outcome,
    reason: Reason,
    cause: Hold | Move | None,
    cause_power: str | None,
    code: str | None,
) -> None:
    made = made_result(power, order, outcome, reason, cause, cause_power, code)
    called = OrderResult(power, order, outcome, reason, cause, cause_power, code)
    assert type(made) is OrderResult
    assert made == called and hash(made) == hash(called) and repr(made) == repr(called)
    assert made.message == called.message


def test_a_made_result_is_immutable() -> None:
    made = made_result("France", Hold(UnitType.ARMY, Location("PAR")), Outcome.SUCCEEDS)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.power = "England"  # type: ignore[misc]
