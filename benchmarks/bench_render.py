"""The board picture's speed: a 34-unit movement phase with its orders and outcomes drawn as SVG
(issue 18's target: under 20 ms), and as PNG through resvg-py when it is installed.

Usage::

    python benchmarks/bench_render.py [--phases N] [--repeat R] [--seed S]

The phases are the benchmark generator's (:mod:`benchmarks.generator`), adjudicated once before
any timing; each round renders every 34-unit phase once (garbage collector off inside a round).
The table shows the median over the rounds of each phase's time, and the median over phases.
No peer draws a comparable picture from the same objects, so there is no side-by-side column.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator.adjudication.engine import adjudicate
from adjudicator.board.drawing import load_drawing
from adjudicator.board.load import load_map
from adjudicator.picture.png import png_available, to_png
from adjudicator.picture.render import render
from benchmarks.generator import MAX_UNITS, movement_phases

TARGET_MS = 20.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phases", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game_map = load_map("standard")
    board = load_drawing("standard")
    if board is None:
        print("the standard map has no drawing", file=sys.stderr)
        return 2
    phases = [
        p for p in movement_phases(game_map, args.phases, args.seed) if p.unit_count == MAX_UNITS
    ]
    work = [(p.position, p.orders, adjudicate(p.position, p.orders)) for p in phases]
    svg_times: list[list[float]] = [[] for _ in work]
    png_times: list[list[float]] = [[] for _ in work]
    for _ in range(args.repeat):
        gc.collect()
        gc.disable()
        try:
            for index, (position, orders, result) in enumerate(work):
                started = time.perf_counter()
                svg = render(position, orders, result, board=board, game_map=game_map)
                svg_times[index].append(time.perf_counter() - started)
                if png_available():
                    started = time.perf_counter()
                    to_png(svg)
                    png_times[index].append(time.perf_counter() - started)
        finally:
            gc.enable()
    svg_ms = statistics.median(statistics.median(t) for t in svg_times) * 1000
    print(f"{len(work)} phases of {MAX_UNITS} units, {args.repeat} rounds (medians)")
    verdict = "met" if svg_ms < TARGET_MS else "MISSED"
    print(f"  SVG: {svg_ms:6.2f} ms a phase   (target under {TARGET_MS:.0f} ms: {verdict})")
    if png_available():
        png_ms = statistics.median(statistics.median(t) for t in png_times) * 1000
        print(f"  PNG from the SVG (resvg-py): {png_ms:6.1f} ms a phase")
    else:
        print("  PNG: resvg-py is not installed (pip install 'adjudicator[png]')")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
