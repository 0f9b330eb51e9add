"""Record movement phases of random legal orders as the ``diplomacy`` package plays them.

The phases come from :func:`benchmarks.generator.movement_phases` with ``adjacent_convoys=True``:
random positions and random legal orders in which armies are convoyed, now and then to a
province they could also reach overland, with or without ``VIA``, sometimes along a chain one
of whose fleets was not ordered to convoy (DATC 4.A.3). Each phase is given to the package
(``Game.set_state``, ``Game.set_orders``, ``Game.process``) and written, with what the package
made of it, as one JSON line::

    {"label": "movement #0", "phase": "S1901M",
     "units": {"ENGLAND": ["A LON", ...], ...}, "centers": {...},
     "orders": {"ENGLAND": ["A LON - NWY VIA", ...], ...},
     "after": {"units": {"ENGLAND": ["A NWY", ...], ...},
               "dislodged": {"FRANCE": {"F BRE": ["GAS", "PIC"]}, ...}}}

``tests/suites/test_package_phases.py`` replays them under the ``diplomacy-package`` preset.
Phases in which the package refused one of the orders are left out (none should be: the
generator writes only legal orders), and the command says how many.

Run it where the package is installed (the ``bench`` extra)::

    python -m benchmarks.record_package_phases --count 400 --seed 412 \\
        -o tests/data/package_phases/movement.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from adjudicator.board.load import load_map
from benchmarks.generator import RecordedPhase, movement_phases
from benchmarks.peers import Diplomacy, Unavailable


def record(phase: RecordedPhase, engine: Diplomacy) -> dict[str, Any] | None:
    """One phase and the package's result, or ``None`` if the package refused an order."""
    prepared = engine.prepare(phase)
    if engine.rejected(prepared):
        return None
    game = engine.game(prepared, set_orders=True)
    game.process()
    units: dict[str, list[str]] = {}
    dislodged: dict[str, dict[str, list[str]]] = {}
    for power, items in sorted(game.get_units().items()):
        retreats = game.get_power(power).retreats
        for item in items:
            if item.startswith("*"):
                options = sorted(retreats.get(item[1:], ()))
                dislodged.setdefault(power, {})[item[1:]] = options
            else:
                units.setdefault(power, []).append(item)
    state = prepared.state
    return {
        "label": phase.label,
        "phase": state["name"],
        "units": {p: us for p, us in state["units"].items() if us},
        "centers": {p: cs for p, cs in state["centers"].items() if cs},
        "orders": prepared.orders,
        "after": {"units": units, "dislodged": dislodged},
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=400, help="phases to generate")
    parser.add_argument("--seed", type=int, default=412)
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args(argv)
    try:
        engine = Diplomacy(with_orders=True)
    except Unavailable as exc:
        print(exc, file=sys.stderr)
        return 2
    phases = movement_phases(load_map("standard"), args.count, args.seed, adjacent_convoys=True)
    lines = []
    for phase in phases:
        found = record(phase, engine)
        if found is not None:
            lines.append(json.dumps(found, separators=(",", ":")))
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} of {len(phases)} phases recorded ({len(phases) - len(lines)} refused)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
