"""Ours beside dipcc, the ``diplomacy`` package and pydip, in one run (issue 22).

Usage::

    python benchmarks/bench_dipcc.py [--phases N] [--rounds R] [--games PATH] [--dipcc PATH]

Two columns on the same recorded movement phases (``data/fullpath_movement.jsonl``, as
``bench_fullpath.py`` reads them), every engine in the same rounds, interleaved:

- **adjudication alone**: each engine's own position and orders built beforehand (untimed),
  then the adjudication timed: ours ``adjudicate(position, orders, game_map=m)``, and ours
  again with the work split as dipcc splits it (its ``set_orders``, untimed, parses the orders
  and drops the illegal ones; here ``check_orders`` untimed, then the movement adjudication of
  the checked orders); the package's
  ``Game.process()`` on a game whose state and orders were set; dipcc's ``Game.process()`` on a
  game read from JSON with its orders set; pydip's ``resolve_turn`` on its commands;
- **the whole path**: the position as plain data and the orders as text in, the result out:
  ours ``Position.from_dict`` + ``parse_orders`` + ``adjudicate``; the package ``Game()`` +
  ``set_state`` + ``set_orders`` + ``process``; dipcc ``json.dumps`` of the saved-game phase
  (its reader takes JSON text, as ours takes plain data) + ``Game.from_json`` + ``set_orders``
  + ``process``; pydip its players and commands from the strings + ``resolve_turn``.

A third table replays the 40 recorded games (``../shared/games/cicero``), each phase from its
recorded state and orders to the next state, compared with the record: ours
``suites.replay.replay_game`` on the games read into plain data (warm, as an archive replay
is); dipcc per phase ``json.dumps`` + ``Game.from_json`` + ``set_orders`` + ``process`` +
``get_state`` and the comparison of units and centres. Retreats and adjustments included.

Each round times every engine over every phase (the garbage collector off during an engine's
pass; what an engine returns is released after its clock is read, as the package's and dipcc's
games keep their state); a round's figure is its mean per phase, its ratio the package's time
over the engine's in that round, and the table quotes the medians over the rounds. dipcc is the
Python binding in ``../shared/peers/dipcc`` (MIT, not shipped): without it, or without the other
peers, their rows are skipped with a message. ``docs/benchmarks.md`` gives the figures."""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator.adjudication import engine as engine_module
from adjudicator.adjudication.engine import adjudicate
from adjudicator.adjudication.legality.check import check_orders
from adjudicator.adjudication.movement.phase import adjudicate_movement
from adjudicator.base.core import is_compiled
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.orders.read import parse_orders
from adjudicator.state.position import Position
from benchmarks.bench_fullpath import (
    PackageFullPath,
    PydipFullPath,
    TextPhase,
    read_phases,
)
from benchmarks.peers import Outcome, Unavailable, dislodged_key, our_outcome
from benchmarks.peers import PydipPhase as PreparedPydip

SHARED = Path(__file__).resolve().parents[2] / "shared"
DIPCC = SHARED / "peers" / "dipcc"
GAMES = SHARED / "games" / "cicero"
BASELINE = "diplomacy"
GOALS = {"alone": 25.0, "whole": 16.0}
"""The issue's goals, as multiples of the package in each column."""


class Row:
    """One engine: how it prepares and runs a phase in each column, and its outcome."""

    name: str

    def prepare_alone(self, phase: TextPhase) -> Any: ...

    def alone(self, prepared: Any) -> float: ...

    def prepare_whole(self, phase: TextPhase) -> Any: ...

    def whole(self, prepared: Any) -> float: ...

    def outcome(self, phase: TextPhase) -> Outcome: ...


# --------------------------------------------------------------------------- ours
class Ours(Row):
    def __init__(self, game_map: GameMap) -> None:
        core = "compiled" if is_compiled(engine_module) else "pure Python"
        self.name = f"adjudicator ({core} core)"
        self.map = game_map

    def prepare_alone(self, phase: TextPhase) -> Any:
        position = Position.from_dict(phase.position, self.map)
        return position, parse_orders(phase.order_text(), self.map, position).by_power()

    def alone(self, prepared: Any) -> float:
        position, orders = prepared
        game_map = self.map
        start = time.perf_counter()
        # Released after the clock is read, as the games of the package and dipcc keep theirs.
        _kept = adjudicate(position, orders, game_map=game_map)
        return time.perf_counter() - start

    def prepare_whole(self, phase: TextPhase) -> Any:
        return phase.position, phase.order_text()

    def whole(self, prepared: Any) -> float:
        data, text = prepared
        game_map = self.map
        start = time.perf_counter()
        position = Position.from_dict(data, game_map)
        orders = parse_orders(text, game_map, position).by_power()
        # Released after the clock is read, as the games of the package and dipcc keep theirs.
        _kept = adjudicate(position, orders, game_map=game_map)
        return time.perf_counter() - start

    def outcome(self, phase: TextPhase) -> Outcome:
        position, orders = self.prepare_alone(phase)
        return our_outcome(adjudicate(position, orders, game_map=self.map).next_position)


class OursChecked(Ours):
    """The work split as dipcc splits it: its ``set_orders`` parses and checks the orders
    before the timed ``process()``; here :func:`check_orders` checks them before the timed
    adjudication of the checked orders (the movement adjudicator that ``adjudicate`` runs after
    its checks). The whole path is :class:`Ours`'s."""

    def __init__(self, game_map: GameMap) -> None:
        super().__init__(game_map)
        self.name = f"{self.name}, orders checked untimed"
        self.rules = Rules()

    def prepare_alone(self, phase: TextPhase) -> Any:
        position, orders = super().prepare_alone(phase)
        return position, check_orders(position, orders, self.map, self.rules)

    def alone(self, prepared: Any) -> float:
        position, checked = prepared
        game_map, rules = self.map, self.rules
        start = time.perf_counter()
        # Released after the clock is read, as the games of the package and dipcc keep theirs.
        _kept = adjudicate_movement(position, checked, game_map, rules)
        return time.perf_counter() - start

    def outcome(self, phase: TextPhase) -> Outcome:
        position, checked = self.prepare_alone(phase)
        return our_outcome(
            adjudicate_movement(position, checked, self.map, self.rules).next_position
        )


# --------------------------------------------------------------------------- the package
class Package(Row):
    name = BASELINE

    def __init__(self) -> None:
        self.inner = PackageFullPath(with_state=True)  # raises Unavailable without it
        self.game_class = self.inner._game_class

    def prepare_alone(self, phase: TextPhase) -> Any:
        return self.inner.prepare(phase)

    def alone(self, prepared: Any) -> float:
        game = self.game_class()
        game.set_state(prepared.state)
        for power, orders in prepared.orders.items():
            game.set_orders(power, orders)
        start = time.perf_counter()
        game.process()
        return time.perf_counter() - start

    def prepare_whole(self, phase: TextPhase) -> Any:
        return self.inner.prepare(phase)

    def whole(self, prepared: Any) -> float:
        start = time.perf_counter()
        game = self.game_class()
        game.set_state(prepared.state)
        for power, orders in prepared.orders.items():
            game.set_orders(power, orders)
        game.process()
        return time.perf_counter() - start

    def outcome(self, phase: TextPhase) -> Outcome:
        return self.inner.outcome(self.inner.prepare(phase))


# --------------------------------------------------------------------------- dipcc
def load_dipcc(folder: Path) -> Any:
    """dipcc's Python binding from ``folder``; :class:`Unavailable` when it is not there."""
    if not folder.is_dir():
        raise Unavailable(f"dipcc's binding is not at {folder} (../shared/peers/dipcc)")
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module("pydipcc")
    except ImportError as exc:
        raise Unavailable(f"dipcc's binding cannot be imported ({exc})") from None
    finally:
        sys.path.remove(str(folder))


def dipcc_phase(name: str, state: dict[str, Any]) -> dict[str, Any]:
    """A saved game of one phase, as dipcc's ``Game.from_json`` reads it."""
    return {"phases": [{"name": name, "state": state, "orders": {}, "messages": [], "results": {}}]}


class Dipcc(Row):
    name = "dipcc (C++, Python binding)"

    def __init__(self, folder: Path) -> None:
        self.game_class = load_dipcc(folder).Game
        self.set_orders_seconds: list[float] = []
        """What ``set_orders`` took before each timed ``process()``: it parses the orders and
        drops the illegal ones, the work our column-one figure includes."""

    def _state(self, phase: TextPhase) -> dict[str, Any]:
        position = phase.position
        powers = sorted({*position["units"], *position["supply_centers"]})
        return {
            "name": position["phase"],
            "units": {p.upper(): list(position["units"].get(p, ())) for p in powers},
            "centers": {p.upper(): list(position["supply_centers"].get(p, ())) for p in powers},
            "homes": {},
            "retreats": {p.upper(): {} for p in powers},
        }

    def _orders(self, phase: TextPhase) -> dict[str, list[str]]:
        return {p.upper(): list(os) for p, os in phase.orders.items()}

    def prepare_alone(self, phase: TextPhase) -> Any:
        return json.dumps(dipcc_phase(phase.position["phase"], self._state(phase))), self._orders(
            phase
        )

    def alone(self, prepared: Any) -> float:
        text, orders = prepared
        game = self.game_class.from_json(text)
        start = time.perf_counter()
        for power, items in orders.items():
            game.set_orders(power, items)
        checked = time.perf_counter()
        game.process()
        done = time.perf_counter()
        self.set_orders_seconds.append(checked - start)
        return done - checked

    def prepare_whole(self, phase: TextPhase) -> Any:
        return phase.position["phase"], self._state(phase), self._orders(phase)

    def whole(self, prepared: Any) -> float:
        name, state, orders = prepared
        start = time.perf_counter()
        game = self.game_class.from_json(json.dumps(dipcc_phase(name, state)))
        for power, items in orders.items():
            game.set_orders(power, items)
        game.process()
        return time.perf_counter() - start

    def outcome(self, phase: TextPhase) -> Outcome:
        text, orders = self.prepare_alone(phase)
        game = self.game_class.from_json(text)
        for power, items in orders.items():
            game.set_orders(power, items)
        game.process()
        state = game.get_state()
        units = frozenset(
            f"{p} {u}" for p, us in state["units"].items() for u in us if not u.startswith("*")
        )
        dislodged = frozenset(
            dislodged_key(p, unit, where)
            for p, by_unit in state["retreats"].items()
            for unit, where in by_unit.items()
            if where
        )
        return Outcome(units, dislodged)


# --------------------------------------------------------------------------- pydip
class Pydip(Row):
    name = "pydip"

    def __init__(self, game_map: GameMap) -> None:
        self.inner = PydipFullPath(game_map)  # raises Unavailable without pydip

    def prepare_alone(self, phase: TextPhase) -> Any:
        return PreparedPydip(self.inner._commands(self.inner.prepare(phase)), {})

    def alone(self, prepared: Any) -> float:
        resolve, game_map = self.inner.inner._resolve, self.inner.inner.pydip_map
        start = time.perf_counter()
        # Released after the clock is read, as the games of the package and dipcc keep theirs.
        _kept = resolve(game_map, prepared.commands)
        return time.perf_counter() - start

    def prepare_whole(self, phase: TextPhase) -> Any:
        return self.inner.prepare(phase)

    def whole(self, prepared: Any) -> float:
        return self.inner.run(prepared)[0]

    def outcome(self, phase: TextPhase) -> Outcome:
        return self.inner.outcome(self.inner.prepare(phase))


# --------------------------------------------------------------------------- timing
@dataclass
class Column:
    """One column's rounds: engine -> mean seconds per phase, one figure per round."""

    title: str
    rounds: dict[str, list[float]]


def time_rounds(
    phases: Sequence[TextPhase], rows: Sequence[Row], rounds: int
) -> tuple[Column, Column]:
    columns = (Column("adjudication alone", {}), Column("whole path", {}))
    prepared = {
        row.name: ([row.prepare_alone(p) for p in phases], [row.prepare_whole(p) for p in phases])
        for row in rows
    }
    for row in rows:  # warm-up: imports, memos, first calls
        alone, whole = prepared[row.name]
        for item in alone:
            row.alone(item)
        for item in whole:
            row.whole(item)
    for number in range(1, rounds + 1):
        for index, column in enumerate(columns):
            for row in rows:
                run: Callable[[Any], float] = row.alone if index == 0 else row.whole
                items = prepared[row.name][index]
                gc.collect()
                gc.disable()
                try:
                    seconds = sum(run(item) for item in items)
                finally:
                    gc.enable()
                column.rounds.setdefault(row.name, []).append(seconds / len(items))
        print(f"  round {number} of {rounds} done (load average {_load()})", flush=True)
    return columns


NAME_WIDTH = 56


def print_columns(columns: Sequence[Column]) -> None:
    names = list(columns[0].rounds)
    print()
    header = f"{'engine':<{NAME_WIDTH}}" + "".join(
        f" | {c.title + ', us (x the package)':>38}" for c in columns
    )
    print(header)
    print("-" * len(header))
    for name in names:
        cells = []
        for column in columns:
            ours = column.rounds[name]
            base = column.rounds.get(BASELINE)
            us = statistics.median(ours) * 1e6
            if base is None:
                cells.append(f"{us:>26.1f}           ")
                continue
            ratios = [b / o for b, o in zip(base, ours, strict=True)]
            each = "/".join(f"{r:.1f}" for r in ratios)
            cells.append(f"{us:>12.1f} {statistics.median(ratios):>6.1f}x ({each})")
        print(f"{name:<{NAME_WIDTH}}" + "".join(f" | {cell:>38}" for cell in cells))
    print()
    print("each cell: the median over the rounds of the mean us per phase; the median of the")
    print(
        "rounds' ratios (the package's time over the engine's in the same round), then each round's"
    )
    for column, (key, goal) in zip(columns, GOALS.items(), strict=True):
        base = column.rounds.get(BASELINE)
        if base is None:
            continue
        # Both of our rows in column one; in the whole path they do the same work.
        ours_rows = [n for n in names if n.startswith("adjudicator")][: 2 if key == "alone" else 1]
        rivals = [n for n in names if n.startswith("dipcc")]
        for ours in ours_rows:
            ratio = statistics.median(b / o for b, o in zip(base, column.rounds[ours], strict=True))
            lead = ""
            if rivals:
                theirs = statistics.median(
                    b / o for b, o in zip(base, column.rounds[rivals[0]], strict=True)
                )
                lead = f"; dipcc {theirs:.1f}x -> {'ahead' if ratio > theirs else 'BEHIND'}"
            verdict = "MET" if ratio >= goal else "MISSED"
            print(
                f"goal ({key}, {ours}): at least {goal:.0f}x the package: {ratio:.1f}x -> "
                f"{verdict}{lead}"
            )


def check_agreement(phases: Sequence[TextPhase], rows: Sequence[Row]) -> None:
    for row in rows:
        same = sum(1 for phase in phases if row.outcome(phase) == phase.recorded)
        print(f"agreement: {row.name}: {same} of {len(phases)} phases give the recorded outcome")


# --------------------------------------------------------------------------- replay
def replay_rounds(games: Path, folder: Path, rounds: int) -> None:
    """The 40 games replayed by us and by dipcc, interleaved rounds, phases per second."""
    from adjudicator.base.rules import Rules
    from adjudicator.suites.replay import replay_game

    files = sorted(games.glob("*.json"))
    if not files:
        print(f"skipping the replay: no games under {games}")
        return
    try:
        game_class = load_dipcc(folder).Game
    except Unavailable as exc:
        game_class = None
        print(f"skipping dipcc's replay: {exc}")
    data = [(f.name, json.loads(f.read_text(encoding="utf-8"))) for f in files]
    rules = Rules.preset("webdiplomacy-2024")

    def ours() -> tuple[int, int]:
        reports = [replay_game(d, name, rules) for name, d in data]
        return sum(r.phases for r in reports), sum(1 for r in reports if r.matched)

    def theirs() -> tuple[int, int]:
        phases = matched = 0
        for _, game in data:
            ok = True
            for current, following in zip(game["phases"], game["phases"][1:], strict=False):
                dc = game_class.from_json(
                    json.dumps(dipcc_phase(current["name"], current["state"]))
                )
                for power, items in (current.get("orders") or {}).items():
                    dc.set_orders(power, items)
                dc.process()
                after = dc.get_state()
                phases += 1
                ok = ok and _board(after) == _board(following["state"])
            matched += ok
        return phases, matched

    engines: list[tuple[str, Callable[[], tuple[int, int]]]] = [("adjudicator", ours)]
    if game_class is not None:
        engines.append(("dipcc", theirs))
    figures: dict[str, list[float]] = {}
    counts: dict[str, tuple[int, int]] = {}
    for name, run in engines:
        counts[name] = run()  # warm-up
    for _ in range(rounds):
        for name, run in engines:
            gc.collect()
            start = time.process_time()
            run()
            figures.setdefault(name, []).append(time.process_time() - start)
    print()
    print(f"replay of {len(files)} games, CPU seconds per round (phases/s, median of {rounds}):")
    for name, seconds in figures.items():
        phases, matched = counts[name]
        each = " / ".join(f"{s:.3f}" for s in seconds)
        rate = phases / statistics.median(seconds)
        print(
            f"  {name:<12} {each}  ({phases} phases, {rate:,.0f} phases/s; {matched} games matched)"
        )
    if len(figures) == 2:
        ratios = [d / a for a, d in zip(figures["adjudicator"], figures["dipcc"], strict=True)]
        print(
            f"  ours is {statistics.median(ratios):.2f}x dipcc's speed (rounds: "
            + " / ".join(f"{r:.2f}" for r in ratios)
            + ")"
        )


def _board(state: dict[str, Any]) -> tuple[str, frozenset[str], frozenset[str]]:
    """A state's phase, units and centres, in no particular order."""
    units = frozenset(f"{p} {u}" for p, us in state["units"].items() for u in us)
    centres = frozenset(f"{p} {c}" for p, cs in state["centers"].items() for c in cs)
    return state["name"], units, centres


def _load() -> str:
    try:
        return " ".join(f"{v:.2f}" for v in os.getloadavg())
    except OSError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=0, help="the first N phases (all 1,000)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (3)")
    parser.add_argument("--dipcc", type=Path, default=DIPCC, help="dipcc's binding folder")
    parser.add_argument("--games", type=Path, default=GAMES, help="the games to replay")
    parser.add_argument("--no-replay", action="store_true", help="leave out the replay")
    args = parser.parse_args(argv)
    if args.phases < 0 or args.rounds < 1:
        parser.error("--phases must be at least 0 and --rounds at least 1")
    phases = read_phases()
    if args.phases:
        phases = phases[: args.phases]
    game_map = load_map("standard")
    print(
        f"bench_dipcc: python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {_load()}; {len(phases)} phases, "
        f"{args.rounds} rounds"
    )
    rows: list[Row] = [Ours(game_map), OursChecked(game_map)]
    factories: list[tuple[str, Callable[[], Row]]] = [
        ("diplomacy", Package),
        ("dipcc", lambda: Dipcc(args.dipcc)),
        ("pydip", lambda: Pydip(game_map)),
    ]
    for label, factory in factories:
        try:
            rows.append(factory())
        except Unavailable as exc:
            print(f"skipping {label}: {exc}")
    check_agreement(phases, rows)
    print_columns(time_rounds(phases, rows, args.rounds))
    for row in rows:
        if isinstance(row, Dipcc) and row.set_orders_seconds:
            spent = statistics.median(row.set_orders_seconds) * 1e6
            print(
                f"dipcc's set_orders, before each timed process() (it parses the orders and drops "
                f"the illegal ones): median {spent:.1f} us a phase"
            )
    if not args.no_replay:
        replay_rounds(args.games, args.dipcc, args.rounds)
    print(f"load average at the end: {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
