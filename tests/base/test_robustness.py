"""Hostile and sloppy input, as real users produce it: every file the tools read gives a clear
error naming the file, line and column (never a traceback), and harmless quirks just work."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from adjudicator import Position, load_map, parse_orders
from adjudicator.cli.main import EXIT_OK, EXIT_UNUSABLE, main

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
BOM = b"\xef\xbb\xbf"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), stdout=out), out.getvalue()


# ---------------------------------------------------------------------- encodings
def test_a_byte_order_mark_is_ignored_in_every_file(tmp_path: Path) -> None:
    """Windows editors (Notepad) start UTF-8 files with a byte-order mark."""
    orders = tmp_path / "orders.txt"
    orders.write_bytes(BOM + b"England: F Lon - Nth\r\nFrance: A Par - Bur\r\n")
    position = tmp_path / "position.json"
    position.write_bytes(BOM + b'{"map": "standard", "phase": "S1901M", "units": {}}')
    code, out = run("check", str(orders))
    assert code == EXIT_OK, out
    assert out.endswith("2 orders, 0 problems\n")
    assert Position.load(position).units == ()
    assert not parse_orders("\ufeffEngland: F Lon - Nth", load_map("standard")).diagnostics


def test_latin1_orders_name_the_line_and_suggest_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A German order file saved as Latin-1: the line with the umlaut, not a codec's offset."""
    orders = tmp_path / "befehle.txt"
    orders.write_bytes("Deutschland:\nA M\u00fcnchen - Burgund\n".encode("latin-1"))
    code, _ = run("check", str(orders))
    assert code == EXIT_UNUSABLE
    err = capsys.readouterr().err
    assert err.startswith(f"{orders}:2:4: error: "), err
    assert "not UTF-8" in err and "0xfc" in err and "save the file as UTF-8" in err
    assert "A M\u00fcnchen - Burgund" in err  # the line quoted, read as Windows-1252


@pytest.mark.parametrize("command", ["position", "map", "cases", "jdip", "game"])
def test_every_reader_names_the_line_of_a_non_utf8_byte(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = "title: M\u00e4p\n".encode("latin-1")
    path = tmp_path / ("cases.txt" if command == "jdip" else f"{command}.yaml")
    path.write_bytes(b"# first line\n" + bad)
    argv = {
        "position": ["adjudicate", str(path), str(EXAMPLES / "spring1901_orders.txt")],
        "map": ["maps", "validate", str(path)],
        "cases": ["test", str(path)],
        "jdip": ["test", str(path)],
        "game": ["replay", "--no-progress", str(path)],
    }[command]
    assert main(argv, stdout=io.StringIO()) == EXIT_UNUSABLE
    err = capsys.readouterr().err
    assert f"{path}:2:9: error: " in err, err
    assert "save the file as UTF-8" in err


def test_a_binary_file_is_named_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "orders.txt"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    assert run("check", str(path))[0] == EXIT_UNUSABLE
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: error: ") and "binary" in err, err


def test_a_folder_given_as_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("check", str(tmp_path))[0] == EXIT_UNUSABLE
    assert run("check", str(EXAMPLES / "spring1901_orders.txt"), "-p", str(tmp_path))[0] == 2
    err = capsys.readouterr().err
    assert err.count(f"{tmp_path}: error: ") == 2 and "is a folder, not a" in err, err


# ---------------------------------------------------------------------- size
@pytest.mark.thorough
@pytest.mark.parametrize("filler", ["Nth - "])
def test_a_very_long_line_is_read_in_linear_time(filler: str) -> None:
    """A pasted megabyte on one line once took minutes (each word re-collected the rest of the
    line to look for a keyword phrase); 100 000 words take a few seconds, not twenty, and five
    times the words take about five times as long, not twenty-five.
    (A long run of words without hyphens is still slow: names are matched over every span.)

    Measured in this process's CPU time, not on the wall clock, so that a busy machine cannot
    fail it."""
    import time

    def cpu_seconds(words: int) -> float:
        started = time.process_time()
        result = parse_orders("England: F Lon " + filler * words, load_map("standard"))
        spent = time.process_time() - started
        assert result.diagnostics
        return spent

    shorter, longer = cpu_seconds(20_000), cpu_seconds(100_000)
    assert longer < 10
    assert longer < 12 * shorter, (shorter, longer)


def test_a_line_of_many_unknown_words_is_one_clear_error() -> None:
    # Before the parser capped a place at the map's longest name, this line took minutes
    # (every run of words was tried as a name); it must be one linear pass.
    text = "England: A Lon - " + " ".join(["foo"] * 20_000) + "\n"
    result = parse_orders(text, load_map("standard"))
    assert [d.code for d in result.diagnostics] == ["unknown-province"]
    assert result.diagnostics[0].column == 18


def test_a_huge_line_is_shown_as_an_excerpt_around_the_mistake() -> None:
    text = "England: F Lon - Nth; " * 400 + "A Lvp - Sevastapol\n"
    result = parse_orders(text, load_map("standard"))
    (problem,) = result.diagnostics
    shown, caret = problem.format().splitlines()[1:3]
    assert len(shown) < 110 and shown.startswith("  …")
    assert "Sevastapol" in shown
    assert shown[caret.index("^") :].startswith("Sevastapol")
