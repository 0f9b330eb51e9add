"""Fuzzing the replay of saved games: mutations of a small game in the ``diplomacy`` package's
format (as :mod:`adjudicator.suites.replay` reads it), as data that JSON can hold and as JSON
text, replay (matched or not) or raise our :class:`~adjudicator.base.errors.InputError`, never
another exception."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest

from adjudicator.base.errors import InputError
from adjudicator.suites.replay import replay_file, replay_game
from tests.fuzz.explore import JSON_KEYS, MODES, Mode, fuzz, mutants, text_mutants

_START_UNITS = {
    "AUSTRIA": ["A VIE", "F TRI", "A BUD"],
    "ENGLAND": ["F EDI", "F LON", "A LVP"],
    "FRANCE": ["F BRE", "A PAR", "A MAR"],
    "GERMANY": ["F KIE", "A MUN", "A BER"],
    "ITALY": ["F NAP", "A ROM", "A VEN"],
    "RUSSIA": ["F STP/SC", "A MOS", "A WAR", "F SEV"],
    "TURKEY": ["F ANK", "A SMY", "A CON"],
}
_CENTRES = {
    "AUSTRIA": ["VIE", "TRI", "BUD"],
    "ENGLAND": ["EDI", "LON", "LVP"],
    "FRANCE": ["BRE", "PAR", "MAR"],
    "GERMANY": ["KIE", "MUN", "BER"],
    "ITALY": ["NAP", "ROM", "VEN"],
    "RUSSIA": ["STP", "MOS", "WAR", "SEV"],
    "TURKEY": ["ANK", "SMY", "CON"],
}
_AFTER = dict(
    _START_UNITS,
    FRANCE=["F MAO", "A BUR", "A MAR"],
    GERMANY=["F KIE", "A MUN", "A BER"],
    ENGLAND=["F NWG", "F NTH", "A EDI"],
)
GAME: dict[str, Any] = {
    "id": "fuzz",
    "map": "standard",
    "phases": [
        {
            "name": "S1901M",
            "state": {"name": "S1901M", "units": _START_UNITS, "centers": _CENTRES},
            "orders": {
                "FRANCE": ["F BRE - MAO", "A PAR - BUR", "A MAR S A PAR - BUR"],
                "ENGLAND": ["F EDI - NWG", "F LON - NTH", "A LVP - EDI"],
                "GERMANY": ["A MUN - BUR"],
            },
        },
        {
            "name": "F1901M",
            "state": {"name": "F1901M", "units": _AFTER, "centers": _CENTRES},
            "orders": {},
        },
    ],
}
"""Spring 1901 (France takes Burgundy with support, Munich bounces, England sails) and the state
of Fall 1901 it leads to."""


def check_data(data: Any) -> None:
    try:
        replay_game(data, "fuzz.json")
    except InputError as exc:
        assert exc.diagnostics


@pytest.mark.parametrize("mode", MODES)
def test_mutated_game_data_replays_or_is_refused(mode: Mode) -> None:
    fuzz(mode, 60, check_data, mutants(GAME, JSON_KEYS))  # data as JSON reads it


def check_text(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            replay_file(path)
        except InputError as exc:
            assert exc.diagnostics


@pytest.mark.parametrize("mode", MODES)
def test_mutated_game_files_replay_or_are_refused(mode: Mode) -> None:
    fuzz(mode, 30, check_text, text_mutants(json.dumps(GAME)))


def test_the_game_fuzzed_replays_as_recorded() -> None:
    replay = replay_game(GAME, "fuzz.json")
    assert replay.matched and replay.phases == 1


def test_null_units_of_a_power_are_no_units() -> None:
    """Found by this fuzzing: the shape check lets ``null`` through for a power's units (the
    package writes it for an eliminated power), and reading them then raised ``TypeError``."""
    game = mutated(("phases", 1, "state", "units", "TURKEY"), None)
    replay = replay_game(game, "fuzz.json")
    assert not replay.matched and "Turkey A CON" in (replay.difference or "")


@pytest.mark.parametrize(
    "value",
    [10**5000, ["standard"], {"name": "standard"}, 1.5],
    ids=["5001 digits", "list", "mapping", "float"],
)
def test_a_map_that_is_no_name_is_refused(value: object) -> None:
    """Found by this fuzzing: ``map`` was read with ``str()``, which raises ``ValueError`` for
    a number of more than 4,300 digits (and turned a list into a map name)."""
    with pytest.raises(InputError, match="map: must be a map name like 'standard'"):
        replay_game(mutated(("map",), value), "fuzz.json")


def mutated(path: tuple[Any, ...], value: object) -> dict[str, Any]:
    game = json.loads(json.dumps(GAME))
    node = game
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return game  # type: ignore[no-any-return]
