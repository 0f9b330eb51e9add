"""Replay reads a phase's order lines in one call when each line is one order, and line by line
otherwise: both readings give the same orders, and a line that is not one order still raises
where it stands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator.base.errors import InputError
from adjudicator.board.load import load_map
from adjudicator.state.position import Position
from adjudicator.suites import replay

STANDARD = load_map("standard")
START = Position.initial(STANDARD)


def _both(raw: dict[str, Any]) -> tuple[Any, Any]:
    record = replay._Record(STANDARD)
    together = replay._orders_together(raw, record, START)
    by_line = replay._orders_by_line(raw, record, START)
    return together, by_line


def test_a_phase_of_plain_lines_is_read_in_one_call_to_the_same_orders() -> None:
    raw = {
        "FRANCE": ["A PAR - BUR", "F BRE - MAO", "A MAR S A PAR - BUR"],
        "ENGLAND": ["F LON - NTH", "F EDI - NWG"],
        "GERMANY": None,
        "France": ["Army Paris holds"],  # the same power again, under another name
    }
    together, by_line = _both(raw)
    assert together is not None
    assert together == by_line
    assert list(together) == list(by_line) == ["France", "England"]
    assert [str(o) for o in together["France"]] == [
        "A PAR - BUR",
        "F BRE - MAO",
        "A MAR S A PAR - BUR",
        "A PAR H",
    ]


@pytest.mark.parametrize(
    "line",
    [
        "England:",  # a power header: no order
        "A PAR H; A MAR H",  # two orders on a line
        "A PAR H\nA MAR H",  # a line break inside a line
        "F1901M",  # a phase line
        "",  # nothing
        "A XYZ - BUR",  # no such province
    ],
)
def test_a_line_that_is_not_one_order_is_read_alone(line: str) -> None:
    raw = {"FRANCE": ["A MAR H", line, "F BRE H"]}
    record = replay._Record(STANDARD)
    assert replay._orders_together(raw, record, START) is None
    with pytest.raises(InputError):
        replay._orders(raw, record, START)


def test_an_unknown_power_is_reported_as_before() -> None:
    raw = {"FRANCE": ["A PAR H"], "ATLANTIS": ["A MAR H"]}
    record = replay._Record(STANDARD)
    assert replay._orders_together(raw, record, START) is None
    with pytest.raises(InputError, match="ATLANTIS"):
        replay._orders(raw, record, START)


def test_every_phase_of_the_shared_games_reads_alike(shared_dir: Path) -> None:
    files = sorted((shared_dir / "games" / "cicero").glob("*.json"))[:10]
    if not files:
        pytest.skip("no shared games")
    together_count = 0
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        record = replay._Record(load_map(data.get("map") or "standard"))
        for phase in data["phases"]:
            if not replay._is_phase(phase["name"]):
                continue
            position = record.position(phase)
            raw = phase.get("orders") or {}
            together = replay._orders_together(raw, record, position)
            if together is not None:
                together_count += 1
                assert together == replay._orders_by_line(raw, record, position), phase["name"]
    assert together_count > 100
