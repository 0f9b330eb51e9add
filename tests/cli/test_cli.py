"""The command line, run in-process through ``main(argv)``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from adjudicator.cli.main import EXIT_FAILED, EXIT_OK, EXIT_UNUSABLE, main

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), stdout=out)
    return code, out.getvalue()


def test_maps_lists_shipped_maps() -> None:
    code, out = run("maps")
    assert code == EXIT_OK
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert "7 players, 34 centres, 18 to win" in lines["standard"]
    assert "34 players, 34 centres, 18 to win" in lines["chaos"]
    assert "7 players, 7 centres, 4 to win" in lines["pure"]
    assert {"1898", "fleetrome"} <= lines.keys()


def test_maps_show_summarises_a_map() -> None:
    code, out = run("maps", "show", "classic")
    assert code == EXIT_OK
    assert "supply centres: 34 (victory at 18)" in out
    assert "Russia" in out and "F STP/SC" in out


def test_maps_validate_accepts_a_path() -> None:
    code, out = run("maps", "validate", str(REPO / "maps" / "testmap.yaml"))
    assert code == EXIT_OK
    assert out.splitlines()[0].endswith("ok (11 provinces)")
    assert out.splitlines()[1:] == [
        "  note: armies: 2 land masses: 4 provinces; FRT PEN SPT",
        "  note: fleets: one water of 9 provinces",
    ]


def test_unknown_map_is_unusable_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("maps", "show", "standrad")
    assert code == EXIT_UNUSABLE
    err = capsys.readouterr().err
    assert "unknown map 'standrad'" in err
    assert "did you mean 'standard'?" in err


def test_usage_error_is_unusable_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("frobnicate")[0] == EXIT_UNUSABLE
    assert "invalid choice" in capsys.readouterr().err


def test_help_goes_to_the_callers_stream(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run("replay", "--help")
    assert code == EXIT_OK and out.startswith("usage: adjudicator replay")
    assert capsys.readouterr() == ("", "")


def test_missing_order_file_names_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("check", "no/such/orders.txt")
    assert code == EXIT_UNUSABLE
    assert "no/such/orders.txt: error: no such order file [io]" in capsys.readouterr().err


def test_malformed_position_is_unusable_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    position = tmp_path / "bad.yaml"
    position.write_text("phase: S1901M\nunits: {England: [F LON]\n", encoding="utf-8")
    orders = tmp_path / "orders.txt"
    orders.write_text("F LON - NTH\n", encoding="utf-8")
    code, _ = run("check", str(orders), "--position", str(position))
    assert code == EXIT_UNUSABLE
    err = capsys.readouterr().err
    assert f"{position}:3:1: error: malformed YAML" in err


def test_check_accepts_the_shipped_example() -> None:
    code, out = run(
        "check",
        str(EXAMPLES / "spring1901_orders.txt"),
        "--position",
        str(EXAMPLES / "spring1901_position.yaml"),
    )
    assert code == EXIT_OK, out
    assert out.strip().endswith("22 orders, 0 problems")


def test_check_reports_every_problem_with_file_line_and_column(tmp_path: Path) -> None:
    orders = tmp_path / "orders.txt"
    orders.write_text(
        "England:\nF Lon - Nth\nA Lvp - Irish Sea\nF Edi - Sevastapol\n", encoding="utf-8"
    )
    code, out = run("check", str(orders))
    assert code == EXIT_FAILED
    assert f"{orders}:3:" in out  # the army cannot go to sea
    assert f"{orders}:4:" in out and "Sevastapol" in out and "SEV" in out
    assert "2 problems" in out


def test_check_json_format(tmp_path: Path) -> None:
    orders = tmp_path / "orders.txt"
    orders.write_text("England: A Lvp - Irish Sea\n", encoding="utf-8")
    code, out = run("check", str(orders), "--format", "json")
    assert code == EXIT_FAILED
    report = json.loads(out)
    assert report["orders"] == 1
    (problem,) = report["problems"]
    assert problem["line"] == 1 and problem["code"]


def test_test_runs_the_shipped_cases() -> None:
    code, out = run("test", str(REPO / "test_cases"))
    assert code == EXIT_OK, out
    last = out.splitlines()[-1]
    assert last.endswith("passed, 0 failed")
    assert int(last.split()[0]) >= 177


def test_test_reports_a_failing_case_with_its_difference(tmp_path: Path) -> None:
    case = tmp_path / "wrong.yaml"
    case.write_text(
        "map: standard\n"
        "cases:\n"
        "  - id: wrong.1\n"
        "    title: a bounce mistaken for a move\n"
        "    units: {Germany: [A MUN], France: [A PAR]}\n"
        "    orders: {Germany: [A MUN - BUR], France: [A PAR - BUR]}\n"
        "    expect:\n"
        "      units: {Germany: [A BUR], France: [A PAR]}\n"
        "      dislodged: {}\n"
        "      results: {A MUN - BUR: succeeds, A PAR - BUR: fails}\n",
        encoding="utf-8",
    )
    code, out = run("test", str(case))
    assert code == EXIT_FAILED
    assert "FAILED" in out and "wrong.1" in out
    assert "A MUN - BUR: expected succeeds, got fails" in out
    assert out.splitlines()[-1] == "0 passed, 1 failed"


def test_test_checks_whether_the_dislodger_came_by_convoy(tmp_path: Path) -> None:
    case = tmp_path / "convoy.yaml"
    body = (
        "map: standard\n"
        "cases:\n"
        "  - id: convoy.1\n"
        "    title: a convoyed army dislodges London\n"
        "    units: {England: [A LON, F NTH], France: [A BEL, F ENG, F WAL]}\n"
        "    orders:\n"
        "      England: [A LON H, F NTH H]\n"
        "      France: [A BEL - LON, F ENG C A BEL - LON, F WAL S A BEL - LON]\n"
        "    expect:\n"
        "      units: {England: [F NTH], France: [A LON, F ENG, F WAL]}\n"
        "      dislodged: {England: {A LON: ORIGIN}}\n"
    )
    case.write_text(body.replace("ORIGIN", "BEL"), encoding="utf-8")
    code, out = run("test", str(case))
    assert code == EXIT_FAILED
    assert "dislodged: A LON (England) was attacked by convoy, expected otherwise" in out
    case.write_text(body.replace("ORIGIN", "{from: BEL, convoy: true}"), encoding="utf-8")
    assert run("test", str(case)) == (EXIT_OK, "1 passed, 0 failed\n")


def test_unknown_preset_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("replay", "--preset", "nope", "game.json")
    assert code == EXIT_UNUSABLE
    assert "adjudicator: error: unknown rules preset 'nope'; presets are: datc, datc-v2" in (
        capsys.readouterr().err
    )


def test_check_speaks_the_language_of_a_german_file(tmp_path: Path) -> None:
    orders = tmp_path / "befehle.txt"
    orders.write_text(
        "Deutschland:\nA Mün nach Burgund\nA Ber nach Nordsee\nF Kie nach Venedik\n",
        encoding="utf-8",
    )
    code, out = run("check", str(orders))
    assert code == EXIT_FAILED
    assert f"{orders}:3:1: Fehler: eine Armee kann nicht auf See ziehen: 'A BER - NTH'" in out
    assert "Unbekannte Provinz 'Venedik' – meinten Sie 'Venedig'?" in out
    assert out.splitlines()[-1] == f"{orders}: 2 Befehle, 2 Probleme"


def test_adjudicate_reports_in_the_detected_language(tmp_path: Path) -> None:
    orders = tmp_path / "befehle.txt"
    orders.write_text("Deutschland:\nA Mün nach Burgund\n", encoding="utf-8")
    position = str(EXAMPLES / "spring1901_position.yaml")
    code, out = run("adjudicate", position, str(orders))
    assert code == EXIT_OK
    assert out.startswith("Ergebnisse der Bewegungsphase Frühjahr 1901.")
    code, out = run("adjudicate", position, str(orders), "--lang", "de", "--format", "json")
    assert json.loads(out)["phase"]


def test_check_takes_rules_options(tmp_path: Path) -> None:
    orders = tmp_path / "orders.txt"
    orders.write_text("France: F Bre - Gas\n", encoding="utf-8")
    assert run("check", str(orders))[0] == EXIT_OK
    strict = tmp_path / "strict.txt"
    strict.write_text("England: F Lon - Nth\nEngland: F Lon - Eng\n", encoding="utf-8")
    # two orders for one unit are always worth a word; the rule decides what happens to them
    code, out = run("check", str(strict), "--rules", "multiple_orders=last-wins")
    assert code == EXIT_FAILED
    assert "replaced by the later order 'F LON - ENG', in 'F LON - NTH'" in out
    code, out = run("check", str(strict))
    assert code == EXIT_FAILED and "replaced by" not in out and "[duplicate-order]" in out


def test_format_and_lang_choices_come_from_the_tables(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``adjudicate --format`` offers the report layer's ``FORMATS``, ``--lang`` the languages of
    ``LANGUAGES``: a new format or language needs no change to the command line."""
    from adjudicator.lang.languages import LANGUAGES
    from adjudicator.report import render
    from adjudicator.report.text import layout

    position = str(EXAMPLES / "spring1901_position.yaml")
    orders = str(EXAMPLES / "spring1901_orders.txt")
    assert run("adjudicate", position, orders, "--format", "html")[0] == EXIT_UNUSABLE
    assert "invalid choice: 'html' (choose from 'text', 'json', 'yaml')" in capsys.readouterr().err
    assert run("check", orders, "--lang", "fr")[0] == EXIT_UNUSABLE
    err = capsys.readouterr().err
    assert f"(choose from {', '.join(repr(code) for code in LANGUAGES)})" in err

    shouting = dict(render.FORMATS, upper=lambda facts, names: layout(facts, names).upper())
    monkeypatch.setattr(render, "FORMATS", shouting)
    code, out = run("adjudicate", position, orders, "--format", "upper")
    assert code == EXIT_OK
    assert out.startswith("MOVEMENT RESULTS FOR SPRING OF 1901.")
