"""The one safe reader of YAML and JSON, the limits of every file we read, and the one rule for
where a line ends (issue 11): hostile input is refused early, at its line and column, never
expanded, never a traceback.

The layer-specific readers (positions, maps, case files, saved games) have their own tests
beside them; these test the shared pieces in ``adjudicator.base``.
"""

from __future__ import annotations

import contextlib
import io
import os
import threading
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from adjudicator.base.documents import compose_yaml, load_json, load_yaml, load_yaml_tree
from adjudicator.base.errors import Diagnostic, InputError
from adjudicator.base.limits import DEFAULT_LIMITS, Limits, check_text, shown, split_lines
from adjudicator.base.model import MAX_YEAR, Phase, PhaseType, Season
from adjudicator.base.sources import Problems, key_path, read_source

MB = 1 << 20


def billion_laughs() -> str:
    """Nine levels of nine aliases: a few hundred bytes that expand to 9**9 strings."""
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 9):
        here, below = chr(ord("a") + level), chr(ord("a") + level - 1)
        lines.append(f"{here}: &{here} [{', '.join([f'*{below}'] * 9)}]")
    return "\n".join(lines) + "\n"


def big_string_aliased() -> str:
    """A 1 MB string aliased a thousand times."""
    return "s: &s " + "x" * MB + "\nl: [" + ", ".join(["*s"] * 1000) + "]\n"


def refusal(read: Callable[[], object]) -> Diagnostic:
    """The one diagnostic ``read`` raises, measured: reading must stay small in memory."""
    tracemalloc.start()
    try:
        with pytest.raises(InputError) as info:
            read()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 40 * MB, f"{peak / MB:.0f} MB to refuse"
    str(info.value)  # formatting the error never raises either
    [diagnostic] = info.value.diagnostics
    return diagnostic


# ---------------------------------------------------------------------- YAML aliases
@pytest.mark.parametrize("read", [load_yaml, compose_yaml])
def test_a_billion_laughs_is_refused_at_the_alias_that_overflows(
    read: Callable[[str, str, type[InputError]], object],
) -> None:
    d = refusal(lambda: read(billion_laughs(), "bomb.yaml", InputError))
    assert (d.code, d.line, d.column) == ("too-large", 5, 16)  # the third *d
    assert d.message.startswith("e[2]: the aliases up to *d repeat 111,594 nodes")
    assert d.source_line is not None and d.source_line.startswith("e: &e [*d")


def test_a_big_string_aliased_a_thousand_times_is_refused_at_its_first_alias() -> None:
    d = refusal(lambda: load_yaml(big_string_aliased(), "big.yaml", InputError))
    assert (d.code, d.line, d.column) == ("too-large", 2, 5)
    assert "1,048,577 nodes and characters; at most 100,000 are read" in d.message


def test_an_alias_inside_the_node_it_names_is_refused() -> None:
    d = refusal(lambda: load_yaml("x: &a [1, *a]\n", "loop.yaml", InputError))
    assert (d.code, d.line, d.column) == ("yaml-aliases", 1, 11)
    assert d.message.startswith("x[1]: the alias *a stands inside the node it names")


def test_alias_uses_are_counted() -> None:
    text = "a: &a x\nb: [" + ", ".join(["*a"] * 4) + "]\n"
    assert load_yaml(text, "ok.yaml", InputError)["b"] == ["x"] * 4
    d = refusal(lambda: load_yaml(text, "many.yaml", InputError, Limits(max_aliases=3)))
    assert (d.code, d.line, d.column, d.message) == (
        "yaml-aliases",
        2,
        17,
        "b[3]: more than 3 aliases",
    )


def test_a_few_aliases_and_merges_still_read() -> None:
    text = "base: &b {x: 1, y: 2}\nmerged: {<<: *b, y: 3}\ncopy: *b\n"
    assert load_yaml(text, "ok.yaml", InputError) == {
        "base": {"x": 1, "y": 2},
        "merged": {"x": 1, "y": 3},
        "copy": {"x": 1, "y": 2},
    }


# ---------------------------------------------------------------------- nesting and numbers
def test_yaml_nested_too_deep_is_refused_at_the_level_beyond() -> None:
    """The mapping is the first level, its value's brackets the next ones."""
    d = refusal(lambda: load_yaml("a: " + "[" * 100 + "]" * 100, "deep.yaml", InputError))
    assert (d.code, d.line, d.column) == ("too-deep", 1, 103)
    assert d.message.endswith("nested more than 100 levels deep")
    assert load_yaml("a: " + "[" * 99 + "]" * 99, "ok.yaml", InputError) is not None


@pytest.mark.parametrize(
    ("text", "where", "column"),
    [
        ("units:\n  England: [1" + "0" * 5000 + "]\n", "units.England[0]: ", 13),
        ("units:\n  ? 1" + "0" * 5000 + "\n  : [A Lon]\n", "units (a key): ", 5),
    ],
)
def test_a_number_of_5000_digits_is_refused_naming_its_key(
    text: str, where: str, column: int
) -> None:
    d = refusal(lambda: load_yaml(text, "n.yaml", InputError))
    assert (d.code, d.line, d.column) == ("too-long", 2, column)
    assert d.message == f"{where}a number of 5,001 characters; at most 100 are read"


def test_json_nested_200000_deep_is_refused_before_parsing() -> None:
    d = refusal(lambda: load_json("[" * 200_000 + "]" * 200_000, "deep.json", InputError))
    assert (d.code, d.line, d.column) == ("too-deep", 1, 101)


def test_json_depth_ignores_brackets_inside_strings() -> None:
    text = '{"a": "' + "[" * 500 + '", "b": [[1]]}'
    assert load_json(text, "ok.json", InputError)["b"] == [[1]]


def test_json_integer_of_5000_digits_is_refused_at_its_place() -> None:
    text = '{"a": "' + "7" * 5000 + '",\n "b": 1.' + "5" * 200 + ',\n "c": -1' + "0" * 5000 + "}"
    d = refusal(lambda: load_json(text, "long.json", InputError))
    assert (d.code, d.line, d.column) == ("too-long", 3, 7)
    assert d.message == "a number of 5,002 characters; at most 100 are read"


def test_malformed_json_names_line_and_column_by_our_line_rule() -> None:
    d = refusal(lambda: load_json('{"a":\r 1,\r ,}', "bad.json", InputError))
    assert (d.code, d.line, d.column, d.source_line) == ("json", 3, 2, " ,}")


# ---------------------------------------------------------------------- reading files
def test_a_file_larger_than_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    sparse = tmp_path / "huge.txt"
    with sparse.open("wb") as stream:  # 64 GB on paper, nothing on disk
        stream.truncate(64 << 30)
    d = refusal(lambda: read_source(sparse, InputError, "order file"))
    assert d.code == "too-large"
    assert d.message == ("order file too large: 68,719,476,736 bytes; at most 16,777,216 are read")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_dev_zero_is_refused_after_one_read() -> None:
    d = refusal(lambda: read_source("/dev/zero", InputError, "order file"))
    assert (d.code, d.message) == ("io", "this is a binary file, not an order file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_an_endless_pipe_is_read_one_byte_past_the_limit(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    written = [0]
    # The writer must have the FIFO open before it is read (a FIFO without a writer is refused):
    # a reader of our own, that never reads, lets the writer open it without waiting.
    held = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    stream = open(fifo, "wb")  # noqa: SIM115 (closed by the writer)

    def write_forever() -> None:
        # The last reader closing its end breaks the pipe on a write or on the flush at close.
        with contextlib.suppress(BrokenPipeError), stream:
            while written[0] < 64 * MB:  # stops far sooner, when the readers close
                stream.write(b"A Par - Bur\n" * 1000)
                written[0] += 12_000

    writer = threading.Thread(target=write_forever, daemon=True)
    writer.start()
    try:
        d = refusal(lambda: read_source(fifo, InputError, "order file", Limits(max_file_bytes=MB)))
    finally:
        os.close(held)
    writer.join()
    assert (d.code, d.message) == (
        "too-large",
        "order file too large: more than 1,048,576 bytes; at most 1,048,576 are read",
    )
    assert written[0] < 8 * MB


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_nobody_writes_to_is_refused_not_waited_for(tmp_path: Path) -> None:
    """Opening a FIFO blocks until some program opens it for writing: the reader opens it
    without blocking and refuses it, naming it, when no program writes to it."""
    fifo = tmp_path / "orders.fifo"
    os.mkfifo(fifo)
    d = _without_hanging(lambda: read_source(fifo, InputError, "order file"))
    assert (d.code, d.path) == ("io", str(fifo))
    assert d.message == "a FIFO (named pipe) that no program writes to, not an order file"


def _without_hanging(read: Callable[[], object]) -> Diagnostic:
    """The diagnostic ``read`` raises, read in a thread: should it block after all, the test
    fails (the join's timeout only guards the run against hanging; nothing is timed)."""
    found: list[BaseException | None] = []

    def run() -> None:
        try:
            read()
            found.append(None)
        except BaseException as exc:  # handed to the test's thread
            found.append(exc)

    reader = threading.Thread(target=run, daemon=True)
    reader.start()
    reader.join(timeout=60)
    assert found, "the reader blocked on the FIFO"
    assert isinstance(found[0], InputError), found[0]
    (diagnostic,) = found[0].diagnostics
    return diagnostic


def test_too_many_lines_and_a_too_long_line(tmp_path: Path) -> None:
    path = tmp_path / "orders.txt"
    path.write_text("A Par H\n" * 11, encoding="utf-8")
    d = refusal(lambda: read_source(path, InputError, "order file", Limits(max_lines=10)))
    assert (d.code, d.line, d.column) == ("too-large", 11, 1)
    assert d.message == "order file has 11 lines; at most 10 are read"
    assert read_source(path, InputError, "order file", Limits(max_lines=11))
    path.write_text("A Par H\r\nA Bur - " + "x" * 30 + "\r\n", encoding="utf-8")
    d = refusal(lambda: read_source(path, InputError, "order file", Limits(max_line_chars=20)))
    assert (d.code, d.line, d.column) == ("too-long", 2, 21)
    assert d.source_line == "A Bur - " + "x" * 30
    assert read_source(path, InputError, "order file", Limits(max_line_chars=20), lines=False)


def _cpu(run: Callable[[], object]) -> float:
    """The best CPU time of three runs (the least disturbed by other work)."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def test_checking_line_lengths_reads_each_line_once() -> None:
    """1 MB of lines just below the limit costs the same whatever the limit: looking for a long
    line from every position would cost the line's length again for each character."""

    def check(length: int) -> Callable[[], object]:
        text = ("x" * (length - 1) + "\n") * (MB // length)
        limits = Limits(max_line_chars=length)
        return lambda: check_text(text, "t", InputError, "text", limits)

    ratio = _cpu(check(1_000)) / _cpu(check(125))
    assert ratio < 3, f"lines 8 times as long cost {ratio:.1f} times as much"


def test_checking_number_lengths_reads_each_number_once() -> None:
    def check(digits: int) -> Callable[[], object]:
        text = "[" + ("1" * digits + ",") * (MB // (digits + 1)) + "1]"
        limits = Limits(max_int_digits=digits)
        return lambda: load_json(text, "n.json", InputError, limits)

    ratio = _cpu(check(96)) / _cpu(check(12))
    assert ratio < 3, f"numbers 8 times as long cost {ratio:.1f} times as much"


def test_a_path_with_a_nul_byte_is_no_file() -> None:
    d = refusal(lambda: read_source("orders\0.txt", InputError, "order file"))
    assert (d.code, d.message) == ("io", "no such order file: the name contains a NUL byte")


def test_the_default_limits_are_generous_for_real_files() -> None:
    assert DEFAULT_LIMITS.max_file_bytes >= 16 * MB  # a 40-game archive is a few MB
    assert DEFAULT_LIMITS.max_lines >= 10_000 and DEFAULT_LIMITS.max_line_chars >= 1_000
    with pytest.raises(AttributeError):
        DEFAULT_LIMITS.max_lines = 5  # type: ignore[misc]  # frozen: no global setting


# ---------------------------------------------------------------------- one rule for lines
def test_only_newline_carriage_return_and_both_end_a_line() -> None:
    text = "a\fb\vc\x1cd\x85e\u2028f\r\ng\rh\n"
    assert split_lines(text) == ["a\fb\vc\x1cd\x85e\u2028f", "g", "h", ""]
    assert text.splitlines() != split_lines(text)[:-1]  # the rule str.splitlines breaks


def test_an_order_file_with_a_form_feed_quotes_the_right_line(tmp_path: Path) -> None:
    """The order reader and the check of legality count lines alike: a form feed and a
    vertical tab stay inside line 1, and the illegal order of line 2 is quoted as line 2."""
    from adjudicator.cli.main import EXIT_FAILED, main

    path = tmp_path / "orders.txt"
    path.write_text("England:\fF Lon - Nth\vA Lvp H\nF Edi - Lvp\n", encoding="utf-8")
    out = io.StringIO()
    code = main(["check", str(path)], stdout=out)
    report = out.getvalue()
    assert code == EXIT_FAILED, report
    assert report.splitlines()[:6] == [
        f"{path}:1:21: error: unexpected character '\\x0b': not part of any order "
        "[unexpected-character]",
        "  England:\u240cF Lon - Nth\u240bA Lvp H",
        "  " + " " * 20 + "^",
        f"{path}:2:1: error: the unit F EDI cannot reach LVP in 'F EDI - LVP' [not-adjacent]",
        "  F Edi - Lvp",
        "  ^",
    ]


@pytest.mark.parametrize("separator", ["\u2028", "\x85"])
def test_yaml_lines_are_counted_by_the_same_rule(separator: str) -> None:
    """PyYAML alone would put the error on line 3 and quote ``c: d``'s neighbour."""
    d = refusal(lambda: load_yaml(f'a: "x{separator}y"\nb: c: d\n', "p.yaml", InputError))
    assert (d.code, d.line, d.column, d.source_line) == ("yaml", 2, 5, "b: c: d")
    problems = Problems("p.yaml", f'a: "x{separator}y"\nb: 2\n')
    problems.add(("b",), "wrong", "shape")
    assert (problems.items[0].line, problems.items[0].source_line) == (2, "b: 2")


def test_node_marks_count_lines_by_our_rule() -> None:
    """libyaml, like PyYAML, ends lines at NEL, LS and PS too; its marks are counted again."""
    _, root = load_yaml_tree('c: 1\x85d: 2\ne: "\u2029"\nf: [1, 2]\n', "p.yaml", InputError)
    assert isinstance(root, yaml.MappingNode)
    assert [(k.value, k.start_mark.line, k.start_mark.column) for k, _ in root.value] == [
        ("c", 0, 0),
        ("d", 0, 5),
        ("e", 1, 0),
        ("f", 2, 0),
    ]


@pytest.mark.thorough
def test_a_large_malformed_text_is_placed_by_our_rule_too() -> None:
    """Beyond 200,000 characters the message is libyaml's, and its mark is counted again."""
    text = 'a: "\u2028"\n' + "k: v\n" * 50_000 + "z: [\n"
    d = refusal(lambda: load_yaml(text, "big.yaml", InputError))
    assert (d.code, d.line, d.column) == ("yaml", 50_003, 1)


def test_a_character_yaml_forbids_is_named_at_its_place() -> None:
    d = refusal(lambda: load_yaml("a: 1\nb: x\x0cy\n", "p.yaml", InputError))
    assert (d.code, d.line, d.column) == ("yaml", 2, 5)
    assert d.message == "malformed YAML: the character U+000C is not allowed in YAML"


def test_a_quoted_line_shows_control_characters_as_symbols() -> None:
    d = Diagnostic("bad", "x", "o.txt", 1, 5, "A\x1b[2JPar\fH")
    assert d.format().splitlines()[1:] == ["  A\u241b[2JPar\u240cH", "      ^"]


# ---------------------------------------------------------------------- quoting values
def test_values_are_quoted_briefly_and_never_raise() -> None:
    nested: object = "A Par"
    for _ in range(1000):
        nested = [nested]
    assert shown(nested) == "[[[[...]]]]"
    assert shown(10**5000) == "a number of 5001 digits"
    assert len(shown("x" * 10_000)) < 90
    assert key_path(("units", 10**5000, "x" * 500)).startswith("units[a number of 5001 digits].")


# ---------------------------------------------------------------------- the last year
@pytest.mark.parametrize("year", [0, 1, 1901, 9999, 10_000, MAX_YEAR])
def test_every_phase_that_can_be_made_reads_back(year: int) -> None:
    for season, kind in [
        (Season.SPRING, PhaseType.MOVEMENT),
        (Season.FALL, PhaseType.RETREAT),
        (Season.WINTER, PhaseType.ADJUSTMENT),
    ]:
        phase = Phase(season, year, kind)
        assert Phase.parse(str(phase)) == phase


@pytest.mark.parametrize("year", [MAX_YEAR + 1, -1, 10**5000], ids=["next", "negative", "huge"])
def test_a_year_no_phase_code_can_hold_is_refused(year: int) -> None:
    with pytest.raises(InputError) as info:
        Phase(Season.SPRING, year, PhaseType.MOVEMENT)
    assert info.value.diagnostics[0].code == "phase-year"
    assert "a phase code holds the years 0 to 99999" in str(info.value)


def test_check_text_counts_a_last_line_without_its_end() -> None:
    check_text("a\nb", "t", InputError, "text", Limits(max_lines=2))
    check_text("a\nb\n", "t", InputError, "text", Limits(max_lines=2))
    with pytest.raises(InputError):
        check_text("a\nb\nc", "t", InputError, "text", Limits(max_lines=2))
