"""The plain-data reader behind ``Position.from_dict``: data written as ``to_dict`` writes it
reads to the very position the full reader gives, and anything else is left to the full reader,
so every bad input still gets its error.

The oracle is ``Position.loads`` of the same data as JSON: the full reader, which never takes the
plain path."""

from __future__ import annotations

import copy
import gc
import json
import weakref
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.base.errors import PositionError
from adjudicator.base.model import Location, Phase, PhaseType, Season, Unit, UnitType
from adjudicator.board.load import load_map, parse_map_text
from adjudicator.board.per_map import PerMap
from adjudicator.state import plain
from adjudicator.state.plain import read_plain
from adjudicator.state.position import Position
from tests.examples import examples

STANDARD = load_map("standard")
PLACES = sorted(
    (unit_type, location)
    for pid in STANDARD.provinces
    for unit_type in UnitType
    for location in STANDARD.locations(pid, unit_type)
)
CENTRES = sorted(STANDARD.supply_centers)
POWERS = sorted(STANDARD.powers)


def _full_reader(data: Any) -> Position | PositionError:
    """What the full reader makes of ``data``: the position or its error."""
    try:
        return Position.loads(json.dumps(data), STANDARD, "data.json")
    except PositionError as error:
        return error


def _from_dict(data: Any) -> Position | PositionError:
    try:
        return Position.from_dict(data, STANDARD)
    except PositionError as error:
        return error


def _agree(data: Any) -> Position | PositionError:
    """``from_dict`` gives what the full reader gives: the same position, or an error with the
    same problems (their keys and messages)."""
    expected, got = _full_reader(data), _from_dict(data)
    if isinstance(expected, PositionError):
        assert isinstance(got, PositionError), data
        assert read_plain(data, STANDARD) is None
        assert [(d.code, d.message) for d in got.diagnostics] == [
            (d.code, d.message) for d in expected.diagnostics
        ]
    else:
        assert got == expected
        assert repr(got) == repr(expected)  # the same order of units and centres too
    return got


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A movement or adjustment position of the standard map: units of any power on distinct
    provinces, centres owned by anyone, standoffs anywhere."""
    places = draw(st.lists(st.sampled_from(PLACES), max_size=34, unique_by=lambda p: p[1].province))
    units = [Unit(draw(st.sampled_from(POWERS)), t, loc) for t, loc in places]
    owned = draw(st.lists(st.sampled_from(CENTRES), unique=True))
    centres: dict[str, list[str]] = {}
    for pid in owned:
        centres.setdefault(draw(st.sampled_from(POWERS)), []).append(pid)
    standoffs = draw(st.lists(st.sampled_from(sorted(STANDARD.provinces)), max_size=3))
    season = draw(st.sampled_from([Season.SPRING, Season.FALL, Season.WINTER]))
    kind = PhaseType.ADJUSTMENT if season is Season.WINTER else PhaseType.MOVEMENT
    phase = Phase(season, draw(st.integers(1901, 1999)), kind)
    owners = {power: tuple(pids) for power, pids in centres.items()}
    return Position(STANDARD.name, phase, tuple(units), (), frozenset(standoffs), owners)


@settings(max_examples=examples(150), deadline=None)
@given(positions())
def test_what_to_dict_writes_reads_by_the_plain_path_to_the_same_position(
    position: Position,
) -> None:
    data = position.to_dict()
    assert read_plain(data, STANDARD) is not None
    assert _agree(data) == position


@settings(max_examples=examples(150), deadline=None)
@given(positions(), st.data())
def test_shuffled_and_respelled_data_reads_as_the_full_reader_reads_it(
    position: Position, draw: st.DataObject
) -> None:
    data = position.to_dict()
    data["units"] = {
        draw.draw(st.sampled_from([power, power.upper(), power[:3].upper()])): draw.draw(
            st.permutations([draw.draw(st.sampled_from([u, u.lower(), " " + u])) for u in units])
        )
        for power, units in reversed(data["units"].items())
    }
    _agree(data)


def _start() -> dict[str, Any]:
    return Position.initial(STANDARD).to_dict()


def _changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(_start())
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


BAD = {
    "a unit twice": (("units", "France"), ["A PAR", "F BRE", "A MAR", "A PAR"]),
    "two units in one province": (("units", "Italy"), ["A ROM", "F NAP", "A PAR"]),
    "an unknown unit": (("units", "France", 0), "A XYZ"),
    "a fleet inland": (("units", "France", 0), "F PAR"),
    "a unit that is no text": (("units", "France", 0), 5),
    "a unit that is a list": (("units", "France", 0), ["A PAR"]),
    "units that are no list": (("units", "France"), {"A PAR": 1}),
    "units that are no mapping": (("units",), ["A PAR"]),
    "a power twice": (("units", "ENG"), ["A YOR"]),
    "an unknown power": (("units", "Atlantis"), ["A YOR"]),
    "a centre twice": (("supply_centers", "France"), ["BRE", "MAR", "PAR", "PAR"]),
    "a centre owned twice": (("supply_centers", "France"), ["BRE", "MAR", "PAR", "MUN"]),
    "a province that is no centre": (("supply_centers", "France"), ["BUR"]),
    "an unknown centre": (("supply_centers", "France"), ["Atlantis"]),
    "an empty centre": (("supply_centers", "France"), [" "]),
    "a centre that is a mapping": (("supply_centers", "France"), [{"BRE": 1}]),
    "centres that are no list": (("supply_centers", "France"), "BRE"),
    "a standoff that is no province": (("standoffs",), ["Atlantis"]),
    "standoffs that are no list": (("standoffs",), "BUR"),
    "dislodged units that are no mapping": (("dislodged",), []),
    "an unknown phase": (("phase",), "X1901M"),
    "a winter movement": (("phase",), "W1901M"),
    "another map": (("map",), "ancient"),
    "an unknown key": (("extra",), 1),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_data_gets_the_full_readers_errors(case: str) -> None:
    path, value = BAD[case]
    assert isinstance(_agree(_changed(path, value)), PositionError)


GOOD = {
    "no map": (("map",), None),
    "units in any case": (("units", "France"), ["a par", "F Bre", "A MAR"]),
    "units by name": (("units", "France"), ["Army Paris", "Fleet Brest", "A Marseilles"]),
    "a power by its code": (("units", "FRA"), ["A BUR"]),
    "no units": (("units",), None),
    "no centres of a power": (("supply_centers", "France"), None),
    "no centres given": (("supply_centers",), None),
    "dislodged: none": (("dislodged",), None),
    "standoffs by name": (("standoffs",), ["Burgundy", "bur"]),
    "no standoffs": (("standoffs",), None),
    "no phase": (("phase",), None),
}


@pytest.mark.parametrize("case", sorted(GOOD))
def test_other_spellings_read_as_the_full_reader_reads_them(case: str) -> None:
    path, value = GOOD[case]
    data = _changed(path, value)
    if path == ("units", "FRA"):
        del data["units"]["France"]
    assert isinstance(_agree(data), Position)


def test_dislodged_units_are_read_by_the_full_reader() -> None:
    data = _changed(("dislodged",), {"France": {"A PIC": "BUR"}})
    assert read_plain(data, STANDARD) is None
    read = _agree(data)
    assert isinstance(read, Position)
    assert read.dislodged[0].unit == Unit("France", UnitType.ARMY, Location("PIC"))


def test_a_map_name_loads_the_map_as_the_full_reader_does() -> None:
    data = _start()
    found = read_plain(data, None)
    assert found is not None and found[0] is STANDARD
    assert Position.from_dict(data) == Position.initial(STANDARD)
    data["map"] = "no-such-map"
    assert read_plain(data, None) is None
    with pytest.raises(PositionError, match="no-such-map"):
        Position.from_dict(data)


def test_the_memos_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plain, "_MEMO_LIMIT", 3)
    monkeypatch.setattr(plain, "_memo", PerMap(plain._Memo))
    spellings = ["A PAR", "a par", "A Par", "a PAR", "Army Paris", "army paris"]
    for text in spellings:
        data = _changed(("units", "France"), [text])
        assert Position.from_dict(data, STANDARD).units_of("France") == (
            Unit("France", UnitType.ARMY, Location("PAR")),
        )
    memo = plain._memo(STANDARD)
    assert len(memo.units["France"]) == 3
    assert len(memo.powers) <= 3 and len(memo.provinces) <= 3


def test_a_map_is_not_kept_alive_by_its_memo() -> None:
    source = Path(__file__).resolve().parents[2] / "maps" / "standard.yaml"
    game_map = parse_map_text(source.read_text(encoding="utf-8"), "standard.yaml")
    data = Position.initial(game_map).to_dict()
    assert Position.from_dict(data, game_map) == Position.initial(game_map)
    assert plain._memo(game_map).units  # remembered while the map lives
    gone = weakref.ref(game_map)
    del game_map
    gc.collect()
    assert gone() is None
