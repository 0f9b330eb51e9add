"""Replaying saved games (the ``diplomacy`` package's JSON) phase by phase.

Each phase is adjudicated from its recorded state and orders, and the next position is compared
with the next recorded state: units, dislodged units and supply-centre ownership. A retreat phase
starts from our own result of the movement phase before it (the saved state does not record where
the attackers came from, nor the standoffs), which is safe because that result was just compared
with the record.
"""

from __future__ import annotations

import functools
import itertools
import sys
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from adjudicator.base.errors import InputError, Severity, printable
from adjudicator.base.limits import DEFAULT_LIMITS, Limits
from adjudicator.base.model import Dislodgement, Order, Phase, PhaseType, Unit
from adjudicator.base.rules import Rules
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.state.position import Position


@dataclass(frozen=True, slots=True)
class GameReplay:
    """The outcome of replaying one game."""

    path: str
    phases: int
    """Phases adjudicated and compared."""
    difference: str | None = None
    """The first difference found, in words; ``None`` when the whole game matched."""

    @property
    def matched(self) -> bool:
        return self.difference is None


@dataclass(slots=True)
class ReplayReport:
    games: list[GameReplay] = field(default_factory=list)

    @property
    def matched(self) -> int:
        return sum(1 for g in self.games if g.matched)

    @property
    def differ(self) -> int:
        return len(self.games) - self.matched

    def lines(self) -> list[str]:
        out = [
            f"{g.path}: "
            + ("matched" if g.matched else f"differs: {g.difference}")
            + f" ({g.phases} phases)"
            for g in self.games
        ]
        out.append(f"{self.matched} games matched, {self.differ} differ")
        return out


def replay_paths(
    paths: Sequence[str],
    rules: Rules | None = None,
    *,
    progress: bool = False,
    jobs: int = 1,
    limits: Limits = DEFAULT_LIMITS,
) -> ReplayReport:
    """Replay every game file under ``paths`` (files or folders of ``*.json``), in the order of
    their paths.

    With ``jobs`` above 1 the games are spread over that many worker processes; the report is
    the one a single process gives: the games in path order, and when a game cannot be read,
    the error of the first such game in that order (raised as :class:`InputError`, as with one
    process). ``progress`` draws a bar over all the games on standard error. Each file is read
    within ``limits`` (:func:`replay_file`), as the command line reads them.
    """
    files = sorted(_game_files(paths))
    report = ReplayReport()
    if jobs > 1 and len(files) > 1:
        workers = min(jobs, len(files))
        report.games.extend(_replay_in_processes(files, rules, workers, progress, limits))
    else:
        for index, path in enumerate(files, 1):
            if progress:
                _progress(index, len(files), path.name)
            report.games.append(replay_file(path, rules, limits=limits))
    if progress and files:
        print(file=sys.stderr)
    return report


def _replay_in_processes(
    files: Sequence[Path], rules: Rules | None, jobs: int, progress: bool, limits: Limits
) -> list[GameReplay]:
    """Each game replayed in one of ``jobs`` worker processes; the results in path order."""
    # Imported here: multiprocessing costs about 15 ms to import, which one process never needs.
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        return _in_order(
            pool, functools.partial(replay_file, rules=rules, limits=limits), files, progress
        )
    finally:
        # After Ctrl-C or an error, wait only for the games already running.
        pool.shutdown(cancel_futures=True)


def _in_order(
    pool: Executor,
    work: Callable[[Path], GameReplay],
    files: Sequence[Path],
    progress: bool,
) -> list[GameReplay]:
    """``work`` on every file in ``pool``: the results in the order of ``files`` whatever order
    they finish in; the bar counts games as they finish.

    When a game fails, the games after it are not started (one process would never reach them),
    while the games before it still run: the failure to raise is the first in path order, as
    one process would raise it."""
    futures = [pool.submit(work, path) for path in files]
    index_of = {future: index for index, future in enumerate(futures)}
    first_failure = len(files)
    finished = 0
    for future in as_completed(futures):
        if future.cancelled():
            continue
        index = index_of[future]
        finished += 1
        if progress:
            _progress(finished, len(files), files[index].name)
        if future.exception() is not None and index < first_failure:
            first_failure = index
            for later in futures[index + 1 :]:
                later.cancel()
    # Every game up to the first failure has finished; result() raises that failure.
    return [future.result() for future in futures[: first_failure + 1]]


def replay_file(
    path: Path, rules: Rules | None = None, *, limits: Limits = DEFAULT_LIMITS
) -> GameReplay:
    """Replay one saved game; unreadable files, and files beyond ``limits`` (the size, the
    nesting, the longest number; a saved game is one line, so not its lines), raise
    :class:`InputError`."""
    from adjudicator.base.sources import load_json, read_source

    text = read_source(path, InputError, "game file", limits, lines=False)
    data = load_json(text, str(path), InputError, limits)
    return replay_game(data, printable(str(path)), rules)


def replay_game(data: Mapping[str, Any], name: str, rules: Rules | None = None) -> GameReplay:
    """Replay a saved game already read into plain data."""
    from adjudicator.adjudication.engine import adjudicate

    _check_shape(data, name)
    try:
        game_map = load_map(data.get("map") or "standard")
    except InputError as exc:
        raise _in_game(exc, name, "map") from None
    phases = [p for p in data["phases"] if _is_phase(p["name"])]
    record = _Record(game_map)
    predicted: Position | None = None
    expected: Position | None = None
    done = 0
    for current, following in itertools.pairwise(phases):
        try:
            # The state recorded for this phase was read as the expected one of the last.
            recorded = expected if expected is not None else record.position(current)
            if recorded.phase.type is PhaseType.RETREAT and predicted is not None:
                recorded = predicted
            orders = _orders(current.get("orders") or {}, record, recorded)
            expected = record.position(following)
        except InputError as exc:  # a unit, power or order the record gets wrong
            raise _in_game(exc, name, f"phase {current['name']}") from None
        result = adjudicate(recorded, orders, rules, game_map=game_map)
        done += 1
        difference = compare(result.next_position, expected, str(current["name"]))
        if difference is not None:
            return GameReplay(name, done, difference)
        predicted = result.next_position
    return GameReplay(name, done)


def _in_game(exc: InputError, name: str, where: str) -> InputError:
    """``exc`` located in the game file ``name``, its messages saying ``where`` in the game."""
    return InputError(
        [replace(d, message=f"{where}: {d.message}", path=name, line=0) for d in exc.diagnostics]
    )


def recorded_position(phase: Mapping[str, Any], game_map: GameMap) -> Position:
    """The position a saved phase records (dislodged units carry no attacker origin)."""
    return _Record(game_map).position(phase)


class _Record:
    """Reads the saved phases of games on one map. Games name the same seven powers and the
    same few hundred units phase after phase, so each name and unit text is looked up and
    checked against the map once (per map and process, in bounded tables), not once per phase
    or game."""

    def __init__(self, game_map: GameMap) -> None:
        self.map = game_map
        shared = _READ.get(game_map)
        if shared is None:
            shared = _READ[game_map] = ({}, {})
        self._powers: dict[str, str] = shared[0]
        self._units: dict[str, dict[str, Unit]] = shared[1]
        """Power name as written -> unit text as written (``*`` and all) -> the unit."""

    def power(self, name: str) -> str:
        found = self._powers.get(name)
        if found is None:
            found = _power(name, self.map)
            if len(self._powers) < _READ_LIMIT:
                self._powers[name] = found
        return found

    def position(self, phase: Mapping[str, Any]) -> Position:
        state = phase.get("state") or {}
        units: list[Unit] = []
        dislodged: list[Dislodgement] = []
        for power_name, texts in (state.get("units") or {}).items():
            known = self._units.get(power_name)
            if known is None:
                known = {}
                if len(self._units) < _READ_LIMIT:
                    self._units[power_name] = known
            for text in texts or ():  # null is no units (the shape check lets it through)
                unit = known.get(text)
                if unit is None:
                    unit = _unit(self.power(power_name), text.lstrip("*"), self.map)
                    if len(known) < _READ_LIMIT:
                        known[text] = unit
                if text[:1] == "*":
                    dislodged.append(Dislodgement(unit, ""))
                else:
                    units.append(unit)
        centers = {self.power(p): tuple(cs) for p, cs in (state.get("centers") or {}).items() if cs}
        return Position(
            self.map.name,
            Phase.parse(phase["name"]),
            tuple(units),
            tuple(dislodged),
            frozenset(),
            centers,
        )


_READ: weakref.WeakKeyDictionary[GameMap, tuple[dict[str, str], dict[str, dict[str, Unit]]]] = (
    weakref.WeakKeyDictionary()
)
"""Map -> what :class:`_Record` has read on it: power names, and each power's unit texts."""
_READ_LIMIT = 4096
"""The most power names, and unit texts of one power, kept per map: the games' own take a few
hundred; the bound stops a stream of odd spellings from growing the tables without end."""


def compare(actual: Position, expected: Position, phase: str) -> str | None:
    """The first difference between our next position and the recorded one, in words."""
    if actual.phase != expected.phase:
        return f"after {phase}: next phase {actual.phase}, recorded {expected.phase}"
    # Positions keep units and centres in one canonical order, so equal tuples (the usual
    # case, and the cheap test) mean equal sets; only a mismatch needs the sets.
    if actual.units != expected.units:
        ours, theirs = set(actual.units), set(expected.units)
        if ours != theirs:
            return f"after {phase}: units {_diff(ours, theirs)}"
    if actual.dislodged or expected.dislodged:
        ours_d = {d.unit for d in actual.dislodged}
        theirs_d = {d.unit for d in expected.dislodged}
        if ours_d != theirs_d:
            return f"after {phase}: dislodged {_diff(ours_d, theirs_d)}"
    if actual.supply_centers == expected.supply_centers:
        return None
    ours_c = {(p, c) for p, cs in actual.supply_centers.items() for c in cs}
    theirs_c = {(p, c) for p, cs in expected.supply_centers.items() for c in cs}
    if ours_c != theirs_c:
        only_ours = ", ".join(f"{c} {p}" for p, c in sorted(ours_c - theirs_c))
        only_theirs = ", ".join(f"{c} {p}" for p, c in sorted(theirs_c - ours_c))
        return f"after {phase}: centres ours [{only_ours}], recorded [{only_theirs}]"
    return None


def _diff(ours: set[Unit], theirs: set[Unit]) -> str:
    only_ours = ", ".join(f"{u.power} {u}" for u in sorted(ours - theirs))
    only_theirs = ", ".join(f"{u.power} {u}" for u in sorted(theirs - ours))
    return f"ours only [{only_ours}], recorded only [{only_theirs}]"


def _orders(
    raw: Mapping[str, Iterable[str]], record: _Record, position: Position
) -> dict[str, list[Order]]:
    """The orders of a phase: every line read in one :func:`parse_orders` call when that reads
    each line as the one order it is (the usual case), else line by line with
    :func:`parse_order`, which raises on the first line that is not one order."""
    together = _orders_together(raw, record, position)
    return together if together is not None else _orders_by_line(raw, record, position)


def _orders_together(
    raw: Mapping[str, Iterable[str]], record: _Record, position: Position
) -> dict[str, list[Order]] | None:
    """The orders of a phase read as one order file, one line each; ``None`` unless every line
    gave exactly one order and no error, as :func:`parse_order` would read it alone.

    A saved phase has about sixteen lines; one call instead of sixteen spares the reader's
    per-call work (argument checks, language set-up, the result). The lines are the same, read
    with the same map, position and language; what one file could add across lines (a power
    header, a ``CLEAR``, a phase line, several orders on a line) shows as a line without exactly
    one order, and so sends the phase to the line-by-line reading."""
    from adjudicator.orders.read import parse_orders

    try:
        powers = [(record.power(name), list(texts or ())) for name, texts in raw.items()]
    except InputError:
        return None  # the line-by-line reading reports it where it stands
    lines = [text for _, texts in powers for text in texts]
    joined = "\n".join(lines)
    if joined.count("\n") != len(lines) - 1 or "\r" in joined:
        return None  # a line holding a line break (or no lines at all)
    result = parse_orders(joined, record.map, position, path="<order>", lang="en")
    read = result.orders
    if len(read) != len(lines) or any(d.severity is Severity.ERROR for d in result.diagnostics):
        return None
    if any(parsed.line != number for number, parsed in enumerate(read, 1)):
        return None
    orders: dict[str, list[Order]] = {}
    given = iter(read)
    for power, texts in powers:
        if texts:
            orders.setdefault(power, []).extend(next(given).order for _ in texts)
    return orders


def _orders_by_line(
    raw: Mapping[str, Iterable[str]], record: _Record, position: Position
) -> dict[str, list[Order]]:
    from adjudicator.orders.read import parse_order

    game_map = record.map
    orders: dict[str, list[Order]] = {}
    for power_name, texts in raw.items():
        power = record.power(power_name)
        for text in texts or ():
            # The package writes its orders in English; detecting the language of every line
            # would cost as much as reading it.
            orders.setdefault(power, []).append(parse_order(text, game_map, position, lang="en"))
    return orders


def _power(name: str, game_map: GameMap) -> str:
    found = game_map.lookup_power(name)
    if len(found) != 1:
        raise InputError.single(f"unknown power {name!r}", "unknown-power")
    return found[0]


def _unit(power: str, text: str, game_map: GameMap) -> Unit:
    """A unit of a saved game, which the ``diplomacy`` package writes in the canonical form."""
    try:
        unit = Unit.parse(text, power)
    except ValueError as exc:
        raise InputError.single(f"{power}: {exc}", "unit") from None
    problem = game_map.unit_problem(unit)
    if problem is not None:
        raise InputError.single(f"{power}: {text!r}: {problem.message}", "unit", hint=problem.hint)
    return unit


def _check_shape(data: object, name: str) -> None:
    """Raise :class:`InputError` naming the first key a saved game lacks or gets wrong: a game
    without phases or a phase without its state would otherwise replay as matched."""

    def fail(message: str) -> None:
        raise InputError.single(message, "game-shape", name)

    if not isinstance(data, Mapping):
        fail("a saved game must be a JSON object with 'phases' (the diplomacy package's format)")
    assert isinstance(data, Mapping)
    if "phases" not in data:
        fail("missing key 'phases'")
    if not isinstance(data.get("map"), str | None):
        fail("map: must be a map name like 'standard'")
    phases = data["phases"]
    if not isinstance(phases, list):
        fail("phases: must be a list of phases")
    if not phases:
        fail("phases: no phases to replay")
    for index, phase in enumerate(phases):
        _check_phase(phase, f"phases[{index}]", fail)


def _check_phase(phase: object, key: str, fail: Callable[[str], None]) -> None:
    """The shape of one saved phase, at ``key`` (``phases[3]``)."""
    if not isinstance(phase, Mapping):
        fail(f"{key}: must be an object with 'name', 'state' and 'orders'")
    assert isinstance(phase, Mapping)
    for needed in ("name", "state", "orders"):
        if needed not in phase:
            fail(f"{key}: missing key {needed!r}")
    if not isinstance(phase["name"], str):
        fail(f"{key}.name: must be a phase name like 'S1901M'")
    state = phase["state"]
    if not isinstance(state, Mapping):
        fail(f"{key}.state: must be an object with 'units'")
    if "units" not in state:
        fail(f"{key}.state: missing key 'units'")
    for field_name in ("units", "centers"):
        _check_lists(state.get(field_name) or {}, f"{key}.state.{field_name}", fail)
    _check_lists(phase["orders"] or {}, f"{key}.orders", fail)


def _check_lists(value: object, key: str, fail: Callable[[str], None]) -> None:
    """``value`` maps each power to a list (or null) of strings."""
    ok = isinstance(value, Mapping) and all(
        items is None or (isinstance(items, list) and _all_texts(items)) for items in value.values()
    )
    if not ok:
        fail(f"{key}: must map each power to a list of texts")


def _all_texts(items: list[object]) -> bool:
    """Whether every item is a text: the types of a JSON list, gathered in C, are plain
    ``str`` at once; a subclass of ``str`` takes the slower test."""
    return _ONLY_TEXT.issuperset(map(type, items)) or all(isinstance(i, str) for i in items)


_ONLY_TEXT = frozenset({str})


def _is_phase(name: str) -> bool:
    try:
        Phase.parse(name)
    except ValueError:
        return False
    return True


def _game_files(paths: Sequence[str]) -> Iterable[Path]:
    for text in paths:
        path = Path(text)
        if path.is_dir():
            # regular files only: a FIFO named *.json would block its reader
            yield from (found for found in path.rglob("*.json") if found.is_file())
        elif path.exists():
            yield path
        else:
            raise InputError.single("no such file or folder", "io", text)


def _progress(
    index: int, total: int, label: str, write: Callable[[str], object] | None = None
) -> None:
    width = 30
    filled = width * index // max(total, 1)
    bar = "#" * filled + "-" * (width - filled)
    (write or sys.stderr.write)(f"\r[{bar}] {index}/{total} {label[:40]:40}")
