"""Fingerprints of adjudications, for comparing the compiled core with the pure one.

``python -m tests.adjudication.core_fingerprints [--quick]`` prints one line per adjudication
(``id<TAB>sha256 of its repr``), then a last line naming the core that made them (``core
compiled`` or ``core pure``). ``test_compiled_core`` runs it twice, with and without
``ADJUDICATOR_PURE=1``, under ``PYTHONHASHSEED=0`` (a ``repr`` lists frozensets in hash order),
and compares the two outputs line by line.

What it adjudicates, under the default rules and every preset:

- every case under ``test_cases/`` (each step; with the case's own rules too), and what the
  run made of it (an exception inside the engine is a difference, fingerprinted with the rest);
- the recorded package phases of ``benchmarks/data/fullpath_movement.jsonl``, from plain data
  and order text (``--quick``: the first 100);
- every phase of the 40 recorded games under ``../shared/games/cicero`` (absent: left out),
  from its recorded state and orders (``--quick``: the first 4 games).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from adjudicator.adjudication import engine as engine_module
from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.core import is_compiled
from adjudicator.base.model import Order
from adjudicator.base.rules import PRESETS, Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.orders.read import parse_orders
from adjudicator.state.outcomes import Adjudication
from adjudicator.state.position import Position
from adjudicator.suites.load import case_files, load_cases
from adjudicator.suites.replay import recorded_position
from adjudicator.suites.run import run_case

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "test_cases"
PHASES = ROOT / "benchmarks" / "data" / "fullpath_movement.jsonl"
GAMES = ROOT.parent / "shared" / "games" / "cicero"
RULE_SETS: dict[str, Rules] = {"default": Rules()} | {name: Rules.preset(name) for name in PRESETS}


def digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:24]


def case_lines() -> Iterator[str]:
    for path in case_files([CASES]):
        for case in load_cases(path):
            for label, rules in {"own": case.rules, **RULE_SETS}.items():

                def run(
                    position: Position,
                    orders: Mapping[str, Sequence[Order]],
                    _rules: Rules,
                    game_map: GameMap = case.game_map,
                    rules: Rules = rules,
                ) -> Adjudication:
                    return adjudicate(position, orders, rules, game_map=game_map)

                outcome = run_case(case, run)
                key = f"case {case.path}:{case.line} {case.id} {label}"
                yield f"{key}\t{digest((outcome.adjudications, outcome.differences))}"


def phase_lines(limit: int | None) -> Iterator[str]:
    game_map = load_map("standard")
    with PHASES.open(encoding="utf-8") as lines:
        header = json.loads(next(lines))
        for number, line in enumerate(lines):
            if limit is not None and number >= limit:
                return
            raw = json.loads(line)
            data = {
                "map": header["map"],
                "phase": raw["phase"],
                "units": raw["units"],
                "supply_centers": header["supply_centers"],
            }
            text = "".join(
                f"{power}:\n" + "".join(f"{o}\n" for o in orders)
                for power, orders in raw["orders"].items()
            )
            position = Position.from_dict(data, game_map)
            orders = parse_orders(text, game_map, position).by_power()
            for label, rules in RULE_SETS.items():
                result = adjudicate(position, orders, rules, game_map=game_map)
                yield f"phase {raw['label']} {label}\t{digest(result)}"


def game_lines(limit: int | None) -> Iterator[str]:
    if not GAMES.is_dir():
        return
    game_map = load_map("standard")
    for path in sorted(GAMES.glob("*.json"))[:limit]:
        game: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        for phase in game["phases"]:
            try:
                position = recorded_position(phase, game_map)
            except ValueError:
                continue  # the game's last entry, COMPLETED, is no phase to adjudicate
            text = "".join(
                f"{power}:\n" + "".join(f"{o}\n" for o in orders)
                for power, orders in (phase.get("orders") or {}).items()
            )
            orders = parse_orders(text, game_map, position, lang="en").by_power()
            for label, rules in RULE_SETS.items():
                result = adjudicate(position, orders, rules, game_map=game_map)
                yield f"game {path.name} {phase['name']} {label}\t{digest(result)}"


def main(argv: Sequence[str]) -> int:
    quick = "--quick" in argv
    for line in case_lines():
        print(line)
    for line in phase_lines(100 if quick else None):
        print(line)
    for line in game_lines(4 if quick else None):
        print(line)
    print(f"core {'compiled' if is_compiled(engine_module) else 'pure'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
