"""German orders and reports (issue 5): every word form, inflected and transliterated name, coast
and power name; language detection per file and each collision between the languages; German
error messages and phase lines; the Herbst 1901 example through the engine and its German report
(``tests/data/report/herbst1901_de.txt``); round trips in both languages."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.errors import AmbiguousOrderError, OrderSyntaxError, Severity
from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Order,
    Phase,
    Retreat,
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap, Power, Province, ProvinceType
from adjudicator.cli.main import main
from adjudicator.lang import de as lang_de
from adjudicator.lang import en as lang_en
from adjudicator.lang.fold import fold_name
from adjudicator.orders.phase_line import detect_language
from adjudicator.orders.read import ParseResult, parse_order, parse_orders
from adjudicator.orders.write import format_order
from adjudicator.report.names import Namer
from adjudicator.report.render import render_report, report_data
from adjudicator.state.outcomes import Outcome, Reason
from adjudicator.state.position import Position
from adjudicator.suites.model import Case
from tests.examples import examples
from tests.shipped_cases import datc_cases
from tests.strategies import LOCATIONS, SEAS, orders

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
EXPECTED = REPO / "tests" / "data" / "report" / "herbst1901_de.txt"
STANDARD = load_map("standard")
A, F = UnitType.ARMY, UnitType.FLEET


def de(text: str, position: Position | None = None) -> str:
    """``text`` read as one German order, in the canonical short form."""
    return str(parse_order(text, STANDARD, position, lang="de"))


def read(text: str, lang: str | None = "de", position: Position | None = None) -> ParseResult:
    return parse_orders(text, STANDARD, position, path="b.txt", lang=lang)


def standard_position(units: dict[str, list[str]], phase: str, **extra: object) -> Position:
    data: dict[str, object] = {"map": "standard", "phase": phase, "units": units, **extra}
    return Position.from_dict(data, STANDARD)


# --------------------------------------------------------------------------- word forms
WORD_FORMS = [
    # unit words
    ("Armee München hält", "A MUN H"),
    ("Heer München hält", "A MUN H"),
    ("Flotte Kiel hält", "F KIE H"),
    ("A Mün H", "A MUN H"),
    ("F Kie H", "F KIE H"),
    ("München hält", "MUN H"),
    # hold
    ("A Mün halten", "A MUN H"),
    ("A Mün steht", "A MUN H"),
    ("A Mün bleibt stehen", "A MUN H"),
    ("A Mün", "A MUN H"),
    # move
    ("A Mün nach Böhmen", "A MUN - BOH"),
    ("A Mün zum Tirol", "A MUN - TYR"),
    ("A Wien zur Ukraine", "A VIE - UKR"),
    ("A Mün in Böhmen", "A MUN - BOH"),
    ("F Kie an Dänemark", "F KIE - DEN"),
    ("A Mün - Böhmen", "A MUN - BOH"),
    ("A Mün -> Böhmen", "A MUN - BOH"),
    ("A Mün-Böh", "A MUN - BOH"),
    ("A Mün geht nach Böhmen", "A MUN - BOH"),
    ("A Mün zieht nach Böhmen", "A MUN - BOH"),
    ("Armee München zieht nach Böhmen", "A MUN - BOH"),
    ("F Ank ins Schwarze Meer", "F ANK - BLA"),
    ("A Mün Böh", "A MUN - BOH"),
    # via convoy and judge paths
    ("A London nach Norwegen per Konvoi", "A LON - NWY VIA"),
    ("A London nach Norwegen via Konvoi", "A LON - NWY VIA"),
    ("A Lon über Nordsee nach Norwegen", "A LON - NTH - NWY"),
    ("A Lon - Nordsee - Norwegen", "A LON - NTH - NWY"),
    # support
    ("A Mün unterstützt A Ber nach Kiel", "A MUN S A BER - KIE"),
    ("A Mün unterstützen A Ber nach Kiel", "A MUN S A BER - KIE"),
    ("A Mün S A Ber - Kie", "A MUN S A BER - KIE"),
    ("A Mün unterstützt A Ber", "A MUN S A BER"),
    ("A Mün unterstützt A Ber hält", "A MUN S A BER"),
    ("A Mün unterstützt Berlin", "A MUN S BER"),
    ("A Böh unterstützt russische Armee Warschau nach Galizien", "A BOH S A WAR - GAL"),
    ("A Böh unterstützt die russische Armee Warschau nach Galizien", "A BOH S A WAR - GAL"),
    ("A Böh unterstützt russischen A War - Gal", "A BOH S A WAR - GAL"),
    ("A Böh unterstützt die Armee Warschau nach Galizien", "A BOH S A WAR - GAL"),
    ("A Böh unterstützt Russland A War - Gal", "A BOH S A WAR - GAL"),
    ("A Böh S russische War - Gal", "A BOH S WAR - GAL"),
    # convoy
    ("F Nordsee konvoiert A London nach Norwegen", "F NTH C A LON - NWY"),
    ("F Nordsee geleitet A London nach Norwegen", "F NTH C A LON - NWY"),
    ("F Nordsee begleitet A London nach Norwegen", "F NTH C A LON - NWY"),
    ("F Nordsee transportiert A London nach Norwegen", "F NTH C A LON - NWY"),
    ("F Nth C A Lon - Nwy", "F NTH C A LON - NWY"),
    ("Flotte Nordsee konvoiert London nach Norwegen", "F NTH C A LON - NWY"),
    # retreat
    ("A Gal zieht sich zurück nach Böhmen", "A GAL R BOH"),
    ("A Gal zieht sich zurück Böhmen", "A GAL R BOH"),
    ("A Gal Rückzug nach Böhmen", "A GAL R BOH"),
    ("A Gal R Böh", "A GAL R BOH"),
    # disband
    ("A Gal löst sich auf", "A GAL D"),
    ("A Gal auflösen", "A GAL D"),
    ("Auflösen Armee Galizien", "A GAL D"),
    ("A Gal D", "A GAL D"),
    # build, remove, waive
    ("Aufbau Armee Berlin", "A BER B"),
    ("A Ber baut", "A BER B"),
    ("baut Flotte Kiel", "F KIE B"),
    ("Aufbau Flotte St. Petersburg (Nordküste)", "F STP/NC B"),
    ("A Ber B", "A BER B"),
    ("Abbau Flotte Kiel", "F KIE D"),
    ("Flotte Kiel Abbau", "F KIE D"),
    ("verzichtet", "WAIVE"),
    ("Verzicht", "WAIVE"),
    ("W", "WAIVE"),
]


@pytest.mark.parametrize(("text", "canonical"), WORD_FORMS, ids=[w[0] for w in WORD_FORMS])
def test_word_form(text: str, canonical: str) -> None:
    assert de(text) == canonical


@pytest.mark.parametrize("lang", [None, "de"])
def test_word_forms_are_detected_as_german(lang: str | None) -> None:
    """A file of German orders is read as German without ``lang``."""
    text = "\n".join(t for t, _ in WORD_FORMS)
    result = read(text, lang)
    assert result.lang == "de"
    assert result.diagnostics == ()
    assert [str(o.order) for o in result.orders] == [c for _, c in WORD_FORMS]


RETREATING = standard_position(
    {"Austria": ["A VIE"], "Russia": ["A GAL"], "Germany": ["A SIL"]},
    "F1901R",
    dislodged={"Austria": {"A BUD": "GAL"}},
)
ADJUSTING = standard_position(
    {"Germany": ["F KIE"]},
    "W1901A",
    supply_centers={"Germany": ["BER", "MUN", "KIE", "DEN"]},
)


@pytest.mark.parametrize(
    ("text", "position", "order"),
    [
        ("Armee Budapest nach Böhmen", RETREATING, Retreat(A, Location("BUD"), Location("BOH"))),
        ("Budapest zieht nach Böhmen", RETREATING, Retreat(A, Location("BUD"), Location("BOH"))),
        ("Budapest löst sich auf", RETREATING, Disband(A, Location("BUD"))),
        ("Armee Berlin", ADJUSTING, Build(A, Location("BER"))),
        ("Aufbau München", ADJUSTING, Build(None, Location("MUN"))),
        ("Abbau Kiel", ADJUSTING, Disband(F, Location("KIE"))),
        ("Deutschland: verzichtet", ADJUSTING, Waive()),
    ],
)
def test_phase_decides_the_form(text: str, position: Position, order: Order) -> None:
    assert parse_order(text, STANDARD, position, lang="de") == order


# --------------------------------------------------------------------------- separable verbs
SEPARABLE = [
    # text, canonical: the particle of the verb ends the order, the place stands in between
    ("A Wien zieht sich nach Böhmen zurück", "A VIE R BOH"),
    ("A Wien zieht sich Böhmen zurück", "A VIE R BOH"),
    ("A Wien zieht nach Böhmen zurück", "A VIE R BOH"),
    ("A Wien weicht nach Böhmen aus", "A VIE R BOH"),
    ("A Venedig greift Triest an", "A VEN - TRI"),
    ("Armee Venedig greift Triest an", "A VEN - TRI"),
    ("A Venedig greift Triest an // Angriff", "A VEN - TRI"),
    ("A Wien rückt nach Böhmen vor", "A VIE - BOH"),
    ("A Wien marschiert in Böhmen ein", "A VIE - BOH"),
    ("F Kiel zieht nach Holland", "F KIE - HOL"),
    ("A München löst sich auf", "A MUN D"),
    ("F StP (Nordküste) greift Barentssee an", "F STP/NC - BAR"),
]


@pytest.mark.parametrize(("text", "canonical"), SEPARABLE, ids=[s[0] for s in SEPARABLE])
def test_separable_verb(text: str, canonical: str) -> None:
    result = read(text, None)
    assert result.lang == "de"
    assert result.diagnostics == ()
    assert [str(o.order) for o in result.orders] == [canonical]


def test_separable_verbs_per_item() -> None:
    """Each item of a line ends with its own particle."""
    result = read("Italien: A Venedig greift Triest an; A Rom greift Venedig an")
    assert [str(o.order) for o in result.orders] == ["A VEN - TRI", "A ROM - VEN"]
    assert {o.power for o in result.orders} == {"Italy"}


def test_separable_retreat_in_a_retreat_phase() -> None:
    order = parse_order("A Budapest zieht sich nach Böhmen zurück", STANDARD, RETREATING)
    assert order == Retreat(A, Location("BUD"), Location("BOH"))


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        # the particle must end the item: a verb head alone is no keyword
        ("A Venedig greift Triest", 11, "Unerwartetes Wort 'greift' nach 'Venedig'"),
        ("A Venedig greift Triest zurück", 11, "Unerwartetes Wort 'greift' nach 'Venedig'"),
        # a particle alone is no verb
        ("A Ven - Tri an", 15, "Unerwartetes Ende des Befehls nach 'an'"),
    ],
)
def test_separable_verb_errors(text: str, column: int, message: str) -> None:
    result = read(text)
    assert result.orders == ()
    (diagnostic,) = result.diagnostics
    assert (diagnostic.code, diagnostic.column) == ("syntax", column)
    assert message in diagnostic.message


def test_separable_verbs_are_vocabulary_data() -> None:
    assert lang_de.VOCABULARY.separable_at(["greift", "triest"], "an") == (1, "MOVE")
    assert lang_de.VOCABULARY.separable_at(["zieht", "sich", "nach"], "zurueck") == (2, "RETREAT")
    assert lang_de.VOCABULARY.separable_at(["zieht", "nach"], "zurueck") == (1, "RETREAT")
    assert lang_de.VOCABULARY.separable_at(["greift"], "zurueck") is None
    assert lang_en.VOCABULARY.separable_at(["greift"], "an") is None
    with pytest.raises(ValueError, match="head … particle"):
        type(lang_de.VOCABULARY)("xx", {}, {}, {}, separable={"MOVE": ("greift an",)})


# --------------------------------------------------------------------------- names
NAMES = [
    # inflected adjective forms after a preposition, with and without an article
    ("F Lon zum Englischen Kanal", "F LON - ENG"),
    ("F Lon in den Englischen Kanal", "F LON - ENG"),
    ("F Lon zum Kanal", "F LON - ENG"),
    ("F Lon zum Ärmelkanal", "F LON - ENG"),
    ("F Bre zum Mittelatlantischen Ozean", "F BRE - MAO"),
    ("F Bre in den Mittelatlantik", "F BRE - MAO"),
    ("F Lvp zum Nordatlantischen Ozean", "F LVP - NAO"),
    ("F Lvp in die Irische See", "F LVP - IRI"),
    ("F Lvp zur Irischen See", "F LVP - IRI"),
    ("F Sev zum Schwarzen Meer", "F SEV - BLA"),
    ("F Ank ins Schwarze Meer", "F ANK - BLA"),
    ("F Nap zum Tyrrhenischen Meer", "F NAP - TYS"),
    ("F Nap ins Tyrrhenische Meer", "F NAP - TYS"),
    ("F Ion in die Adria", "F ION - ADR"),
    ("F Ion ins Adriatische Meer", "F ION - ADR"),
    ("F Gre in die Ägäis", "F GRE - AEG"),
    ("F Gre zum Ägäischen Meer", "F GRE - AEG"),
    ("F Smy ins Östliche Mittelmeer", "F SMY - EAS"),
    ("F Tun zum Westlichen Mittelmeer", "F TUN - WES"),
    ("F Swe in den Bottnischen Meerbusen", "F SWE - BOT"),
    ("F Nwy ins Europäische Nordmeer", "F NWY - NWG"),
    ("F Nwy zum Norwegischen Meer", "F NWY - NWG"),
    ("F Ion zum Ionischen Meer", "F ION - ION"),
    ("F Mar in den Golf von Lyon", "F MAR - LYO"),
    ("F Mar zum Löwengolf", "F MAR - LYO"),
    ("F Kie zur Ostsee", "F KIE - BAL"),
    ("F Kie in die Nordsee", "F KIE - NTH"),
    # alternatives and foreign forms
    ("A Kie nach Holland", "A KIE - HOL"),
    ("A Kie in die Niederlande", "A KIE - HOL"),
    ("A Kie nach Ruhr", "A KIE - RUH"),
    ("A Kie ins Ruhrgebiet", "A KIE - RUH"),
    ("A Kie ins Rheinland", "A KIE - RUH"),
    ("F Kie in die Helgoländer Bucht", "F KIE - HEL"),
    ("F Kie zur Helgoland-Bucht", "F KIE - HEL"),
    ("F Kie - Helgoland Bucht", "F KIE - HEL"),
    ("A Mos nach Sankt Petersburg", "A MOS - STP"),
    ("A Mos nach St. Petersburg", "A MOS - STP"),
    # the English codes stay valid in German (except where German gives one away, `tyr`)
    ("F Eng - Mao", "F ENG - MAO"),
    ("A Mun - Boh", "A MUN - BOH"),
]


@pytest.mark.parametrize(("text", "canonical"), NAMES, ids=[n[0] for n in NAMES])
def test_german_name(text: str, canonical: str) -> None:
    assert de(text) == canonical


TRANSLITERATIONS = [
    # (written, canonical) — umlauts and ß spelled out or not, any case, any normal form
    ("A München H", "A MUN H"),
    ("A Muenchen H", "A MUN H"),
    ("A MÜNCHEN H", "A MUN H"),
    ("A MUENCHEN H", "A MUN H"),
    ("A Mu\u0308nchen H", "A MUN H"),  # decomposed ü
    ("A Böhmen H", "A BOH H"),
    ("A Boehmen H", "A BOH H"),
    ("F Dänemark H", "F DEN H"),
    ("F Daenemark H", "F DEN H"),
    ("A Preußen H", "A PRU H"),
    ("A Preussen H", "A PRU H"),
    ("A PREUSSEN H", "A PRU H"),
    ("A PREU\u1e9eEN H", "A PRU H"),  # capital sharp s
    ("A Rumänien H", "A RUM H"),
    ("A Rumaenien H", "A RUM H"),
    ("F Aermelkanal H", "F ENG H"),
    ("F Oestliches Mittelmeer H", "F EAS H"),
    ("A Mün H", "A MUN H"),
    ("A Muen H", "A MUN H"),
    ("A Mün unterstuetzt A Ber", "A MUN S A BER"),
    ("A Mün haelt", "A MUN H"),
    ("A Gal zieht sich zurueck nach Boehmen", "A GAL R BOH"),
    ("A Gal loest sich auf", "A GAL D"),
    ("A Gal Rueckzug nach Boehmen", "A GAL R BOH"),
    ("A Mün ueber Böh nach Sil", "A MUN - BOH - SIL"),
]


@pytest.mark.parametrize(
    ("text", "canonical"), TRANSLITERATIONS, ids=[t[0] for t in TRANSLITERATIONS]
)
def test_transliteration(text: str, canonical: str) -> None:
    assert de(text) == canonical


COASTS = [
    ("F StP (Nordküste) - Barentssee", "F STP/NC - BAR"),
    ("F StP (Nordkueste) - Bar", "F STP/NC - BAR"),
    ("F Spa (Südküste) - Mao", "F SPA/SC - MAO"),
    ("F Spa (Suedkueste) - Mao", "F SPA/SC - MAO"),
    ("F Bul (Ostküste) - Schwarzes Meer", "F BUL/EC - BLA"),
    ("F Spa/nk - Mao", "F SPA/NC - MAO"),
    ("F Spa/sk H", "F SPA/SC H"),
    ("F Bul/ok H", "F BUL/EC H"),
    ("F Spa-nk H", "F SPA/NC H"),
    ("F Spanien Nordküste H", "F SPA/NC H"),
    ("F Spanien (Nord) H", "F SPA/NC H"),
    ("F Mao nach Spanien (Nordküste)", "F MAO - SPA/NC"),
    ("F Spa/nc H", "F SPA/NC H"),  # the codes work in every language
]


@pytest.mark.parametrize(("text", "canonical"), COASTS, ids=[c[0] for c in COASTS])
def test_german_coast(text: str, canonical: str) -> None:
    assert de(text) == canonical


POWERS = [
    ("Deutschland: A Ber H", "Germany"),
    ("Deutsches Reich: A Ber H", "Germany"),
    ("D: A Ber H", "Germany"),
    ("England: F Lon H", "England"),
    ("Großbritannien: F Lon H", "England"),
    ("Grossbritannien: F Lon H", "England"),
    ("Frankreich: A Par H", "France"),
    ("F: A Par H", "France"),
    ("Italien: A Rom H", "Italy"),
    ("Österreich: A Wien H", "Austria"),
    ("Oesterreich: A Wien H", "Austria"),
    ("Österreich-Ungarn: A Wien H", "Austria"),
    ("ÖU: A Wien H", "Austria"),
    ("A: A Wien H", "Austria"),
    ("Russland: A Mos H", "Russia"),
    ("Türkei: A Kon H", "Turkey"),
    ("Tuerkei: A Kon H", "Turkey"),
    ("[TÜRKEI] A Kon H", "Turkey"),
    ("Osmanisches Reich: A Kon H", "Turkey"),
]


@pytest.mark.parametrize(("line", "power"), POWERS, ids=[p[0] for p in POWERS])
def test_power_as_line_prefix(line: str, power: str) -> None:
    result = read(line)
    assert result.diagnostics == ()
    assert [o.power for o in result.orders] == [power]


@pytest.mark.parametrize(("line", "power"), POWERS, ids=[p[0] for p in POWERS])
def test_power_as_header(line: str, power: str) -> None:
    label, _, order = line.partition("] " if line.startswith("[") else ": ")
    header = f"{label}]" if line.startswith("[") else f"{label}:"
    result = read(f"{header}\n{order}\nA Mün H")
    assert result.diagnostics == ()
    assert [o.power for o in result.orders] == [power, power]


# --------------------------------------------------------------------------- collisions
def test_tyr_is_tyrolia_as_the_german_rules_text_writes_it() -> None:
    """``Tyr`` is Tyrolia; the Tyrrhenian Sea is ``TyS`` or ``Tyh`` (regeln-befehle.txt)."""
    assert de("Armee Tyr nach Ven") == "A TYR - VEN"
    assert de("F TyS - Tunis") == "F TYS - TUN"
    assert de("F Tyh - Tunis") == "F TYS - TUN"
    assert de("A Tir - Ven") == "A TYR - VEN"
    assert de("A Tyrolia - Venezia") == "A TYR - VEN"
    assert str(parse_order("F tyr - Tun", STANDARD, lang="en")) == "F TYR - TUN"
    assert str(parse_order("A Tyrolia - Venice", STANDARD)) == "A TYR - VEN"


def test_dpjudge_german_abbreviations_are_opt_in() -> None:
    """DPjudge's German set (``tyr`` the Tyrrhenian Sea) is the language ``de-dpjudge``, chosen
    only on request: detection never picks it."""
    assert str(parse_order("F tyr - Tunis", STANDARD, lang="de-dpjudge")) == "F TYS - TUN"
    assert str(parse_order("A Tir - Venedig", STANDARD, lang="de-dpjudge")) == "A TYR - VEN"
    assert read("Armee Wien hält\nF tyr - Tunis", lang=None).lang == "de"
    dpjudge = read("Armee Tirol hält\nA tyr H", lang="de-dpjudge")
    assert [str(o.order) for o in dpjudge.orders] == ["A TYR H", "A TYS H"]
    assert format_order(Hold(A, Location("TYR")), STANDARD, "de-dpjudge") == "A TIR H"


def test_tyr_is_never_guessed_across_languages() -> None:
    """An army 'in the Tyrrhenian Sea' stays there: DPjudge's German reading is not swapped for
    the English one when it makes no sense (the legality check reports it)."""
    assert str(parse_order("Armee Wien - Tyr", STANDARD, lang="de-dpjudge")) == "A VIE - TYS"
    # The file's language decides, not the line: an English-looking line in such a file.
    result = read("Armee Wien hält\nA Ven - Tyr", lang="de-dpjudge")
    assert [str(o.order) for o in result.orders] == ["A VIE H", "A VEN - TYS"]


@pytest.mark.parametrize(
    ("text", "lang", "word"),
    [
        ("A Munich H", "de", "Munich"),
        ("A Mün H", "en", "Mün"),
        ("A München H", "en", "München"),
        ("F Tyrrhenian Sea H", "de", "Tyrrhenian Sea"),
        ("A Tirol H", "en", "Tirol"),
    ],
)
def test_names_of_the_other_language_are_never_tried(text: str, lang: str, word: str) -> None:
    result = read(text, lang)
    assert result.orders == ()
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == "unknown-province"
    assert repr(word) in diagnostic.message


@pytest.mark.parametrize(
    ("line", "lang", "phase"),
    [
        ("F1901M", "de", "S1901M"),  # F: Frühjahr
        ("F1901M", "en", "F1901M"),  # F: Fall
        ("F1901R", "de", "S1901R"),
        ("H1901M", "de", "F1901M"),  # H: Herbst
        ("H1901", "de", "F1901M"),
        ("H1901B", "de", "F1901M"),  # B: Bewegung
        ("W1901A", "de", "W1901A"),
        ("Herbst 1901", "de", "F1901M"),
        ("Frühjahr 1901", "de", "S1901M"),
        ("Fruehjahr 1901", "de", "S1901M"),
        ("Frühling 1902, Bewegung", "de", "S1902M"),
        ("Sommer 1901", "de", "S1901R"),
        ("Spätherbst 1901", "de", "F1901R"),
        ("Herbst 1901 Rückzug", "de", "F1901R"),
        ("Herbst 1901 (Rückzug):", "de", "F1901R"),
        ("Winter 1901", "de", "W1901A"),
        ("Herbst 1901 Anpassung", "de", "W1901A"),
        ("Fall 1901, Movement", "en", "F1901M"),
        ("Spring 1901", "en", "S1901M"),
        ("S1901R:", "en", "S1901R"),
        ("F1901B", "en", "W1901A"),  # njudge's winter adjustments
        ("Winter 1901 # Anpassung", "en", "W1901A"),
    ],
)
def test_phase_line(line: str, lang: str, phase: str) -> None:
    result = read(line, lang)
    assert result.diagnostics == ()
    assert result.phase == Phase.parse(phase)


@pytest.mark.parametrize(
    ("line", "lang", "message", "hint"),
    [
        ("H1901M", "en", "unknown season 'H' in the phase line 'H1901M'", "in German 'H' means"),
        ("Herbst 1901", "en", "unknown season 'Herbst'", "in German 'Herbst' means Herbst"),
        ("Fall 1901", "de", "Unbekannte Jahreszeit 'Fall'", "auf Englisch bedeutet 'Fall' Fall"),
        ("Lenz 1901", "de", "Unbekannte Jahreszeit 'Lenz'", "Jahreszeiten: F, Frühjahr"),
        ("Herbst 1901 Krieg", "de", "Unbekannte Phase 'Krieg'", "Phasen: B, Bewegung"),
        ("Winter 1901 Bewegung", "de", "Diese Phase gibt es nicht", None),
    ],
)
def test_bad_phase_line(line: str, lang: str, message: str, hint: str | None) -> None:
    result = read(line, lang)
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == "unknown-phase"
    assert message in diagnostic.message
    if hint is None:
        assert diagnostic.hint is None
    else:
        assert diagnostic.hint is not None and hint in diagnostic.hint
    assert result.phase is None


def test_phase_line_checked_against_the_position() -> None:
    fall = standard_position({"Germany": ["A MUN"]}, "F1901M")
    result = read("Frühjahr 1901\nA Mün H", position=fall)
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == "phase-mismatch"
    assert str(diagnostic) == (
        "b.txt:1:1: error: Die Befehle gelten für Frühjahr 1901 (Bewegung), die Stellung ist "
        "aber Herbst 1901 (Bewegung) [phase-mismatch]"
    )
    assert [str(o.order) for o in result.orders] == ["A MUN H"]
    assert read("Herbst 1901\nA Mün H", position=fall).diagnostics == ()
    assert read("H1901M\nA Mün H", position=fall).diagnostics == ()


def test_phase_code_without_evidence_of_the_language_is_flagged() -> None:
    """``F1901M`` in a file with no German or English words is read as English (the default),
    with a warning, because it is Frühjahr in German."""
    result = read("F1901M\nA Mun - Ber", lang=None)
    assert result.lang == "en"
    assert result.phase == Phase.parse("F1901M")
    (warning,) = result.diagnostics
    assert warning.code == "ambiguous-phase"
    assert warning.severity is Severity.WARNING
    assert "in German it means Frühjahr 1901 (Bewegung) (pass --lang de)" in warning.message
    assert read("F1901M\nA Mun - Ber", lang="en").diagnostics == ()
    german = read("F1901M\nArmee München nach Berlin", lang=None)
    assert (german.lang, german.phase, german.diagnostics) == ("de", Phase.parse("S1901M"), ())
    assert read("W1901A\nA Mun B", lang=None).diagnostics == ()  # W means winter in both


def test_phase_line_decides_the_form_without_a_position() -> None:
    result = read("Winter 1901\nArmee Berlin\nSommer 1902\nA Gal nach Böhmen")
    assert [o.order for o in result.orders] == [
        Build(A, Location("BER")),
        Retreat(A, Location("GAL"), Location("BOH")),
    ]
    assert result.phase == Phase.parse("W1901A")  # the first phase line


@pytest.mark.parametrize(
    ("line", "order"),
    [
        ("D: A Ber H", "A BER H"),  # D before a colon: Deutschland
        ("A Ber D", "A BER D"),  # D after a unit: disband
        ("D A Ber", "A BER D"),
        ("A: F Tri H", "F TRI H"),  # A before a colon: Österreich
        ("F: F Bre H", "F BRE H"),  # F before a colon: Frankreich
    ],
)
def test_letters_by_position(line: str, order: str) -> None:
    result = read(line)
    assert result.diagnostics == ()
    assert [str(o.order) for o in result.orders] == [order]


def _twin_map() -> GameMap:
    """A map whose loader would refuse it: two provinces share a German name (``Zwilling``)."""

    def province(pid: str, en: str, de_names: tuple[str, ...]) -> Province:
        return Province(pid, ProvinceType.LAND, False, None, (), {"en": (en,), "de": de_names})

    return GameMap(
        name="twins",
        title="Twins",
        aliases=(),
        victory=1,
        languages=("en", "de"),
        provinces={
            "AAA": province("AAA", "Alpha", ("Zwilling", "Erster")),
            "BBB": province("BBB", "Beta", ("Zwilling", "Zweiter")),
        },
        powers={"Solo": Power("Solo", {"en": ("Solo",), "de": ("Allein",)}, {"de": "allein"}, ())},
        coast_names={},
        army_edges={"AAA": frozenset({"BBB"}), "BBB": frozenset({"AAA"})},
        fleet_edges={},
        source="<test>",
    )


def test_ambiguous_within_the_language_lists_the_candidates() -> None:
    twins = _twin_map()
    assert str(parse_order("Armee Erster nach Zweiter", twins)) == "A AAA - BBB"
    with pytest.raises(AmbiguousOrderError) as raised:
        parse_order("Armee Erster nach Zwilling", twins)
    (diagnostic,) = raised.value.diagnostics
    assert diagnostic.code == "ambiguous-province"
    assert diagnostic.message == (
        "Mehrdeutige Provinz 'Zwilling': möglich sind 'AAA' (Zwilling) oder 'BBB' (Zwilling)"
    )
    assert diagnostic.column == 19


# --------------------------------------------------------------------------- detection
@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Armee München hält", "de"),
        ("Army Munich holds", "en"),
        ("Deutschland:\nA Mun H", "de"),
        ("Germany:\nA Mun H", None),  # canonical power names are names in every language
        ("German army Munich holds", "en"),
        ("A Mün - Böh", "de"),  # umlauts
        ("A Muenchen - Boehmen", "de"),  # spelled out
        ("F Lon - Nth # nach Norwegen, in die Nordsee", None),  # comments are no evidence
        ("Herbst 1901\nA Mun H", "de"),
        ("Fall 1901\nA Mun H", "en"),
        ("A Mun - Tyr\nF Lon - Nth", None),  # ids and letters only: the default
        ("England:\nF Lon - Nth\nA Ber - Kie", None),  # names both languages share
        ("Armee Munich", None),  # one word each: a tie
        ("F tyr - ion", None),  # tyr is a name in both
        ("A Mun S A Ber - Kie\nA Mün unterstützt A Ber nach Kiel\nA Ber - Kie", "de"),
    ],
)
def test_detect_language(text: str, lang: str | None) -> None:
    assert detect_language(text, STANDARD) == lang
    assert read(text, lang=None).lang == (lang or "en")


def test_lang_forces_the_language() -> None:
    german = "Armee München hält"
    forced = read(german, "en")
    assert forced.lang == "en" and forced.orders == ()
    assert "unknown province" in forced.diagnostics[0].message
    english = read("Army Munich holds", "de")
    assert english.lang == "de" and english.orders == ()
    assert english.diagnostics[0].message.startswith("Unbekannte Provinz 'Army Munich holds'")


def test_detection_evidence_is_exclusive() -> None:
    """No word counts for both languages; shared names (``Berlin``) count for neither."""
    from adjudicator.orders.phase_line import _evidence

    evidence = _evidence(STANDARD)
    german, english = evidence["de"][0], evidence["en"][0]
    assert not german & english
    for shared in ("berlin", "england", "london", "holland", "tyr", "mun", "a", "winter"):
        assert shared not in german and shared not in english
    for word in ("armee", "nach", "venedig", "herbst", "nordkueste", "deutschland", "der"):
        assert word in german
    for word in ("army", "to", "venice", "fall", "north", "german", "the"):
        assert word in english


# --------------------------------------------------------------------------- German errors
GERMAN_ERRORS = [
    # text, code, column, message
    ("A Venedik H", "unknown-province", 3, "Unbekannte Provinz 'Venedik' – meinten Sie 'Venedig'?"),
    ("A Mün nach", "syntax", 11, "Ende des Befehls nach 'nach'; erwartet: ein Provinzname"),
    ("A Mün hält hält", "syntax", 12, "Unerwartet: 'hält'; erwartet: das Ende des Befehls"),
    ("A Ber zeiht nach Kiel", "syntax", 7, "Wort 'zeiht' nach 'Ber' – meinten Sie 'zieht'?"),
    ("F StP/xk - Bar", "unknown-coast", 7, "Unbekannte Küste 'xk'"),
    ("Deutschlnd: A Ber H", "unknown-power", 1, "Macht 'Deutschlnd' – meinten Sie 'Deutschland'"),
    ("F Nordsee konvoiert F Lon - Nwy", "convoyed-fleet", 21, "Nur Armeen werden konvoiert"),
    ("A Mün @ H", "unexpected-character", 7, "Unerwartetes Zeichen '@': gehört zu keinem Befehl"),
    ("Deutschland", "syntax", 1, "ist eine Macht, keine Provinz; eine Machtüberschrift endet"),
    ("A Mün S", "syntax", 8, "erwartet: eine Einheitenart ('A', 'F') oder ein Provinzname"),
    ("A Mün - Böh S", "syntax", 13, "erwartet: ein Zug ('-', 'zieht', 'nach'), 'via', 'per'"),
]


@pytest.mark.parametrize(
    ("text", "code", "column", "message"), GERMAN_ERRORS, ids=[e[0] for e in GERMAN_ERRORS]
)
def test_german_error(text: str, code: str, column: int, message: str) -> None:
    result = read(text)
    (diagnostic,) = result.diagnostics
    assert (diagnostic.code, diagnostic.column) == (code, column)
    assert message in diagnostic.message
    assert str(diagnostic).startswith(f"b.txt:1:{column}: error: ")
    assert str(diagnostic).split("\n")[0].endswith(f" [{code}]")


def test_german_error_format_with_caret_and_hint() -> None:
    (diagnostic,) = read("Italien: A Venedik H\nF StP/xk - Bar").diagnostics[:1]
    assert diagnostic.format() == (
        "b.txt:1:12: error: Unbekannte Provinz 'Venedik' – meinten Sie 'Venedig'? "
        "[unknown-province]\n  Italien: A Venedik H\n             ^"
    )
    coast = read("F StP/xk - Bar").diagnostics[0]
    assert coast.hint == "STP hat die Küsten 'nc' (Nordküste) oder 'sc' (Südküste)"
    power = read("Deutschlnd: A Ber H").diagnostics[0]
    assert power.hint is not None and power.hint.startswith("die Mächte dieser Karte sind")


def test_german_severity_words() -> None:
    """``Fehler``/``Warnung``/``Hinweis`` in the same ``path:line:col: severity: message [code]``
    shape; without words the English default stays."""
    words = lang_de.VOCABULARY.diagnostic_words()
    assert words == {"error": "Fehler", "warning": "Warnung", "hint": "Hinweis"}
    (diagnostic,) = read("Italien: A Venedik H").diagnostics
    assert diagnostic.format(words=words) == (
        "b.txt:1:12: Fehler: Unbekannte Provinz 'Venedik' – meinten Sie 'Venedig'? "
        "[unknown-province]\n  Italien: A Venedik H\n             ^"
    )
    assert diagnostic.format(words=lang_en.VOCABULARY.diagnostic_words()) == diagnostic.format()
    assert str(diagnostic).startswith("b.txt:1:12: error: ")
    coast = read("F StP/xk - Bar").diagnostics[0]
    assert "\n  Hinweis: STP hat die Küsten" in coast.format(words=words)
    (warning,) = read("A Böh S Germanisch A Ber").diagnostics
    assert warning.format(words=words, context=False).startswith("b.txt:1:9: Warnung: ")


@pytest.mark.parametrize(
    ("text", "severity", "left_out"),
    [
        (
            "Deutschland:\nA Mün nach Burgund\nA Ber nach Venedik\n",
            ":3:12: Fehler: Unbekannte Provinz 'Venedik'",
            ": Befehle, die nicht gelesen werden können, bleiben unberücksichtigt "
            "(ihre Einheiten halten)",
        ),
        (
            "Germany:\nA Mun - Bur\nA Ber - Venic\n",
            ":3:9: error: unknown province 'Venic'",
            ": orders that cannot be read are left out (their units hold)",
        ),
    ],
)
def test_adjudicate_speaks_the_file_language_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, severity: str, left_out: str
) -> None:
    orders = tmp_path / "befehle.txt"
    orders.write_text(text, encoding="utf-8")
    position = str(EXAMPLES / "spring1901_position.yaml")
    assert main(["adjudicate", position, str(orders)], io.StringIO()) == 0
    err = capsys.readouterr().err
    assert f"{orders}{severity}" in err
    assert err.splitlines()[-1] == f"{orders}{left_out}"


def test_foreign_adjective_warning_in_german() -> None:
    result = read("A Mün S kaiserliche A Ber")
    assert [str(o.order) for o in result.orders] == ["A MUN S A BER"]
    (warning,) = result.diagnostics
    assert warning.severity is Severity.WARNING
    assert warning.message.startswith(
        "Unbekannte Macht 'kaiserliche' vor der Einheit; das Wort wird übergangen"
    )


def test_parse_order_raises_in_german() -> None:
    with pytest.raises(OrderSyntaxError, match="Genau ein Befehl erwartet, gefunden: 2 Befehle"):
        parse_order("A Mün H; A Ber H", STANDARD, lang="de")
    with pytest.raises(OrderSyntaxError, match="gefunden: keiner"):
        parse_order("# nur ein Kommentar", STANDARD, lang="de")
    with pytest.raises(OrderSyntaxError, match="Unbekannte Provinz 'Venedik'"):
        parse_order("Armee Venedik hält", STANDARD)  # German detected from `Armee`, `hält`


def test_english_messages_stay_english() -> None:
    (diagnostic,) = read("A Venedik H", lang=None).diagnostics
    assert diagnostic.message.startswith("unknown province 'Venedik' — did you mean")


def test_every_message_has_a_german_template() -> None:
    english = lang_en.VOCABULARY.messages
    assert set(lang_de.VOCABULARY.messages) == set(english)
    for key, template in english.items():
        fields = set(re.findall(r"{(\w+)", template))
        assert set(re.findall(r"{(\w+)", lang_de.VOCABULARY.messages[key])) <= fields, key


# --------------------------------------------------------------------------- the example
@pytest.fixture(scope="module")
def herbst() -> tuple[Position, ParseResult]:
    position = Position.load(EXAMPLES / "herbst1901_position.yaml", STANDARD)
    text = (EXAMPLES / "herbst1901_befehle.txt").read_text(encoding="utf-8")
    return position, parse_orders(text, STANDARD, position, path="herbst1901_befehle.txt")


def test_example_reads_without_problems(herbst: tuple[Position, ParseResult]) -> None:
    position, parsed = herbst
    assert parsed.lang == "de"
    assert parsed.phase == position.phase == Phase.parse("F1901M")
    assert parsed.diagnostics == ()
    counts = {power: len(orders) for power, orders in parsed.by_power().items()}
    assert counts == {
        "Germany": 3,
        "England": 3,
        "France": 3,
        "Italy": 3,
        "Austria": 3,
        "Russia": 4,
        "Turkey": 3,
    }
    assert {u.power for u in position.units} == set(counts)
    assert sum(counts.values()) == len(position.units)  # every unit has an order


EXAMPLE_OUTCOMES = {
    # order: (outcome, reason)
    "A VIE - TYR": (Outcome.SUCCEEDS, Reason.NONE),  # 3 (two German supports) against 1
    "F TRI - VEN": (Outcome.FAILS, Reason.BOUNCED),  # cuts Venice's support, then bounces
    "A SER - GRE": (Outcome.FAILS, Reason.BOUNCED),
    "F ENG C A WAL - BEL": (Outcome.SUCCEEDS, Reason.NONE),
    "A WAL - BEL": (Outcome.SUCCEEDS, Reason.NONE),  # convoyed, 2 against France's 1
    "F NTH S A WAL - BEL": (Outcome.SUCCEEDS, Reason.NONE),
    "A BUR - BEL": (Outcome.FAILS, Reason.BOUNCED),
    "F BRE - MAO": (Outcome.SUCCEEDS, Reason.NONE),
    "A PIE H": (Outcome.SUCCEEDS, Reason.NONE),
    "A MUN S A VIE - TYR": (Outcome.SUCCEEDS, Reason.NONE),
    "A BOH S A VIE - TYR": (Outcome.SUCCEEDS, Reason.NONE),
    "F DEN - SWE": (Outcome.FAILS, Reason.BOUNCED),
    "A TYR H": (Outcome.FAILS, Reason.DISLODGED),
    "A VEN S A TYR": (Outcome.FAILS, Reason.CUT),
    "F TYS - TUN": (Outcome.SUCCEEDS, Reason.NONE),  # written `F tyr nach Tunis`
    "F BOT - SWE": (Outcome.FAILS, Reason.BOUNCED),
    "F SEV - BLA": (Outcome.FAILS, Reason.BOUNCED),
    "A UKR - RUM": (Outcome.SUCCEEDS, Reason.NONE),
    "A WAR - UKR": (Outcome.SUCCEEDS, Reason.NONE),
    "F ANK - BLA": (Outcome.FAILS, Reason.BOUNCED),
    "A BUL - GRE": (Outcome.FAILS, Reason.BOUNCED),
    "A SMY - ARM": (Outcome.SUCCEEDS, Reason.NONE),
}


def test_example_adjudicates_correctly(herbst: tuple[Position, ParseResult]) -> None:
    position, parsed = herbst
    result = adjudicate(position, parsed.by_power(), game_map=STANDARD)
    outcomes = {str(r.order): (r.outcome, r.reason) for r in result.results}
    assert outcomes == EXAMPLE_OUTCOMES
    (dislodged,) = result.dislodged
    assert dislodged.unit == Unit("Italy", A, Location("TYR"))
    assert dislodged.attacked_from == "VIE"
    assert dislodged.retreats == ()  # Bohemia, Munich, Piedmont, Trieste, Venice held; Vienna
    assert set(result.standoffs) == {"GRE", "SWE", "BLA"}
    after = result.next_position
    assert after.unit_at("TYR") == Unit("Austria", A, Location("TYR"))
    assert after.unit_at("BEL") == Unit("England", A, Location("BEL"))
    assert after.unit_at("WAL") is None


def run_cli(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdout=out)
    return code, out.getvalue()


EXAMPLE_ARGS = [
    "adjudicate",
    str(EXAMPLES / "herbst1901_position.yaml"),
    str(EXAMPLES / "herbst1901_befehle.txt"),
    "--lang",
    "de",
]


def test_example_german_report_matches_expected_file() -> None:
    code, text = run_cli(EXAMPLE_ARGS)
    assert code == 0
    assert text == EXPECTED.read_text(encoding="utf-8")


def test_example_json_keeps_english_keys_with_german_text() -> None:
    code, text = run_cli([*EXAMPLE_ARGS, "--format", "json"])
    assert code == 0
    data = json.loads(text)
    assert data["title"] == "Ergebnisse der Bewegungsphase Herbst 1901."
    by_order = {o["order"]: o for o in data["orders"]}
    cut = by_order["A VEN S A TYR"]
    assert cut["outcome"] == "fails" and cut["reason"] == "cut" and cut["notes"] == ["cut"]
    assert cut["long"] == "Armee Venedig UNTERSTÜTZT Armee Tirol"
    assert cut["why"] == [
        "Unterstützung unterbrochen durch den Angriff der österreichischen Flotte Triest."
    ]
    (gone,) = data["dislodged"]
    assert gone["destroyed"] and gone["text"] == (
        "Die italienische Armee Tirol hat keinen gültigen Rückzug und wurde vernichtet."
    )


def test_report_order_lines_read_back_as_german_orders(
    herbst: tuple[Position, ParseResult],
) -> None:
    """The German long form is a German order: every order line of the report parses back."""
    position, parsed = herbst
    result = adjudicate(position, parsed.by_power(), game_map=STANDARD)
    text = render_report(result, STANDARD, lang="de")
    lines = [line for line in text.split("\n\n")[1].splitlines() if not line.startswith(" ")]
    assert len(lines) == len(result.results)
    by_power = {p.display("de"): p.name for p in STANDARD.powers.values()}
    expected = {(r.power, str(r.order)) for r in result.results}
    read_back = set()
    for line in lines:
        body = re.sub(r"\.(  \(\*.*\*\))?$", "", line)
        again = parse_orders(body, STANDARD, position, lang="de")
        assert again.diagnostics == (), line
        (order,) = again.orders
        assert order.power is not None and by_power[line.split(":")[0]] == order.power
        read_back.add((order.power, str(order.order)))
    assert read_back == expected


# --------------------------------------------------------------------------- German reports
def test_german_adjustment_and_ownership_lines() -> None:
    from adjudicator.state.outcomes import Adjudication, Diagnosis, OrderResult

    before = standard_position(
        {"Russia": ["A WAR", "F SEV"], "Austria": ["A VIE"]},
        "W1901A",
        supply_centers={"Russia": ["MOS", "STP", "WAR", "SEV", "RUM"], "Austria": []},
    )
    results = (
        OrderResult("Russia", Build(F, Location("STP", "NC")), Outcome.SUCCEEDS),
        OrderResult("Russia", Build(A, Location("MOS")), Outcome.SUCCEEDS),
        OrderResult("Russia", Waive(), Outcome.SUCCEEDS),
        OrderResult(
            "Austria", Disband(A, Location("VIE")), Outcome.SUCCEEDS, Reason.CIVIL_DISORDER
        ),
        OrderResult(
            "Russia",
            Build(F, Location("WAR")),
            Outcome.ILLEGAL,
            Reason.ILLEGAL,
            code="fleet-inland",
            detail=Diagnosis("a fleet cannot be built inland"),
        ),
    )
    after = Position("standard", Phase.parse("S1902M"), before.units, (), frozenset(), {})
    text = render_report(Adjudication(before, results, after), STANDARD, lang="de")
    assert text.split("\n\n") == [
        "Ergebnisse der Anpassungsphase Winter 1901.",
        "Österreich: Abbau der Armee in Wien.  (*Anarchie*)\n"
        "    Nach der Anarchie-Regel abgebaut: die Macht hat zu wenige Abbauten befohlen.\n"
        "Russland: Aufbau einer Armee in Moskau.\n"
        "Russland: Aufbau einer Flotte in St. Petersburg (Nordküste).\n"
        "Russland: Aufbau einer Flotte in Warschau.  (*unzulässig*)\n"
        "    Unzulässiger Befehl F WAR B [fleet-inland]: eine Flotte kann nicht ins "
        "Landesinnere. Der Befehl wird übergangen.\n"
        "Russland: Verzicht auf einen Aufbau.",
        "Die nächste Phase ist die Bewegungsphase Frühjahr 1902.\n",
    ]


def test_german_ownership_block() -> None:
    from adjudicator.state.outcomes import Adjudication, OrderResult

    before = standard_position(
        {"Austria": ["A VIE"], "England": ["F LON", "F EDI", "A LVP", "A YOR"]}, "F1901M"
    )
    centres = {"Austria": ("BUD", "TRI", "VIE", "SER"), "England": ("LON", "EDI", "LVP")}
    after = Position("standard", Phase.parse("W1901A"), before.units, (), frozenset(), centres)
    results = (OrderResult("Austria", Hold(A, Location("VIE")), Outcome.SUCCEEDS),)
    text = render_report(Adjudication(before, results, after), STANDARD, lang="de")
    blocks = text.split("\n\n")
    assert blocks[2] == "Besitz der Versorgungszentren:"
    assert blocks[3].splitlines()[:2] == [
        "Österreich: Budapest, Serbien, Triest, Wien.",
        "England:    Edinburgh, Liverpool, London.",
    ]
    assert blocks[3].splitlines()[2].startswith("Neutral:    Ankara, Belgien, Berlin, Brest,")
    assert blocks[4].splitlines() == [
        "Österreich:   4 Versorgungszentren,  1 Einheiten:  Aufbau  3 Einheiten.",
        "England:      3 Versorgungszentren,  4 Einheiten:  Abbau   1 Einheit.",
    ]
    assert blocks[5] == "Die nächste Phase ist die Anpassungsphase Winter 1901.\n"


def test_german_names_sort_as_in_a_german_dictionary() -> None:
    from adjudicator.state.outcomes import Adjudication, OrderResult

    before = standard_position({"England": ["F ENG", "F NTH", "A WAL"]}, "S1901M")
    results = tuple(
        OrderResult("England", Hold(u.type, u.location), Outcome.SUCCEEDS) for u in before.units
    )
    after = Position("standard", Phase.parse("F1901M"), before.units, (), frozenset(), {})
    text = render_report(Adjudication(before, results, after), STANDARD, lang="de")
    assert text.split("\n\n")[1].splitlines() == [
        "England: Flotte Ärmelkanal HÄLT.",
        "England: Flotte Nordsee HÄLT.",
        "England: Armee Wales HÄLT.",
    ]


def _datc_cases() -> list[Case]:
    return [c for c in datc_cases() if c.skip is None]


GERMAN_ORDER_LINE = re.compile(r"^[A-ZÄÖÜ][\w-]*: .+\.(  \(\*[^*]+\*\))?$")


def test_every_datc_case_reports_in_german() -> None:
    """Every failed order of every DATC case is explained in German, and no English sentence
    of the resolver slips into a German report."""
    english_why = set(lang_en.WORDS.why.values())
    checked = 0
    for case in _datc_cases():
        step = case.steps[0]
        orders: dict[str, list[Order]] = {}
        for written in step.orders:
            if written.order is not None:
                orders.setdefault(written.power, []).append(written.order)
        result = adjudicate(case.position, orders, case.rules, game_map=case.game_map)
        text = render_report(result, case.game_map, lang="de")
        lines = text.split("\n\n")[1].splitlines() if result.results else []
        for line in lines:
            assert line.startswith("    ") or GERMAN_ORDER_LINE.match(line), (case.id, line)
        data = report_data(result, case.game_map, lang="de")
        for fact in data["orders"]:
            if fact["outcome"] != "succeeds":
                assert fact["why"], (case.id, fact)
            for why in fact["why"]:
                assert why not in english_why, (case.id, why)
                words = re.sub(r"\[[^]]*\]", "", why)  # codes such as [not-adjacent] stay
                assert not re.search(r"\b(the|which|was|not)\b", words), (case.id, why)
        checked += 1
    assert checked > 100


# --------------------------------------------------------------------------- round trips

SHADOWED = frozenset(pid for pid in STANDARD.provinces if STANDARD.lookup(pid, "de") != (pid,))
"""Ids that a German name gives to another province: none, as the German rules text writes
them (only DPjudge's opt-in German set gives ``tyr`` to the Tyrrhenian Sea)."""


def test_no_id_is_shadowed_in_german() -> None:
    assert frozenset() == SHADOWED
    assert parse_order("A TYR H", STANDARD, lang="de") == Hold(A, Location("TYR"))
    assert format_order(Hold(A, Location("TYR")), STANDARD, "de") == "A TYR H"
    dpjudge = {p for p in STANDARD.provinces if STANDARD.lookup(p, "de-dpjudge") != (p,)}
    assert dpjudge == {"TYR"}


@settings(max_examples=examples(400), deadline=None)
@given(orders())
def test_short_form_round_trip_in_german(order: Order) -> None:
    text = format_order(order, STANDARD, "de")
    assert parse_order(text, STANDARD, lang="de") == order
    if not SHADOWED & set(re.findall(r"[A-Z]{3}", str(order))):
        assert text == str(order)  # the canonical form itself, wherever no id is shadowed


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(orders(), st.sampled_from([None, "Deutschland:", "[RUSSLAND]", "ÖU:"]))
def test_short_form_round_trip_in_a_german_file(order: Order, label: str | None) -> None:
    text = format_order(order, STANDARD, "de")
    line = text if label is None else f"{label} {text}"
    result = parse_orders(f"Armee München hält\n{line}", STANDARD, lang=None)
    assert result.lang == "de"
    assert result.diagnostics == ()
    assert [o.order for o in result.orders][1:] == [order]


@settings(max_examples=examples(400), deadline=None)
@given(orders())
def test_canonical_round_trip_in_english(order: Order) -> None:
    assert format_order(order, STANDARD, "en") == str(order)
    assert parse_order(str(order), STANDARD, lang="en") == order


@st.composite
def movement_orders(draw: st.DrawFn) -> tuple[Order, Position]:
    """A movement-phase order of England's, with a unit on the board for every unit it names
    (the ordered one English, a supported or convoyed one Russian)."""
    fleet_places = [loc for pid in STANDARD.provinces for loc in STANDARD.locations(pid, F)]
    army_places = [loc for pid in STANDARD.provinces for loc in STANDARD.locations(pid, A)]
    unit_type = draw(st.sampled_from([A, F]))
    here = draw(st.sampled_from(army_places if unit_type is A else fleet_places))
    there = draw(LOCATIONS)
    kind = draw(st.sampled_from(["hold", "move", "path", "support", "convoy", "disband"]))
    units = {"England": [str(Unit("England", unit_type, here))], "Russia": []}
    order: Order
    match kind:
        case "hold":
            order = Hold(unit_type, here)
        case "move":
            order = Move(unit_type, here, there)
        case "path":
            path = tuple(draw(st.lists(SEAS, min_size=1, max_size=3)))
            order = Move(unit_type, here, there, via_convoy=True, path=path)
        case "disband":
            order = Disband(unit_type, here)
        case _:
            target_type = A if kind == "convoy" else draw(st.sampled_from([A, F]))
            target = draw(st.sampled_from(army_places if target_type is A else fleet_places))
            assume(target.province != here.province)
            units["Russia"] = [str(Unit("Russia", target_type, target))]
            if kind == "convoy":
                order = Convoy(unit_type, here, target, there)
            else:
                destination = draw(st.one_of(st.none(), LOCATIONS))
                order = Support(unit_type, here, target_type, target, destination)
    return order, standard_position(units, "S1901M")


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(movement_orders())
def test_german_long_form_round_trip(drawn: tuple[Order, Position]) -> None:
    """The German long form (the report's order lines) parses back under lang="de", Tyrolia
    included: long forms use names, and `Tirol` is Tyrolia."""
    order, position = drawn
    long = Namer(STANDARD, lang_de.WORDS, position).long("England", order)
    assert parse_order(long, STANDARD, position, lang="de") == order
    assert detect_language(long, STANDARD) in ("de", None)


# --------------------------------------------------------------------------- the map
def test_map_has_no_german_name_collisions() -> None:
    fresh = load_map(REPO / "maps" / "standard.yaml")  # validated afresh by the loader
    table = fresh.names("de")
    assert {k: v for k, v in table.items() if len(v) > 1} == {"liv": ("LVN", "LVP")}
    assert table[fold_name("Englischen Kanal")] == ("ENG",)
    for keyword in lang_de.VOCABULARY.words():
        assert fold_name(keyword) not in table or len(keyword) <= 1, keyword


def test_docs_examples() -> None:
    """The examples in docs/german.md run as written."""
    import doctest

    failures, tried = doctest.testfile(
        str(REPO / "docs" / "german.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried >= 6
    assert failures == 0


def test_every_illegal_code_has_a_german_sentence() -> None:
    from adjudicator.adjudication.legality.codes import IllegalCode

    assert set(lang_de.WORDS.illegal) == {str(c) for c in IllegalCode}
    message = "the unit F RUM cannot reach GAL"
    assert lang_de.WORDS.explain_illegal("support-unreachable", message) == (
        "die unterstützende Einheit könnte selbst nicht in das Zielgebiet ziehen"
    )
    assert lang_en.WORDS.explain_illegal("support-unreachable", message) == (
        "the unit F RUM cannot reach GAL"
    )
    assert lang_de.WORDS.explain_illegal("new-code", "an English message") == "new-code"
