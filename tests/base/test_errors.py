"""The error types: what survives a trip to another process."""

from __future__ import annotations

import pickle

import pytest

from adjudicator.base.errors import InputError, OrderSyntaxError, PositionError


@pytest.mark.parametrize("kind", [InputError, PositionError, OrderSyntaxError])
def test_an_input_error_pickles_with_its_class_and_diagnostics(kind: type[InputError]) -> None:
    """``replay --jobs`` sends a game's error back from a worker process. The message quotes
    the offending text, braces and all, which once broke unpickling (it was read as a format
    string)."""
    error = kind.single("unknown province '{XYZ'", "unknown-province", "game.json", 3, 7, hint="h")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is kind
    assert copy.diagnostics == error.diagnostics
    assert str(copy) == str(error)
