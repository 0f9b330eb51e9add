"""A map's own rules: ``first_phase:`` and the rule words ``build_any`` and ``mobilize``.

Each on the test map changed in one place (``tests/data/maps`` holds the broken files; these
are valid): where the game begins, where builds may go under the map's word, a preset and an
explicit ``builds`` option, and the one build of a mobilisation.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.model import Build, Location, Order, Phase, Unit, UnitType
from adjudicator.base.rules import Builds, Rules
from adjudicator.board.load import load_map, parse_map_text
from adjudicator.board.map import GameMap
from adjudicator.board.map_rules import MapRule, build_rule
from adjudicator.state.outcomes import Outcome
from adjudicator.state.position import Position

TESTMAP = (resources.files("adjudicator.maps") / "testmap.yaml").read_text(encoding="utf-8")


def _variant(extra: str, *, no_units: bool = False) -> GameMap:
    """The test map with ``extra`` top-level keys (and, if asked, no starting units)."""
    text = TESTMAP.replace("victory: 3\n", f"victory: 3\n{extra}", 1)
    if no_units:
        text = text.replace("start: [A CAP, F NPT]", "start: []")
        text = text.replace("start: [A FRT, F SPT]", "start: []")
    return parse_map_text(text, "variant.yaml")


def test_first_phase_year_one_begins_the_game_there() -> None:
    game_map = _variant("first_phase: S0001M\n")
    start = Position.initial(game_map)
    assert start.phase == Phase.parse("S0001M") and str(start.phase) == "S1M"
    after = adjudicate(start, {}, game_map=game_map).next_position
    assert after.phase == Phase.parse("F1M")
    assert Position.loads("map: testmap\nunits: {}\n").phase == Phase.parse("S1901M")


def test_first_phase_is_the_default_phase_of_a_position_file(tmp_path: Path) -> None:
    path = tmp_path / "w.yaml"
    path.write_text(TESTMAP.replace("victory: 3\n", "victory: 3\nfirst_phase: W1898A\n"), "utf-8")
    position = Position.loads(f"map: {path}\nunits: {{}}\n")
    assert str(position.phase) == "W1898A"


WINTER = Phase.parse("W1901A")
HILLS = Build(UnitType.ARMY, Location("HIL"))
"""A build on Hills, a neutral centre Northland owns: not one of its home centres."""


def _build_on_hills(game_map: GameMap, rules: Rules | None) -> Outcome:
    position = Position(
        game_map.name,
        WINTER,
        (Unit("Northland", UnitType.ARMY, Location("CAP")),),
        supply_centers={"Northland": ("CAP", "HIL", "NPT")},
    )
    orders: dict[str, list[Order]] = {"Northland": [HILLS]}
    result = adjudicate(position, orders, rules, game_map=game_map)
    (built,) = [r for r in result.results if r.order == HILLS]
    return built.outcome


@pytest.mark.parametrize(
    ("word", "rules", "outcome"),
    [
        (False, None, Outcome.ILLEGAL),  # the rulebook: home centres only
        (True, None, Outcome.SUCCEEDS),  # the map's word
        (True, Rules.preset("godip"), Outcome.SUCCEEDS),  # a preset leaves the word alone
        (True, Rules(builds=Builds.HOME), Outcome.ILLEGAL),  # an explicit choice wins
        (False, Rules(builds=Builds.ANY_OWNED), Outcome.SUCCEEDS),
    ],
)
def test_build_any(word: bool, rules: Rules | None, outcome: Outcome) -> None:
    game_map = _variant("rules: [build_any]\n") if word else load_map("testmap")
    assert (MapRule.BUILD_ANY in game_map.rules) is word
    assert _build_on_hills(game_map, rules) is outcome


def test_build_rule_resolves_the_map_default() -> None:
    assert build_rule(_variant("rules: [build_any]\n"), Rules()) is Builds.ANY_OWNED
    assert build_rule(load_map("testmap"), Rules()) is Builds.HOME
    assert Rules.from_mapping({"builds": "home"}).builds is Builds.HOME


def test_mobilize_one_build_on_any_home_centre_which_it_then_owns() -> None:
    game_map = _variant("first_phase: W1900A\nrules: [mobilize]\n", no_units=True)
    start = Position.initial(game_map)
    assert str(start.phase) == "W1900A"
    assert start.units == () and all(not c for c in start.supply_centers.values())
    port = Build(UnitType.FLEET, Location("NPT"))
    capital = Build(UnitType.ARMY, Location("CAP"))
    hills = Build(UnitType.ARMY, Location("HIL"))  # not a home centre
    orders: dict[str, list[Order]] = {"Northland": [port, capital], "Southland": [hills]}
    result = adjudicate(start, orders, game_map=game_map)
    outcome = {str(r.order): r.outcome for r in result.results}
    assert outcome == {
        "F NPT B": Outcome.SUCCEEDS,
        "A CAP B": Outcome.FAILS,  # one build only
        "A HIL B": Outcome.ILLEGAL,
    }
    after = result.next_position
    assert str(after.phase) == "S1901M"
    assert after.units == (Unit("Northland", UnitType.FLEET, Location("NPT")),)
    assert after.supply_centers == {"Northland": ("NPT",), "Southland": ()}
    # Only the first phase mobilises: a later winter counts centres as ever.
    later = Position(game_map.name, Phase.parse("W1901A"), (), supply_centers={"Northland": ()})
    again = adjudicate(later, {"Northland": [capital]}, game_map=game_map)
    assert [r.outcome for r in again.results] == [Outcome.ILLEGAL]
