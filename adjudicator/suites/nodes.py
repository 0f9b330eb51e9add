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
from adjudicator.base.model import Dislodgement, Location, Phase, Unit, UnitType
from adjudicator.base.sources import Problems
from adjudicator.board.map import GameMap
from adjudicator.suites.names import close_match, resolve_coast, resolve_province, split_location

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

    def province(self, node: Node, token: str, game_map: GameMap, column_offset: int = 0) -> str:
        pid = resolve_province(token, game_map)
        if pid is not None:
            return pid
        found = game_map.lookup(token)
        line = node.start_mark.line + 1
        column = node.start_mark.column + 1 + column_offset
        if len(found) > 1:
            self.problems.at(
                line, column, f"ambiguous province {token!r}: {' or '.join(found)}", "case-province"
            )
        else:
            close = game_map.suggest(token)
            hint = f"did you mean {close[0]!r}?" if close else None
            self.problems.at(line, column, f"unknown province {token!r}", "case-province", hint)
        raise BadNode(token)

    def location(
        self, node: Node, text: str, game_map: GameMap, column_offset: int = 0
    ) -> Location:
        province_text, coast_text = split_location(text)
        pid = self.province(node, province_text, game_map, column_offset)
        if coast_text is None:
            return Location(pid)
        coast = resolve_coast(coast_text, pid, game_map)
        if coast is None:
            coasts = game_map.province(pid).coasts
            choices = f"; it has {', '.join(coasts)}" if coasts else "; it has no named coasts"
            line = node.start_mark.line + 1
            column = node.start_mark.column + 1 + column_offset
            message = f"unknown coast {coast_text!r} of {pid}{choices}"
            self.problems.at(line, column, message, "case-province")
            raise BadNode(message)
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
            return self.province(entries["from"], split_location(text)[0], game_map), by_convoy
        text = self.scalar(node, where)
        return self.province(node, split_location(text)[0], game_map), False

    def provinces(self, node: Node, game_map: GameMap, where: str) -> list[str]:
        out: list[str] = []
        for item in self.sequence(node, where):
            text = self.scalar(item, where)
            try:
                out.append(self.province(item, split_location(text)[0], game_map))
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
                    pid = self.province(item, split_location(text)[0], game_map)
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
