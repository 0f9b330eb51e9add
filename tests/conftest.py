"""Shared fixtures: the shipped maps, and where the reference data beside the checkout lives."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap

# CI runs the property tests with a fixed seed so that a submission's check is repeatable;
# local runs keep exploring new examples each time.
settings.register_profile("ci", derandomize=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

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
