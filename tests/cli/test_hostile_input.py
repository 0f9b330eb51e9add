"""Every command given bad input exits 1 or 2 with a message, never a traceback (issue 11).

The bad inputs are those a careless or hostile user gives: path arguments no file can have (a
NUL byte, 5,000 characters), a folder, a FIFO, a device, a file without read permission, bytes
that are not UTF-8, empty files, folders without cases, JSON of the wrong shape, bad rule options,
an output path that cannot be written. Each runs through ``main(argv)``: in-process, except what
would block or never end if it were read (FIFOs, ``/dev/zero``), which runs in a process of its
own, so that a regression fails by a timeout instead of hanging the suite.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator.cli import main as cli
from adjudicator.cli.main import EXIT_FAILED, EXIT_OK, EXIT_UNUSABLE, main

REPO = Path(__file__).resolve().parents[2]
POSITION = str(REPO / "examples" / "spring1901_position.yaml")
ORDERS = str(REPO / "examples" / "spring1901_orders.txt")
LONG = "x" * 5000
"""A path or map name longer than any file system allows (``File name too long``)."""
NUL = "orders\0.txt"
"""A path with a NUL byte (``ValueError: embedded null byte`` from the operating system)."""
HANG_GUARD = 120
"""Seconds before a CLI process that should answer at once counts as hanging: a guard against a
blocking reader, far above any load-induced slowness, not a measure of speed."""


@pytest.fixture(scope="module")
def bad(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of bad files: ``empty.txt``, ``latin1.txt`` (not UTF-8), ``binary.txt``,
    ``emptydir/``, ``list.json``, ``wrong.json`` (no phases) and ``noread.txt`` without read
    permission."""
    folder = tmp_path_factory.mktemp("bad")
    (folder / "empty.txt").write_bytes(b"")
    (folder / "latin1.txt").write_bytes("England: F Lon - Nth\ncafé: A Par\n".encode("latin-1"))
    (folder / "binary.txt").write_bytes(b"\xff\xfe\0\0binary")
    (folder / "emptydir").mkdir()
    (folder / "list.json").write_text("[1, 2, 3]\n", encoding="utf-8")
    (folder / "wrong.json").write_text('{"id": "game", "map": "standard"}\n', encoding="utf-8")
    noread = folder / "noread.txt"
    noread.write_text("England: F Lon - Nth\n", encoding="utf-8")
    noread.chmod(0)
    return folder


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    code = main(argv, stdout=out)
    return code, out.getvalue(), capsys.readouterr().err


# Each case: the command line (given the folder of bad files) and what stderr must say.
CASES: dict[str, tuple[Callable[[Path], list[str]], str]] = {
    "map name of 5,000 characters": (
        lambda d: ["check", ORDERS, "--map", LONG],
        "unknown map 'xxxxxxxxxx",
    ),
    "maps show: 5,000 characters": (lambda d: ["maps", "show", LONG], "unknown map 'xxxxxxxxx"),
    "maps validate: 5,000 characters": (
        lambda d: ["maps", "validate", LONG],
        "unknown map 'xxxxxxxx",
    ),
    "map name with a NUL byte": (
        lambda d: ["maps", "validate", "std\0.yaml"],
        r"argument NAME 'std\x00.yaml': contains a NUL byte",
    ),
    "--map with a NUL byte": (
        lambda d: ["check", ORDERS, "--map", "std\0ard"],
        r"argument --map 'std\x00ard': contains a NUL byte",
    ),
    "order file with a NUL byte": (
        lambda d: ["check", NUL],
        r"argument ORDERS 'orders\x00.txt': contains a NUL byte",
    ),
    "order file name of 5,000 characters": (
        lambda d: ["check", LONG],
        "argument ORDERS 'xxxxxxxxxx",
    ),
    "position with a NUL byte": (
        lambda d: ["adjudicate", NUL, ORDERS],
        r"argument POSITION 'orders\x00.txt': contains a NUL byte",
    ),
    "--position of 5,000 characters": (
        lambda d: ["check", ORDERS, "--position", LONG],
        "argument --position 'xxxxxxxxxx",
    ),
    "adjudicate: orders with a NUL byte": (
        lambda d: ["adjudicate", POSITION, NUL],
        r"argument ORDERS 'orders\x00.txt'",
    ),
    "test: a path of 5,000 characters": (lambda d: ["test", LONG], "argument PATH 'xxxxxxxxx"),
    "test: a path with a NUL byte": (
        lambda d: ["test", NUL],
        r"argument PATH 'orders\x00.txt'",
    ),
    "replay: a path of 5,000 characters": (
        lambda d: ["replay", LONG],
        "argument GAME 'xxxxxxxxx",
    ),
    "replay: a path with a NUL byte": (lambda d: ["replay", NUL], r"argument GAME 'orders\x00"),
    "order file is a folder": (lambda d: ["check", str(d)], "this is a folder"),
    "position is a folder": (
        lambda d: ["adjudicate", str(d), ORDERS],
        "this is a folder, not a position file",
    ),
    "order file is not UTF-8": (
        lambda d: ["check", str(d / "latin1.txt")],
        "latin1.txt:2:4: error: order file is not UTF-8 text: byte 0xe9",
    ),
    "order file is binary": (lambda d: ["check", str(d / "binary.txt")], "binary file"),
    "position is not UTF-8": (
        lambda d: ["adjudicate", str(d / "latin1.txt"), ORDERS],
        "position file is not UTF-8 text",
    ),
    "position is empty": (
        lambda d: ["adjudicate", str(d / "empty.txt"), ORDERS],
        "a position file must be a mapping",
    ),
    "map file is empty": (
        lambda d: ["check", ORDERS, "--map", str(d / "empty.txt")],
        "a map file must be a YAML mapping",
    ),
    "test: an empty file": (
        lambda d: ["test", str(d / "empty.txt")],
        "adjudicator: error: no cases found in",
    ),
    "test: a folder without cases": (
        lambda d: ["test", str(d / "emptydir")],
        "error: no cases found in",
    ),
    "test: a file that is not UTF-8": (
        lambda d: ["test", str(d / "binary.txt")],
        "binary file, not a case file",
    ),
    "replay: a folder without games": (
        lambda d: ["replay", str(d / "emptydir")],
        "error: no saved games (*.json) found in",
    ),
    "replay: a list, not a game": (
        lambda d: ["replay", str(d / "list.json")],
        "a saved game must be a JSON object",
    ),
    "replay: a game without phases": (
        lambda d: ["replay", str(d / "wrong.json")],
        "missing key 'phases'",
    ),
    "replay: an empty file": (lambda d: ["replay", str(d / "empty.txt")], "malformed JSON"),
    "--rules without a choice": (
        lambda d: ["check", ORDERS, "--rules", "coasts"],
        "--rules takes OPTION=CHOICE, not 'coasts'",
    ),
    "--rules: unknown option": (
        lambda d: ["adjudicate", POSITION, ORDERS, "--rules", "speed=fast"],
        "unknown rules option 'speed'",
    ),
    "--rules: unknown choice": (
        lambda d: ["check", ORDERS, "--rules", "coasts=sloppy"],
        "rules option 'coasts' has no choice 'sloppy'",
    ),
    "--rules: no option name": (lambda d: ["check", ORDERS, "-r", "=x"], "unknown rules option"),
    "--preset unknown": (
        lambda d: ["adjudicate", POSITION, ORDERS, "--preset", "1066"],
        "unknown rules preset '1066'",
    ),
    "--lang xx": (lambda d: ["check", ORDERS, "--lang", "xx"], "invalid choice: 'xx'"),
    "--format xx (check)": (lambda d: ["check", ORDERS, "--format", "xx"], "invalid choice"),
    "--format xx (adjudicate)": (
        lambda d: ["adjudicate", POSITION, ORDERS, "--format", "xx"],
        "invalid choice: 'xx'",
    ),
    "-o into a missing folder": (
        lambda d: ["adjudicate", POSITION, ORDERS, "-o", str(d / "no" / "next.yaml")],
        "argument --output",
    ),
    "-o is a folder": (
        lambda d: ["adjudicate", POSITION, ORDERS, "-o", str(d)],
        "is a folder",
    ),
    "-o with a NUL byte": (
        lambda d: ["adjudicate", POSITION, ORDERS, "-o", "next\0.yaml"],
        r"argument --output 'next\x00.yaml': contains a NUL byte",
    ),
    "-o of 5,000 characters": (
        lambda d: ["adjudicate", POSITION, ORDERS, "-o", LONG],
        "File name too long",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_is_a_message_and_exit_2(
    case: str, bad: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv_of, expected = CASES[case]
    code, _, err = run(argv_of(bad), capsys)
    assert code == EXIT_UNUSABLE, err
    assert expected in err
    assert "Traceback" not in err


def test_long_arguments_are_quoted_short(bad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 5,000-character argument is quoted cut short, never a screenful."""
    for argv in (["check", LONG], ["maps", "show", LONG], ["test", LONG]):
        code, _, err = run(argv, capsys)
        assert code == EXIT_UNUSABLE
        assert LONG[:100] not in err and "…" in err


def test_an_output_path_is_refused_before_any_work(
    bad: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder or a NUL byte as ``-o`` is refused before the report is printed."""
    for output in (str(bad), "next\0.yaml"):
        code, out, _ = run(["adjudicate", POSITION, ORDERS, "-o", output], capsys)
        assert code == EXIT_UNUSABLE and out == ""


@pytest.mark.skipif(
    hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads files without permission"
)
def test_a_file_without_read_permission(bad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check", str(bad / "noread.txt")], capsys)
    assert code == EXIT_UNUSABLE
    assert "cannot read order file: Permission denied" in err


def test_an_empty_order_file_is_checked_not_refused(
    bad: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty order file is usable: a power without units has nothing to order."""
    code, out, _ = run(["check", str(bad / "empty.txt")], capsys)
    assert code == EXIT_OK
    assert out.endswith("0 orders, 0 problems\n")


def test_test_exits_1_when_a_case_fails_and_2_when_there_is_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 0 needs at least one case run: a file of ``kind: cases`` with an empty list is
    unusable input too."""
    empty = tmp_path / "none.yaml"
    empty.write_text("map: standard\ncases: []\n", encoding="utf-8")
    code, out, err = run(["test", str(empty)], capsys)
    assert (code, out) == (EXIT_UNUSABLE, "")
    assert "no cases found" in err and "hint:" in err
    assert EXIT_FAILED == 1  # the code of a failing case (tests/cli/test_cli.py)


# ------------------------------------------------------------------ the safety net
@pytest.mark.parametrize(
    ("raised", "expected"),
    [
        (RecursionError("maximum recursion depth exceeded"), "nested too deeply to read"),
        (MemoryError(), "too large to read"),
        (OSError(5, "Input/output error"), "cannot be read: Input/output error"),
        (
            UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"),
            "cannot be read: UnicodeDecodeError",
        ),
    ],
    ids=["recursion", "memory", "os", "unicode"],
)
def test_the_safety_net_names_the_argument(
    raised: BaseException,
    expected: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """What the operating system or the interpreter raises while an input is read becomes exit
    2 naming the argument (the readers are meant to prevent it; this is the net below them)."""
    from adjudicator.state.position import Position

    def failing(*args: object, **kwargs: object) -> Position:
        raise raised

    monkeypatch.setattr(Position, "load", failing)
    code, _, err = run(["check", ORDERS, "--position", POSITION], capsys)
    assert code == EXIT_UNUSABLE
    assert f"adjudicator: error: argument --position '{POSITION[:60]}" in err
    assert expected in err


def test_the_safety_net_lets_our_bugs_through(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any other exception from our code is a bug: it keeps its traceback."""
    from adjudicator.state.position import Position

    def buggy(*args: object, **kwargs: object) -> Position:
        raise KeyError("a bug of ours")

    monkeypatch.setattr(Position, "load", buggy)
    with pytest.raises(KeyError, match="a bug of ours"):
        main(["check", ORDERS, "--position", POSITION], stdout=io.StringIO())


def test_the_net_stays_narrow() -> None:
    """The net catches exactly the documented kinds (the module docstring lists them)."""
    doc = cli.__doc__ or ""
    for name in ("OSError", "UnicodeError", "RecursionError", "MemoryError"):
        assert name in doc and name in (cli._reading.__doc__ or "")


# ------------------------------------------------------------------ as a real process
_CHILD = """
import contextlib, io, json, sys
from adjudicator.cli.main import main
results = []
for argv in json.loads(sys.argv[1]):
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(argv, stdout=io.StringIO())
    results.append([code, err.getvalue()])
print(json.dumps(results))
"""


def _in_a_process(calls: list[list[str]]) -> list[tuple[int, str]]:
    """Each command line's exit code and standard error, all run by ``main`` in one process of
    their own (one start-up for all), with 1 GB of address space at most where the system can
    limit it: a reader that slurps ``/dev/zero`` fails fast, and one that blocks on a FIFO fails
    by the :data:`HANG_GUARD` timeout instead of hanging the suite."""

    def limit() -> None:  # pragma: no cover - runs in the child
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    done = subprocess.run(
        [sys.executable, "-c", _CHILD, json.dumps(calls)],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        preexec_fn=limit if sys.platform == "linux" else None,
        check=False,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return [(code, err) for code, err in json.loads(done.stdout)]


@pytest.fixture(scope="module")
def fifos(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a FIFO ``fifo``, a folder ``games/`` holding only a FIFO ``game.json``, and
    ``position.yaml`` whose ``map:`` is a FIFO ``map.yaml``."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("this system has no FIFOs")
    folder = tmp_path_factory.mktemp("fifos")
    os.mkfifo(folder / "fifo")
    (folder / "games").mkdir()
    os.mkfifo(folder / "games" / "game.json")
    os.mkfifo(folder / "map.yaml")
    position = folder / "position.yaml"
    position.write_text(f"map: {folder / 'map.yaml'}\nphase: S1901M\nunits: {{}}\n")
    return folder


# Each case: the command line (given the folder of FIFOs) and what stderr must say.
BLOCKING: dict[str, tuple[Callable[[Path], list[str]], str]] = {
    "/dev/zero as orders": (
        lambda d: ["check", "/dev/zero"],
        "argument ORDERS '/dev/zero': is a character device, not a file",
    ),
    "/dev/zero as a game": (lambda d: ["replay", "/dev/zero"], "argument GAME '/dev/zero'"),
    "order file is a FIFO": (
        lambda d: ["check", str(d / "fifo")],
        "is a FIFO (named pipe), not a file",
    ),
    "adjudicate: orders are a FIFO": (
        lambda d: ["adjudicate", POSITION, str(d / "fifo")],
        "argument ORDERS",
    ),
    "position is a FIFO": (lambda d: ["adjudicate", str(d / "fifo"), ORDERS], "argument POSITION"),
    "--map is a FIFO": (lambda d: ["check", ORDERS, "--map", str(d / "fifo")], "argument --map"),
    "case file is a FIFO": (lambda d: ["test", str(d / "fifo")], "argument PATH"),
    "saved game is a FIFO": (lambda d: ["replay", str(d / "fifo")], "argument GAME"),
    "-o is a FIFO": (
        lambda d: ["adjudicate", POSITION, ORDERS, "-o", str(d / "fifo")],
        "argument --output",
    ),
    "a FIFO among the games is passed over": (
        lambda d: ["replay", "--no-progress", str(d / "games")],
        "no saved games (*.json) found",
    ),
    "a position's map is a FIFO": (
        lambda d: ["adjudicate", str(d / "position.yaml"), ORDERS],
        "not a regular file (a FIFO, a device or a socket), so not a map file",
    ),
}


@pytest.fixture(scope="module")
def blocking_results(fifos: Path) -> dict[str, tuple[int, str]]:
    names = [n for n in BLOCKING if "/dev/zero" not in n or Path("/dev/zero").exists()]
    results = _in_a_process([BLOCKING[name][0](fifos) for name in names])
    return dict(zip(names, results, strict=True))


@pytest.mark.parametrize("case", list(BLOCKING))
def test_what_would_block_or_never_end_is_refused_at_once(
    case: str, blocking_results: dict[str, tuple[int, str]]
) -> None:
    if case not in blocking_results:
        pytest.skip("no /dev/zero here")
    code, err = blocking_results[case]
    assert code == EXIT_UNUSABLE, err
    assert BLOCKING[case][1] in err
