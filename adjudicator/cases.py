"""DATC-style case files: load them strictly, run them, and say how the result differs.

A case file (``test_cases/**/*.yaml``; the format is ``docs/case-format.md``) holds cases, each a
starting position, the orders of one phase (or several ``steps:``) and the expected outcome: every
order's result, the units after the phase, the dislodged units, and optionally the standoffs,
the supply-centre ownership and the next phase. jDip/godip DATC text files (``.txt``) load
through :mod:`adjudicator.jdip` into the same :class:`Case` values.

The loader is strict: an unknown key, a misspelt province, an unknown power or a ``results`` key
that is not one of the case's orders is a :class:`CaseFileError` naming file, line and column.
Running is pure apart from the map loader: :func:`run_case` takes the adjudicating function as a
parameter (default :func:`adjudicator.engine.adjudicate`), so the comparison logic can be tested
on its own.

>>> cases = loads_cases('''
... cases:
...   - id: demo
...     units: {England: [F NTH]}
...     orders: {England: [F NTH H]}
...     expect: {units: {England: [F NTH]}}
... ''', "<demo>", parse_orders=False)
>>> cases[0].id, str(cases[0].position.units[0])
('demo', 'F NTH')
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeAlias, cast

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from adjudicator.errors import AdjudicatorError, CaseFileError, Diagnostic, InputError
from adjudicator.gamemap import GameMap, load_map
from adjudicator.model import (
    Location,
    Order,
    Phase,
    PhaseType,
    Season,
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.outcomes import Adjudication, Dislodgement, OrderResult, Outcome
from adjudicator.position import Position
from adjudicator.rules import Rules

__all__ = [
    "CASES_KIND",
    "AdjudicateFn",
    "Case",
    "CaseOrder",
    "CaseOutcome",
    "CaseReport",
    "CaseStatus",
    "EngineUnavailableError",
    "Expectation",
    "ExpectedDislodgement",
    "ExpectedResult",
    "Step",
    "case_files",
    "compare_step",
    "file_kind",
    "load_cases",
    "loads_cases",
    "run_case",
    "run_cases",
    "run_paths",
]

AdjudicateFn: TypeAlias = Callable[[Position, Mapping[str, Sequence[Order]], Rules], Adjudication]
"""What :func:`run_case` calls for each phase: ``(position, orders by power, rules)``."""

ParseFn: TypeAlias = Callable[[str, GameMap, Position], Order]

_FILE_KEYS = ("kind", "map", "rules", "description", "cases")
_CASE_KEYS = (
    "id",
    "title",
    "source",
    "edition",
    "map",
    "rules",
    "skip",
    "xfail",
    "phase",
    "units",
    "dislodged",
    "standoffs",
    "supply_centers",
    "orders",
    "expect",
    "steps",
)
_STEP_KEYS = ("title", "phase", "orders", "expect")
_EXPECT_KEYS = ("phase", "units", "dislodged", "results", "standoffs", "supply_centers")
_RESULT_KEYS = ("outcome", "reason")
CASES_KIND = "cases"
"""The ``kind:`` of a case file (optional). YAML files under a case folder that declare another
kind (such as ``jdip-expected-differences``) are data for tests, not cases, and are skipped."""


# ============================================================================ values
@dataclass(frozen=True, slots=True)
class CaseOrder:
    """One order as written in a case, with where it was written and (once parsed) its value."""

    power: str
    text: str
    line: int = 0
    column: int = 0
    order: Order | None = None
    """The parsed order; ``None`` until the parser has read it (later steps parse at run time,
    because their position is only known then)."""

    def __str__(self) -> str:
        return f"{self.power}: {self.text}"


@dataclass(frozen=True, slots=True)
class ExpectedResult:
    """``results: {KEY: outcome}``: the outcome expected for one written order."""

    key: str
    order: CaseOrder
    index: int
    """The position of :attr:`order` in its step's orders."""
    occurrence: int
    """1 for the first order with this power and text, 2 for a second identical one, ..."""
    outcome: Outcome
    reason: str | None = None
    line: int = 0
    column: int = 0


@dataclass(frozen=True, slots=True)
class ExpectedDislodgement:
    """A unit expected to be dislodged; ``attacked_from`` ``None`` means "not checked"."""

    unit: Unit
    attacked_from: str | None = None
    by_convoy: bool | None = None
    """Whether the attacker came by convoy (it decides where the unit may retreat, DATC 4.A.5);
    ``None`` means "not checked"."""


@dataclass(frozen=True, slots=True)
class Expectation:
    """What a phase should produce. ``None`` fields are not checked."""

    units: tuple[Unit, ...] | None = None
    """The whole position after the phase (every power's units, dislodged ones excluded)."""
    dislodged: tuple[ExpectedDislodgement, ...] | None = None
    results: tuple[ExpectedResult, ...] = ()
    standoffs: frozenset[str] | None = None
    supply_centers: Mapping[str, tuple[str, ...]] | None = None
    phase: Phase | None = None
    """The phase of the resulting position (``F1901M``, ``W1901A``, ...)."""
    retreatless_may_vanish: bool = False
    """jDip convention: a dislodged unit with nowhere to retreat is destroyed at once, so the
    expected dislodged units may leave it out."""


@dataclass(frozen=True, slots=True)
class Step:
    """The orders of one phase and what they should produce."""

    orders: tuple[CaseOrder, ...]
    expect: Expectation
    title: str = ""
    line: int = 0
    phase: Phase | None = None
    """The phase this step is ordered in, when written; checked before it runs."""

    def orders_by_power(self) -> dict[str, list[CaseOrder]]:
        grouped: dict[str, list[CaseOrder]] = {}
        for order in self.orders:
            grouped.setdefault(order.power, []).append(order)
        return grouped


@dataclass(frozen=True, slots=True)
class Case:
    """One test case: a starting position and one or more phases of orders."""

    id: str
    title: str
    position: Position
    steps: tuple[Step, ...]
    rules: Rules = field(default_factory=Rules)
    map_name: str = "standard"
    """The map by name or path, as :func:`adjudicator.gamemap.load_map` takes it."""
    source: str = ""
    edition: str = ""
    skip: str | None = None
    xfail: str | None = None
    path: str = "<cases>"
    line: int = 0
    format: str = "yaml"
    """``yaml`` or ``jdip``."""

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path

    @property
    def game_map(self) -> GameMap:
        return load_map(self.map_name)


class CaseStatus(StrEnum):
    PASSED = "passed"
    FAILED = "failed"
    SKIPPED = "skipped"
    XFAILED = "xfailed"
    """Failed, as its ``xfail:`` reason says it will."""
    XPASSED = "xpassed"
    """Marked ``xfail:`` but passed: time to remove the mark."""


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    """The result of running one case."""

    case: Case
    status: CaseStatus
    differences: tuple[str, ...] = ()
    """Plain-words differences between expected and actual, e.g.
    ``F NTH - PIC: expected illegal, got fails (bounce)``."""
    adjudications: tuple[Adjudication, ...] = ()
    """One per step that ran (for reports and debugging)."""
    orders: tuple[tuple[CaseOrder, ...], ...] = ()
    """The orders of each step that ran, parsed."""

    @property
    def passed(self) -> bool:
        """True unless the case counts as a failure (skipped and xfailed cases pass)."""
        return self.status is not CaseStatus.FAILED

    @property
    def reason(self) -> str | None:
        """The ``skip:`` or ``xfail:`` reason, when one applied."""
        if self.status is CaseStatus.SKIPPED:
            return self.case.skip
        if self.status in (CaseStatus.XFAILED, CaseStatus.XPASSED):
            return self.case.xfail
        return None

    def explain(self) -> str:
        """A full account for a failing case: orders, expected and actual outcomes, positions
        and the differences."""
        return _explain(self)


@dataclass(frozen=True, slots=True)
class CaseReport:
    """The outcomes of a run over case files and folders."""

    outcomes: tuple[CaseOutcome, ...]
    files: tuple[str, ...] = ()

    def count(self, status: CaseStatus) -> int:
        return sum(1 for o in self.outcomes if o.status is status)

    @property
    def passed(self) -> int:
        return self.count(CaseStatus.PASSED)

    @property
    def failed(self) -> int:
        return self.count(CaseStatus.FAILED)

    @property
    def skipped(self) -> int:
        return self.count(CaseStatus.SKIPPED)

    @property
    def xfailed(self) -> int:
        return self.count(CaseStatus.XFAILED)

    @property
    def xpassed(self) -> int:
        return self.count(CaseStatus.XPASSED)

    @property
    def failures(self) -> tuple[CaseOutcome, ...]:
        return tuple(o for o in self.outcomes if o.status is CaseStatus.FAILED)

    def summary(self) -> str:
        """``N passed, M failed`` plus any skipped, xfailed and xpassed counts."""
        parts = [f"{self.passed} passed", f"{self.failed} failed"]
        for status in (CaseStatus.SKIPPED, CaseStatus.XFAILED, CaseStatus.XPASSED):
            if self.count(status):
                parts.append(f"{self.count(status)} {status}")
        return ", ".join(parts)


# ============================================================================ loading
def load_cases(path: str | Path, *, parse_orders: bool = True) -> list[Case]:
    """Read a case file: YAML (``.yaml``/``.yml``/anything else) or jDip text (``.txt``).

    Raises :class:`CaseFileError` with one diagnostic per problem.
    """
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CaseFileError.single("no such case file", "io", name) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseFileError.single(f"cannot read case file: {exc}", "io", name) from None
    if name.lower().endswith(".txt"):
        from adjudicator.jdip import loads_jdip

        return loads_jdip(text, name, parse_orders=parse_orders)
    return loads_cases(text, name, parse_orders=parse_orders, base_dir=Path(path).parent)


def loads_cases(
    text: str,
    path: str = "<cases>",
    *,
    parse_orders: bool = True,
    base_dir: Path | None = None,
) -> list[Case]:
    """Read YAML case-file text.

    ``parse_orders`` parses the first step's orders now (so a misspelt order is a load error); it
    is skipped, and orders are parsed at run time, while :mod:`adjudicator.parser` is missing.
    """
    reader = _YamlReader(path, text, parse_orders=parse_orders, base_dir=base_dir)
    cases = reader.read()
    if reader.problems:
        raise CaseFileError(reader.problems)
    return cases


def file_kind(text: str) -> str:
    """The ``kind:`` a YAML file declares (``cases`` when it declares none or is unreadable)."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return CASES_KIND
    if isinstance(node, MappingNode):
        for key, value in node.value:
            if isinstance(key, ScalarNode) and key.value == "kind":
                return str(value.value) if isinstance(value, ScalarNode) else "?"
    return CASES_KIND


def case_files(paths: Iterable[str | Path]) -> list[Path]:
    """The case files named by ``paths``: files as given; folders searched recursively for
    ``*.yaml``/``*.yml`` case files and ``*.txt`` jDip files, sorted. YAML files declaring a
    ``kind:`` other than ``cases`` and ``.txt`` files without a ``CASE`` line are skipped in
    folders."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for candidate in sorted(path.rglob("*")):
                if candidate.is_file() and _is_case_file(candidate):
                    found.append(candidate)
        elif path.is_file():
            found.append(path)
        else:
            raise CaseFileError.single("no such case file or folder", "io", str(raw))
    return found


def _is_case_file(path: Path) -> bool:
    suffix = path.suffix.lower()
    if suffix not in (".yaml", ".yml", ".txt"):
        return False
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return True  # let load_cases report it
    if suffix == ".txt":
        return re.search(r"^CASE\s", text, re.MULTILINE) is not None
    return file_kind(text) == CASES_KIND


class _Bad(Exception):
    """Internal: the current case has a recorded problem; stop reading it."""


class _YamlReader:
    """Reads one YAML case file from its node tree, so every problem has a line and column."""

    def __init__(self, path: str, text: str, *, parse_orders: bool, base_dir: Path | None) -> None:
        self.path = path
        self.text = text
        self.lines = text.splitlines()
        self.parse_orders = parse_orders
        self.base_dir = base_dir
        self.problems: list[Diagnostic] = []

    # ------------------------------------------------------------------ problems
    def problem(self, node: Node | None, message: str, code: str, hint: str | None = None) -> None:
        line = node.start_mark.line + 1 if node is not None else 0
        column = node.start_mark.column + 1 if node is not None else 0
        self.problem_at(line, column, message, code, hint)

    def problem_at(
        self, line: int, column: int, message: str, code: str, hint: str | None = None
    ) -> None:
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else None
        self.problems.append(Diagnostic(message, code, self.path, line, column, source, hint=hint))

    def bad(self, node: Node | None, message: str, code: str, hint: str | None = None) -> _Bad:
        self.problem(node, message, code, hint)
        return _Bad(message)

    # ------------------------------------------------------------------ shapes
    def mapping(self, node: Node, what: str) -> list[tuple[str, Node, Node]]:
        """The entries of a mapping node (a null node is an empty mapping)."""
        if isinstance(node, ScalarNode) and node.tag.endswith(":null"):
            return []
        if not isinstance(node, MappingNode):
            raise self.bad(node, f"{what} must be a mapping", "case-shape")
        out: list[tuple[str, Node, Node]] = []
        seen: dict[str, Node] = {}
        for key, value in node.value:
            if not isinstance(key, ScalarNode):
                raise self.bad(key, f"{what}: keys must be plain text", "case-shape")
            name = str(key.value)
            if name in seen:
                line = seen[name].start_mark.line + 1
                raise self.bad(
                    key, f"{what}: duplicate key {name!r} (first on line {line})", "case-duplicate"
                )
            seen[name] = key
            out.append((name, key, value))
        return out

    def sequence(self, node: Node, what: str) -> list[Node]:
        if isinstance(node, ScalarNode) and node.tag.endswith(":null"):
            return []
        if not isinstance(node, SequenceNode):
            raise self.bad(node, f"{what} must be a list", "case-shape")
        return list(node.value)

    def scalar(self, node: Node, what: str) -> str:
        if not isinstance(node, ScalarNode) or node.tag.endswith(":null"):
            raise self.bad(node, f"{what} must be a single value", "case-shape")
        return str(node.value).strip()

    def check_keys(
        self, entries: list[tuple[str, Node, Node]], allowed: Sequence[str], what: str
    ) -> None:
        for name, key, _ in entries:
            if name not in allowed:
                close = _close(name, allowed)
                hint = f"did you mean {close!r}?" if close else f"keys are: {', '.join(allowed)}"
                self.problem(key, f"unknown key {name!r} in {what}", "case-key", hint)

    # ------------------------------------------------------------------ file
    def read(self) -> list[Case]:
        header = self.header()
        if header is None:
            return []
        map_name, file_rules, items = header
        cases: list[Case] = []
        ids: dict[str, int] = {}
        for item in items:
            try:
                case = self.case(item, map_name, file_rules)
            except _Bad:
                continue
            if case.id in ids:
                self.problem(
                    item,
                    f"duplicate case id {case.id!r} (first on line {ids[case.id]})",
                    "case-duplicate",
                )
                continue
            ids[case.id] = case.line
            cases.append(case)
        return cases

    def header(self) -> tuple[str, dict[str, str], list[Node]] | None:
        """The file's map, rules and case nodes, or ``None`` after recording a problem."""
        try:
            root = yaml.compose(self.text, Loader=yaml.SafeLoader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else 0
            column = mark.column + 1 if mark is not None else 0
            problem = getattr(exc, "problem", None) or str(exc)
            self.problem_at(line, column, f"malformed YAML: {problem}", "yaml")
            return None
        if root is None:
            self.problem_at(1, 1, "empty case file: expected a mapping with 'cases:'", "case-shape")
            return None
        try:
            listed = self.mapping(root, "a case file")
            self.check_keys(listed, _FILE_KEYS, "the case file")
            entries = {k: v for k, _, v in listed}
            if "kind" in entries:
                kind = self.scalar(entries["kind"], "kind")
                if kind != CASES_KIND:
                    raise self.bad(
                        entries["kind"],
                        f"this file is a {kind!r} file, not a case file",
                        "case-kind",
                        "case files have 'kind: cases' or no kind",
                    )
            map_name = self.map_name(entries["map"]) if "map" in entries else "standard"
            rules = self.rules_mapping(entries["rules"]) if "rules" in entries else {}
            if "cases" not in entries:
                raise self.bad(root, "a case file needs a 'cases:' list", "case-shape")
            return map_name, rules, self.sequence(entries["cases"], "cases")
        except _Bad:
            return None

    def map_name(self, node: Node) -> str:
        name = self.scalar(node, "map")
        candidate = name
        if self.base_dir is not None and name.endswith((".yaml", ".yml")):
            candidate = str((self.base_dir / name).resolve())
        try:
            load_map(candidate)
        except InputError as exc:
            message = exc.diagnostics[0].message if exc.diagnostics else str(exc)
            raise self.bad(node, f"map {name!r}: {message}", "case-map") from None
        return candidate

    def rules_mapping(self, node: Node) -> dict[str, str]:
        out: dict[str, str] = {}
        for name, key, value in self.mapping(node, "rules"):
            text = self.scalar(value, f"rules option {name!r}")
            try:
                Rules.from_mapping({name: text})
            except ValueError as exc:
                raise self.bad(key, str(exc), "case-rules") from None
            out[name] = text
        return out

    # ------------------------------------------------------------------ case
    def case(self, node: Node, file_map: str, file_rules: Mapping[str, str]) -> Case:
        entries_list = self.mapping(node, "a case")
        entries = {k: (kn, v) for k, kn, v in entries_list}
        before = len(self.problems)
        self.check_keys(entries_list, _CASE_KEYS, "a case")
        if "id" not in entries:
            raise self.bad(node, "a case needs an 'id:'", "case-shape")
        case_id = self.scalar(entries["id"][1], "id")
        if not case_id or any(c.isspace() for c in case_id):
            raise self.bad(
                entries["id"][1], f"invalid case id {case_id!r}: use no spaces", "case-shape"
            )
        text = {
            k: self.scalar(entries[k][1], k)
            for k in ("title", "source", "edition", "skip", "xfail")
            if k in entries
        }
        map_name = self.map_name(entries["map"][1]) if "map" in entries else file_map
        game_map = load_map(map_name)
        rules_options = dict(file_rules)
        if "rules" in entries:
            rules_options.update(self.rules_mapping(entries["rules"][1]))
        rules = Rules.from_mapping(rules_options)
        position = self.start_position(node, entries, game_map)
        steps = self.case_steps(node, entries, game_map, position)
        if len(self.problems) > before:
            raise _Bad("problems in case")
        return Case(
            id=case_id,
            title=text.get("title", ""),
            position=position,
            steps=tuple(steps),
            rules=rules,
            map_name=map_name,
            source=text.get("source", ""),
            edition=text.get("edition", ""),
            skip=text.get("skip"),
            xfail=text.get("xfail"),
            path=self.path,
            line=node.start_mark.line + 1,
            format="yaml",
        )

    def start_position(
        self, node: Node, entries: Mapping[str, tuple[Node, Node]], game_map: GameMap
    ) -> Position:
        phase = Phase(Season.SPRING, 1901, PhaseType.MOVEMENT)
        if "phase" in entries:
            phase = self.phase(entries["phase"][1])
        first = self.first_step_phase(entries.get("steps"))
        if first is not None:
            if "phase" in entries and first[0] != phase:
                raise self.bad(
                    first[1],
                    f"the first step's phase {first[0]} differs from the case's phase {phase}",
                    "case-phase",
                )
            phase = first[0]
        units = self.units(entries["units"][1], game_map, "units") if "units" in entries else []
        dislodged = (
            self.start_dislodged(entries["dislodged"][1], game_map)
            if "dislodged" in entries
            else []
        )
        standoffs = (
            self.provinces(entries["standoffs"][1], game_map, "standoffs")
            if "standoffs" in entries
            else []
        )
        centers = (
            self.centers(entries["supply_centers"][1], game_map)
            if "supply_centers" in entries
            else dict(game_map.starting_centers)
        )
        self.check_occupancy(units, entries.get("units", (node, node))[1])
        return Position(
            game_map.name, phase, tuple(units), tuple(dislodged), frozenset(standoffs), centers
        )

    def case_steps(
        self,
        node: Node,
        entries: Mapping[str, tuple[Node, Node]],
        game_map: GameMap,
        position: Position,
    ) -> list[Step]:
        if "steps" in entries and ("orders" in entries or "expect" in entries):
            raise self.bad(
                entries["steps"][0],
                "a case has either 'orders:'/'expect:' or 'steps:', not both",
                "case-shape",
            )
        if "steps" not in entries:
            if "orders" not in entries:
                raise self.bad(node, "a case needs 'orders:' (or 'steps:')", "case-shape")
            if "expect" not in entries:
                raise self.bad(node, "a case needs 'expect:'", "case-shape")
            single = {k: v for k, (_, v) in entries.items() if k in ("orders", "expect")}
            return [self.step(node, single, game_map, position)]
        step_nodes = self.sequence(entries["steps"][1], "steps")
        if not step_nodes:
            raise self.bad(entries["steps"][1], "'steps:' is empty", "case-shape")
        steps: list[Step] = []
        for index, step_node in enumerate(step_nodes):
            step_entries = self.mapping(step_node, "a step")
            self.check_keys(step_entries, _STEP_KEYS, "a step")
            values = {k: v for k, _, v in step_entries}
            steps.append(self.step(step_node, values, game_map, position if index == 0 else None))
        return steps

    def first_step_phase(self, steps: tuple[Node, Node] | None) -> tuple[Phase, Node] | None:
        """The ``phase:`` of the first step, if written (it sets the case's starting phase)."""
        if steps is None:
            return None
        nodes = self.sequence(steps[1], "steps")
        if not nodes:
            return None
        for name, _, value in self.mapping(nodes[0], "a step"):
            if name == "phase":
                return self.phase(value), value
        return None

    def phase(self, node: Node) -> Phase:
        text = self.scalar(node, "phase")
        try:
            return Phase.parse(text)
        except ValueError as exc:
            raise self.bad(node, str(exc), "case-phase") from None

    # ------------------------------------------------------------------ names
    def power(self, key: Node, name: str, game_map: GameMap) -> str:
        found = game_map.lookup_power(name)
        if len(found) == 1:
            return found[0]
        close = _close(name, list(game_map.powers))
        hint = f"did you mean {close!r}?" if close else f"powers are: {', '.join(game_map.powers)}"
        raise self.bad(key, f"unknown power {name!r}", "case-power", hint)

    def province(self, node: Node, token: str, game_map: GameMap, column_offset: int = 0) -> str:
        pid = _resolve_province(token, game_map)
        if pid is not None:
            return pid
        found = game_map.lookup(token)
        line = node.start_mark.line + 1
        column = node.start_mark.column + 1 + column_offset
        if len(found) > 1:
            self.problem_at(
                line, column, f"ambiguous province {token!r}: {' or '.join(found)}", "case-province"
            )
        else:
            close = game_map.suggest(token)
            hint = f"did you mean {close[0]!r}?" if close else None
            self.problem_at(line, column, f"unknown province {token!r}", "case-province", hint)
        raise _Bad(token)

    def location(
        self, node: Node, text: str, game_map: GameMap, column_offset: int = 0
    ) -> Location:
        province_text, coast_text = _split_location(text)
        pid = self.province(node, province_text, game_map, column_offset)
        if coast_text is None:
            return Location(pid)
        coast = _resolve_coast(coast_text, pid, game_map)
        if coast is None:
            coasts = game_map.province(pid).coasts
            choices = f"; it has {', '.join(coasts)}" if coasts else "; it has no named coasts"
            line = node.start_mark.line + 1
            column = node.start_mark.column + 1 + column_offset
            message = f"unknown coast {coast_text!r} of {pid}{choices}"
            self.problem_at(line, column, message, "case-province")
            raise _Bad(message)
        return Location(pid, coast)

    def unit(self, node: Node, power: str, game_map: GameMap, where: str) -> Unit:
        text = self.scalar(node, where)
        kind, _, place = text.partition(" ")
        try:
            unit_type = UnitType(kind.strip().upper())
        except ValueError:
            raise self.bad(
                node,
                f"{where}: invalid unit {text!r}; expected a form like 'A PAR' or 'F STP/SC'",
                "case-unit",
            ) from None
        offset = len(text) - len(place.lstrip()) if place.strip() else 0
        location = self.location(node, place.strip(), game_map, offset)
        if unit_type is UnitType.ARMY and location.coast is not None:
            location = location.bare
        if not game_map.is_valid_location(location, unit_type):
            options = game_map.locations(location.province, unit_type)
            if unit_type is UnitType.FLEET and location.coast is None and len(options) > 1:
                choices = " or ".join(f"F {o}" for o in options)
                raise self.bad(node, f"{where}: {text!r} needs a coast: {choices}", "case-unit")
            raise self.bad(node, f"{where}: a unit {text!r} cannot stand there", "case-unit")
        return Unit(power, unit_type, location)

    def units(self, node: Node, game_map: GameMap, where: str) -> list[Unit]:
        out: list[Unit] = []
        for name, key, value in self.mapping(node, where):
            power = self.power(key, name, game_map)
            for item in self.sequence(value, f"{where}.{name}"):
                try:
                    out.append(self.unit(item, power, game_map, f"{where}.{name}"))
                except _Bad:
                    continue
        return out

    def check_occupancy(self, units: Sequence[Unit], node: Node) -> None:
        seen: dict[str, Unit] = {}
        for unit in units:
            if unit.province in seen:
                self.problem(
                    node,
                    f"{unit} ({unit.power}) and {seen[unit.province]} "
                    f"({seen[unit.province].power}) stand in the same province",
                    "case-unit",
                )
            seen[unit.province] = unit

    def start_dislodged(self, node: Node, game_map: GameMap) -> list[Dislodgement]:
        out: list[Dislodgement] = []
        for name, key, value in self.mapping(node, "dislodged"):
            power = self.power(key, name, game_map)
            for _, unit_key, origin in self.mapping(value, f"dislodged.{name}"):
                try:
                    unit = self.unit(unit_key, power, game_map, f"dislodged.{name}")
                    source, by_convoy = self.origin(origin, game_map, f"dislodged.{name}")
                except _Bad:
                    continue
                out.append(Dislodgement(unit, source, by_convoy))
        return out

    def origin(self, node: Node, game_map: GameMap, where: str) -> tuple[str, bool]:
        """``LON`` or ``{from: LON, convoy: true}``."""
        if isinstance(node, MappingNode):
            entries = {k: v for k, _, v in self.mapping(node, where)}
            self.check_keys(self.mapping(node, where), ("from", "convoy"), where)
            if "from" not in entries:
                raise self.bad(node, f"{where}: needs 'from:'", "case-shape")
            by_convoy = False
            if "convoy" in entries:
                flag = self.scalar(entries["convoy"], "convoy").lower()
                if flag not in ("true", "false", "yes", "no"):
                    raise self.bad(entries["convoy"], "convoy: takes true or false", "case-shape")
                by_convoy = flag in ("true", "yes")
            text = self.scalar(entries["from"], "from")
            return self.province(entries["from"], _split_location(text)[0], game_map), by_convoy
        text = self.scalar(node, where)
        return self.province(node, _split_location(text)[0], game_map), False

    def provinces(self, node: Node, game_map: GameMap, where: str) -> list[str]:
        out: list[str] = []
        for item in self.sequence(node, where):
            text = self.scalar(item, where)
            try:
                out.append(self.province(item, _split_location(text)[0], game_map))
            except _Bad:
                continue
        return out

    def centers(self, node: Node, game_map: GameMap) -> dict[str, tuple[str, ...]]:
        out: dict[str, tuple[str, ...]] = {}
        owner: dict[str, str] = {}
        for name, key, value in self.mapping(node, "supply_centers"):
            power = self.power(key, name, game_map)
            provinces = []
            for item in self.sequence(value, f"supply_centers.{name}"):
                text = self.scalar(item, "supply_centers")
                try:
                    pid = self.province(item, _split_location(text)[0], game_map)
                except _Bad:
                    continue
                if pid not in game_map.supply_centers:
                    self.problem(item, f"{pid} is not a supply centre", "case-province")
                elif pid in owner:
                    self.problem(
                        item, f"{pid} is owned by both {owner[pid]} and {power}", "case-province"
                    )
                owner[pid] = power
                provinces.append(pid)
            out[power] = tuple(provinces)
        return out

    # ------------------------------------------------------------------ steps
    def step(
        self,
        node: Node,
        entries: Mapping[str, Node],
        game_map: GameMap,
        position: Position | None,
    ) -> Step:
        if "orders" not in entries:
            raise self.bad(node, "needs 'orders:' (use 'orders: {}' for none)", "case-shape")
        if "expect" not in entries:
            raise self.bad(node, "needs 'expect:'", "case-shape")
        orders = self.orders(entries["orders"], game_map, position)
        expect = self.expect(entries["expect"], game_map, orders)
        title = self.scalar(entries["title"], "title") if "title" in entries else ""
        phase = self.phase(entries["phase"]) if "phase" in entries else None
        return Step(tuple(orders), expect, title, node.start_mark.line + 1, phase)

    def orders(self, node: Node, game_map: GameMap, position: Position | None) -> list[CaseOrder]:
        out: list[CaseOrder] = []
        parse = _parser() if self.parse_orders and position is not None else None
        for name, key, value in self.mapping(node, "orders"):
            power = self.power(key, name, game_map)
            for item in self.sequence(value, f"orders.{name}"):
                try:
                    text = self.scalar(item, f"orders.{name}")
                except _Bad:
                    continue
                line, column = item.start_mark.line + 1, item.start_mark.column + 1
                column += _quote_offset(item)
                order: Order | None = None
                if parse is not None and position is not None:
                    try:
                        order = parse(text, game_map, position)
                    except InputError as exc:
                        self.order_problem(exc, text, line, column)
                        continue
                out.append(CaseOrder(power, text, line, column, order))
        return out

    def order_problem(self, exc: InputError, text: str, line: int, column: int) -> None:
        diagnostics = exc.diagnostics or [Diagnostic(str(exc), "order")]
        for d in diagnostics:
            col = column + max(d.column, 1) - 1 if d.line <= 1 else column
            self.problem_at(
                line,
                col,
                f"cannot read order {text!r}: {d.message}",
                d.code or "case-order",
                d.hint,
            )

    def expect(self, node: Node, game_map: GameMap, orders: Sequence[CaseOrder]) -> Expectation:
        entries_list = self.mapping(node, "expect")
        self.check_keys(entries_list, _EXPECT_KEYS, "expect")
        entries = {k: v for k, _, v in entries_list}
        units = None
        if "units" in entries:
            units = tuple(self.units(entries["units"], game_map, "expect.units"))
            self.check_occupancy(units, entries["units"])
        dislodged = None
        if "dislodged" in entries:
            dislodged = tuple(self.expected_dislodged(entries["dislodged"], game_map))
        standoffs = None
        if "standoffs" in entries:
            standoffs = frozenset(
                self.provinces(entries["standoffs"], game_map, "expect.standoffs")
            )
        centers = None
        if "supply_centers" in entries:
            centers = self.centers(entries["supply_centers"], game_map)
        phase = self.phase(entries["phase"]) if "phase" in entries else None
        results = (
            tuple(self.results(entries["results"], game_map, orders))
            if "results" in entries
            else ()
        )
        return Expectation(units, dislodged, results, standoffs, centers, phase)

    def expected_dislodged(self, node: Node, game_map: GameMap) -> list[ExpectedDislodgement]:
        out: list[ExpectedDislodgement] = []
        for name, key, value in self.mapping(node, "expect.dislodged"):
            power = self.power(key, name, game_map)
            for _, unit_key, origin in self.mapping(value, f"expect.dislodged.{name}"):
                try:
                    unit = self.unit(unit_key, power, game_map, f"expect.dislodged.{name}")
                    source, by_convoy = self.origin(origin, game_map, f"expect.dislodged.{name}")
                except _Bad:
                    continue
                out.append(ExpectedDislodgement(unit, source, by_convoy))
        return out

    def results(
        self, node: Node, game_map: GameMap, orders: Sequence[CaseOrder]
    ) -> list[ExpectedResult]:
        out: list[ExpectedResult] = []
        for key_text, key, value in self.mapping(node, "expect.results"):
            try:
                target, occurrence = self.result_target(key, key_text, game_map, orders)
                outcome, reason = self.result_value(value)
            except _Bad:
                continue
            index = next(i for i, o in enumerate(orders) if o is target)
            out.append(
                ExpectedResult(
                    key_text,
                    target,
                    index,
                    occurrence,
                    outcome,
                    reason,
                    key.start_mark.line + 1,
                    key.start_mark.column + 1,
                )
            )
        return out

    def result_target(
        self, key: Node, key_text: str, game_map: GameMap, orders: Sequence[CaseOrder]
    ) -> tuple[CaseOrder, int]:
        text = key_text
        occurrence: int | None = None
        match = re.fullmatch(r"(.*?)\s*(?:#\s*(\d+)|\(\s*(\d+)\s*\))", text)
        if match:
            text, occurrence = match.group(1), int(match.group(2) or match.group(3))
        power: str | None = None
        head, sep, rest = text.partition(":")
        if sep:
            found = game_map.lookup_power(head.strip())
            if len(found) != 1:
                raise self.bad(
                    key, f"results: unknown power {head.strip()!r} in {key_text!r}", "case-result"
                )
            power, text = found[0], rest
        wanted = _squash(text)
        matches = [
            o for o in orders if _squash(o.text) == wanted and (power is None or o.power == power)
        ]
        if not matches:
            written = "; ".join(o.text for o in orders) or "none"
            raise self.bad(
                key,
                f"results: {key_text!r} is not one of this case's orders",
                "case-result",
                f"the orders are: {written}",
            )
        powers = {o.power for o in matches}
        if len(powers) > 1:
            raise self.bad(
                key,
                f"results: {key_text!r} was written by {' and '.join(sorted(powers))}",
                "case-result",
                f"key it as 'Power: {wanted}'",
            )
        index = occurrence or 1
        if not 1 <= index <= len(matches):
            raise self.bad(
                key,
                f"results: {key_text!r}: there are only {len(matches)} such orders",
                "case-result",
            )
        return matches[index - 1], index

    def result_value(self, node: Node) -> tuple[Outcome, str | None]:
        reason: str | None = None
        if isinstance(node, MappingNode):
            entries_list = self.mapping(node, "a result")
            self.check_keys(entries_list, _RESULT_KEYS, "a result")
            entries = {k: v for k, _, v in entries_list}
            if "outcome" not in entries:
                raise self.bad(node, "a result needs 'outcome:'", "case-result")
            if "reason" in entries:
                reason = self.scalar(entries["reason"], "reason")
            node = entries["outcome"]
        text = self.scalar(node, "a result").lower()
        try:
            return Outcome(text), reason
        except ValueError:
            choices = ", ".join(o.value for o in Outcome)
            raise self.bad(
                node, f"unknown outcome {text!r}; outcomes are: {choices}", "case-result"
            ) from None


# ============================================================================ helpers
def _close(name: str, options: Iterable[str]) -> str | None:
    import difflib

    found = difflib.get_close_matches(name, list(options), n=1, cutoff=0.6)
    if not found:
        lowered = {o.lower(): o for o in options}
        found = [lowered[m] for m in difflib.get_close_matches(name.lower(), list(lowered), n=1)]
    return found[0] if found else None


def _squash(text: str) -> str:
    return " ".join(text.split())


def _quote_offset(node: Node) -> int:
    style = getattr(node, "style", None)
    return 1 if style in ("'", '"') else 0


def _split_location(text: str) -> tuple[str, str | None]:
    """``STP/NC``, ``stp(nc)`` or ``STP`` -> (province text, coast text or None)."""
    text = text.strip()
    match = re.fullmatch(r"([^/()\s]+)\s*(?:/\s*(\S+)|\(\s*([^)]+?)\s*\))?", text)
    if match is None:
        return text, None
    return match.group(1), match.group(2) or match.group(3)


def _resolve_province(token: str, game_map: GameMap) -> str | None:
    """A province id from an id (any case) or a unique name or alias (``nat`` -> ``NAO``)."""
    upper = token.strip().upper()
    if upper in game_map.provinces:
        return upper
    found = game_map.lookup(token)
    return found[0] if len(found) == 1 else None


def _resolve_coast(token: str, province: str, game_map: GameMap) -> str | None:
    coasts = game_map.province(province).coasts
    upper = token.strip().upper()
    code = upper if upper in coasts else game_map.lookup_coast(token)
    return code if code in coasts else None


def _parser() -> ParseFn | None:
    """``adjudicator.parser.parse_order``, or ``None`` while that module does not exist."""
    try:
        module = importlib.import_module("adjudicator.parser")
    except ModuleNotFoundError as exc:
        if exc.name in ("adjudicator.parser",):
            return None
        raise
    return cast(ParseFn, module.parse_order)


class EngineUnavailableError(AdjudicatorError):
    """The parser or the engine module is not there (yet)."""


def _require_parser() -> ParseFn:
    parse = _parser()
    if parse is None:
        raise EngineUnavailableError(
            "cannot run cases: adjudicator.parser (the order parser) is not available yet"
        )
    return parse


def _default_adjudicate(game_map: GameMap) -> AdjudicateFn:
    try:
        module = importlib.import_module("adjudicator.engine")
    except ModuleNotFoundError as exc:
        if exc.name != "adjudicator.engine":
            raise
        raise EngineUnavailableError(
            "cannot run cases: adjudicator.engine (the adjudicator) is not available yet"
        ) from None
    engine = cast(Callable[..., Adjudication], module.adjudicate)

    def adjudicate(
        position: Position, orders: Mapping[str, Sequence[Order]], rules: Rules
    ) -> Adjudication:
        return engine(position, orders, rules, game_map=game_map)

    return adjudicate


# ============================================================================ running
def run_case(
    case: Case,
    adjudicate: AdjudicateFn | None = None,
    *,
    catch: bool = True,
    parse: ParseFn | None = None,
) -> CaseOutcome:
    """Run every step of ``case`` and compare with its expectations.

    ``adjudicate`` defaults to :func:`adjudicator.engine.adjudicate`; ``parse`` to
    :func:`adjudicator.parser.parse_order` (used for orders not parsed at load time). With
    ``catch`` (the default) an exception inside the engine becomes a failure with its message;
    without it the exception propagates (pytest then shows the traceback).
    """
    if case.skip is not None:
        return CaseOutcome(case, CaseStatus.SKIPPED)
    differences: list[str] = []
    adjudications: list[Adjudication] = []
    ran_orders: list[tuple[CaseOrder, ...]] = []
    try:
        game_map = case.game_map
        run = adjudicate or _default_adjudicate(game_map)
        position = case.position
        for number, step in enumerate(case.steps, start=1):
            prefix = f"step {number}: " if len(case.steps) > 1 else ""
            if step.phase is not None and step.phase != position.phase:
                differences.append(
                    f"{prefix}expected the phase {step.phase}, but the position is in "
                    f"{position.phase}"
                )
                break
            orders, problems = _parse_step(step, game_map, position, parse)
            ran_orders.append(orders)
            if problems:
                differences.extend(prefix + p for p in problems)
                break
            by_power: dict[str, list[Order]] = {}
            for item in orders:
                if item.order is not None:
                    by_power.setdefault(item.power, []).append(item.order)
            result = run(position, by_power, case.rules)
            adjudications.append(result)
            differences.extend(prefix + d for d in compare_step(step, orders, result))
            position = result.next_position
    except EngineUnavailableError as exc:
        differences.append(str(exc))
    except Exception as exc:
        if not catch:
            raise
        where = traceback.extract_tb(exc.__traceback__)[-1]
        differences.append(
            f"adjudication raised {type(exc).__name__}: {exc} "
            f"(at {Path(where.filename).name}:{where.lineno})"
        )
    status = CaseStatus.FAILED if differences else CaseStatus.PASSED
    if case.xfail is not None:
        status = CaseStatus.XFAILED if differences else CaseStatus.XPASSED
    return CaseOutcome(case, status, tuple(differences), tuple(adjudications), tuple(ran_orders))


def _parse_step(
    step: Step, game_map: GameMap, position: Position, parse: ParseFn | None
) -> tuple[tuple[CaseOrder, ...], list[str]]:
    out: list[CaseOrder] = []
    problems: list[str] = []
    for item in step.orders:
        if item.order is not None:
            out.append(item)
            continue
        reader = parse or _require_parser()
        try:
            order = reader(item.text, game_map, position)
        except InputError as exc:
            message = exc.diagnostics[0].message if exc.diagnostics else str(exc)
            problems.append(f"cannot read order {item.text!r} ({item.power}): {message}")
            continue
        out.append(dataclasses.replace(item, order=order))
    return tuple(out), problems


def run_cases(
    cases: Iterable[Case], adjudicate: AdjudicateFn | None = None
) -> tuple[CaseOutcome, ...]:
    return tuple(run_case(case, adjudicate) for case in cases)


def run_paths(paths: Sequence[str | Path], adjudicate: AdjudicateFn | None = None) -> CaseReport:
    """Load and run every case file named by ``paths`` (folders recursively).

    Raises :class:`CaseFileError` (with the diagnostics of every bad file) before running
    anything if a file cannot be loaded.
    """
    files = case_files(paths)
    loaded: list[Case] = []
    problems: list[Diagnostic] = []
    for path in files:
        try:
            loaded.extend(load_cases(path))
        except InputError as exc:
            problems.extend(exc.diagnostics)
    if problems:
        raise CaseFileError(problems)
    return CaseReport(run_cases(loaded, adjudicate), tuple(str(f) for f in files))


# ============================================================================ comparing
def compare_step(step: Step, orders: Sequence[CaseOrder], result: Adjudication) -> list[str]:
    """The differences between one step's expectations and its adjudication, in plain words."""
    expect = step.expect
    differences: list[str] = []
    for expected in expect.results:
        item = orders[expected.index] if expected.index < len(orders) else expected.order
        label = expected.key
        if item.order is None:
            differences.append(f"{label}: expected {expected.outcome}, but it was not parsed")
            continue
        actual = _find_result(result.results, item.power, item.order, expected.occurrence)
        if actual is None:
            differences.append(f"{label}: expected {expected.outcome}, got no result")
            continue
        if actual.outcome is not expected.outcome or (
            expected.reason is not None and str(actual.reason) != expected.reason
        ):
            want = str(expected.outcome)
            if expected.reason is not None:
                want += f" ({expected.reason})"
            differences.append(f"{label}: expected {want}, got {_describe(actual)}")
    next_position = result.next_position
    if expect.units is not None:
        differences.extend(_compare_units(expect.units, next_position.units))
    if expect.dislodged is not None:
        differences.extend(
            _compare_dislodged(expect.dislodged, result.dislodged, expect.retreatless_may_vanish)
        )
    if expect.standoffs is not None and set(expect.standoffs) != set(result.standoffs):
        differences.append(
            f"standoffs: expected {_names(expect.standoffs)}, got {_names(result.standoffs)}"
        )
    if expect.supply_centers is not None:
        differences.extend(_compare_centers(expect.supply_centers, next_position.supply_centers))
    if expect.phase is not None and expect.phase != next_position.phase:
        differences.append(f"phase: expected {expect.phase}, got {next_position.phase}")
    return differences


def _find_result(
    results: Sequence[OrderResult],
    power: str,
    order: Order,
    occurrence: int,
) -> OrderResult | None:
    """The result for ``order`` of ``power``: the same order, else the same order with unit types
    ignored, else the only result of the same kind for the same unit."""
    mine = [r for r in results if r.power == power]
    for same in (
        lambda r: r.order == order,
        lambda r: _untyped(r.order) == _untyped(order),
        lambda r: type(r.order) is type(order) and _unit_key(r.order) == _unit_key(order),
    ):
        found = [r for r in mine if same(r)]
        if len(found) >= occurrence:
            return found[occurrence - 1]
    return None


def _untyped(order: Order) -> Order:
    """The order without unit types and without the ordered unit's coast (which the engine may
    fill in or drop when it normalises)."""
    if isinstance(order, Waive):
        return order
    changes: dict[str, Any] = {"unit_type": None, "location": order.location.bare}
    if isinstance(order, Support):
        changes["target_type"] = None
    return dataclasses.replace(order, **changes)


def _unit_key(order: Order) -> str | None:
    location = getattr(order, "location", None)
    return location.province if isinstance(location, Location) else None


def _describe(result: OrderResult) -> str:
    text = str(result.outcome)
    reason = str(result.reason)
    if reason and reason != text:
        text += f" ({reason})"
    return text


def _names(items: Iterable[object]) -> str:
    listed = sorted(str(i) for i in items)
    return "[" + ", ".join(listed) + "]" if listed else "none"


def _by_power(units: Iterable[Unit]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for unit in units:
        out.setdefault(unit.power, set()).add(str(unit))
    return out


def _compare_units(expected: Iterable[Unit], actual: Iterable[Unit]) -> list[str]:
    want, got = _by_power(expected), _by_power(actual)
    differences = []
    for power in sorted(set(want) | set(got)):
        a, b = want.get(power, set()), got.get(power, set())
        if a == b:
            continue
        details = []
        if a - b:
            details.append(f"missing {', '.join(sorted(a - b))}")
        if b - a:
            details.append(f"unexpected {', '.join(sorted(b - a))}")
        differences.append(
            f"units of {power}: expected {_names(a)}, got {_names(b)} ({'; '.join(details)})"
        )
    return differences


def _compare_dislodged(
    expected: Sequence[ExpectedDislodgement],
    actual: Sequence[Dislodgement],
    retreatless_may_vanish: bool,
) -> list[str]:
    differences: list[str] = []
    want = {(e.unit.power, str(e.unit)): e for e in expected}
    got = {(d.unit.power, str(d.unit)): d for d in actual}
    for key in sorted(set(want) | set(got)):
        power, unit = key
        e, d = want.get(key), got.get(key)
        if e is not None and d is None:
            differences.append(f"dislodged: expected {unit} ({power}) dislodged, got not dislodged")
        elif d is not None and e is None:
            if retreatless_may_vanish and not d.retreats:
                continue
            differences.append(
                f"dislodged: expected {unit} ({power}) not dislodged, got dislodged from "
                f"{d.attacked_from}"
            )
        elif (
            e is not None
            and d is not None
            and e.attacked_from is not None
            and e.attacked_from != d.attacked_from
        ):
            differences.append(
                f"dislodged: expected {unit} ({power}) attacked from {e.attacked_from}, "
                f"got from {d.attacked_from}"
            )
        elif e is not None and d is not None and e.by_convoy not in (None, d.by_convoy):
            how = "by convoy" if d.by_convoy else "not by convoy"
            differences.append(
                f"dislodged: {unit} ({power}) was attacked {how}, expected otherwise"
            )
    return differences


def _compare_centers(
    expected: Mapping[str, Sequence[str]], actual: Mapping[str, Sequence[str]]
) -> list[str]:
    differences = []
    for power in sorted(set(expected) | set(actual)):
        a, b = set(expected.get(power, ())), set(actual.get(power, ()))
        if a != b:
            differences.append(f"supply centres of {power}: expected {_names(a)}, got {_names(b)}")
    return differences


# ============================================================================ explaining
def _explain(outcome: CaseOutcome) -> str:
    case = outcome.case
    lines = [f"{case.id}  {case.title}  ({case.where})".rstrip()]
    if case.source and case.source != case.where:
        lines.append(f"  source: {case.source}")
    if case.rules != Rules():
        lines.append(f"  rules: {case.rules.to_mapping()}")
    position = case.position
    lines.append(f"  phase {position.phase}; units: {_units_text(position.units)}")
    if position.dislodged:
        lines.append(f"  dislodged: {_dislodged_text(position.dislodged)}")
    for number, step in enumerate(case.steps, start=1):
        if len(case.steps) > 1:
            lines.append(f"  step {number}{': ' + step.title if step.title else ''}")
        orders = outcome.orders[number - 1] if number <= len(outcome.orders) else step.orders
        lines.append("  orders:")
        lines.extend(f"    {item.power}: {item.text}" for item in orders)
        if number <= len(outcome.adjudications):
            lines.extend(_explain_step(step, outcome.adjudications[number - 1]))
    if outcome.differences:
        lines.append("  differences:")
        lines.extend(f"    - {d}" for d in outcome.differences)
    return "\n".join(lines)


def _explain_step(step: Step, adjudication: Adjudication) -> list[str]:
    lines = ["  actual results:"]
    for r in adjudication.results:
        message = f" [{r.message}]" if r.message else ""
        lines.append(f"    {r.power}: {r.order}  ->  {_describe(r)}{message}")
    if step.expect.results:
        lines.append("  expected results:")
        for e in step.expect.results:
            reason = f" ({e.reason})" if e.reason else ""
            lines.append(f"    {e.order.power}: {e.key}  ->  {e.outcome}{reason}")
    lines.append(f"  units after: {_units_text(adjudication.next_position.units)}")
    if step.expect.units is not None:
        lines.append(f"  expected:    {_units_text(step.expect.units)}")
    if adjudication.dislodged:
        lines.append(f"  dislodged: {_dislodged_text(adjudication.dislodged)}")
    if step.expect.dislodged:
        expected = ", ".join(
            f"{e.unit} ({e.unit.power})" + (f" from {e.attacked_from}" if e.attacked_from else "")
            for e in step.expect.dislodged
        )
        lines.append(f"  expected dislodged: {expected}")
    return lines


def _dislodged_text(items: Iterable[Dislodgement]) -> str:
    return ", ".join(f"{d.unit} ({d.unit.power}) from {d.attacked_from}" for d in items)


def _units_text(units: Iterable[Unit]) -> str:
    grouped = _by_power(units)
    if not grouped:
        return "none"
    return "; ".join(f"{p}: {', '.join(sorted(us))}" for p, us in sorted(grouped.items()))
