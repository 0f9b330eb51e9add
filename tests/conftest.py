"""Shared fixtures: the shipped maps, and where the reference data beside the checkout lives."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.gamemap import GameMap, load_map

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
