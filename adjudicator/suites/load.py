"""Loading case files strictly: YAML case files here, jDip text through
:mod:`adjudicator.suites.jdip`.

An unknown key, a misspelt province, an unknown power or a ``results`` key that is not one of
the case's orders is a :class:`~adjudicator.base.errors.CaseFileError` naming file, line and column.
``docs/case-format.md`` describes the format.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode

from adjudicator.base.errors import CaseFileError, Diagnostic, InputError
from adjudicator.base.limits import DEFAULT_LIMITS, Limits
from adjudicator.base.model import Order, Phase
from adjudicator.base.rules import Rules
from adjudicator.base.sources import compose, compose_yaml, read_source
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap
from adjudicator.orders.read import parse_order
from adjudicator.state.outcomes import Outcome
from adjudicator.state.position import Position
from adjudicator.suites.jdip import loads_jdip
from adjudicator.suites.model import (
    CASES_KIND,
    Case,
    CaseOrder,
    Expectation,
    ExpectedDislodgement,
    ExpectedResult,
    Step,
)
from adjudicator.suites.nodes import BadNode, NodeReader

__all__ = ["case_files", "file_kind", "load_cases", "loads_cases"]

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


def load_cases(
    path: str | Path, *, parse_orders: bool = True, limits: Limits = DEFAULT_LIMITS
) -> list[Case]:
    """Read a case file: YAML (``.yaml``/``.yml``/anything else) or jDip text (``.txt``).

    Raises :class:`CaseFileError` with one diagnostic per problem; a file beyond ``limits``
    (its size, lines, nesting, aliases) is one.
    """
    name = str(path)
    text = read_source(path, CaseFileError, "case file", limits)
    if name.lower().endswith(".txt"):
        return loads_jdip(text, name, parse_orders=parse_orders)
    return loads_cases(
        text, name, parse_orders=parse_orders, base_dir=Path(path).parent, limits=limits
    )


def loads_cases(
    text: str,
    path: str = "<cases>",
    *,
    parse_orders: bool = True,
    base_dir: Path | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> list[Case]:
    """Read YAML case-file text (refused beyond ``limits``: nesting, aliases, numbers).

    ``parse_orders`` parses the first step's orders now (so a misspelt order is a load error);
    without it, orders are parsed when the case runs.
    """
    reader = _CaseReader(path, text, parse_orders=parse_orders, base_dir=base_dir, limits=limits)
    cases = reader.read()
    reader.problems.check()
    return cases


def file_kind(text: str) -> str:
    """The ``kind:`` a YAML file declares (``cases`` when it declares none or is unreadable)."""
    node = compose(text)
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
        text = read_source(path, CaseFileError, "case file")
    except CaseFileError:
        return True  # let load_cases report it
    if suffix == ".txt":
        return re.search(r"^CASE\s", text, re.MULTILINE) is not None
    return file_kind(text) == CASES_KIND


class _CaseReader(NodeReader):
    """Reads one YAML case file: its header, its cases, their steps and expectations."""

    def __init__(
        self,
        path: str,
        text: str,
        *,
        parse_orders: bool,
        base_dir: Path | None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        super().__init__(path, text)
        self.parse_orders = parse_orders
        self.base_dir = base_dir
        self.limits = limits

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
            except BadNode:
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
        """The file's map, rules and case nodes, or ``None`` after recording a problem;
        :class:`CaseFileError` at once for text that is not YAML."""
        root = compose_yaml(self.text, self.path, CaseFileError, self.limits)
        if root is None:
            self.problems.at(
                1, 1, "empty case file: expected a mapping with 'cases:'", "case-shape"
            )
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
        except BadNode:
            return None

    def map_name(self, node: Node) -> str:
        name = self.scalar(node, "map")
        candidate = name
        if self.base_dir is not None and name.endswith((".yaml", ".yml")):
            candidate = str((self.base_dir / name).resolve())
        try:
            load_map(candidate, limits=self.limits)
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
        case_id = self.case_id(node, entries)
        text = {
            k: self.scalar(entries[k][1], k)
            for k in ("title", "source", "edition", "skip", "xfail")
            if k in entries
        }
        map_name = self.map_name(entries["map"][1]) if "map" in entries else file_map
        game_map = load_map(map_name, limits=self.limits)
        rules_options = dict(file_rules)
        if "rules" in entries:
            rules_options.update(self.rules_mapping(entries["rules"][1]))
        position = self.start_position(node, entries, game_map)
        steps = self.case_steps(node, entries, game_map, position)
        if len(self.problems) > before:
            raise BadNode("problems in case")
        return Case(
            id=case_id,
            title=text.get("title", ""),
            position=position,
            steps=tuple(steps),
            rules=Rules.from_mapping(rules_options),
            map_name=map_name,
            source=text.get("source", ""),
            edition=text.get("edition", ""),
            skip=text.get("skip"),
            xfail=text.get("xfail"),
            path=self.path,
            line=node.start_mark.line + 1,
            format="yaml",
        )

    def case_id(self, node: Node, entries: Mapping[str, tuple[Node, Node]]) -> str:
        if "id" not in entries:
            raise self.bad(node, "a case needs an 'id:'", "case-shape")
        case_id = self.scalar(entries["id"][1], "id")
        if not case_id or any(c.isspace() for c in case_id):
            raise self.bad(
                entries["id"][1], f"invalid case id {case_id!r}: use no spaces", "case-shape"
            )
        return case_id

    def start_position(
        self, node: Node, entries: Mapping[str, tuple[Node, Node]], game_map: GameMap
    ) -> Position:
        phase = game_map.first_phase
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
        if "units" in entries:
            units = self.units(entries["units"][1], game_map, "units")
        elif phase == game_map.first_phase and "supply_centers" not in entries:
            units = list(game_map.starting_units)  # the game's start: the map's own units
        else:
            units = []
        dislodged = (
            self.dislodged(entries["dislodged"][1], game_map, "dislodged")
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
        parse = parse_order if self.parse_orders and position is not None else None
        for name, key, value in self.mapping(node, "orders"):
            power = self.power(key, name, game_map)
            for item in self.sequence(value, f"orders.{name}"):
                try:
                    text = self.scalar(item, f"orders.{name}")
                except BadNode:
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
            self.problems.at(
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
            dislodged = tuple(
                ExpectedDislodgement(d.unit, d.attacked_from, d.by_convoy)
                for d in self.dislodged(entries["dislodged"], game_map, "expect.dislodged")
            )
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

    def results(
        self, node: Node, game_map: GameMap, orders: Sequence[CaseOrder]
    ) -> list[ExpectedResult]:
        out: list[ExpectedResult] = []
        for key_text, key, value in self.mapping(node, "expect.results"):
            try:
                target, occurrence = self.result_target(key, key_text, game_map, orders)
                outcome, reason = self.result_value(value)
            except BadNode:
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
        """The order a ``results:`` key names, and which of its identical copies (from 1)."""
        power, text, occurrence = self.result_key(key, key_text, game_map)
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

    def result_key(
        self, key: Node, key_text: str, game_map: GameMap
    ) -> tuple[str | None, str, int | None]:
        """``[Power:] order [#N | (N)]`` -> (power or None, order text, N or None)."""
        text = key_text
        occurrence: int | None = None
        match = re.fullmatch(r"(.*?)\s*(?:#\s*(\d+)|\(\s*(\d+)\s*\))", text)
        if match:
            text, occurrence = match.group(1), int(match.group(2) or match.group(3))
        head, sep, rest = text.partition(":")
        if not sep:
            return None, text, occurrence
        found = game_map.lookup_power(head.strip())
        if len(found) != 1:
            raise self.bad(
                key, f"results: unknown power {head.strip()!r} in {key_text!r}", "case-result"
            )
        return found[0], rest, occurrence

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


def _squash(text: str) -> str:
    return " ".join(text.split())


def _quote_offset(node: Node) -> int:
    style = getattr(node, "style", None)
    return 1 if style in ("'", '"') else 0
