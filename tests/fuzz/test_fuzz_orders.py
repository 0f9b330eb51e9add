"""Fuzzing the order parser: any text, in any language and phase, gives orders and diagnostics,
or one of our errors; never another exception, and never more output than the input warrants."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from adjudicator.base.errors import AdjudicatorError, OrderSyntaxError
from adjudicator.base.model import Phase
from adjudicator.board.load import load_map
from adjudicator.orders.read import parse_order, parse_orders
from adjudicator.state.position import Position
from tests.fuzz.explore import MODES, Mode, fuzz

STANDARD = load_map("standard")
START = Position.initial(STANDARD)
WHERE = st.sampled_from(
    [
        None,
        START,
        Position("standard", Phase.parse("F1901R"), START.units),
        Position("standard", Phase.parse("W1901A"), START.units, supply_centers={}),
    ]
)
LANGS = st.sampled_from([None, "en", "de"])

WORDS = [
    "A", "F", "Army", "Fleet", "Armee", "Flotte", "Par", "Paris", "Bur", "StP", "Spa", "nc",
    "(sc)", "/nc", "-", "->", "S", "C", "H", "R", "D", "B", "supports", "convoys", "nach",
    "unterstützt", "via", "England:", "[RUSSIA]", "E)", "CLEAR", "(NMR)", "WAIVE", "Build",
    "Remove", "#", "//", ";", ",", "Spring 1901", "F1901M", "Herbst", "München", "Mu\u0308nchen",
]  # fmt: skip
"""Words the parser knows, to build texts that get deep into it."""

ODD = [
    "\0", "\t", "\x0b", "\x0c", "\r", "\x85", "\u00a0", "\u2028", "\u2029", "\u200b", "\u200d",
    "\u202e", "\u3000", "\ufeff", "\ufffd", "\U0001f600", "\u0301", "\x1b[31m", "\ud800",
]  # fmt: skip
"""Control characters, separators, marks, invisible and unpaired characters."""

PIECES = st.one_of(st.sampled_from(WORDS), st.sampled_from(ODD), st.text(max_size=4))


@st.composite
def order_texts(draw: st.DrawFn) -> str:
    """Order-like texts: pieces joined by spaces, odd characters or line ends; any text at all;
    and a piece repeated up to 3,000 times (a hyphen chain, a run of spaces, a long name)."""
    kind = draw(st.sampled_from(["soup", "soup", "any", "repeat"]))
    if kind == "any":
        return draw(st.text(max_size=200))
    glue = draw(st.sampled_from([" ", "", "-", "\n", "\r\n", "\x0c", "\u3000", ";", " S "]))
    pieces = draw(st.lists(PIECES, max_size=30))
    if kind == "repeat":
        pieces = [*pieces, draw(PIECES) * draw(st.sampled_from([10, 300, 3_000]))]
        pieces += draw(st.lists(PIECES, max_size=3))
    return glue.join(pieces)


def check_text(text: str, where: Position | None, lang: str | None) -> None:
    try:
        parsed = parse_orders(text, STANDARD, where, path="fuzz.txt", lang=lang)
    except AdjudicatorError:
        return  # e.g. a phase line of another map's phase: unusable input, in our words
    lines = text.count("\n") + text.count("\r") + 1
    # bounded by counting: no more orders than items, no more problems than orders and lines,
    # every problem on a line of the text, and messages that grow with the input, never faster
    assert len(parsed.orders) <= len(text) + 1
    assert len(parsed.diagnostics) <= 2 * (len(text) + lines)
    assert all(0 <= d.line <= lines for d in parsed.diagnostics)
    said = sum(len(d.format()) for d in parsed.diagnostics)
    assert said <= 1_000 * (len(parsed.diagnostics) + 1) + 3 * len(text)


@pytest.mark.parametrize("mode", MODES)
def test_any_order_text_gives_orders_or_diagnostics(mode: Mode) -> None:
    fuzz(mode, 80, check_text, order_texts(), WHERE, LANGS)


def check_one(text: str, lang: str | None) -> None:
    try:
        parse_order(text, STANDARD, START, lang=lang)
    except OrderSyntaxError as exc:  # AmbiguousOrderError included
        assert exc.diagnostics
    except AdjudicatorError:
        pass


@pytest.mark.parametrize("mode", MODES)
def test_one_order_is_an_order_or_a_syntax_error(mode: Mode) -> None:
    fuzz(mode, 50, check_one, order_texts(), LANGS)
