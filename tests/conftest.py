"""Shared fixtures: the shipped maps, and where the reference data beside the checkout lives."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap

# No test's outcome may depend on how busy the machine is: Hypothesis's clock-based checks (the
# 200 ms deadline per example, the health check on slow data generation) fail a correct test on a
# loaded machine, so every run switches them off. CI also fixes the seed so that a submission's
# check is repeatable; local runs keep exploring new examples each time.
#
# No example database either: the suite runs in several processes at once (pytest-xdist), and
# examples saved by one worker would be replayed by whichever worker next runs the test, so that
# a run's outcome would depend on the runs before it and on how the tests were shared out.
LOAD_INDEPENDENT = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
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
