"""Adjudication side by side: ours, the ``diplomacy`` package and pydip, on the same phases.

Usage::

    python benchmarks/bench_adjudicate.py [--phases N] [--repeat R] [--seed S]
    python benchmarks/bench_adjudicate.py --kinds islands     # the world of islands: ours and pydip

The phases (movement, retreat, adjustment) are random positions with random legal orders from a
fixed seed (:mod:`benchmarks.generator`), generated once and translated into each engine's own
objects before any timing. First a sanity check runs every phase through every engine and counts
the phases whose resulting units disagree; then each engine runs every phase ``R`` times
(engines interleaved per round, garbage collector off inside a round) and the table shows
medians. ``docs/benchmarks.md`` says precisely what is timed for each engine.

Install the peers with ``pip install -e '.[bench]'``; a missing peer is skipped with a message.

The ``islands`` kind (issue 20) times movement on the world of islands (``maps/islands.yaml``):
first the phase in which every power convoys (``examples/islands_position.yaml`` and
``examples/islands_orders.txt``: 34 units, 17 convoys), then random movement phases of that map
from the same generator. Ours and pydip
(on a map built from ours) run it; the ``diplomacy`` package's adapter plays its own standard
map only (``docs/benchmarks.md`` says why).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    # Run as a script: make ``benchmarks`` importable from the checkout.
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator.base.model import Convoy, PhaseType
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.orders.read import parse_orders
from adjudicator.state.position import Position
from benchmarks.generator import (
    MAX_UNITS,
    RecordedPhase,
    adjustment_phases,
    movement_phases,
    retreat_phases,
)
from benchmarks.peers import (
    Diplomacy,
    Engine,
    Ours,
    OursLegality,
    Outcome,
    Pydip,
    Unavailable,
)

MACHINE_NOTE = (
    "Medians are used because the machine is shared and noisy: other jobs run beside this one, "
    "so means and minima would mostly measure them."
)
TARGET_DIPLOMACY_RATIO = 10.0
TARGET_FULL_BOARD_US = 200.0
"""Issue 3: nine in ten 34-unit movement phases under this."""
TARGET_FULL_BOARD_MEDIAN_US = 100.0
"""Issue 10: the median 34-unit movement phase under this."""
SHOWN_DISAGREEMENTS = 3


@dataclass
class Timing:
    """One engine's timings on one kind of phase: seconds per phase per round."""

    engine: str
    phases: int
    rounds: list[list[float]] = field(default_factory=list)

    @property
    def per_second(self) -> float:
        """Phases per second: the phases divided by the sum of each phase's median time over
        the rounds. (A round's own total would carry every preemption of the round; the median
        per phase drops them, so throughput and the median per phase tell the same story.)"""
        return self.phases / sum(self.per_phase())

    def per_phase(self) -> list[float]:
        """Each phase's median time over the rounds, in seconds."""
        return [statistics.median(times) for times in zip(*self.rounds, strict=True)]

    @property
    def median_us(self) -> float:
        return statistics.median(self.per_phase()) * 1e6


# --------------------------------------------------------------------------- engines
def make_engines(game_map: GameMap, breakdown: bool = False) -> list[Engine]:
    engines: list[Engine] = []
    factories: list[tuple[str, Any]] = [
        ("ours", lambda: Ours(game_map)),
        *([("ours", lambda: OursLegality(game_map))] if breakdown else []),
        ("diplomacy", lambda: Diplomacy(with_orders=False)),
        ("diplomacy", lambda: Diplomacy(with_orders=True)),
        ("pydip", lambda: Pydip(game_map)),
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


# --------------------------------------------------------------------------- islands
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
PEERS_ON_ISLANDS = (
    "pydip plays the islands on a map built from ours (benchmarks/peers.py); the diplomacy "
    "package's adapter runs the package's own standard map, and the islands would have to be "
    "rewritten in its .map format, which was not done"
)


def every_power_convoys() -> RecordedPhase:
    """The islands' Spring 1902 in which every power convoys (the examples' files)."""
    game_map = load_map("islands")
    position = Position.load(EXAMPLES / "islands_position.yaml")
    text = (EXAMPLES / "islands_orders.txt").read_text(encoding="utf-8")
    read = parse_orders(text, game_map, position)
    assert read.ok, read.diagnostics
    orders = {power: tuple(orders) for power, orders in read.by_power().items()}
    return RecordedPhase("every power convoys", position, orders)


def islands_phases(game_map: GameMap, count: int, seed: int) -> list[RecordedPhase]:
    """The phase in which every power convoys, then random movement phases of the islands."""
    return [every_power_convoys(), *movement_phases(game_map, count - 1, seed)]


# --------------------------------------------------------------------------- sanity
def sanity_check(kind: str, phases: Sequence[RecordedPhase], engines: Sequence[Engine]) -> int:
    """Run every phase through every engine once and compare the units afterwards with the
    first engine's (ours, when present). Print the count and the first few disagreements;
    return the number of disagreeing (phase, engine) pairs."""
    checked = _distinct_engines(engines, phases[0].position.phase.type)
    if len(checked) < 2:
        print(f"sanity ({kind}): only {len(checked)} engine available, nothing to compare")
        return 0
    reference, others = checked[0], checked[1:]
    _report_rejections(kind, phases, checked)
    total = 0
    for other in others:
        bad: list[tuple[RecordedPhase, Outcome, Outcome]] = []
        for phase in phases:
            mine = reference.outcome(reference.prepare(phase))
            theirs = other.outcome(other.prepare(phase))
            if mine != theirs:
                bad.append((phase, mine, theirs))
        total += len(bad)
        print(
            f"sanity ({kind}): {reference.name} vs {other.name}: "
            f"{len(bad)} of {len(phases)} phases disagree"
        )
        for phase, mine, theirs in bad[:SHOWN_DISAGREEMENTS]:
            _show_disagreement(phase, reference.name, mine, other.name, theirs)
    return total


def _distinct_engines(engines: Sequence[Engine], phase_type: PhaseType) -> list[Engine]:
    """One engine per adjudicator (the two diplomacy rows give the same results)."""
    seen: set[str] = set()
    out = []
    for engine in engines:
        family = engine.name.split(" ")[0]
        if isinstance(engine, OursLegality):
            continue
        if engine.supports(phase_type) and family not in seen:
            seen.add(family)
            out.append(engine)
    return out


def _report_rejections(
    kind: str, phases: Sequence[RecordedPhase], engines: Sequence[Engine]
) -> None:
    for engine in engines:
        if not isinstance(engine, Diplomacy):
            continue
        complaints = [(p, engine.rejected(engine.prepare(p))) for p in phases]
        rejected = [(p, c) for p, c in complaints if c]
        print(f"sanity ({kind}): diplomacy rejected orders in {len(rejected)} phases")
        for phase, errors in rejected[:SHOWN_DISAGREEMENTS]:
            print(f"  {phase.label}: {'; '.join(errors[:4])}")


def _show_disagreement(
    phase: RecordedPhase, name_a: str, a: Outcome, name_b: str, b: Outcome
) -> None:
    print(f"  {phase.label} ({phase.position.phase}, {phase.unit_count} units):")
    for label, only_a, only_b in (
        ("units", a.units - b.units, b.units - a.units),
        ("dislodged", a.dislodged - b.dislodged, b.dislodged - a.dislodged),
    ):
        if only_a or only_b:
            print(f"    {label} only in {name_a}: {', '.join(sorted(only_a)) or '-'}")
            print(f"    {label} only in {name_b}: {', '.join(sorted(only_b)) or '-'}")
    if phase.position.dislodged:
        dislodged = ", ".join(
            f"{d.unit.power} {d.unit} (from {d.attacked_from})" for d in phase.position.dislodged
        )
        print(f"    dislodged before: {dislodged}; standoffs: {sorted(phase.position.standoffs)}")
    print("    orders: " + "; ".join(phase.order_lines()))


# --------------------------------------------------------------------------- timing
def time_engines(
    phases: Sequence[RecordedPhase], engines: Sequence[Engine], repeat: int
) -> list[Timing]:
    """Every engine over every phase, ``repeat`` rounds, engines interleaved round by round so
    that a busy spell of the machine hits them all alike."""
    phase_type = phases[0].position.phase.type
    active = [e for e in engines if e.supports(phase_type)]
    prepared = [[e.prepare(p) for p in phases] for e in active]
    for engine, items in zip(active, prepared, strict=True):
        for item in items:  # warm-up: imports, caches, first-call costs
            engine.run(item)
    timings = [Timing(e.name, len(phases)) for e in active]
    for _ in range(repeat):
        for engine, items, timing in zip(active, prepared, timings, strict=True):
            gc.collect()
            gc.disable()
            try:
                timing.rounds.append([engine.run(item) for item in items])
            finally:
                gc.enable()
    return timings


def print_table(kind: str, timings: Sequence[Timing]) -> None:
    ours = next((t for t in timings if t.engine.startswith("adjudicator")), None)
    print()
    print(f"{kind} phases ({timings[0].phases} phases, {len(timings[0].rounds)} rounds)")
    header = f"{'engine':<34} {'phases/s':>10} {'median us/phase':>16} {'ours is':>9}"
    print(header)
    print("-" * len(header))
    for t in timings:
        ratio = f"{ours.per_second / t.per_second:8.1f}x" if ours else "      n/a"
        if t.engine.startswith(" "):
            ratio = ""  # a part of ours, not a rival
        print(f"{t.engine:<34} {t.per_second:>10.0f} {t.median_us:>16.1f} {ratio}")


def check_targets(phases: Sequence[RecordedPhase], timings: Sequence[Timing]) -> None:
    """The movement targets of the issue, printed plainly, met or missed."""
    ours = next((t for t in timings if t.engine.startswith("adjudicator")), None)
    if ours is None:
        print("\ntargets: not checked (our engine is not available)")
        return
    print("\ntargets (movement):")
    by_name = {t.engine: t for t in timings}
    process = by_name.get("diplomacy (process)")
    if process is not None:
        ratio = ours.per_second / process.per_second
        verdict = "MET" if ratio >= TARGET_DIPLOMACY_RATIO else "MISSED"
        print(
            f"  at least {TARGET_DIPLOMACY_RATIO:.0f}x the diplomacy package's throughput "
            f"(process() alone): {ratio:.1f}x -> {verdict}"
        )
    else:
        print("  10x the diplomacy package: NOT CHECKED (the package is not installed)")
    pydip = by_name.get("pydip")
    if pydip is not None:
        ratio = ours.per_second / pydip.per_second
        verdict = "MET" if ratio > 1 else "MISSED"
        print(f"  faster than pydip: {ratio:.1f}x -> {verdict}")
    else:
        print("  faster than pydip: NOT CHECKED (pydip is not installed)")
    full = [
        seconds * 1e6
        for phase, seconds in zip(phases, ours.per_phase(), strict=True)
        if phase.unit_count == MAX_UNITS
    ]
    if full:
        median, slowest = statistics.median(full), max(full)
        p90 = statistics.quantiles(full, n=10)[-1] if len(full) > 1 else full[0]
        # "Well under": nine in ten 34-unit phases, not just the typical one, under the bar.
        verdict = "MET" if p90 < TARGET_FULL_BOARD_US else "MISSED"
        print(
            f"  a {MAX_UNITS}-unit phase well under {TARGET_FULL_BOARD_US:.0f} us "
            f"({len(full)} phases, each its median over the rounds): median {median:.1f} us, "
            f"90th percentile {p90:.1f} us, slowest {slowest:.1f} us -> {verdict}"
        )
        verdict = "MET" if median < TARGET_FULL_BOARD_MEDIAN_US else "MISSED"
        print(
            f"  a {MAX_UNITS}-unit phase under {TARGET_FULL_BOARD_MEDIAN_US:.0f} us, median "
            f"(issue 10): {median:.1f} us -> {verdict}"
        )


# --------------------------------------------------------------------------- main
def _revision() -> str:
    """The checkout's commit, marked ``+changes`` when the package has uncommitted edits (the
    figures then time work in progress)."""
    root = Path(__file__).resolve().parents[1]
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "adjudicator", "grammar", "maps"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "an unknown revision (not a git checkout)"
    return f"commit {commit}" + (" +changes (uncommitted edits in the package)" if dirty else "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=200, help="phases of each kind (200)")
    parser.add_argument("--repeat", type=int, default=7, help="timed rounds (7)")
    parser.add_argument("--seed", type=int, default=1901, help="generator seed (1901)")
    parser.add_argument(
        "--kinds",
        default="movement,retreat,adjustment",
        help="comma-separated phase kinds to run (all three)",
    )
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="also time our legality checks alone (check_orders), to see where the time goes",
    )
    args = parser.parse_args(argv)
    if args.phases < 1 or args.repeat < 1:
        parser.error("--phases and --repeat must be at least 1")
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    generators = {
        "movement": movement_phases,
        "retreat": retreat_phases,
        "adjustment": adjustment_phases,
        "islands": islands_phases,
    }
    unknown = [k for k in kinds if k not in generators]
    if unknown:
        parser.error(f"unknown kind {unknown[0]!r}; choose from {', '.join(generators)}")

    game_map = load_map("standard")
    print(
        f"bench_adjudicate {date.today().isoformat()}: python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs; --phases {args.phases} "
        f"--repeat {args.repeat} --seed {args.seed}"
    )
    print(f"adjudicator at {_revision()}")
    print(MACHINE_NOTE)
    engines = make_engines(game_map, args.breakdown)
    for engine in engines:
        print(f"  {engine.name}: times {engine.timed}")
    for kind in kinds:
        if kind == "islands":
            run_islands(args.phases, args.seed, args.repeat, args.breakdown)
            continue
        phases = generators[kind](game_map, args.phases, args.seed)
        print()
        sanity_check(kind, phases, engines)
        timings = time_engines(phases, engines, args.repeat)
        print_table(kind, timings)
        if kind == "movement":
            check_targets(phases, timings)
    return 0


def run_islands(count: int, seed: int, repeat: int, breakdown: bool) -> None:
    islands = load_map("islands")
    phases = islands_phases(islands, count, seed)
    engines: list[Engine] = [Ours(islands), *([OursLegality(islands)] if breakdown else [])]
    try:
        engines.append(Pydip(islands))
    except Unavailable as exc:
        print(f"skipping pydip: {exc}")
    print(f"\nislands: {PEERS_ON_ISLANDS}")
    sanity_check("islands", phases, engines)
    timings = time_engines(phases, engines, repeat)
    print_table("islands movement", timings)
    convoys = sum(isinstance(o, Convoy) for orders in phases[0].orders.values() for o in orders)
    for timing in timings:
        first = timing.per_phase()[0] * 1e6
        print(
            f"  {timing.engine}: the phase in which every power convoys "
            f"({phases[0].unit_count} units, {convoys} convoys): {first:.1f} us (median)"
        )


if __name__ == "__main__":
    sys.exit(main())
