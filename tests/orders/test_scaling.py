"""Every stage of the order parser is linear in the length of its input (issue 11).

Each shape below once cost quadratic time or worse: a line (or file) eight times longer took
30 to 3000 times as long. Each test parses the shape at ``n`` and at ``8 n`` within one run and
compares the CPU times: linear growth gives a ratio near 8, quadratic near 64, so a ratio above
:data:`MAX_RATIO` fails. CPU time of this process (``time.process_time``), best of three, with
the garbage collector off: a busy machine slows both sizes alike and cannot fail the test.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from adjudicator.board.load import load_map
from adjudicator.lang.vocabulary import fold
from adjudicator.orders.read import ParseResult, parse_orders

STANDARD = load_map("standard")
IDS = sorted(STANDARD.provinces)

MAX_RATIO = 20.0
"""The most an eight times longer input may cost, in times the shorter one: linear is about 8
(less where a fixed cost dominates), quadratic 64."""

MIN_SAMPLE = 0.01
"""CPU seconds each measurement runs at least (a fast parse is repeated), well above the
timer's resolution."""


@dataclass(frozen=True)
class Shape:
    make: Callable[[int], str]
    """The text for size ``n``."""
    n: int
    """A size whose parse takes milliseconds: large enough to measure, and its eight times
    longer version still a fraction of a second."""
    lang: str | None = None


SHAPES = {
    # split_hyphens tried every run of parts as a name: cubic in the number of parts
    # (the bracket ends the item before its names are resolved: the time is the lexer's)
    "hyphen-chain": Shape(lambda n: "A Par - " + "-".join(["x"] * n) + " ]", 100),
    "hyphen-chain-of-names": Shape(
        lambda n: "A " + "-".join(IDS[i % len(IDS)] for i in range(n)), 80
    ),
    "hyphen-chain-of-known-names": Shape(lambda n: "F " + "-".join(["Mid-Atlantic"] * n), 80),
    # the CLEAR line's pattern searched for its word after a lazy label
    "spaces-before-a-word": Shape(lambda n: " " * n + "word", 1000),
    "ideographic-spaces-before-a-word": Shape(lambda n: "\u3000" * n + "word", 1000),
    "spaces-before-clear": Shape(lambda n: "England:" + " " * n + "CLEARS", 1000),
    "spaces-in-nmr": Shape(lambda n: "(" + " " * n + "NMR" + " " * n + "x", 500),
    # both runs of spaces around a missing phase word took the spaces after the year
    "spaces-after-a-phase-year": Shape(lambda n: "Spring 1901" + " " * n + "!", 1000),
    # each digit retried the list mark (`12.`) over the rest of the run
    "digits": Shape(lambda n: "A Par H " + "1" * n, 1000),
    # the words before a syntax error were joined and folded for every prefix
    "unknown-words-before-a-bracket": Shape(lambda n: "A " + "x " * n + "]", 500),
    # articles before a supported unit were dropped by recursion, joining the rest each time
    "articles": Shape(
        lambda n: "Armee München unterstützt " + "die " * n + "x Armee Berlin", 200, "de"
    ),
    # every CLEAR filtered every order read so far
    "many-clear-lines": Shape(
        lambda n: "France:\n" + "A Par H\n" * n + "England:\n" + "CLEAR\n" * (16 * n), 150
    ),
}


def parse(shape: Shape, n: int) -> ParseResult:
    # Each parse as the first of its text: words folded by an earlier parse are cached, which
    # would hide the cost of folding (once quadratic) from every repeat but the first.
    fold.cache_clear()
    return parse_orders(shape.make(n), STANDARD, lang=shape.lang)


def cpu_seconds(call: Callable[[], object]) -> float:
    """CPU seconds of one ``call``: the best of three samples, each of enough calls to take at
    least :data:`MIN_SAMPLE`."""
    best = math.inf
    gc.collect()
    gc.disable()
    try:
        for _ in range(3):
            calls = 0
            started = time.process_time()
            while True:
                call()
                calls += 1
                spent = time.process_time() - started
                if spent >= MIN_SAMPLE:
                    break
            best = min(best, spent / calls)
    finally:
        gc.enable()
    return best


@pytest.mark.thorough
@pytest.mark.parametrize("name", SHAPES)
def test_eight_times_the_input_costs_about_eight_times_the_time(name: str) -> None:
    shape = SHAPES[name]
    parse(shape, shape.n)  # warm the caches (grammar, name tables) outside the measurement
    short = cpu_seconds(lambda: parse(shape, shape.n))
    long = cpu_seconds(lambda: parse(shape, 8 * shape.n))
    assert long / short < MAX_RATIO, f"{name}: {short * 1000:.2f} ms -> {long * 1000:.2f} ms"


@pytest.mark.parametrize("name", SHAPES)
def test_messages_about_a_long_line_stay_short(name: str) -> None:
    """Whatever a message quotes is cut short; the line is shown as an excerpt under it."""
    shape = SHAPES[name]
    for diagnostic in parse(shape, 8 * shape.n).diagnostics:
        assert len(diagnostic.message) < 300, diagnostic.message
        assert all(len(line) < 300 for line in diagnostic.format().splitlines()), diagnostic
