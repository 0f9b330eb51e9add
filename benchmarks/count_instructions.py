"""Instructions per 34-unit movement adjudication, counted by callgrind: a figure that does not
move with the machine's load, for comparing two trees.

Usage::

    python benchmarks/count_instructions.py [--rounds 10]       # needs valgrind

The phases are the 49 of 34 units among ``bench_adjudicate.py``'s 200 movement phases (seed
1901). The script runs itself under ``valgrind --tool=callgrind`` twice, adjudicating every
phase once (a warm-up: the map's tables are built on first use) and then ``--rounds`` times more
or not at all, and prints the difference divided by the adjudications: start-up, imports, the
generator and the warm-up cancel out.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def adjudicate_rounds(rounds: int) -> int:
    """Adjudicate the 34-unit phases ``rounds`` times; the number of phases."""
    from adjudicator.adjudication.engine import adjudicate
    from adjudicator.board.load import load_map
    from benchmarks.generator import MAX_UNITS, movement_phases

    game_map = load_map("standard")
    phases = [p for p in movement_phases(game_map, 200, 1901) if p.unit_count == MAX_UNITS]
    for _ in range(1 + rounds):  # the first round is the warm-up
        for phase in phases:
            adjudicate(phase.position, phase.orders, game_map=game_map)
    return len(phases)


def _collected(rounds: int) -> tuple[int, int]:
    """The instructions callgrind counted for a run of ``rounds``, and the phases a round has."""
    command = [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
        sys.executable, __file__, "--inner", str(rounds),
    ]  # fmt: skip
    # A fixed hash seed: set and dict orders, and so the work, would differ a little per run.
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr[-2000:]}")
    return int(found.group(1)), int(done.stdout)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--inner", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inner is not None:
        print(adjudicate_rounds(args.inner))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt install valgrind)", file=sys.stderr)
        return 2
    counted, phases = _collected(args.rounds)
    baseline, _ = _collected(0)
    per_phase = (counted - baseline) / (args.rounds * phases)
    print(f"instructions per 34-unit movement adjudication: {per_phase:,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
