"""Reading the parts of a YAML case file from its node tree, so every problem has a line and
column: shapes (mappings, lists, single values, known keys), phases, powers, provinces,
locations, units, dislodged units and supply centres.

:class:`NodeReader` records each problem as a :class:`~adjudicator.base.errors.Diagnostic`;
:class:`adjudicator.suites.load` builds cases from what it reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from adjudicator.base.errors import CaseFileError
from adjudicator.base.model import Dislodgement, Phase, Unit
from adjudicator.base.sources import Problems
from adjudicator.board.map import GameMap, PlaceProblem, PlaceProblemKind
from adjudicator.suites.names import close_match

__all__ = ["BadNode", "NodeReader"]


class BadNode(Exception):
    """The current item has a recorded problem; stop reading it."""


class NodeReader:
    """Reads YAML nodes of one file, collecting a diagnostic per problem."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.text = text
        self.problems = Problems(path, text, CaseFileError)

    # ------------------------------------------------------------------ problems
    def problem(self, node: Node | None, message: str, code: str, hint: str | None = None) -> None:
        self.problems.at_node(node, message, code, hint)

    def bad(self, node: Node | None, message: str, code: str, hint: str | None = None) -> BadNode:
        """Record a problem at ``node``; the :class:`BadNode` to raise to stop reading it."""
        self.problem(node, message, code, hint)
        return BadNode(message)

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
                close = close_match(name, allowed)
                hint = f"did you mean {close!r}?" if close else f"keys are: {', '.join(allowed)}"
                self.problem(key, f"unknown key {name!r} in {what}", "case-key", hint)

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
        close = close_match(name, list(game_map.powers))
        hint = f"did you mean {close!r}?" if close else f"powers are: {', '.join(game_map.powers)}"
        raise self.bad(key, f"unknown power {name!r}", "case-power", hint)

    def province(self, node: Node, text: str, game_map: GameMap) -> str:
        """The province of a place (``STP``, ``stp/nc``, ``St. Petersburg``), its coast, if
        any, checked and dropped."""
        found = game_map.read_location(text)
        if isinstance(found, PlaceProblem):
            raise self.misplaced(node, found)
        return found.province

    def misplaced(self, node: Node, problem: PlaceProblem) -> BadNode:
        """Record a problem with a province or coast, at its column inside ``node``."""
        line, column = node.start_mark.line + 1, node.start_mark.column + 1 + problem.offset
        hint = f"did you mean {problem.suggestion!r}?" if problem.suggestion else problem.hint
        self.problems.at(line, column, problem.message, "case-province", hint)
        return BadNode(problem.message)

    def unit(self, node: Node, power: str, game_map: GameMap, where: str) -> Unit:
        text = self.scalar(node, where)
        found = game_map.read_unit(text, power)
        if isinstance(found, Unit):
            return found
        match found.kind:
            case PlaceProblemKind.SYNTAX:
                raise self.bad(node, f"{where}: {found.message}", "case-unit")
            case PlaceProblemKind.MISSING_COAST:
                message = f"{where}: {text!r} needs a coast: {found.choices}"
                raise self.bad(node, message, "case-unit")
            case PlaceProblemKind.CANNOT_STAND | PlaceProblemKind.ARMY_COAST:
                raise self.bad(node, f"{where}: a unit {text!r} cannot stand there", "case-unit")
        raise self.misplaced(node, found)

    def units(self, node: Node, game_map: GameMap, where: str) -> list[Unit]:
        out: list[Unit] = []
        for name, key, value in self.mapping(node, where):
            power = self.power(key, name, game_map)
            for item in self.sequence(value, f"{where}.{name}"):
                try:
                    out.append(self.unit(item, power, game_map, f"{where}.{name}"))
                except BadNode:
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

    def dislodged(self, node: Node, game_map: GameMap, where: str) -> list[Dislodgement]:
        """``{Power: {unit: origin}}``: each unit with the province it was attacked from."""
        out: list[Dislodgement] = []
        for name, key, value in self.mapping(node, where):
            power = self.power(key, name, game_map)
            for _, unit_key, origin in self.mapping(value, f"{where}.{name}"):
                try:
                    unit = self.unit(unit_key, power, game_map, f"{where}.{name}")
                    source, by_convoy = self.origin(origin, game_map, f"{where}.{name}")
                except BadNode:
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
            return self.province(entries["from"], text, game_map), by_convoy
        text = self.scalar(node, where)
        return self.province(node, text, game_map), False

    def provinces(self, node: Node, game_map: GameMap, where: str) -> list[str]:
        out: list[str] = []
        for item in self.sequence(node, where):
            text = self.scalar(item, where)
            try:
                out.append(self.province(item, text, game_map))
            except BadNode:
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
                    pid = self.province(item, text, game_map)
                except BadNode:
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
