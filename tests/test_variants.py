"""The variants (issue 20): Fleet Rome, 1898, Chaos and Pure, each played through the library
from its start to a winter, with orders read as players write them (English and German) and the
results reported in both languages; the three variants on the standard board keep its
geography, and their files are what ``tools/variants.py`` writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.adjudication.engine import adjudicate
from adjudicator.board.load import load_map
from adjudicator.orders.read import parse_orders
from adjudicator.report.render import render_report
from adjudicator.state.position import Position
from tools.variants import HEADS, MAPS, variant_text

GAMES: dict[str, list[tuple[str, str]]] = {
    # map -> phases: (the phase the orders are for, the orders as a player writes them)
    "pure": [
        ("S1901M", "Austria: A Vie - Mos\nTurkey: A Con S A Vie - Mos"),
        ("S1901R", ""),  # Russia's army, with no order, is disbanded
        ("F1901M", "Herbst 1901\nÖsterreich: A Mos H\nTürkei: A Kon H"),
    ],
    "fleetrome": [
        ("S1901M", "Italy: F Rom - Tys\nF Nap - Ion\nA Ven H"),
        ("F1901M", "Italien: F Tys - Tun\nF Ion H"),
    ],
    "1898": [
        ("W1898A", "England: Build F Edi\nGermany: A Kie B\nRussia: A War B"),
        ("S1899M", "England: F Edi - Nth\nGermany: A Kie - Ber\nRussia: A War - Mos"),
        ("F1899M", "England: F Nth - Lon\nDeutschland: A Ber - Mün\nRussland: A Mos - Sew"),
    ],
    "chaos": [
        ("W1900A", "Berlin: A Ber B\nKiel: F Kie B\nMunich: A Mun B"),
        ("S1901M", "Berlin: A Ber - Kie\nKiel: F Kie - Hol"),
        ("F1901M", "Berlin: A Kie H\nKiel: F Hol H"),
        ("W1901A", "Berlin: A Ber B"),
        ("S1902M", "Berlin: A Kie - Den"),
        ("F1902M", "Herbst 1902\nBerlin: A Dän H"),
    ],
}

WINTER = {
    # map -> (the winter's orders, a power, its centres after the winter, its units after it)
    "pure": ("Austria: A Vie B", "Austria", ("MOS", "VIE"), ("A MOS", "A VIE")),
    "fleetrome": ("Italy: F Nap B", "Italy", ("NAP", "ROM", "TUN", "VEN"), None),
    "1898": ("England: F Edi B", "England", ("EDI", "LON"), ("F EDI", "F LON")),
    # Berlin took Kiel and left it: it builds there, on a centre not its home (build_any)
    "chaos": ("Berlin: F Kie B", "Berlin", ("BER", "DEN", "KIE"), ("A BER", "A DEN", "F KIE")),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_from_the_start_to_a_winter(name: str) -> None:
    game_map = load_map(name)
    position = Position.initial(game_map)
    for phase, text in GAMES[name]:
        assert str(position.phase) == phase
        parsed = parse_orders(text, game_map, position)
        assert parsed.ok, parsed.diagnostics
        result = adjudicate(position, parsed.by_power(), game_map=game_map)
        for lang in ("en", "de"):
            report = render_report(result, game_map, lang=lang)
            assert report.strip() and "Traceback" not in report
        position = result.next_position
    assert position.phase.type.name == "ADJUSTMENT", position.phase
    orders, power, centres, units = WINTER[name]
    parsed = parse_orders(orders, game_map, position)
    assert parsed.ok, parsed.diagnostics
    result = adjudicate(position, parsed.by_power(), game_map=game_map)
    assert [r.outcome.value for r in result.results if r.power == power] == ["succeeds"]
    after = result.next_position
    assert after.supply_centers[power] == centres
    if units is not None:
        assert tuple(str(u) for u in after.units_of(power)) == units


def test_german_orders_and_report_use_the_maps_german_names() -> None:
    game_map = load_map("chaos")
    position = Position.initial(game_map)
    parsed = parse_orders("Winter 1900\nMünchen: A Mün B\nNeapel: F Nea B", game_map, position)
    assert parsed.ok and parsed.lang == "de", parsed.diagnostics
    report = render_report(adjudicate(position, parsed.by_power()), game_map, lang="de")
    assert "München" in report and "Neapel" in report


@pytest.mark.parametrize("name", sorted(HEADS))
def test_variants_on_the_standard_board_keep_its_geography(name: str) -> None:
    standard, variant = load_map("standard"), load_map(name)
    assert variant.provinces.keys() == standard.provinces.keys()
    for pid, province in standard.provinces.items():
        other = variant.provinces[pid]
        assert (other.type, other.coasts, other.names) == (
            province.type,
            province.coasts,
            province.names,
        )
        assert other.supply_center == province.supply_center
    for pid in standard.provinces:
        for unit_type in ("A", "F"):
            from adjudicator.base.model import UnitType

            kind = UnitType(unit_type)
            for here in standard.locations(pid, kind):
                assert variant.neighbours(here, kind) == standard.neighbours(here, kind)
    assert variant.drawing == "standard"


def test_the_shipped_variant_files_are_what_the_tool_writes() -> None:
    standard = (MAPS / "standard.yaml").read_text(encoding="utf-8")
    for name in HEADS:
        shipped = Path(MAPS / f"{name}.yaml").read_text(encoding="utf-8")
        assert shipped == variant_text(name, standard), f"run python -m tools.variants ({name})"
