"""Fuzzing the command line in-process: every command, given a random bad file where it expects
an order file, a position, a map, a case file or a saved game, exits 0, 1 or 2 with its message,
never with a traceback."""

from __future__ import annotations

import contextlib
import io
import tempfile
from pathlib import Path

import pytest
from hypothesis import strategies as st

from adjudicator.cli.main import EXIT_FAILED, EXIT_OK, EXIT_UNUSABLE, main
from tests.fuzz.explore import MODES, Mode, fuzz, text_mutants

REPO = Path(__file__).resolve().parents[2]
POSITION = REPO / "examples" / "spring1901_position.yaml"
ORDERS = REPO / "examples" / "spring1901_orders.txt"
CASES = REPO / "test_cases" / "regressions" / "pydip5.yaml"
MAP = REPO / "maps" / "testmap.yaml"
GAME = (
    '{"id": "g", "map": "standard", "phases": [{"name": "S1901M", "state": {"units": '
    '{"FRANCE": ["A PAR"]}, "centers": {}}, "orders": {"FRANCE": ["A PAR - BUR"]}}, '
    '{"name": "F1901M", "state": {"units": {"FRANCE": ["A BUR"]}, "centers": {}}, "orders": {}}]}'
)

COMMANDS = {
    "orders.txt": [
        ["check", "{file}"],
        ["check", "{file}", "--position", str(POSITION), "--format", "json"],
        ["adjudicate", str(POSITION), "{file}", "--format", "yaml"],
    ],
    "position.yaml": [
        ["check", str(ORDERS), "--position", "{file}"],
        ["adjudicate", "{file}", str(ORDERS)],
    ],
    "position.json": [["adjudicate", "{file}", str(ORDERS), "--lang", "de"]],
    "map.yaml": [["maps", "validate", "{file}"], ["check", str(ORDERS), "--map", "{file}"]],
    "cases.yaml": [["test", "{file}"]],
    "cases.txt": [["test", "{file}"]],
    "game.json": [["replay", "--no-progress", "{file}"]],
}
"""Where each kind of file goes: the commands that read it (``{file}`` is its path)."""

VALID = {
    "orders.txt": ORDERS.read_text(encoding="utf-8"),
    "position.yaml": POSITION.read_text(encoding="utf-8"),
    "position.json": '{"phase": "S1901M", "units": {"France": ["A PAR"]}}',
    "map.yaml": MAP.read_text(encoding="utf-8"),
    "cases.yaml": CASES.read_text(encoding="utf-8"),
    "cases.txt": "CASE 6.A.1\nPRESTATE\nEngland: F London\nORDERS\nEngland: F London - Picardy\n"
    "POSTSTATE\nEngland: F London\nEND\n",
    "game.json": GAME,
}
"""A usable file of each kind, to mutate."""


@st.composite
def bad_files(draw: st.DrawFn) -> tuple[str, bytes]:
    """A file name (its kind) and its bytes: a mutated usable file of that kind, as UTF-8 or
    as Latin-1, or random bytes."""
    name = draw(st.sampled_from(sorted(VALID)))
    how = draw(st.sampled_from(["utf-8", "utf-8", "latin-1", "bytes"]))
    if how == "bytes":
        return name, draw(st.binary(max_size=300))
    text = draw(text_mutants(VALID[name]))
    return name, text.encode(how, errors="replace" if how == "latin-1" else "surrogatepass")


def check_command(named: tuple[str, bytes], which: int) -> None:
    name, data = named
    commands = COMMANDS[name]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        argv = [arg.format(file=path) for arg in commands[which % len(commands)]]
        argv += ["-o", str(Path(folder) / "next.yaml")] if argv[0] == "adjudicate" else []
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main(argv, stdout=out)
    assert code in (EXIT_OK, EXIT_FAILED, EXIT_UNUSABLE)
    if code == EXIT_UNUSABLE:
        assert err.getvalue().strip(), "exit 2 without a word"
    assert "Traceback" not in err.getvalue()


@pytest.mark.parametrize("mode", MODES)
def test_every_command_given_a_bad_file_exits_with_a_message(mode: Mode) -> None:
    fuzz(mode, 30, check_command, bad_files(), st.integers(0, 2))


@pytest.mark.parametrize("name", sorted(VALID))
def test_the_files_fuzzed_are_usable(name: str) -> None:
    """Each command reads the unmutated file of its kind without an input error."""
    for which in range(len(COMMANDS[name])):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / name
            path.write_text(VALID[name], encoding="utf-8")
            argv = [arg.format(file=path) for arg in COMMANDS[name][which]]
            assert main(argv, stdout=io.StringIO()) in (EXIT_OK, EXIT_FAILED), argv
