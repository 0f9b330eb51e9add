"""The reader's LALR driver calls the syntax builder through its own filters (Lark's tree-builder
wrappers written out, ``read._direct``): the values must be those Lark's parser builds."""

from __future__ import annotations

import pytest

from adjudicator.lang.languages import vocabulary
from adjudicator.lang.vocabulary import Problem
from adjudicator.orders import read
from adjudicator.orders.resolve import OrderBuilder
from tests.strategies import STANDARD


def test_every_reduction_skips_lark_wrappers() -> None:
    """A wrapper the reader does not know would put all of Lark's callbacks back (the same
    values, slower): every rule's callback is the reader's own or the builder's."""
    entries = [entry for row in read._tables().rows.values() for entry in row.values()]
    callbacks = [arg[1] for shift, arg in entries if not shift]  # (size, callback, goto name)
    assert callbacks
    assert {callback.__module__ for callback in callbacks} == {
        "adjudicator.orders.read",
        "adjudicator.orders.syntax",
    }


@pytest.mark.parametrize(
    ("line", "lang"),
    [
        ("Fleet St. Petersburg (south coast) moves to Gulf of Bothnia", "en"),
        ("Army Vienna holds", "en"),
        ("[ENGLAND] F North Sea - Norwegian Sea - Norway", "en"),
        ("E) F Lon - Nth", "en"),
        ("1. A Par H", "en"),
        ("England: A Lon - Bel via convoy", "en"),
        ("A Mun S German A Ber - Kie", "en"),
        ("Frankreich: Flotte Spanien (Südküste) zieht nach Westliches Mittelmeer", "de"),
        ("Armee Wien hält", "de"),
        ("Army Paris supports Army Marseilles to Burgundy", "en"),
        ("Fleet North Sea convoys Army London to Norway", "en"),
        ("England: F Spa(sc) - Wes", "en"),
        ("A Lon - Nth - Nwy", "en"),
        ("Armee München unterstützt Armee Berlin nach Kiel", "de"),
        ("A Mun S", "en"),  # an error: the driver gives way to Lark for its report
        ("F Bla C F Sev - Ank", "en"),
    ],
)
def test_the_driver_builds_what_lark_builds(line: str, lang: str) -> None:
    reader = read._Reader(STANDARD, vocabulary(lang), None, "<test>")
    tokens = reader.lex(line)
    results: list[tuple[object, list[Problem]]] = []
    for parser in (read._Driver(read._tables()), read._grammar().parse_interactive(start="item")):
        builder = OrderBuilder(STANDARD, vocabulary(lang), None, line)
        try:
            results.append((reader.drive(parser, tokens, builder), builder.problems))
        except (read._Mismatch, read._LineError) as exc:
            results.append((type(exc).__name__, []))
    driven, lark = results
    if driven[0] == "_Mismatch":
        assert lark[0] == "_LineError"  # only what Lark refuses makes the driver give way
    else:
        assert driven == lark
