"""German as German players write it (issue 12, section 3): the German rules text's own worked
example (Herbst 1907, ``examples/herbst1907_*``) and abbreviation conventions, the sentence forms
of rule books, club notations, names with two readings decided by the position, and the long
form printed with articles and declensions reading back."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.adjudication.engine import adjudicate
from adjudicator.base.errors import AmbiguousOrderError, OrderSyntaxError
from adjudicator.base.model import Hold, Location, Move, Order, Support, Unit, UnitType, Waive
from adjudicator.board.load import load_map
from adjudicator.cli.main import main
from adjudicator.lang.fold import fold_name
from adjudicator.orders import fast
from adjudicator.orders.read import parse_order, parse_orders
from adjudicator.orders.write import format_order_long
from adjudicator.state.outcomes import Outcome, Reason
from adjudicator.state.position import Position
from tests.examples import examples
from tests.strategies import orders

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
POSITION_1907 = EXAMPLES / "herbst1907_position.yaml"
ORDERS_1907 = EXAMPLES / "herbst1907_befehle.txt"
REPORT_1907 = REPO / "tests" / "data" / "report" / "herbst1907_de.txt"
RULES_TEXT = REPO.parent / "shared" / "reference" / "de" / "regeln-befehle.txt"
STANDARD = load_map("standard")
A, F = UnitType.ARMY, UnitType.FLEET


def de(text: str, position: Position | None = None) -> str:
    """``text`` read as one German order, in the canonical short form."""
    return str(parse_order(text, STANDARD, position, lang="de"))


def position(units: dict[str, list[str]], phase: str = "F1907M") -> Position:
    data: dict[str, object] = {"map": "standard", "phase": phase, "units": units}
    return Position.from_dict(data, STANDARD)


# --------------------------------------------------------------------------- Herbst 1907
def example_1907() -> tuple[Position, str]:
    return (
        Position.loads(POSITION_1907.read_text(encoding="utf-8"), STANDARD),
        ORDERS_1907.read_text(encoding="utf-8"),
    )


S, B, C, D, I = (  # noqa: E741
    (Outcome.SUCCEEDS, Reason.NONE),
    (Outcome.FAILS, Reason.BOUNCED),
    (Outcome.FAILS, Reason.CUT),
    (Outcome.FAILS, Reason.DISLODGED),
    (Outcome.ILLEGAL, Reason.ILLEGAL),
)
OUTCOMES_1907 = {
    # Germany: Ruhr's attack is left with no support (Kiel's is cut, Munich's impossible)
    "A RUH - HOL": B,
    "F KIE S A RUH - HOL": C,
    "A MUN S A RUH - HOL": I,
    "A PRU S A SIL": C,  # attacked from Livonia
    "A SIL S A PRU": S,
    # England: London is convoyed into Holland with one support; Picardy has none left
    "A LON - HOL": S,
    "F NTH C A LON - HOL": S,
    "F HEL S A LON - HOL": S,
    "A DEN - KIE": B,
    "A PIC - BRE": B,
    "F MAO S A PIC - BRE": C,
    "F ENG S A PIC - BRE": C,
    # France: the attacks that cut England's supports, and Brest held with Paris's support
    "F GAS - MAO": B,
    "F IRI - ENG": B,
    "F BRE H": S,
    "A PAR S F BRE": S,
    "A BUR - RUH": B,
    # Russia: Norway taken; Sevastopol loses its Austrian support and is dislodged
    "F SEV H": D,
    "A MOS S F SEV": S,
    "F STP/NC - NWY": S,
    "A FIN S F STP/NC - NWY": S,
    "A LVN - PRU": B,
    # Austria-Hungary: Ukraine's support cut from Galicia; Trieste held by two
    "A UKR S F SEV": C,
    "F TRI H": S,
    "A BUD S F TRI": S,
    "A VIE S F TRI": S,
    # Turkey: the Black Sea fleet takes Sevastopol with two supports
    "A GAL - UKR": B,
    "F BLA - SEV": S,
    "A ARM S F BLA - SEV": S,
    "A RUM S F BLA - SEV": S,
    # Italy: two supports against Trieste's two: the attack bounces
    "A APU - TRI": B,
    "F ADR C A APU - TRI": S,
    "A VEN S A APU - TRI": S,
    "F ALB S A APU - TRI": S,
}
"""What the rules text says of each order of its Fall 1907 example."""


def test_1907_orders_are_the_rules_texts_verbatim() -> None:
    """Every order line of the example file stands in the German rules text as written."""
    if not RULES_TEXT.exists():
        pytest.skip("the German rules text is not here")
    source = {line.strip() for line in RULES_TEXT.read_text(encoding="utf-8").splitlines()}
    lines = ORDERS_1907.read_text(encoding="utf-8").splitlines()
    orders = [line for line in lines if line and not line.startswith("#") and "1907" not in line]
    assert len(orders) == 34 + 7  # the orders and the seven power headers
    assert [line for line in orders if line not in source] == []


def test_1907_orders_read_without_a_problem() -> None:
    where, text = example_1907()
    result = parse_orders(text, STANDARD, where, path="herbst1907_befehle.txt")
    assert result.lang == "de"  # detected, not forced
    assert result.diagnostics == ()
    assert {str(o.order) for o in result.orders} == set(OUTCOMES_1907)
    # the powers come from the headers between dashes, and agree with the units' owners
    for parsed in result.orders:
        assert not isinstance(parsed.order, Waive)
        unit = where.unit_at(parsed.order.location.province)
        assert unit is not None and parsed.power == unit.power, parsed
    counts = {power: len(orders) for power, orders in result.by_power().items()}
    assert counts == {
        "Germany": 5,
        "England": 7,
        "France": 5,
        "Russia": 5,
        "Austria": 4,
        "Turkey": 4,
        "Italy": 4,
    }


def test_1907_adjudicates_as_the_rules_text_describes() -> None:
    where, text = example_1907()
    parsed = parse_orders(text, STANDARD, where)
    result = adjudicate(where, parsed.by_power(), game_map=STANDARD)
    assert {str(r.order): (r.outcome, r.reason) for r in result.results} == OUTCOMES_1907
    (dislodged,) = result.dislodged
    assert dislodged.unit == Unit("Russia", F, Location("SEV"))
    assert dislodged.attacked_from == "BLA"
    assert dislodged.retreats == ()  # "Da die Flotte Sewastopol keinen Rückzugsort hat"
    after = result.next_position
    assert after.unit_at("HOL") == Unit("England", A, Location("HOL"))
    assert after.unit_at("NWY") == Unit("Russia", F, Location("NWY"))
    assert after.unit_at("SEV") == Unit("Turkey", F, Location("SEV"))
    assert after.unit_at("BRE") == Unit("France", F, Location("BRE"))


def test_1907_german_report_matches_expected_file() -> None:
    out = io.StringIO()
    code = main(["adjudicate", str(POSITION_1907), str(ORDERS_1907)], stdout=out)
    assert code == 0
    assert out.getvalue() == REPORT_1907.read_text(encoding="utf-8")


# --------------------------------------------------------------------------- abbreviations
@pytest.mark.parametrize(
    ("text", "order"),
    [
        # "Bal für Ostsee, Lon für London": English abbreviations inside German orders
        ("F Bal nach Kiel", "F BAL - KIE"),
        ("F Kie nach Ostsee", "F KIE - BAL"),
        # "Nth für die Nordsee, NAt oder NAO für den Nordatlantik, NAf für Nordafrika,
        # Nwg für die Norwegische See, Nwy für Norwegen"
        ("F Nth nach Nwy", "F NTH - NWY"),
        ("F NAt nach Nwg", "F NAO - NWG"),
        ("F NAO nach Nwg", "F NAO - NWG"),
        ("F Nat nach Norwegische See", "F NAO - NWG"),
        ("F Mao nach NAf", "F MAO - NAF"),
        # "das Tyrrhenische Meer als TyS oder Tyh ..., um einen Konflikt mit Tyrolia (Tyr) zu
        # vermeiden"
        ("F TyS nach Tunis", "F TYS - TUN"),
        ("F Tyh nach Tunis", "F TYS - TUN"),
        ("Armee Tyr nach Ven", "A TYR - VEN"),
        ("Armee München nach Tyrolia", "A MUN - TYR"),
        ("Armee Venezia nach Tyrolia", "A VEN - TYR"),
        # English and local names in the German text
        ("Flotte Helgoland-Bight unterstützt Heer London nach Holland", "F HEL S A LON - HOL"),
        ("Flotte Helgoland-Bucht nach Nordsee", "F HEL - NTH"),
        ("Armee Venezia hält", "A VEN H"),
        # the descriptive names of seas, in every declension
        ("Flotte Mittlerer Atlantik hält", "F MAO H"),
        ("Flotte im Mittleren Atlantik hält", "F MAO H"),
        ("Flotte Brest zieht in den Mittleren Atlantik", "F BRE - MAO"),
        ("Flotte Gascogne zum Mittelatlantischen Ozean", "F GAS - MAO"),
        ("Flotte Mittelatlantischer Ozean nach Brest", "F MAO - BRE"),
        ("Flotte Irische See zum Englischen Kanal", "F IRI - ENG"),
        ("Flotte in der Irischen See hält", "F IRI H"),
        ("Flotte im Schwarzen Meer hält", "F BLA H"),
        ("Flotte Ankara ins Schwarze Meer", "F ANK - BLA"),
        ("Flotte Norwegen ins Europäische Nordmeer", "F NWY - NWG"),
        # alternative abbreviations of clubs
        ("A Lpl - Yor", "A LVP - YOR"),
        ("F Nat - Cly", "F NAO - CLY"),
        ("F Tyh - Rom", "F TYS - ROM"),
    ],
)
def test_abbreviation_conventions_of_the_rules_text(text: str, order: str) -> None:
    assert de(text) == order


def test_the_rules_texts_abbreviated_orders_read_in_a_german_file() -> None:
    """The rules text's abbreviated Russian orders, in a German file."""
    text = "Russland:\nA Mos H\nA War-Gal\nA Bud S A War-Gal\nA Sev-Ank\nF Bla C A Sev-Ank"
    result = parse_orders(f"Herbst 1907\n{text}", STANDARD)
    assert result.lang == "de" and result.diagnostics == ()
    assert [str(o.order) for o in result.orders] == [
        "A MOS H",
        "A WAR - GAL",
        "A BUD S A WAR - GAL",
        "A SEV - ANK",
        "F BLA C A SEV - ANK",
    ]


def test_no_german_name_is_read_in_english() -> None:
    """Nothing is guessed across languages: the German readings stay German."""
    for text in ("A Venezia H", "F Mittlerer Atlantik H", "A Tyrolia S A Liv", "F Lon XXX"):
        with pytest.raises(OrderSyntaxError):
            parse_order(text, STANDARD, lang="en")


# --------------------------------------------------------------------------- two readings
LIV_IN_LIVONIA = {"Russia": ["A LVN"], "Germany": ["A PRU"]}
LIV_IN_LIVERPOOL = {"England": ["A LVP", "F NTH"]}


def test_liv_without_a_position_lists_both() -> None:
    with pytest.raises(AmbiguousOrderError) as raised:
        parse_order("A Liv - Pru", STANDARD, lang="de")
    (problem,) = raised.value.diagnostics
    assert (problem.line, problem.column) == (1, 3)
    assert "'Liv'" in problem.message
    assert "'LVN' (Livland) oder 'LVP' (Liverpool)" in problem.message
    assert problem.hint is not None and "Stellung" in problem.hint


@pytest.mark.parametrize(
    ("text", "units", "order"),
    [
        ("A Liv - Pru", LIV_IN_LIVONIA, "A LVN - PRU"),
        ("A Liv - Yor", LIV_IN_LIVERPOOL, "A LVP - YOR"),
        ("A Pru S A Liv", LIV_IN_LIVONIA, "A PRU S A LVN"),
        ("F Nth C A Liv - Nwy", LIV_IN_LIVERPOOL, "F NTH C A LVP - NWY"),
    ],
)
def test_the_unit_standing_there_decides(
    text: str, units: dict[str, list[str]], order: str
) -> None:
    assert de(text, position(units)) == order


def test_liv_stays_ambiguous_where_the_position_cannot_decide() -> None:
    both = position({"Russia": ["A LVN"], "England": ["A LVP"]})
    with pytest.raises(AmbiguousOrderError):
        parse_order("A Liv H", STANDARD, both, lang="de")
    # a destination has no unit to decide it
    with pytest.raises(AmbiguousOrderError):
        parse_order("A Pru - Liv", STANDARD, position(LIV_IN_LIVONIA), lang="de")


def test_the_memo_never_answers_for_another_position() -> None:
    """The same line in a phase that the file names, read first without a position, then with
    two positions: each reading follows its own position (the memo keeps none of them)."""
    fast.MEANINGS.clear()
    text = "Herbst 1907\nA Liv H"
    for _ in range(2):
        assert not parse_orders(text, STANDARD, lang="de").ok
        livonia = parse_orders(text, STANDARD, position(LIV_IN_LIVONIA), lang="de")
        liverpool = parse_orders(text, STANDARD, position(LIV_IN_LIVERPOOL), lang="de")
        assert [str(o.order) for o in livonia.orders] == ["A LVN H"]
        assert [str(o.order) for o in liverpool.orders] == ["A LVP H"]


# --------------------------------------------------------------------------- sentence forms
@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("Flotte Brest hält ihre Stellung", "F BRE H"),
        ("Armee Wien bleibt stehen", "A VIE H"),
        ("Armee Wien hält seine Stellung", "A VIE H"),
        ("Flotte Nordsee unterstützt die Flotte London beim Halten", "F NTH S F LON"),
        (
            "Flotte Ägäis unterstützt Armee, die von Bulgarien nach Konstantinopel geht",
            "F AEG S A BUL - CON",
        ),
        (
            "Flotte Ägäis unterstützt die Armee Bulgarien, die nach Konstantinopel zieht",
            "F AEG S A BUL - CON",
        ),
        (
            "Flotte Nordsee konvoiert Armee, die von London nach Norwegen geht",
            "F NTH C A LON - NWY",
        ),
        ("Armee Paris unterstützt die Flotte Brest in ihrer Stellung", "A PAR S F BRE"),
        ("Armee Wien unterstützt die Armee Budapest, die hält", "A VIE S A BUD"),
        ("Armee Paris unterstützt Flotte Brest, die ihre Stellung hält", "A PAR S F BRE"),
        ("Flotte im Golf von Lyon geht nach Spanien (Südküste)", "F LYO - SPA/SC"),
        ("Armee zieht von Paris nach Burgund", "A PAR - BUR"),
        ("Flotte zieht vom Golf von Lyon nach Tunis", "F LYO - TUN"),
        ("Flotte in der Nordsee konvoiert die Armee London nach Norwegen", "F NTH C A LON - NWY"),
        ("Flotte im Skagerrak unterstützt die Flotte in der Nordsee beim Halten", "F SKA S F NTH"),
    ],
)
def test_sentence_forms_of_rule_books(text: str, order: str) -> None:
    assert de(text) == order


def test_a_relative_clause_belongs_to_a_supported_or_convoyed_unit_only() -> None:
    """A clause after any other order is an error, never a guess; without ``von`` or ``nach``
    after the pronoun the comma separates orders as always."""
    result = parse_orders(
        "A Bul H, die von Bulgarien nach Konstantinopel geht", STANDARD, lang="de"
    )
    assert result.orders == () and result.diagnostics[0].code == "syntax"
    result = parse_orders("A Mün H, Armee Wien hält", STANDARD, lang="de")
    assert [str(o.order) for o in result.orders] == ["A MUN H", "A VIE H"]


# --------------------------------------------------------------------------- club notations
@pytest.mark.parametrize(
    ("text", "order", "power"),
    [
        ("F Lon XXX", "F LON H", None),
        ("A Mos - xxx", "A MOS H", None),
        ("F Bla S A Rum XXX", "F BLA S A RUM", None),
        ("R F Sev S T A Arm-Ank", "F SEV S A ARM - ANK", "Russia"),
        ("T A Arm - Ank", "A ARM - ANK", "Turkey"),
        ("E F Lon - Nth", "F LON - NTH", "England"),
        # letters that are also keywords name a power only where nothing else reads
        ("D F Kie - Hol", "F KIE - HOL", "Germany"),
        ("D F Kie", "F KIE D", None),
        ("A F Bre - Mao", "F BRE - MAO", "Austria"),
        ("F A Par - Bur", "A PAR - BUR", "France"),
    ],
)
def test_club_notations(text: str, order: str, power: str | None) -> None:
    result = parse_orders(text, STANDARD, lang="de")
    assert result.diagnostics == ()
    ((parsed),) = result.orders
    assert (str(parsed.order), parsed.power) == (order, power)


def test_bullets_and_headers_between_dashes() -> None:
    text = "-Deutschland–\n- Armee Ruhr nach Holland\n–England–\n- F Lon XXX\n-Österreich-Ungarn–\n"
    result = parse_orders(text + "- Flotte Triest hält", STANDARD, lang="de")
    assert result.diagnostics == ()
    assert [(o.power, str(o.order)) for o in result.orders] == [
        ("Germany", "A RUH - HOL"),
        ("England", "F LON H"),
        ("Austria", "F TRI H"),
    ]


def test_a_dash_before_a_bare_unit_is_still_no_bullet() -> None:
    """``- A Mun`` could be a removal: outside an adjustment phase it stays an error."""
    result = parse_orders("Herbst 1907\n- A Mün", STANDARD, lang="de")
    assert result.orders == () and result.diagnostics[0].code == "syntax"


def test_an_aside_after_an_arrow_is_a_comment() -> None:
    text = "Flotte Nordsee konvoiert Heer London nach Holland (<– ein Konvoi)"
    assert de(text) == "F NTH C A LON - HOL"


# --------------------------------------------------------------------------- the long form
def test_long_form_examples() -> None:
    def long(order: Order, **names: str) -> str:
        return format_order_long(order, STANDARD, "de", names=names)

    support = Support(F, Location("MAO"), A, Location("PIC"), Location("BRE"))
    assert long(support, MAO="Mittlerer Atlantik") == (
        "Flotte im Mittleren Atlantik unterstützt die Armee Picardie nach Brest"
    )
    assert long(Move(F, Location("IRI"), Location("ENG"))) == (
        "Flotte in der Irischen See zieht in den Ärmelkanal"
    )
    assert long(Move(F, Location("ANK"), Location("BLA"))) == (
        "Flotte Ankara zieht ins Schwarze Meer"
    )
    assert long(Hold(F, Location("HEL"))) == "Flotte in der Helgoländer Bucht hält ihre Stellung"
    with pytest.raises(ValueError, match="no long form for language 'en'"):
        format_order_long(Hold(A, Location("PAR")), STANDARD, "en")


def _written_names(pid: str) -> list[str]:
    """The German names of a province that name it alone (no codes, no shared ``Liv``)."""
    names = STANDARD.province(pid).names.get("de", ())
    return [n for n in names if len(n) > 3 and STANDARD.lookup(n, "de") == (pid,)]


@st.composite
def long_orders(draw: st.DrawFn) -> tuple[Order, dict[str, str]]:
    """An order, and for each province it names one of its German names to write."""
    order = draw(orders())
    chosen: dict[str, str] = {}
    for pid in sorted(STANDARD.provinces):
        if fold_name(pid) in fold_name(str(order)) and _written_names(pid):
            chosen[pid] = draw(st.sampled_from(_written_names(pid)))
    return order, chosen


@settings(max_examples=examples(400), deadline=None)
@given(long_orders())
def test_long_form_reads_back(drawn: tuple[Order, dict[str, str]]) -> None:
    """Any order printed in German sentences, with the articles and declensions of each place,
    reads back to the same order."""
    order, names = drawn
    text = format_order_long(order, STANDARD, "de", names=names)
    assert parse_order(text, STANDARD, lang="de") == order, text
