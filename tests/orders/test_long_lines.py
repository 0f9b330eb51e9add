"""Absurd lines read as before, only faster (issue 11): each stage that was made linear is held
to the slow way it replaced, and messages about such lines stay short.

The timing side is in ``test_scaling.py``; here the linear stages are compared, input by input,
with the old ones (kept below as references) over every short combination of the pieces that
matter to them.
"""

from __future__ import annotations

import itertools
import re

import pytest
from lark import Token

from adjudicator.base.errors import OrderSyntaxError
from adjudicator.base.model import Location, Move, UnitType
from adjudicator.board.load import load_map
from adjudicator.lang.languages import vocabulary
from adjudicator.orders.phase_line import _PHASE_LINE
from adjudicator.orders.read import (
    _clear_word,
    _Reader,
    _scanner,
    _token_at,
    parse_order,
    parse_orders,
)
from adjudicator.orders.syntax import QUOTED_LIMIT

STANDARD = load_map("standard")


def combinations(pieces: list[str], most: int) -> list[str]:
    return ["".join(p) for k in range(most + 1) for p in itertools.product(pieces, repeat=k)]


# ---------------------------------------------------------------------- the stages, as before
def split_every_run(reader: _Reader, token: Token) -> list[Token]:
    """The old hyphen splitting: every run of parts tried as a name, longest first."""
    if reader.is_name(token):
        return [token]
    parts = str(token).split("-")
    starts = [0]
    for part in parts[:-1]:
        starts.append(starts[-1] + len(part) + 1)
    out: list[Token] = []
    i = 0
    while i < len(parts):
        j = len(parts)
        while j > i + 1 and not reader.is_name("-".join(parts[i:j])):
            j -= 1
        word = "-".join(parts[i:j])
        out.append(_token_at(token, "WORD", word, starts[i]))
        if j < len(parts):
            kind = "_SLASH" if reader.is_coast_of(word, parts[j]) else "DASH"
            out.append(_token_at(token, kind, "-", starts[j] - 1))
        i = j
    return out


def shape(tokens: list[Token]) -> list[tuple[object, ...]]:
    return [(t.type, t.value, t.start_pos, t.column, t.end_pos, t.end_column) for t in tokens]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hyphenated_words_split_as_when_every_run_was_tried(lang: str) -> None:
    # names of one and several parts, coasts, a part that folds to nothing (`ͺ`), umlauts
    parts = ["Mid", "Atlantic", "Ocean", "Lon", "StP", "nc", "sc", "Austria", "Hungary"]
    parts += ["ͺ", "x", "Nord", "Atlantik", "Ärmelkanal", "Gulf", "of", "Bothnia"]
    reader = _Reader(STANDARD, vocabulary(lang), None, "<test>")
    for count in (2, 3):
        for chosen in itertools.product(parts, repeat=count):
            text = "-".join(chosen)
            token = Token("WORD", text, 2, 1, 3, 1, 3 + len(text), 2 + len(text))
            assert shape(reader.split_hyphens(token)) == shape(split_every_run(reader, token)), text


def test_a_run_of_digits_is_bad_digit_by_digit_as_before() -> None:
    scanner = _scanner()

    def retrying(line: str) -> list[tuple[object, ...]]:
        out: list[tuple[object, ...]] = []
        pos = 0
        while pos < len(line):
            match = scanner.regex.match(line, pos)
            if match is None:
                out.append(("$BAD", line[pos], pos))
                pos += 1
                continue
            if match.lastgroup not in scanner.ignore:
                out.append((match.lastgroup, match.group(), pos))
            pos = match.end()
        return out

    # ASCII and Arabic-Indic digits (`\d` is any decimal digit), list marks, words
    for line in combinations(["1", "٣", ".", ")", " ", "x", "-"], 5):
        tokens = [(t.type, t.value, t.start_pos) for t in scanner.scan(line)]
        assert tokens == retrying(line), line


def test_the_clear_word_is_found_as_by_the_pattern_it_replaced() -> None:
    before = re.compile(r"(?P<label>.*?)\s*(?P<word>CLEAR|\(\s*NMR\s*\))\s*", re.IGNORECASE)
    pieces = [" ", "\u3000", "CLEAR", "clear", "C", "(", ")", "NMR", "nmr", "E:", "#", "x"]
    for line in combinations(pieces, 4):
        old = before.fullmatch(re.split("#|//", line, maxsplit=1)[0])
        new = _clear_word(line)
        expected = None if old is None else (old.group("word"), old.start("word"))
        assert (None if new is None else (new.group(), new.start())) == expected, line


def test_phase_lines_match_as_before() -> None:
    before = re.compile(
        r"\s*(?P<season>[^\W\d_]+)[\s,]*(?P<year>\d{1,5})[\s,(]*(?P<kind>[^\W\d_]*)[\s).:]*"
    )
    pieces = ["Spring", "F", "1901", " ", ",", "(", ")", ".", ":", "M", "x", "1"]
    for line in combinations(pieces, 5):
        old, new = before.fullmatch(line), _PHASE_LINE.fullmatch(line)
        assert (old is None) == (new is None), line
        if old is not None and new is not None:
            assert old.groupdict() == new.groupdict(), line
            assert old.start("kind") == new.start("kind"), line


# ---------------------------------------------------------------------- through the parser
def test_a_name_with_a_part_that_folds_to_nothing_is_still_one_name() -> None:
    order = parse_order("F Mid-ͺ-Atlantic-Bre", STANDARD)
    assert order == Move(UnitType.FLEET, Location("MAO"), Location("BRE"))


def test_thousands_of_articles_before_a_supported_unit() -> None:
    """Each article was dropped by a recursive call: 3000 of them raised RecursionError."""
    text = "Armee München unterstützt " + "die " * 5000 + "x Armee Berlin - Kiel"
    result = parse_orders(text, STANDARD, lang="de")
    assert [str(p.order) for p in result.orders] == ["A MUN S A BER - KIE"]
    (warning,) = result.diagnostics
    assert warning.code == "foreign-adjective" and warning.column == 27


def test_a_long_name_is_quoted_short() -> None:
    text = "England: A Lon - " + " ".join(["Lundon"] * 2000)
    (problem,) = parse_orders(text, STANDARD).diagnostics
    assert problem.code == "unknown-province" and problem.column == 18
    quoted = problem.message.split("'")[1]
    assert len(quoted) == QUOTED_LIMIT and quoted.startswith("Lundon Lundon") and quoted[-1] == "…"
    assert len(problem.format()) < 400


def test_several_orders_given_as_one_are_quoted_short() -> None:
    with pytest.raises(OrderSyntaxError) as raised:
        parse_order("A Par - Bur; " * 1000, STANDARD)
    assert "found 1000 orders in 'A Par - Bur; A Par - Bur;" in str(raised.value)
    assert len(str(raised.value)) < 200


def test_a_phase_line_with_a_long_gap_is_read() -> None:
    result = parse_orders("Spring 1901" + " " * 10_000 + "\nA Par H", STANDARD)
    assert str(result.phase) == "S1901M" and result.ok
