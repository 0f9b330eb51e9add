"""The ``adjudicator`` command line: a thin shell around the pure core.

``main(argv) -> int`` never exits the interpreter and never lets a traceback out for bad input, so
tests can run it in-process. Exit codes: 0 success, 1 illegal orders or failed cases, 2 unusable
input (missing file, malformed YAML, unknown map, bad arguments, nothing to test or replay).

Bad input is refused where it is read, in our error types. Two guards stand before that:

- every path argument is looked at (``os.stat``, never opened) before any reading: a NUL byte, a
  name the system refuses (too long, a loop of links), a FIFO, a device or a socket is refused
  naming the argument (a FIFO would block the reader, ``/dev/zero`` would never end);
- the narrow safety net :func:`_reading` around the reading of each input argument turns the
  failures the operating system or the interpreter raise on hostile input (``OSError``,
  ``UnicodeError``, ``RecursionError``, ``MemoryError``) into an exit 2 message naming the
  argument. Any other exception is a bug of ours and keeps its traceback, to be reported.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TextIO

from adjudicator.base.core import is_compiled
from adjudicator.base.errors import Diagnostic, InputError, cut, printable
from adjudicator.base.rules import PRESETS
from adjudicator.base.version import __version__
from adjudicator.board.load import available_maps, load_map
from adjudicator.board.map import GameMap
from adjudicator.state.position import Position

if TYPE_CHECKING:
    from adjudicator.base.model import Order
    from adjudicator.base.rules import Rules
    from adjudicator.state.outcomes import Adjudication

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_UNUSABLE = 2

_PRESET_HELP = "a named rule set: " + ", ".join(
    f"{name} (default)" if name == "datc" else name for name in PRESETS
)


class _KeysOf:
    """The keys of a table in a higher module, as argparse ``choices``: the table is imported
    only when argparse checks a value or prints help, so that ``adjudicator maps list`` does not
    load the report layer or the languages just to build its parser."""

    def __init__(self, table: Callable[[], Mapping[str, object]]) -> None:
        self._table = table

    def __contains__(self, key: object) -> bool:
        return key in self._table()

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())


def _report_formats() -> Mapping[str, object]:
    from adjudicator.report.render import FORMATS

    return FORMATS


def _languages() -> Mapping[str, object]:
    from adjudicator.lang.languages import LANGUAGES

    return LANGUAGES


_REPORT_FORMATS = _KeysOf(_report_formats)
"""``adjudicate --format``: the report formats (``text``, ``json``, ``yaml``)."""
_LANGUAGE_CODES = _KeysOf(_languages)
"""``--lang``: the languages the package speaks (``en``, ``de``)."""


def entry_point() -> None:
    """Console-script entry point."""
    _forgiving_streams()
    sys.exit(main())


def _forgiving_streams() -> None:
    """Let the standard streams write any text: a character their encoding lacks (a file name
    that is not valid UTF-8 under ``PYTHONIOENCODING=utf-8``, a German umlaut under an ASCII
    locale) comes out as a backslash escape instead of a ``UnicodeEncodeError``. File names in
    messages are :func:`~adjudicator.base.errors.printable` already; this is the net under
    everything else."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", None) == "strict":
            reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    out = stdout or sys.stdout
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["judge"]:  # the judge parses its own command line
        from adjudicator.judge.cli import main as judge_main

        return judge_main(words[1:], stdout=out)
    parser = _build_parser()
    try:
        with redirect_stdout(out):  # argparse prints --help itself, to sys.stdout
            args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits on --help and on usage errors
        return EXIT_OK if exc.code in (0, None) else EXIT_UNUSABLE
    if not getattr(args, "handler", None):
        parser.print_help(out)
        return EXIT_UNUSABLE
    try:
        code: int = args.handler(args, out)
    except InputError as exc:
        for diagnostic in exc.diagnostics:
            print(diagnostic.format(), file=sys.stderr)
        return EXIT_UNUSABLE
    except BrokenPipeError:
        return EXIT_OK
    return code


def _version() -> str:
    """The version, and which core runs (the compiled one or pure Python, docs/compiled-core.md)."""
    from adjudicator.adjudication import engine

    core = "compiled core" if is_compiled(engine) else "pure Python core"
    return f"adjudicator {__version__} ({core})"


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="adjudicator",
        description="Check, adjudicate and test Diplomacy orders (DATC v3.0 rules).",
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = sub.add_parser("check", help="report every syntax error and illegal order in a file")
    check.add_argument("orders", help="order file")
    check.add_argument("--position", "-p", help="position file (YAML or JSON); default: the start")
    check.add_argument("--map", "-m", help="map name or file (default: the position's map)")
    check.add_argument("--format", "-f", choices=tuple(_CHECK_FORMATS), default="text")
    check.add_argument(
        "--lang", choices=_LANGUAGE_CODES, help="language of the order file (default: detected)"
    )
    check.add_argument(
        "--rules",
        "-r",
        action="append",
        default=[],
        metavar="OPTION=CHOICE",
        help="a rules option, e.g. coasts=strict (repeatable)",
    )
    check.add_argument("--preset", help=_PRESET_HELP)
    check.set_defaults(handler=_cmd_check)

    adjudicate = sub.add_parser("adjudicate", help="adjudicate a phase and print the results")
    adjudicate.add_argument("position", help="position file (YAML or JSON)")
    adjudicate.add_argument("orders", help="order file")
    adjudicate.add_argument("-o", "--output", help="write the next position to this file")
    adjudicate.add_argument("--format", "-f", choices=_REPORT_FORMATS, default="text")
    adjudicate.add_argument("--lang", choices=_LANGUAGE_CODES, help="language of orders and report")
    adjudicate.add_argument(
        "--rules",
        "-r",
        action="append",
        default=[],
        metavar="OPTION=CHOICE",
        help="a rules option, e.g. adjacent_convoy=fallback (repeatable)",
    )
    adjudicate.add_argument("--preset", help=_PRESET_HELP)
    adjudicate.set_defaults(handler=_cmd_adjudicate)

    render = sub.add_parser(
        "render", help="draw a position, its orders and their outcomes (SVG or PNG)"
    )
    render.add_argument("position", help="position file (YAML or JSON)")
    render.add_argument("orders", nargs="?", help="order file (optional)")
    render.add_argument("-o", "--output", help="write to FILE.svg or FILE.png (default: SVG out)")
    render.add_argument("--lang", choices=_LANGUAGE_CODES, help="language of orders and picture")
    render.add_argument(
        "--next", action="store_true", help="draw the position the phase leads to (retreats)"
    )
    render.add_argument(
        "--orders-only", action="store_true", help="draw the orders without adjudicating them"
    )
    render.add_argument(
        "--palette", choices=("map", "colour-blind"), default="map", help="the powers' colours"
    )
    render.add_argument("--rules", "-r", action="append", default=[], metavar="OPTION=CHOICE")
    render.add_argument("--preset", help=_PRESET_HELP)
    render.set_defaults(handler=_cmd_render)

    maps = sub.add_parser("maps", help="list the shipped maps, or show or validate one")
    maps.add_argument("action", nargs="?", choices=("list", "show", "validate"), default="list")
    maps.add_argument("name", nargs="?", help="map name or file")
    maps.set_defaults(handler=_cmd_maps)

    test = sub.add_parser("test", help="run DATC-style case files (YAML or jDip text)")
    test.add_argument("paths", nargs="+", help="case files or folders")
    test.add_argument("--verbose", "-v", action="store_true", help="also list passing cases")
    test.set_defaults(handler=_cmd_test)

    replay = sub.add_parser("replay", help="replay saved games (diplomacy package JSON)")
    replay.add_argument("games", nargs="+", help="game files or folders")
    replay.add_argument("--rules", "-r", action="append", default=[], metavar="OPTION=CHOICE")
    replay.add_argument(
        "--preset",
        help="a named rule set, e.g. webdiplomacy-2024 or diplomacy-package (the rules "
        "of the engine that recorded the games)",
    )
    replay.add_argument("--no-progress", action="store_true", help="no progress bar")
    replay.add_argument(
        "--jobs",
        "-j",
        type=_job_count,
        default=1,
        metavar="N",
        help="replay games in N processes (0 or 'auto': one per CPU; default 1)",
    )
    replay.set_defaults(handler=_cmd_replay)

    # Listed for --help only: main() hands `adjudicator judge ...` to adjudicator.judge.cli.
    sub.add_parser(
        "judge", help="run play-by-email games (adjudicator judge --help)", add_help=False
    )
    return parser


# ---------------------------------------------------------------------- input paths
_SHOWN = 60
"""Characters of an argument quoted in a message: enough to recognise it, never a screenful."""

_NOT_FILES = (
    (stat.S_ISFIFO, "FIFO (named pipe)"),
    (stat.S_ISCHR, "character device"),
    (stat.S_ISBLK, "block device"),
    (stat.S_ISSOCK, "socket"),
)
"""The kinds of path a reader refuses, by the test on ``st_mode`` that finds them."""


def _shown(value: str) -> str:
    """``value`` quoted for a message: control characters escaped (``'a\\\\x00b'``), a long
    value cut short."""
    return repr(cut(value, _SHOWN + 1))


def _argument_error(argument: str, value: str, problem: str, hint: str | None = None) -> InputError:
    return InputError.single(
        f"argument {argument} {_shown(value)}: {problem}", "io", "adjudicator", hint=hint
    )


def _check_path(argument: str, value: str, *, may_be_name: bool = False) -> None:
    """Refuse, naming ``argument``, a path no reader can use: one with a NUL byte, one the system
    refuses (too long, a loop of links), a FIFO, a device or a socket. Looks with ``os.stat``
    and never opens, so that a FIFO cannot block.

    A missing file, a folder where a file is wanted and a file without read permission are left
    to the reader, whose messages say so. With ``may_be_name`` the value may be a map name,
    which need not exist as a file."""
    if "\0" in value:
        raise _argument_error(argument, value, "contains a NUL byte, which no path can")
    try:
        mode = os.stat(value).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return
    except OSError as exc:
        if may_be_name:
            return  # too long for a path, say: the map loader reports an unknown name
        raise _argument_error(argument, value, f"unusable path: {exc.strerror or exc}") from None
    for test, kind in _NOT_FILES:
        if test(mode):
            raise _argument_error(
                argument, value, f"is a {kind}, not a file", hint="give the path of a file"
            )


def _check_output(argument: str, value: str) -> None:
    """Refuse an output path before any work is done: a NUL byte, a folder, or a FIFO (writing
    to one blocks until some program reads it). A device such as ``/dev/null`` is fine."""
    if "\0" in value:
        raise _argument_error(argument, value, "contains a NUL byte, which no path can")
    try:
        mode = os.stat(value).st_mode
    except OSError:
        return  # a new file, or one the write will report
    if stat.S_ISDIR(mode):
        raise _argument_error(argument, value, "is a folder", hint="give the path of a file")
    if stat.S_ISFIFO(mode):
        raise _argument_error(argument, value, "is a FIFO (named pipe), not a file")


@contextmanager
def _reading(argument: str, value: str | None) -> Iterator[None]:
    """The safety net around the reading of one input argument.

    The readers turn bad content into our errors themselves; this net catches what hostile input
    can still make the operating system or the interpreter raise on the way (an ``OSError`` from
    an odd file system, a ``UnicodeError`` from a file name that is not text, a ``RecursionError``
    from a document nested too deeply, a ``MemoryError`` from one too large) and reports it as
    unusable input naming the argument. It is deliberately narrow: any other exception is a bug
    of ours and keeps its traceback."""
    try:
        yield
    except InputError:
        raise
    except RecursionError:
        raise _argument_error(argument, value or "", "nested too deeply to read") from None
    except MemoryError:
        raise _argument_error(argument, value or "", "too large to read") from None
    except (OSError, UnicodeError) as exc:
        reason = getattr(exc, "strerror", None) or f"{type(exc).__name__}: {exc}"
        raise _argument_error(argument, value or "", f"cannot be read: {reason}") from None


# ---------------------------------------------------------------------- helpers
def _read_text(path: str) -> str:
    from adjudicator.base.sources import read_source

    with _reading("ORDERS", path):
        return read_source(path, InputError, "order file")


def _job_count(text: str) -> int:
    """``--jobs``: a number of processes, ``0`` or ``auto`` for one per CPU."""
    if text.strip().lower() == "auto":
        return os.cpu_count() or 1
    try:
        count = int(text)
    except ValueError:
        count = -1
    if count < 0:
        raise argparse.ArgumentTypeError(
            f"expected a number of processes (1, 2, ...) or 'auto' (0), not {_shown(text)}"
        )
    return count or os.cpu_count() or 1


def _rules(options: Sequence[str], preset: str | None = None) -> Any:
    from adjudicator.base.rules import Rules

    mapping: dict[str, str] = {}
    for item in options:
        name, sep, choice = item.partition("=")
        if not sep:
            raise InputError.single(
                f"--rules takes OPTION=CHOICE, not {item!r}", "usage", "adjudicator"
            )
        mapping[name.strip()] = choice.strip()
    try:
        base = Rules.preset(preset) if preset else Rules()
        return Rules.from_mapping(mapping, base=base)
    except ValueError as exc:
        raise InputError.single(str(exc), "usage", "adjudicator") from None


def _load_map(argument: str, name: str) -> GameMap:
    """The map named by an argument (a shipped map's name or a map file)."""
    _check_path(argument, name, may_be_name=True)
    with _reading(argument, name):
        return load_map(name)


def _position_and_map(
    position_path: str | None, map_name: str | None, position_argument: str = "--position"
) -> tuple[Position, GameMap]:
    game_map = _load_map("--map", map_name) if map_name else None
    if position_path is None:
        game_map = game_map or load_map("standard")
        return Position.initial(game_map), game_map
    _check_path(position_argument, position_path)
    with _reading(position_argument, position_path):
        return Position.load_with_map(position_path, game_map)


def _print_diagnostics(
    diagnostics: Sequence[Diagnostic], out: TextIO, words: dict[str, str] | None = None
) -> None:
    for diagnostic in diagnostics:
        print(diagnostic.format(words=words), file=out)


# ---------------------------------------------------------------------- commands
@dataclass(frozen=True, slots=True)
class _CheckReport:
    """What ``adjudicator check`` found in one order file."""

    path: str
    lang: str
    orders: int
    valid: int
    diagnostics: tuple[Diagnostic, ...]


def _print_check_text(report: _CheckReport, out: TextIO) -> None:
    """The diagnostics in the file's language (``Fehler``, ``Warnung`` in German), then a
    summary line."""
    from adjudicator.lang.languages import command_words, vocabulary

    _print_diagnostics(report.diagnostics, out, vocabulary(report.lang).diagnostic_words())
    words = command_words(report.lang)
    summary = words.check_summary.format(
        path=report.path,
        orders=report.orders,
        problems=len(report.diagnostics),
        noun=words.problem_noun[len(report.diagnostics) != 1],
    )
    print(summary, file=out)


def _print_check_json(report: _CheckReport, out: TextIO) -> None:
    from adjudicator.report.render import dump_json

    data = {
        "file": report.path,
        "language": report.lang,
        "orders": report.orders,
        "valid": report.valid,
        "problems": [d.to_dict() for d in report.diagnostics],
    }
    print(dump_json(data), file=out, end="")


_CHECK_FORMATS: Mapping[str, Callable[[_CheckReport, TextIO], None]] = MappingProxyType(
    {"text": _print_check_text, "json": _print_check_json}
)
"""``check --format`` name -> its printer."""


def _cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    _check_path("ORDERS", args.orders)
    text = _read_text(args.orders)
    position, game_map = _position_and_map(args.position, args.map)
    rules = _rules(args.rules, args.preset)

    from adjudicator.adjudication.legality.check import check_orders
    from adjudicator.base.errors import Severity
    from adjudicator.base.limits import split_lines
    from adjudicator.orders.read import parse_orders
    from adjudicator.report.illegal import illegal_diagnostics

    parsed = parse_orders(text, game_map, position, path=args.orders, lang=args.lang)
    checked = check_orders(position, parsed.by_power(), game_map, rules)
    diagnostics = list(parsed.diagnostics) + illegal_diagnostics(
        checked.results, parsed.orders, parsed.lang, game_map, args.orders, split_lines(text)
    )
    diagnostics.sort(key=lambda d: (d.line, d.column))
    report = _CheckReport(
        printable(args.orders),
        parsed.lang,
        len(parsed.orders),
        len(checked.valid),
        tuple(diagnostics),
    )
    _CHECK_FORMATS[args.format](report, out)
    failed = any(d.severity is Severity.ERROR for d in diagnostics)
    return EXIT_FAILED if failed else EXIT_OK


def _cmd_adjudicate(args: argparse.Namespace, out: TextIO) -> int:
    from adjudicator.adjudication.engine import adjudicate
    from adjudicator.orders.read import parse_orders
    from adjudicator.report.render import render_report

    _check_path("POSITION", args.position)
    _check_path("ORDERS", args.orders)
    if args.output:
        _check_output("--output", args.output)
    position, game_map = _position_and_map(args.position, None, "POSITION")
    rules = _rules(args.rules, args.preset)
    text = _read_text(args.orders)
    parsed = parse_orders(text, game_map, position, path=args.orders, lang=args.lang)
    if parsed.diagnostics:
        from adjudicator.lang.languages import vocabulary

        vocab = vocabulary(parsed.lang)  # the file's language: `Fehler`, `Warnung` in German
        _print_diagnostics(parsed.diagnostics, sys.stderr, vocab.diagnostic_words())
        print(vocab.say("unreadable_left_out", path=printable(args.orders)), file=sys.stderr)
    result = adjudicate(position, parsed.by_power(), rules, game_map=game_map)
    report = render_report(result, game_map, fmt=args.format, lang=args.lang or parsed.lang)
    print(report, file=out, end="")
    if args.output:
        fmt = "json" if args.output.endswith(".json") else "yaml"
        try:
            Path(args.output).write_text(result.next_position.dumps(fmt), encoding="utf-8")
        except OSError as exc:
            problem = f"cannot write the next position: {exc.strerror or exc}"
            raise _argument_error("--output", args.output, problem) from None
    return EXIT_OK


def _cmd_render(args: argparse.Namespace, out: TextIO) -> int:
    from adjudicator.board.drawing import drawing_for
    from adjudicator.picture.render import render

    _check_path("POSITION", args.position)
    if args.orders:
        _check_path("ORDERS", args.orders)
    if args.output:
        _check_output("--output", args.output)
        if not args.output.lower().endswith((".svg", ".png")):
            raise _argument_error("--output", args.output, "must end in .svg or .png")
    if args.next and (not args.orders or args.orders_only):
        raise InputError.single(
            "--next needs orders to adjudicate (and not --orders-only)", "usage", "adjudicator"
        )
    position, game_map = _position_and_map(args.position, None, "POSITION")
    rules = _rules(args.rules, args.preset)
    board = drawing_for(game_map)
    if board is None:
        raise InputError.single(
            f"the map {game_map.name!r} has no drawing to render", "usage", args.position
        )
    orders, adjudication, lang = _render_orders(args, position, game_map, rules)
    svg = render(position, orders, adjudication, board=board, game_map=game_map, lang=lang,
                 palette=args.palette, after=args.next)  # fmt: skip
    if not args.output:
        print(svg, file=out, end="")
    else:
        _write_picture(args.output, svg)
    return EXIT_OK


def _render_orders(
    args: argparse.Namespace, position: Position, game_map: GameMap, rules: Rules
) -> tuple[dict[str, list[Order]] | None, Adjudication | None, str]:
    """The orders of ``render`` (read as ``adjudicate`` reads them), their adjudication unless
    ``--orders-only``, and the picture's language."""
    from adjudicator.adjudication.engine import adjudicate
    from adjudicator.orders.read import parse_orders

    if not args.orders:
        return None, None, args.lang or "en"
    text = _read_text(args.orders)
    parsed = parse_orders(text, game_map, position, path=args.orders, lang=args.lang)
    if parsed.diagnostics:
        from adjudicator.lang.languages import vocabulary

        vocab = vocabulary(parsed.lang)
        _print_diagnostics(parsed.diagnostics, sys.stderr, vocab.diagnostic_words())
        print(vocab.say("unreadable_left_out", path=printable(args.orders)), file=sys.stderr)
    orders = parsed.by_power()
    if args.orders_only:
        return orders, None, args.lang or parsed.lang
    return orders, adjudicate(position, orders, rules, game_map=game_map), args.lang or parsed.lang


def _write_picture(path: str, svg: str) -> None:
    from adjudicator.picture.png import PngUnavailable, to_png

    try:
        if path.lower().endswith(".png"):
            Path(path).write_bytes(to_png(svg))
        else:
            Path(path).write_text(svg, encoding="utf-8")
    except PngUnavailable as exc:
        raise _argument_error("--output", path, str(exc)) from None
    except OSError as exc:
        problem = f"cannot write the picture: {exc.strerror or exc}"
        raise _argument_error("--output", path, problem) from None


def _cmd_maps(args: argparse.Namespace, out: TextIO) -> int:
    if args.action == "list":
        for name in available_maps():
            game_map = load_map(name)
            print(
                f"{name:12} {game_map.title} ({len(game_map.powers)} players, "
                f"{len(game_map.supply_centers)} centres, {game_map.victory} to win)",
                file=out,
            )
        return EXIT_OK
    if not args.name:
        raise InputError.single(
            f"'maps {args.action}' needs a map name or file", "usage", "adjudicator"
        )
    game_map = _load_map("NAME", args.name)
    if args.action == "validate":
        from adjudicator.board.topology import map_topology

        print(f"{printable(game_map.source)}: ok ({len(game_map.provinces)} provinces)", file=out)
        for note in map_topology(game_map).notes():
            print(f"  note: {note}", file=out)
        return EXIT_OK
    print(_map_summary(game_map), file=out)
    return EXIT_OK


def _map_summary(game_map: GameMap) -> str:
    kinds: dict[str, int] = {}
    for province in game_map.provinces.values():
        kinds[province.type] = kinds.get(province.type, 0) + 1
    lines = [
        f"{game_map.name}: {game_map.title}",
        f"  file: {game_map.source}",
        f"  aliases: {', '.join(game_map.aliases) or '-'}",
        f"  languages: {', '.join(game_map.languages)}",
        "  provinces: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())),
        f"  supply centres: {len(game_map.supply_centers)} (victory at {game_map.victory})",
        f"  begins: {game_map.first_phase}"
        + (f"; rule words: {', '.join(sorted(game_map.rules))}" if game_map.rules else ""),
        "  powers:",
    ]
    for power in game_map.powers.values():
        homes = " ".join(game_map.home_centers(power.name))
        units = ", ".join(str(u) for u in power.start)
        lines.append(f"    {power.name:9} homes {homes:15} start {units}")
    return "\n".join(lines)


def _cmd_test(args: argparse.Namespace, out: TextIO) -> int:
    from adjudicator.suites.run import run_paths

    for path in args.paths:
        _check_path("PATH", path)
    with _reading("PATH", " ".join(args.paths)):
        report = run_paths(args.paths)
    if not report.outcomes:  # nothing was tested: that is no success
        raise InputError.single(
            f"no cases found in {', '.join(map(_shown, args.paths))}",
            "no-cases",
            "adjudicator",
            hint="give YAML case files (kind: cases) or jDip DATC text files, or folders of them",
        )
    for outcome in report.outcomes:
        status = str(outcome.status)
        if status == "passed" and not args.verbose:
            continue
        label = "ok" if status == "passed" else status.upper()
        where = printable(str(outcome.case.path))
        print(f"{label:7} {where}: {outcome.case.id}  {outcome.case.title}", file=out)
        if outcome.reason and status != "passed":
            print(f"        ({outcome.reason})", file=out)
        for difference in outcome.differences:
            print(f"        {difference}", file=out)
    print(report.summary(), file=out)
    return EXIT_OK if report.failed == 0 else EXIT_FAILED


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    from adjudicator.suites.replay import replay_paths

    rules = _rules(args.rules, args.preset)
    for path in args.games:
        _check_path("GAME", path)
    with _reading("GAME", " ".join(args.games)):
        report = replay_paths(
            args.games, rules, progress=not args.no_progress and out.isatty(), jobs=args.jobs
        )
    if not report.games:  # nothing was replayed: that is no success
        raise InputError.single(
            f"no saved games (*.json) found in {', '.join(map(_shown, args.games))}",
            "no-games",
            "adjudicator",
        )
    for line in report.lines():
        print(line, file=out)
    return EXIT_OK if report.differ == 0 else EXIT_FAILED
