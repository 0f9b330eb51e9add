"""The fast path for canonical lines and the memo of lines read before change speed, never a
result: every line reads exactly as the grammar alone reads it (orders, diagnostics, codes,
columns), in both languages, with and without a position of each phase type."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.base.model import Hold, Location, Move, Order, Retreat, UnitType
from adjudicator.orders import fast as fast_module
from adjudicator.orders import read
from adjudicator.orders.read import ParseResult, parse_orders
from adjudicator.orders.write import format_order
from adjudicator.state.position import Position
from tests.strategies import STANDARD, orders, positions

LANGS = st.sampled_from(["en", "de"])


def _texts(order: Order, lang: str) -> list[str]:
    """The canonical line, the language's short form of it, and a spelling the fast path
    does not take (lower case), so that the memo is held to the grammar for those too."""
    canonical = str(order)
    return [canonical, format_order(order, STANDARD, lang), canonical.lower()]


def _all_ways(text: str, position: Position | None, lang: str) -> list[ParseResult]:
    """The file read by the grammar only, then with the memo cleared (the fast path or the
    grammar, filling the memo), then again (from the memo)."""
    slow = parse_orders(text, STANDARD, position, lang=lang, _memo=False)
    fast_module.MEANINGS.clear()
    fresh = parse_orders(text, STANDARD, position, lang=lang)
    remembered = parse_orders(text, STANDARD, position, lang=lang)
    return [slow, fresh, remembered]


@given(orders(), st.one_of(st.none(), positions()), LANGS)
def test_every_order_reads_the_same_with_and_without_the_fast_path(
    order: Order, position: Position | None, lang: str
) -> None:
    for line in _texts(order, lang):
        # a header, the line, and the line again under a label: the powers come out the same
        text = f"England:\n{line}\nFrance: {line}\n{line}\n"
        slow, *fast = _all_ways(text, position, lang)
        for result in fast:
            assert result == slow
            assert [d.format() for d in result.diagnostics] == [
                d.format() for d in slow.diagnostics
            ]


@pytest.mark.parametrize("phase", ["S1901M", "F1901R", "W1901A"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_canonical_forms_read_the_same_in_each_phase_type(phase: str, lang: str) -> None:
    lines = [
        "A PAR - BUR",
        "F NTH C A LON - NWY",
        "A BUD S A WAR - GAL",
        "F NTH S A EDI",
        "F STP/SC - BOT",
        "A LON - NWY VIA",
        "F TRI D",
        "F STP/NC B",
        "A VIE R BOH",
        "A TYR H",  # German reads TYR as the Tyrrhenian Sea: never the fast path there
        "WAIVE",
    ]
    text = f"{phase}\n" + "\n".join(lines) + "\n"
    slow, *fast = _all_ways(text, None, lang)
    assert slow.orders and all(result == slow for result in fast)


def test_a_move_in_a_retreat_phase_is_a_retreat_on_the_fast_path_too() -> None:
    for phase, kind in [("S1901M", Move), ("F1901R", Retreat)]:
        fast_module.MEANINGS.clear()
        for _ in range(3):  # the grammar, then the fast path, then the memo
            result = parse_orders(f"{phase}\nA PAR - BUR\n", STANDARD)
            assert type(result.orders[0].order) is kind


def test_a_unit_type_taken_from_the_position_is_not_remembered() -> None:
    fast_module.MEANINGS.clear()
    army = Position.initial(STANDARD)
    parse_orders("PAR H", STANDARD, army)
    assert [key[-1] for key in fast_module.MEANINGS._entries] == []
    # the same line means another order where another unit stands
    fleet = dataclasses.replace(army, units=tuple(u for u in army.units if u.province != "BRE"))
    assert parse_orders("BRE H\n", STANDARD, fleet).orders[0].order == Hold(None, Location("BRE"))
    assert parse_orders("BRE H\n", STANDARD, army).orders[0].order == Hold(
        UnitType.FLEET, Location("BRE")
    )


def test_the_memo_is_bounded() -> None:
    memo: fast_module.Memo[int, str] = fast_module.Memo(5)
    for key in range(12):
        memo.put(key, str(key))
    assert len(memo) == 5
    assert memo.get(0) is None
    assert memo.get(11) == "11"
    memo.get(7)  # used: the oldest now is 8
    memo.put(12, "12")
    assert memo.get(7) == "7" and memo.get(8) is None


def test_the_line_memo_stays_at_its_cap() -> None:
    fast_module.MEANINGS.clear()
    size = fast_module.MEANINGS.size
    for n in range(size + 50):
        parse_orders(f"# comment {n}\n", STANDARD)
    assert len(fast_module.MEANINGS) == size
    fast_module.MEANINGS.clear()


def test_a_parsed_order_is_a_frozen_value_whatever_builds_it() -> None:
    """ParsedOrder's written-out __init__ (issue 10) makes the same value as a dataclass's:
    its own class afterwards, equal and hashed by its fields, immutable, copied by
    ``dataclasses.replace``; a subclass is built through the slot setters."""
    move = Move(UnitType.ARMY, Location("PAR"), Location("BUR"))
    parsed = read.ParsedOrder("France", move, 3, 1, "A PAR - BUR")
    assert type(parsed) is read.ParsedOrder
    fields = [getattr(parsed, f.name) for f in dataclasses.fields(parsed)]
    assert fields == ["France", move, 3, 1, "A PAR - BUR"]
    twin = read.ParsedOrder("France", move, 3, 1, "A PAR - BUR")
    assert parsed == twin and hash(parsed) == hash(twin)
    assert parsed != dataclasses.replace(parsed, line=4)
    assert dataclasses.replace(parsed, line=4).line == 4
    with pytest.raises(dataclasses.FrozenInstanceError):
        parsed.power = "England"  # type: ignore[misc]

    class Marked(read.ParsedOrder):
        __slots__ = ()

    marked = Marked(None, move, 1, 2, "A PAR-BUR")
    assert type(marked) is Marked
    assert (marked.power, marked.order, marked.line, marked.column, marked.text) == (
        None,
        move,
        1,
        2,
        "A PAR-BUR",
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        marked.line = 5  # type: ignore[misc]


def test_a_remembered_meaning_cannot_be_changed_by_a_caller() -> None:
    fast_module.MEANINGS.clear()
    first = parse_orders("A PAR - BUR\n", STANDARD)
    parsed = first.orders[0]
    move = parsed.order
    assert isinstance(move, Move)
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.destination = Location("PIC")  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        parsed.text = "A PAR - PIC"  # type: ignore[misc]
    (stored,) = [v for k, v in fast_module.MEANINGS._entries.items() if k[-1] == "A PAR - BUR"]
    assert isinstance(stored, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        stored[0].problems = ()  # type: ignore[misc]
    again = parse_orders("A PAR - BUR\n", STANDARD)
    assert again == first and again.orders[0].order == Move(
        UnitType.ARMY, Location("PAR"), Location("BUR")
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_place_of_the_map_reads_the_same_on_the_fast_path(lang: str) -> None:
    places = [str(Location(p)) for p in STANDARD.provinces] + [
        f"{p}/{c}" for p, province in STANDARD.provinces.items() for c in province.coasts
    ]
    # the first lines settle the shapes with ids every language reads as themselves, so that
    # each place after them is read by the fast path wherever its id allows
    lines = ["A PAR H", "F NTH - NWY", "F BUL/EC S A PAR - BUR"]
    for place in places:
        lines += [f"A {place} H", f"F NTH - {place}", f"F BUL/EC S A {place} - {place}"]
    text = "\n".join(lines) + "\n"
    slow, *fast = _all_ways(text, None, lang)
    key = (STANDARD, lang, None)
    assert fast_module.SHAPES.get((key, ("A", "@", "H"))) is True
    assert fast_module.SHAPES.get((key, ("F", "@/", "S", "A", "@", "-", "@"))) is True
    for result in fast:
        assert result == slow
