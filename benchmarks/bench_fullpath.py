"""The full path side by side: a position dict and order strings in, the result out.

Usage::

    python benchmarks/bench_fullpath.py [--phases N] [--repeat R] [--profile FILE]
    python benchmarks/bench_fullpath.py --record    # rewrite data/fullpath_movement.jsonl

What a judge, a bot or a replay of archived games hands an adjudicator is a position as plain data
and the orders as text, not prepared objects. Every engine here starts from the same recorded
movement phases (:data:`DATA`: random legal orders from :mod:`benchmarks.generator`, seed 1901,
20 to 34 units, about 30 orders each) given as a position dict and each power's order strings, and
is timed until it has the result:

- ours: ``Position.from_dict`` + ``parse_orders`` + ``adjudicate``, with a breakdown per stage;
- the ``diplomacy`` package: ``set_orders`` + ``process`` on a fresh ``Game`` (the issue's row),
  and ``set_state`` + ``set_orders`` + ``process`` (its position from a dict too, like ours);
- pydip: its ``Player`` objects from the units, commands from the strings, ``resolve_turn``.

Each phase's recorded outcome (units, and dislodged units with where they may retreat) was taken
from the ``diplomacy`` package when the data was recorded; every engine's outcome is checked
against it before anything is timed, and the agreement is printed. Rounds interleave the engines
as in ``bench_adjudicate.py`` and every figure is a median over the rounds. ``docs/benchmarks.md``
says what is timed and gives the figures.

Install the peers with ``pip install -e '.[bench]'``, best in a virtual environment of their own
(``python -m venv /tmp/bench-venv``); a missing peer is skipped with a message.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, Protocol

if __package__ in (None, ""):
    # Run as a script: make ``benchmarks`` importable from the checkout.
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.model import Convoy, Hold, Location, Move, Order, Support, Unit, UnitType
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.orders.read import parse_orders
from adjudicator.state.position import Position
from benchmarks.generator import RecordedPhase, movement_phases
from benchmarks.peers import (
    Diplomacy,
    Outcome,
    Pydip,
    Unavailable,
    dislodged_key,
    our_outcome,
)
from benchmarks.peers import PydipPhase as PreparedPydip

DATA = Path(__file__).resolve().parent / "data" / "fullpath_movement.jsonl"
RECORD_PHASES = 1000
RECORD_SEED = 1901
TARGET_RATIO = 10.0
DIPCC_RATIO = 21.0
"""dipcc (Cicero's C++ engine) called from Python, as measured in issue 10: about 21 times the
``diplomacy`` package's ``set_orders`` + ``process`` on this kind of phase. It is not on PyPI, so
the script cannot run it; the figure is the long-term goal."""
SHOWN_DISAGREEMENTS = 3


# --------------------------------------------------------------------------- the recorded phases
@dataclass(frozen=True, slots=True)
class TextPhase:
    """One recorded phase as plain data: what every engine is given, and what should come out."""

    label: str
    position: dict[str, Any]
    """The position file format (:meth:`Position.to_dict`)."""
    orders: dict[str, list[str]]
    """Power (as the position names it) -> its orders in the canonical short form."""
    recorded: Outcome
    """The outcome the ``diplomacy`` package gave when the phase was recorded."""

    def order_text(self) -> str:
        """The orders as an order file: a header per power, one order a line."""
        lines: list[str] = []
        for power, orders in self.orders.items():
            lines.append(f"{power}:")
            lines.extend(orders)
        return "\n".join(lines) + "\n"


def read_phases(path: Path = DATA) -> list[TextPhase]:
    """The recorded phases. One JSON object a line; the centres, the same in every phase (the
    starting ownership), stand once in the first line and are copied into every position."""
    with path.open(encoding="utf-8") as lines:
        header = json.loads(next(lines))
        phases = []
        for line in lines:
            raw = json.loads(line)
            position = {
                "map": header["map"],
                "phase": raw["phase"],
                "units": raw["units"],
                "dislodged": {},
                "standoffs": [],
                "supply_centers": header["supply_centers"],
            }
            recorded = Outcome(
                frozenset(f"{p} {u}" for p, us in raw["after"].items() for u in us),
                frozenset(raw["dislodged_after"]),
            )
            phases.append(TextPhase(raw["label"], position, raw["orders"], recorded))
    return phases


def record(path: Path = DATA, count: int = RECORD_PHASES, seed: int = RECORD_SEED) -> None:
    """Generate the phases and record the ``diplomacy`` package's outcome of each."""
    game_map = load_map("standard")
    package = Diplomacy(with_orders=True)  # raises Unavailable without the package
    phases = movement_phases(game_map, count, seed)
    centres = phases[0].position.to_dict()["supply_centers"]
    with path.open("w", encoding="utf-8") as out:
        about = (
            f"benchmarks/generator.py movement_phases(standard, {count}, seed={seed}); "
            "'after' and 'dislodged_after' are the diplomacy package's outcome "
            "(python benchmarks/bench_fullpath.py --record)"
        )
        header = {"about": about, "map": game_map.name, "supply_centers": centres}
        out.write(json.dumps(header) + "\n")
        for phase in phases:
            data = phase.position.to_dict()
            if data["supply_centers"] != centres or data["dislodged"] or data["standoffs"]:
                raise ValueError(
                    f"{phase.label}: not a plain movement phase of the start's centres"
                )
            outcome = package.outcome(package.prepare(phase))
            line = {
                "label": phase.label,
                "phase": data["phase"],
                "units": data["units"],
                "orders": {p: [str(o) for o in orders] for p, orders in phase.orders.items()},
                "after": _by_power(outcome.units),
                "dislodged_after": sorted(outcome.dislodged),
            }
            out.write(json.dumps(line, separators=(",", ":")) + "\n")
    print(f"recorded {len(phases)} phases in {path}")


def _by_power(units: frozenset[str]) -> dict[str, list[str]]:
    """``POWER A PAR`` strings as power -> units, each power's sorted."""
    out: dict[str, list[str]] = {}
    for text in sorted(units):
        power, _, unit = text.partition(" ")
        out.setdefault(power, []).append(unit)
    return out


# --------------------------------------------------------------------------- engines
class Engine(Protocol):
    name: str
    stages: tuple[str, ...]
    """What :meth:`run` times, one name per stage; a run's time is the sum of its stages."""

    def prepare(self, phase: TextPhase) -> Any: ...

    def run(self, prepared: Any) -> tuple[float, ...]:
        """Seconds for each stage of one run."""
        ...

    def outcome(self, prepared: Any) -> Outcome: ...


class OursFullPath:
    """``Position.from_dict`` + ``parse_orders`` + ``adjudicate``, as a new user would call them."""

    name: str = "adjudicator (ours)"
    stages: tuple[str, ...] = ("parse_orders", "Position.from_dict", "adjudicate")

    def __init__(self, game_map: GameMap) -> None:
        self.map = game_map

    def prepare(self, phase: TextPhase) -> tuple[dict[str, Any], str]:
        return phase.position, phase.order_text()

    def run(self, prepared: tuple[dict[str, Any], str]) -> tuple[float, ...]:
        data, text = prepared
        game_map, clock = self.map, time.perf_counter
        start = clock()
        position = Position.from_dict(data, game_map)
        built = clock()
        orders = parse_orders(text, game_map, position).by_power()
        parsed = clock()
        # Released after the clock is read, as the games of the package and dipcc keep theirs.
        _kept = adjudicate(position, orders, game_map=game_map)
        done = clock()
        return parsed - built, built - start, done - parsed

    def result(self, prepared: tuple[dict[str, Any], str]) -> Position:
        data, text = prepared
        position = Position.from_dict(data, self.map)
        parsed = parse_orders(text, self.map, position)
        if not parsed.ok:
            raise ValueError("; ".join(str(d) for d in parsed.diagnostics))
        return adjudicate(position, parsed.by_power(), game_map=self.map).next_position

    def outcome(self, prepared: tuple[dict[str, Any], str]) -> Outcome:
        return our_outcome(self.result(prepared))


@dataclass(frozen=True, slots=True)
class PackagePhase:
    """The ``diplomacy`` package's view: a state for ``Game.set_state`` and orders by power."""

    state: dict[str, Any]
    orders: dict[str, list[str]]


class PackageFullPath:
    """The ``diplomacy`` package on a fresh ``Game`` per run. ``Game()`` itself (about 0.3 ms,
    the counterpart of our map, loaded once) is never timed; ``set_state`` is timed only when
    ``with_state``, so the row without it is the view most favourable to the package."""

    def __init__(self, with_state: bool) -> None:
        try:
            self._game_class: Any = importlib.import_module("diplomacy").Game
        except ImportError:
            raise Unavailable(
                "the diplomacy package is not installed (pip install diplomacy)"
            ) from None
        self.with_state = with_state
        self.name: str
        self.stages: tuple[str, ...]
        if with_state:
            self.name = "diplomacy (set_state+set_orders+process)"
            self.stages = ("set_state+set_orders+process",)
        else:
            self.name = "diplomacy (set_orders+process)"
            self.stages = ("set_orders+process",)

    def prepare(self, phase: TextPhase) -> PackagePhase:
        position = phase.position
        powers = sorted({*position["units"], *position["supply_centers"]})
        state = {
            "name": position["phase"],
            "units": {p.upper(): list(position["units"].get(p, ())) for p in powers},
            "retreats": {p.upper(): {} for p in powers},
            "centers": {p.upper(): list(position["supply_centers"].get(p, ())) for p in powers},
        }
        orders = {p.upper(): list(os) for p, os in phase.orders.items()}
        return PackagePhase(state, orders)

    def run(self, prepared: PackagePhase) -> tuple[float, ...]:
        game = self._game_class()
        if self.with_state:
            start = time.perf_counter()
            game.set_state(prepared.state)
        else:
            game.set_state(prepared.state)
            start = time.perf_counter()
        for power, orders in prepared.orders.items():
            game.set_orders(power, orders)
        game.process()
        return (time.perf_counter() - start,)

    def outcome(self, prepared: PackagePhase) -> Outcome:
        game = self._game_class()
        game.set_state(prepared.state)
        for power, orders in prepared.orders.items():
            game.set_orders(power, orders)
        game.process()
        units: set[str] = set()
        dislodged: set[str] = set()
        for power, items in game.get_units().items():
            retreats = game.get_power(power).retreats
            for item in items:
                if not item.startswith("*"):
                    units.add(f"{power} {item}")
                elif retreats.get(item[1:]):
                    dislodged.add(dislodged_key(power, item[1:], retreats[item[1:]]))
        return Outcome(frozenset(units), frozenset(dislodged))


def read_canonical(text: str) -> Order:
    """An order in the canonical short form (``F NTH C A LON - NWY``), read by splitting: pydip
    has no order reader, so this stands in for one (a few microseconds, timed as pydip's)."""
    words = text.split()
    unit_type, here = UnitType(words[0]), Location.parse(words[1])
    match words[2:]:
        case ["H"]:
            return Hold(unit_type, here)
        case ["-", there, *via]:
            return Move(unit_type, here, Location.parse(there), via_convoy=via == ["VIA"])
        case ["S", kind, target]:
            return Support(unit_type, here, UnitType(kind), Location.parse(target), None)
        case ["S", kind, target, "-", there]:
            return Support(
                unit_type, here, UnitType(kind), Location.parse(target), Location.parse(there)
            )
        case ["C", "A", army, "-", there]:
            return Convoy(unit_type, here, Location.parse(army), Location.parse(there))
    raise ValueError(f"not a canonical movement order: {text!r}")


@dataclass(frozen=True, slots=True)
class PydipPhase:
    configs: dict[str, list[dict[str, Any]]]
    """Power -> pydip's unit configuration (territory names), from the position's units."""
    units: dict[str, Unit]
    """Province -> our unit, for naming the territories of the orders' units."""
    orders: dict[str, list[str]]
    back: dict[str, str]


class PydipFullPath:
    """pydip 0.1.8: ``Player`` objects from the units, a command per order string (read with
    :func:`read_canonical`), then ``resolve_turn``. Its territory names for our locations are
    found beforehand (untimed): they are the translation into pydip's spelling, not its work."""

    name: str = "pydip"
    stages: tuple[str, ...] = ("Player()+commands+resolve_turn",)

    def __init__(self, game_map: GameMap) -> None:
        self.inner = Pydip(game_map)  # raises Unavailable without pydip
        self.map = game_map

    def prepare(self, phase: TextPhase) -> PydipPhase:
        inner = self.inner
        configs: dict[str, list[dict[str, Any]]] = {}
        units: dict[str, Unit] = {}
        for power, texts in phase.position["units"].items():
            for text in texts:
                unit = Unit.parse(text, power)
                units[unit.province] = unit
                kind = (
                    inner._unit_types.TROOP
                    if unit.type is UnitType.ARMY
                    else inner._unit_types.FLEET
                )
                name = inner.name_of(unit.location, unit.type)
                configs.setdefault(power, []).append({"territory_name": name, "unit_type": kind})
        back = inner.prepare(_as_recorded(phase, self.map)).back
        return PydipPhase(configs, units, phase.orders, back)

    def _commands(self, prepared: PydipPhase) -> list[Any]:
        inner = self.inner
        players = {
            power: inner._player(power, inner.pydip_map, config)
            for power, config in prepared.configs.items()
        }
        punits = {u.position: u for player in players.values() for u in player.units}
        by_province = prepared.units

        def unit_of(location: Location) -> Any:
            unit = by_province[location.province]
            return punits[inner.name_of(unit.location, unit.type)]

        return [
            inner._translate(
                inner._command, players[power], read_canonical(text), unit_of, by_province
            )
            for power, texts in prepared.orders.items()
            for text in texts
        ]

    def run(self, prepared: PydipPhase) -> tuple[float, ...]:
        start = time.perf_counter()
        # Released after the clock is read, as the games of the package and dipcc keep theirs.
        _kept = self.inner._resolve(self.inner.pydip_map, self._commands(prepared))
        return (time.perf_counter() - start,)

    def outcome(self, prepared: PydipPhase) -> Outcome:
        return self.inner.outcome(PreparedPydip(self._commands(prepared), prepared.back))


def _as_recorded(phase: TextPhase, game_map: GameMap) -> RecordedPhase:
    """The phase as :class:`benchmarks.generator.RecordedPhase` (for pydip's name table)."""
    position = Position.from_dict(phase.position, game_map)
    orders = {p: tuple(read_canonical(t) for t in ts) for p, ts in phase.orders.items()}
    return RecordedPhase(phase.label, position, orders)


def make_engines(game_map: GameMap) -> list[Engine]:
    engines: list[Engine] = [OursFullPath(game_map)]
    factories: list[tuple[str, Callable[[], Engine]]] = [
        ("diplomacy", lambda: PackageFullPath(with_state=False)),
        ("diplomacy", lambda: PackageFullPath(with_state=True)),
        ("pydip", lambda: PydipFullPath(game_map)),
    ]
    skipped: set[str] = set()
    for label, factory in factories:
        if label in skipped:
            continue
        try:
            engines.append(factory())
        except Unavailable as exc:
            skipped.add(label)
            print(f"skipping {label}: {exc}")
    return engines


# --------------------------------------------------------------------------- agreement
def check_agreement(phases: Sequence[TextPhase], engines: Sequence[Engine]) -> None:
    """Every engine's outcome against the recorded one; the count and the first differences."""
    seen: set[str] = set()
    for engine in engines:
        family = engine.name.split(" ")[0]
        if family in seen:
            continue  # both rows of the package give the same outcome
        seen.add(family)
        bad = []
        for phase in phases:
            mine = engine.outcome(engine.prepare(phase))
            if mine != phase.recorded:
                bad.append((phase, mine))
        options_only = sum(1 for phase, mine in bad if _retreat_options_only(mine, phase.recorded))
        print(
            f"agreement: {engine.name}: {len(phases) - len(bad)} of {len(phases)} phases "
            f"give the recorded outcome ({options_only} of the others differ only in where a "
            "dislodged unit may retreat)"
        )
        for phase, mine in bad[:SHOWN_DISAGREEMENTS]:
            differences = []
            for label, got, want in (
                ("units", mine.units, phase.recorded.units),
                ("dislodged", mine.dislodged, phase.recorded.dislodged),
            ):
                if got != want:
                    differences.append(
                        f"{label}: engine only [{', '.join(sorted(got - want))}], "
                        f"recorded only [{', '.join(sorted(want - got))}]"
                    )
            print(f"  {phase.label}: {'; '.join(differences)}")


def _retreat_options_only(a: Outcome, b: Outcome) -> bool:
    """Whether ``a`` and ``b`` have the same units and dislodged units, and differ only in the
    provinces a dislodged unit may retreat to."""

    def units(outcome: Outcome) -> frozenset[str]:
        return frozenset(d.partition(" -> ")[0] for d in outcome.dislodged)

    return a.units == b.units and units(a) == units(b)


# --------------------------------------------------------------------------- timing
@dataclass
class Timing:
    """One engine's seconds per phase per round, for each stage it times."""

    engine: str
    stages: tuple[str, ...]
    rounds: list[list[tuple[float, ...]]] = field(default_factory=list)

    def per_phase(self, stage: int | None = None) -> list[float]:
        """Each phase's median over the rounds (of the whole run, or of one stage)."""

        def seconds(run: tuple[float, ...]) -> float:
            return sum(run) if stage is None else run[stage]

        return [
            statistics.median(seconds(run) for run in runs)
            for runs in zip(*self.rounds, strict=True)
        ]

    def per_second(self) -> float:
        """Phases divided by the sum of the phases' medians (see ``bench_adjudicate.py``)."""
        medians = self.per_phase()
        return len(medians) / sum(medians)


def time_engines(
    phases: Sequence[TextPhase], engines: Sequence[Engine], repeat: int
) -> list[Timing]:
    """Every engine over every phase, ``repeat`` rounds, engines interleaved round by round;
    the garbage collector collected before and off during each engine's round."""
    prepared = [[engine.prepare(p) for p in phases] for engine in engines]
    for engine, items in zip(engines, prepared, strict=True):
        for item in items:  # warm-up: imports, caches, first-call costs
            engine.run(item)
    timings = [Timing(e.name, e.stages) for e in engines]
    for number in range(1, repeat + 1):
        for engine, items, timing in zip(engines, prepared, timings, strict=True):
            gc.collect()
            gc.disable()
            try:
                timing.rounds.append([engine.run(item) for item in items])
            finally:
                gc.enable()
        print(f"  round {number} of {repeat} done (load average {_load()})", flush=True)
    return timings


def print_table(timings: Sequence[Timing], phases: int) -> None:
    package = next((t for t in timings if t.engine == "diplomacy (set_orders+process)"), None)
    rounds = len(timings[0].rounds)
    print()
    print(
        "movement phases, position dict + order strings -> result "
        f"({phases} phases, {rounds} rounds)"
    )
    header = f"{'engine':<42} {'phases/s':>9} {'median us/phase':>16} {'x the package':>14}"
    print(header)
    print("-" * len(header))
    for t in timings:
        ratio = f"{t.per_second() / package.per_second():13.1f}x" if package else "          n/a"
        median = statistics.median(t.per_phase()) * 1e6
        print(f"{t.engine:<42} {t.per_second():>9.0f} {median:>16.1f} {ratio}")
    ours = timings[0]
    print()
    print("our time per phase, by stage (medians over the phases of each phase's median):")
    for index, stage in enumerate(ours.stages):
        median = statistics.median(ours.per_phase(index)) * 1e6
        total = sum(ours.per_phase(index)) / len(ours.per_phase(index)) * 1e6
        print(f"  {stage:<20} median {median:8.1f} us   mean {total:8.1f} us")
    if package is not None:
        times = ours.per_second() / package.per_second()
        verdict = "MET" if times >= TARGET_RATIO else "MISSED"
        print()
        print(
            f"target: at least {TARGET_RATIO:.0f}x the diplomacy package (set_orders+process): "
            f"{times:.1f}x -> {verdict}"
        )
        print(
            f"dipcc (issue 10 measured it at about {DIPCC_RATIO:.0f}x the package; "
            "benchmarks/bench_dipcc.py runs it beside us): would need about "
            f"{DIPCC_RATIO * package.per_second():.0f} phases/s"
        )


def _load() -> str:
    try:
        return " ".join(f"{v:.2f}" for v in os.getloadavg())
    except OSError:
        return "unknown"


def profile(phases: Sequence[TextPhase], game_map: GameMap, path: str) -> None:
    """Our full path over every phase once (after a warm-up) under cProfile, saved to ``path``;
    prints the functions with the most time of their own."""
    import pstats

    ours = OursFullPath(game_map)
    items = [ours.prepare(p) for p in phases]
    for item in items:
        ours.run(item)
    profiler = cProfile.Profile()
    profiler.enable()
    for item in items:
        ours.run(item)
    profiler.disable()
    profiler.dump_stats(path)
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(25)
    stats.sort_stats("tottime").print_stats(25)


# --------------------------------------------------------------------------- main
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=0, help="the first N phases (all)")
    parser.add_argument("--repeat", type=int, default=5, help="timed rounds (5)")
    parser.add_argument(
        "--record",
        action="store_true",
        help=f"regenerate {DATA.name} (needs the diplomacy package)",
    )
    parser.add_argument(
        "--profile", metavar="FILE", help="profile our full path instead, saving the stats to FILE"
    )
    args = parser.parse_args(argv)
    if args.record:
        try:
            record()
        except Unavailable as exc:
            print(f"cannot record: {exc}", file=sys.stderr)
            return 1
        return 0
    if args.phases < 0 or args.repeat < 1:
        parser.error("--phases must be at least 0 and --repeat at least 1")
    if not DATA.is_file():
        print(f"{DATA}: missing; record the phases with --record", file=sys.stderr)
        return 1
    phases = read_phases()
    if args.phases:
        phases = phases[: args.phases]
    game_map = load_map("standard")
    if args.profile:
        profile(phases, game_map, args.profile)
        return 0
    print(
        f"bench_fullpath {date.today().isoformat()}: python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs, load average {_load()}; "
        f"{len(phases)} phases, --repeat {args.repeat}"
    )
    engines = make_engines(game_map)
    for engine in engines:
        print(f"  {engine.name}: times {' + '.join(engine.stages)}")
    check_agreement(phases, engines)
    timings = time_engines(phases, engines, args.repeat)
    print_table(timings, len(phases))
    print(f"load average at the end: {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
