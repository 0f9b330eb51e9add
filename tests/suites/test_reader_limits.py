"""Hostile case files and saved games (issue 11): refused while they are read, at their line
and column, as :class:`CaseFileError` or :class:`InputError`, never a traceback."""

from __future__ import annotations

import os
import threading
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator.base.errors import CaseFileError, Diagnostic, InputError, PositionError
from adjudicator.base.limits import Limits
from adjudicator.state.position import Position
from adjudicator.suites.jdip import load_jdip
from adjudicator.suites.load import load_cases, loads_cases
from adjudicator.suites.replay import replay_file, replay_paths

MB = 1 << 20
REPO = Path(__file__).resolve().parents[2]


def refused(read: Callable[[], object], error: type[InputError] = InputError) -> Diagnostic:
    """The first diagnostic of the ``error`` ``read`` raises, within 40 MB."""
    tracemalloc.start()
    try:
        with pytest.raises(error) as info:
            read()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 40 * MB, f"{peak / MB:.0f} MB to refuse"
    str(info.value)
    return info.value.diagnostics[0]


CASE = """\
cases:
  - id: bomb
    units: {England: [F LON]}
    orders: {England: [F LON H]}
    expect: {results: {F LON H: succeeds}}
"""


def test_a_billion_laughs_case_file_is_refused_while_it_is_read() -> None:
    lines = ['a: &a ["F LON", "F LON", "F LON", "F LON", "F LON", "F LON", "F LON", "F LON"]']
    for level in range(1, 9):
        here, below = chr(ord("a") + level), chr(ord("a") + level - 1)
        lines.append(f"{here}: &{here} [{', '.join([f'*{below}'] * 9)}]")
    text = "description:\n" + "\n".join("  " + line for line in lines) + "\n" + CASE
    d = refused(lambda: loads_cases(text, "bomb.yaml"), CaseFileError)
    assert (d.path, d.code, d.line) == ("bomb.yaml", "too-large", 6)


def test_a_big_string_aliased_a_thousand_times_in_a_case_file() -> None:
    text = (
        "description: &s " + "x" * MB + "\nrules: {x: [" + ", ".join(["*s"] * 1000) + "]}\n" + CASE
    )
    d = refused(lambda: loads_cases(text, "big.yaml"), CaseFileError)
    assert (d.code, d.line, d.column) == ("too-large", 2, 13)


def test_a_case_file_beyond_the_chosen_limits(tmp_path: Path) -> None:
    path = tmp_path / "cases.yaml"
    path.write_text(CASE, encoding="utf-8")
    assert [case.id for case in load_cases(path)] == ["bomb"]
    d = refused(lambda: load_cases(path, limits=Limits(max_lines=3)), CaseFileError)
    assert (d.code, d.line) == ("too-large", 4)


def test_a_saved_game_nested_200000_deep_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"phases": ' + "[" * 200_000 + "]" * 200_000 + "}", encoding="utf-8")
    d = refused(lambda: replay_file(path))
    assert (d.code, d.path, d.line, d.column) == ("too-deep", str(path), 1, 111)


def test_replay_paths_reads_each_game_within_the_limits(tmp_path: Path) -> None:
    """The library's replay of paths reads as the command line does: a game nested 200,000
    deep in a folder is a ``too-deep`` error (not a RecursionError), and the limits chosen
    apply to every game, in one process or several."""
    deep = tmp_path / "deep"
    deep.mkdir()
    (deep / "deep.json").write_text(
        '{"phases": ' + "[" * 200_000 + "]" * 200_000 + "}", encoding="utf-8"
    )
    d = refused(lambda: replay_paths([str(deep)]))
    assert (d.code, d.path, d.line, d.column) == ("too-deep", str(deep / "deep.json"), 1, 111)
    games = tmp_path / "games"
    games.mkdir()
    game = '{"map": "standard", "phases": []}' + " " * 100
    for name in ("a.json", "b.json"):
        (games / name).write_text(game, encoding="utf-8")
    small = Limits(max_file_bytes=64)
    for jobs in (1, 2):
        d = refused(lambda: replay_paths([str(games)], limits=small, jobs=jobs))  # noqa: B023
        assert (d.code, d.path) == ("too-large", str(games / "a.json"))
        assert d.message == f"game file too large: {len(game)} bytes; at most 64 are read"


READERS: dict[str, tuple[str, Callable[[Path], object]]] = {
    "position": ("position.yaml", Position.load),
    "case file": ("cases.yaml", load_cases),
    "jDip case file": ("cases.txt", load_jdip),
    "saved game": ("game.json", replay_file),
    "saved games by path": ("game.json", lambda path: replay_paths([str(path)])),
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("reader", READERS.values(), ids=READERS)
def test_a_fifo_nobody_writes_to_is_refused_by_every_reader(
    tmp_path: Path, reader: tuple[str, Callable[[Path], object]]
) -> None:
    """Opening a FIFO waits until some program writes to it: every reader of a path refuses
    one that no program writes to, naming it, instead of blocking for ever. The reading runs in
    a thread whose join has a timeout only so that a failure cannot hang the run."""
    name, read = reader
    fifo = tmp_path / name
    os.mkfifo(fifo)
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            read(fifo)
            outcome.append(None)
        except BaseException as exc:  # handed to the test's thread
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=60)
    assert outcome, "the reader blocked on the FIFO"
    error = outcome[0]
    assert isinstance(error, InputError), error
    assert isinstance(error, PositionError) == (name == "position.yaml")
    (d,) = error.diagnostics
    assert (d.code, d.path) == ("io", str(fifo))
    assert d.message.startswith("a FIFO (named pipe) that no program writes to, not a")


def test_a_saved_game_with_a_number_of_5000_digits(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text('{"map": "standard",\n "phases": [1' + "0" * 5000 + "]}", encoding="utf-8")
    d = refused(lambda: replay_file(path))
    assert (d.code, d.line, d.column) == ("too-long", 2, 13)


def test_malformed_json_of_a_saved_game_quotes_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"map": "standard",\n "phases": [}', encoding="utf-8")
    d = refused(lambda: replay_file(path))
    assert (d.code, d.line, d.column, d.source_line) == ("json", 2, 13, ' "phases": [}')


def test_a_saved_game_is_one_long_line_and_that_is_fine(shared_dir: Path) -> None:
    """Saved games are written on one line of 100 KB: no limit on lines applies to JSON."""
    path = min((shared_dir / "games" / "cicero").glob("*.json"))
    assert "\n" not in path.read_text(encoding="utf-8").strip()
    assert replay_file(path, limits=Limits(max_line_chars=80, max_lines=1)).phases > 0


@pytest.mark.parametrize("year", ["100000", "1" + "0" * 5000], ids=["past-last", "5001-digits"])
def test_a_jdip_phase_past_the_last_year_is_a_problem_at_its_line(year: str) -> None:
    from adjudicator.suites.jdip import loads_jdip

    text = (
        f"CASE 1 x\nPRESTATE_SETPHASE Spring {year}, Movement\nPRESTATE\nEngland: F lon\n"
        "ORDERS\nEngland: F lon H\nPOSTSTATE\nEngland: F lon\nEND\n"
    )
    d = refused(lambda: loads_jdip(text, "cases.txt"), CaseFileError)
    assert (d.code, d.line, d.path) == ("jdip-phase", 2, "cases.txt")
    assert d.message.endswith("years go up to 99999")
