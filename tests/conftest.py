"""Shared fixtures: the shipped maps, and where the reference data beside the checkout lives."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, is_hypothesis_test, settings

from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from tests.examples import examples

# No test's outcome may depend on how busy the machine is: Hypothesis's clock-based checks (the
# 200 ms deadline per example, the health check on slow data generation) fail a correct test on a
# loaded machine, so every run switches them off. CI also fixes the seed so that a submission's
# check is repeatable; local runs keep exploring new examples each time.
#
# No example database either: the suite runs in several processes at once (pytest-xdist), and
# examples saved by one worker would be replayed by whichever worker next runs the test, so that
# a run's outcome would depend on the runs before it and on how the tests were shared out.
#
# A property that names no count of its own draws a third of Hypothesis' hundred examples in the
# README's run and all of them in `.ci/run`'s second pass (`tests/examples.py`).
LOAD_INDEPENDENT = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    max_examples=examples(100),
)
settings.register_profile("local", LOAD_INDEPENDENT)
settings.register_profile("ci", LOAD_INDEPENDENT, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "local")

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def standard() -> GameMap:
    return load_map("standard")


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """``../shared`` beside the checkout; tests that need it skip cleanly when it is absent."""
    if not SHARED.is_dir():
        pytest.skip("reference data ../shared is not present")
    return SHARED


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # `.ci/run` selects the properties with `-m property` for their full count of examples.
    for item in items:
        if isinstance(item, pytest.Function) and is_hypothesis_test(item.obj):
            item.add_marker(pytest.mark.property)
