"""Movement phases of random legal orders, as the `diplomacy` package 1.1.2 played them, replayed
under the ``diplomacy-package`` preset.

The phases (``tests/data/package_phases/movement.jsonl``, made by
``benchmarks/record_package_phases.py``; its README says how) are rich in the convoys DATC 4.A.3
is about: armies convoyed to provinces they could reach overland, with ``VIA`` and without, by
their own power's fleets and by others', along chains a fleet of which was not ordered. Every
phase must come out as the package's, apart from the reporting differences below and the two
package faults listed in :data:`PACKAGE_FAULTS`, whose exact differences are asserted too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.model import Location, Order, UnitType
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.orders.read import parse_order
from adjudicator.suites.replay import recorded_position

DATA = Path(__file__).resolve().parents[1] / "data" / "package_phases" / "movement.jsonl"

CONVOYED_ATTACK = (
    "A convoyed army's attack is supported by a unit of the attacked unit's own power. Such a "
    "support never helps to dislodge its own side's unit (DATC 6.D.12): over land the package "
    "agrees (A SIL - PRU with F BER S A SIL - PRU stays where F BER and A PRU are Russian), "
    "but for a convoyed army it counts the support and dislodges the unit."
)
CONVOY_DISRUPTED = (
    "A convoying fleet is attacked with a support from the fleet's own power, which cannot "
    "dislodge it (DATC 6.D.12), so the convoy stands. The package takes the convoy for "
    "disrupted because the supported attack is the strongest in the fleet's province."
)
PACKAGE_FAULTS: Mapping[str, tuple[str, list[str]]] = {
    "movement #154": (
        CONVOY_DISRUPTED + " Here France's F HEL supports F LON - NTH against France's F NTH, "
        "which convoys A SWE - EDI.",
        ["units ours only: ENGLAND A EDI", "units package only: ENGLAND A SWE"],
    ),
    "movement #225": (
        CONVOY_DISRUPTED + " Here France's F YOR supports F SKA - NTH against France's F NTH, "
        "which convoys A LON - BEL.",
        ["units ours only: ENGLAND A BEL", "units package only: ENGLAND A LON"],
    ),
    "movement #260": (
        CONVOYED_ATTACK + " Here England's A UKR supports A BUL - SEV VIA against England's A SEV.",
        [
            "units ours only: AUSTRIA A BUL, ENGLAND A SEV",
            "units package only: AUSTRIA A SEV",
            "dislodged package only: ENGLAND A SEV",
        ],
    ),
    "movement #321": (
        CONVOY_DISRUPTED + " Here England's F MAR supports F TUS - LYO against England's F LYO, "
        "which convoys A TUN - PIE.",
        ["units ours only: AUSTRIA A PIE", "units package only: AUSTRIA A TUN"],
    ),
}
"""Phases where the package breaks a rule that no option covers (a unit's own power cannot help
to dislodge it): label -> (why, the exact differences, asserted)."""


@cache
def records() -> list[dict[str, Any]]:
    with DATA.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


@cache
def standard() -> GameMap:
    return load_map("standard")


def differences(record: Mapping[str, Any], rules: Rules) -> list[str]:
    """How our result under ``rules`` differs from the package's, in words (empty: agrees)."""
    game_map = standard()
    state = {"units": record["units"], "centers": record["centers"]}
    position = recorded_position({"name": record["phase"], "state": state}, game_map)
    orders: dict[str, list[Order]] = {}
    for power_name, texts in record["orders"].items():
        (power,) = game_map.lookup_power(power_name)
        orders[power] = [parse_order(text, game_map, position, lang="en") for text in texts]
    after = adjudicate(position, orders, rules, game_map=game_map).next_position

    found: list[str] = []
    ours = {f"{u.power.upper()} {u}" for u in after.units}
    theirs = {f"{p} {u}" for p, units in record["after"]["units"].items() for u in units}
    if ours != theirs:
        found.append(f"units ours only: {', '.join(sorted(ours - theirs))}")
        found.append(f"units package only: {', '.join(sorted(theirs - ours))}")
    recorded = {
        f"{p} {unit}": {r.partition("/")[0] for r in options}
        for p, units in record["after"]["dislodged"].items()
        for unit, options in units.items()
    }
    for d in after.dislodged:
        key = f"{d.unit.power.upper()} {d.unit}"
        options = {r.province for r in d.retreats}
        if key not in recorded:
            # Reporting difference: a dislodged unit with nowhere to go is disbanded by the
            # package at once, while we keep it for the retreat phase, where it can only be
            # disbanded. The positions after the retreats are the same.
            if options:
                found.append(f"dislodged ours only: {key}")
            continue
        package_options = recorded.pop(key)
        if d.by_convoy:
            # Reporting difference: the package offers a unit that a convoyed army dislodged
            # every neighbour as a retreat, occupied or contested ones too (its retreat test
            # reads "free and not the attacker's origin, or the attacker came by convoy"); the
            # options we give must be among them.
            if not options <= package_options:
                found.append(f"retreats of {key}: ours {sorted(options)} not among the package's")
        elif options != package_options:
            found.append(f"retreats of {key}: ours {sorted(options)}, {sorted(package_options)}")
    found.extend(f"dislodged package only: {key}" for key in sorted(recorded))
    return found


def agreement(rules: Rules) -> int:
    """On how many recorded phases ``rules`` give the package's result."""
    return sum(not differences(record, rules) for record in records())


def test_the_recorded_phases_exercise_adjacent_convoys() -> None:
    game_map = standard()
    assert len(records()) >= 300
    adjacent = via = 0
    for record in records():
        for texts in record["orders"].values():
            for text in texts:
                words = text.split()
                if words[0] == "A" and words[2] == "-":
                    steps = game_map.reachable_provinces(Location(words[1]), UnitType.ARMY)
                    if words[3] in steps and any(
                        f"C A {words[1]} - {words[3]}" in t
                        for ts in record["orders"].values()
                        for t in ts
                    ):
                        adjacent += 1
                        via += words[-1] == "VIA"
    assert adjacent > 100
    assert 0 < via < adjacent


def test_every_phase_agrees_under_the_diplomacy_package_preset() -> None:
    rules = Rules.preset("diplomacy-package")
    disagreeing = {}
    for record in records():
        found = differences(record, rules)
        if record["label"] in PACKAGE_FAULTS:
            assert found == PACKAGE_FAULTS[record["label"]][1], record["label"]
        elif found:
            disagreeing[record["label"]] = found
    assert disagreeing == {}


@pytest.mark.parametrize("choice", ["2023", "explicit", "fallback", "godip"])
def test_other_readings_of_4a3_disagree_with_the_package(choice: str) -> None:
    """The package's reading of DATC 4.A.3 is none of the others: each loses phases."""
    rules = Rules.preset("diplomacy-package").replace(adjacent_convoy=choice)
    assert agreement(rules) < agreement(Rules.preset("diplomacy-package"))
