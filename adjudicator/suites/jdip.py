"""Reader for the jDip/godip DATC text format, so existing suites run unchanged.

The format (jDip's test suite, reused by godip) is a sequence of blocks::

    VARIANT_ALL Standard
    CASE 6.A.5 (Move to own sector with convoy)
    PRESTATE_SETPHASE Spring 1901, Movement
    PRESTATE
        England: F nth
    PRESTATE_DISLODGED                      (retreat phases: the units awaiting retreat)
    PRESTATE_RESULTS                        (retreat phases: the movement results before them)
        SUCCESS: Germany: A ruh-hol
    PRESTATE_SUPPLYCENTER_OWNERS            (adjustment phases: "Power: A par" owns par)
    ORDERS
        England: F nth-pic
    POSTSTATE                               (units after the phase; or POSTSTATE_SAME)
    POSTSTATE_DISLODGED                     (units dislodged by the phase)
    END

``#`` starts a comment. Provinces are godip's lower-case ids (``nth``, ``spa/nc``) or any name
the map knows (``nat``, ``nrg``, ``mid``, ``gol`` resolve through the map's aliases). Orders are
jDip's small fixed grammar (``F nth-pic``, ``A lon - bel via Convoy``, ``F por Supports F mid -
spa``, ``F nth C A yor - yor``, ``A ven HOLD``, ``Build A war``, ``Remove gol``), read
directly into order values by :mod:`adjudicator.suites.jdip_orders`, as godip's reader does.

How the blocks become a :class:`~adjudicator.suites.model.Case`, following godip's runner:

- ``Fall 1901, Adjustment`` is our ``W1901A``; a case without ``PRESTATE_SETPHASE`` is
  ``S1901M``.
- A retreat case's dislodged units were attacked from the origin of the successful move into
  their province in ``PRESTATE_RESULTS`` (by convoy when that move was marked ``via convoy``,
  went to a province an army cannot reach overland, or had a matching successful convoy order).
  A province that is empty and was the target of two or more failed moves is a standoff.
- ``PRESTATE_SUPPLYCENTER_OWNERS`` lists every owned centre; without it, the map's starting
  ownership applies.
- A move order in a retreat phase is a retreat; ``Remove`` is a disband (an adjustment removal).
- Expectations: ``POSTSTATE`` (or ``POSTSTATE_SAME``: the units before the phase) is the whole
  set of units afterwards; ``POSTSTATE_DISLODGED`` the units dislodged (no attacker origin is
  given, so none is checked). jDip destroys a dislodged unit that has nowhere to retreat at once,
  so such a unit may be missing from ``POSTSTATE_DISLODGED``. jDip files state no per-order
  results.
- Power names are matched as the map knows them; a power name with two letters swapped
  (``Germnay``, which the DATC 2.4 file contains and godip accepts) is accepted too.
- Case ids are the first word after ``CASE`` without a trailing dot; a repeated id gets ``#2``,
  ``#3``, ... (the 2.4 file has two ``6.F.14``). The title is the rest of the ``CASE`` line, or
  else the first line of the last comment paragraph just above it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.base.errors import CaseFileError, InputError
from adjudicator.base.limits import shown, split_lines
from adjudicator.base.model import (
    MAX_YEAR,
    Convoy,
    Dislodgement,
    Move,
    Order,
    Phase,
    PhaseType,
    Season,
    Unit,
    UnitType,
)
from adjudicator.base.rules import AdjacentConvoy, Rules
from adjudicator.base.sources import Problems, read_source
from adjudicator.board.load import load_map
from adjudicator.board.map import GameMap, PlaceProblem, PlaceProblemKind
from adjudicator.state.position import Position
from adjudicator.suites.jdip_orders import JdipOrderError, parse_jdip_order
from adjudicator.suites.model import Case, CaseOrder, Expectation, ExpectedDislodgement, Step

__all__ = ["JdipOrderError", "load_jdip", "loads_jdip", "parse_jdip_order"]

SECTIONS = (
    "PRESTATE_SETPHASE",
    "PRESTATE",
    "PRESTATE_DISLODGED",
    "PRESTATE_RESULTS",
    "PRESTATE_SUPPLYCENTER_OWNERS",
    "ORDERS",
    "POSTSTATE",
    "POSTSTATE_DISLODGED",
    "POSTSTATE_SAME",
    "END",
)

_SEASONS = {"spring": Season.SPRING, "fall": Season.FALL, "autumn": Season.FALL}
_PHASE_TYPES = {
    "movement": PhaseType.MOVEMENT,
    "retreat": PhaseType.RETREAT,
    "retreats": PhaseType.RETREAT,
    "adjustment": PhaseType.ADJUSTMENT,
    "adjustments": PhaseType.ADJUSTMENT,
    "build": PhaseType.ADJUSTMENT,
}
_SETPHASE = re.compile(r"(?i)(\w+)\s+(\d+)\s*,?\s*(\w+)")
_UNIT_LINE = re.compile(r"(?i)([^:\s]+)\s*:?\s+([AF])\s+(\S+)")
_OWNER_LINE = re.compile(r"(?i)([^:\s]+)\s*:?\s+(?:([AF])\s+)?(\S+)")
_ORDER_LINE = re.compile(r"([^:\s]+)\s*:\s*(.+)")
_RESULT_LINE = re.compile(r"(?i)(SUCCESS|FAILURE)\s*:\s*([^:\s]+)\s*:\s*(.+)")


def load_jdip(
    path: str | Path, *, game_map: GameMap | None = None, rules: Rules | None = None
) -> list[Case]:
    """Read a jDip/godip DATC text file; raise :class:`CaseFileError` naming every problem."""
    text = read_source(path, CaseFileError, "case file")
    return loads_jdip(text, str(path), game_map=game_map, rules=rules)


def loads_jdip(
    text: str,
    path: str = "<jdip>",
    *,
    game_map: GameMap | None = None,
    rules: Rules | None = None,
    parse_orders: bool = True,
) -> list[Case]:
    """Read jDip/godip DATC text. ``parse_orders`` is accepted for symmetry with
    :func:`adjudicator.suites.load.loads_cases`; jDip orders are always read here."""
    del parse_orders
    reader = _Reader(path, text, game_map, rules or Rules())
    cases = reader.read()
    reader.problems.check()
    return cases


# ============================================================================ reading
@dataclass
class _Line:
    number: int
    raw: str
    text: str
    """Without the comment, stripped."""


@dataclass
class _Block:
    """One ``CASE`` ... ``END`` block as read so far."""

    case_id: str
    title: str
    line: int
    phase: Phase | None = None
    sections: dict[str, list[_Line]] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict)
    same: bool = False


@dataclass
class _Prestate:
    """A case's position before its phase, as read from the ``PRESTATE*`` sections."""

    units: list[Unit]
    pending: list[Unit]
    """The dislodged units awaiting retreat (retreat phases)."""
    dislodged: list[Dislodgement]
    standoffs: set[str]
    centers: dict[str, tuple[str, ...]]


class _Reader:
    def __init__(self, path: str, text: str, game_map: GameMap | None, rules: Rules) -> None:
        self.path = path
        self.lines = split_lines(text)
        self.game_map = game_map
        self.rules = rules
        self.problems = Problems(path, text, CaseFileError)
        self.ids: dict[str, int] = {}
        self.cases: list[Case] = []
        self.block: _Block | None = None
        self.section: str | None = None

    def problem(
        self,
        line: _Line,
        message: str,
        code: str,
        token: str | None = None,
        hint: str | None = None,
    ) -> None:
        column = 1
        if token:
            found = line.raw.find(token)
            column = found + 1 if found >= 0 else len(line.raw) - len(line.raw.lstrip()) + 1
        else:
            column = len(line.raw) - len(line.raw.lstrip()) + 1
        self.problems.at(line.number, column, message, code, hint)

    @property
    def map(self) -> GameMap:
        if self.game_map is None:
            self.game_map = load_map("standard")
        return self.game_map

    def read(self) -> list[Case]:
        comments = _Comments()
        for number, raw in enumerate(self.lines, start=1):
            code, _, comment = raw.partition("#")
            line = _Line(number, raw, code.strip())
            if not line.text:
                if self.block is None:
                    comments.add(comment if raw.strip() else None)
                continue
            word, _, rest = line.text.partition(" ")
            if self.block is not None:
                self.in_case(self.block, line, word, rest.strip())
            elif word.upper() == "VARIANT_ALL":
                self.variant(line, rest.strip())
            elif word.upper() == "CASE":
                self.block, self.section = self.start(line, rest.strip(), comments.title), None
            else:
                message = f"expected CASE or VARIANT_ALL, found {line.text!r}"
                self.problem(line, message, "jdip-syntax")
            comments = _Comments()
        if self.block is not None:
            block = self.block
            self.problems.at(block.line, 1, f"case {block.case_id} has no END", "jdip-syntax")
        return self.cases

    def in_case(self, block: _Block, line: _Line, word: str, rest: str) -> None:
        """One non-empty line inside a CASE block."""
        if word.upper() == "CASE":
            message = f"CASE {rest} starts before case {block.case_id} ended (missing END)"
            self.problem(line, message, "jdip-syntax")
            self.block, self.section = self.start(line, rest, ""), None
            return
        if word not in SECTIONS:
            if self.section is None:
                message = f"unexpected line in case {block.case_id}: {line.text!r}"
                self.problem(line, message, "jdip-syntax")
            else:
                block.sections[self.section].append(line)
            return
        if word == "END":
            case = self.finish(block, line)
            if case is not None:
                self.cases.append(case)
            self.block, self.section = None, None
            return
        if word in block.seen:
            message = (
                f"{word} given twice in case {block.case_id} (first on line {block.seen[word]})"
            )
            self.problem(line, message, "jdip-syntax")
        block.seen[word] = line.number
        self.section = None
        if word == "PRESTATE_SETPHASE":
            block.phase = self.phase(line, rest)
        elif word == "POSTSTATE_SAME":
            block.same = True
        else:
            self.section = word
            block.sections.setdefault(word, [])

    def variant(self, line: _Line, name: str) -> None:
        try:
            self.game_map = load_map(name)
        except InputError:
            self.problem(line, f"unknown variant {name!r}", "jdip-variant", name)

    def start(self, line: _Line, rest: str, comment_title: str) -> _Block:
        head, _, tail = rest.partition(" ")
        case_id = head.rstrip(".") or f"line{line.number}"
        title = tail.strip().lstrip(".").strip()
        if title.startswith("(") and title.endswith(")"):
            title = title[1:-1].strip()
        if not title:
            title = comment_title
        count = self.ids.get(case_id, 0) + 1
        self.ids[case_id] = count
        if count > 1:
            case_id = f"{case_id}#{count}"
        return _Block(case_id, title, line.number)

    def phase(self, line: _Line, text: str) -> Phase | None:
        match = _SETPHASE.fullmatch(text)
        if match is None:
            self.problem(
                line, f"invalid phase {text!r}; expected e.g. 'Spring 1901, Movement'", "jdip-phase"
            )
            return None
        season_word, year, kind_word = match.groups()
        kind = _PHASE_TYPES.get(kind_word.lower())
        season = _SEASONS.get(season_word.lower())
        if season_word.lower() == "winter":
            season = Season.WINTER
        if kind is None or season is None:
            self.problem(
                line, f"invalid phase {text!r}; expected e.g. 'Spring 1901, Movement'", "jdip-phase"
            )
            return None
        if kind is PhaseType.ADJUSTMENT:
            season = Season.WINTER  # jDip writes adjustments as "Fall 1901, Adjustment"
        elif season is Season.WINTER:
            self.problem(line, f"invalid phase {text!r}: winter has adjustments only", "jdip-phase")
            return None
        if len(year) > len(str(MAX_YEAR)) or int(year) > MAX_YEAR:
            # str() and int() refuse thousands of digits; a phase code holds five
            self.problem(
                line, f"invalid phase {shown(text)}: years go up to {MAX_YEAR}", "jdip-phase"
            )
            return None
        return Phase(season, int(year), kind)

    # ------------------------------------------------------------------ names
    def power(self, line: _Line, name: str) -> str | None:
        found = self.map.lookup_power(name)
        if len(found) == 1:
            return found[0]
        # Transposed letters only (``Germnay``): close enough to be that power and nothing else.
        letters = sorted(name.lower())
        same = [p for p in self.map.powers if sorted(p.lower()) == letters]
        if len(same) == 1:
            return same[0]
        self.problem(
            line,
            f"unknown power {name!r}; powers are {', '.join(self.map.powers)}",
            "jdip-power",
            name,
        )
        return None

    def unit(self, line: _Line, power: str, kind: str, place: str) -> Unit | None:
        found = self.map.read_unit(f"{kind} {place}", power)
        if isinstance(found, Unit):
            return found
        match found.kind:
            case PlaceProblemKind.MISSING_COAST:
                options = " or ".join(str(o) for o in found.options)
                self.problem(line, f"F {place} needs a coast: {options}", "jdip-unit", place)
            case (
                PlaceProblemKind.SYNTAX
                | PlaceProblemKind.CANNOT_STAND
                | PlaceProblemKind.ARMY_COAST
            ):
                message = f"{kind} {place}: {found.message}"
                self.problem(line, message, "jdip-unit", place, found.hint)
            case _:
                self.problem(line, found.message, "jdip-province", place, found.hint)
        return None

    def matching(
        self, lines: Sequence[_Line], pattern: re.Pattern[str], expected: str
    ) -> Iterator[tuple[_Line, re.Match[str]]]:
        """Each line that ``pattern`` matches; a problem ``{expected}, found ...`` for each other
        line, in turn."""
        for line in lines:
            match = pattern.fullmatch(line.text)
            if match is None:
                self.problem(line, f"{expected}, found {line.text!r}", "jdip-syntax")
            else:
                yield line, match

    def units(self, lines: Sequence[_Line], what: str) -> list[Unit]:
        out: list[Unit] = []
        for line, match in self.matching(lines, _UNIT_LINE, f"{what}: expected 'Power: A xxx'"):
            power = self.power(line, match.group(1))
            if power is None:
                continue
            unit = self.unit(line, power, match.group(2), match.group(3))
            if unit is not None:
                out.append(unit)
        return out

    def owners(self, lines: Sequence[_Line]) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for line, match in self.matching(lines, _OWNER_LINE, "expected 'Power: A xxx'"):
            power = self.power(line, match.group(1))
            place = self.map.read_location(match.group(3))
            pid = None if isinstance(place, PlaceProblem) else place.province
            if pid is None or pid not in self.map.supply_centers:
                self.problem(
                    line,
                    f"{match.group(3)!r} is not a supply centre",
                    "jdip-province",
                    match.group(3),
                )
                continue
            if power is not None:
                out.setdefault(power, []).append(pid)
        return {p: tuple(sorted(set(ps))) for p, ps in out.items()}

    # ------------------------------------------------------------------ cases
    def finish(self, block: _Block, end: _Line) -> Case | None:
        before = len(self.problems)
        phase = block.phase or Phase(Season.SPRING, 1901, PhaseType.MOVEMENT)
        pre = self.prestate(block)
        orderable = pre.pending if phase.type is PhaseType.RETREAT else pre.units
        orders = self.orders(block.sections.get("ORDERS", []), phase.type, orderable)
        expect = self.poststate(block, end, pre.units)
        self.check_occupancy(pre.units, block.sections.get("PRESTATE", []), block)
        self.check_occupancy(expect.units or (), block.sections.get("POSTSTATE", []), block)
        if len(self.problems) > before:
            return None
        position = Position(
            self.map.name,
            phase,
            tuple(pre.units),
            tuple(pre.dislodged),
            frozenset(pre.standoffs),
            pre.centers,
        )
        return Case(
            id=block.case_id,
            title=block.title,
            position=position,
            steps=(Step(tuple(orders), expect, "", block.seen.get("ORDERS", block.line)),),
            rules=self.rules,
            map_name=self.map.name,
            source=f"{self.path}:{block.line}",
            path=self.path,
            line=block.line,
            format="jdip",
        )

    def prestate(self, block: _Block) -> _Prestate:
        """The position before the phase, from the ``PRESTATE*`` sections."""
        sections = block.sections
        units = self.units(sections.get("PRESTATE", []), "PRESTATE")
        pending = self.units(sections.get("PRESTATE_DISLODGED", []), "PRESTATE_DISLODGED")
        results = self.results(sections.get("PRESTATE_RESULTS", []))
        dislodged = self.dislodgements(block, pending, results)
        standoffs = self.standoffs(units, results)
        centers = (
            self.owners(sections["PRESTATE_SUPPLYCENTER_OWNERS"])
            if "PRESTATE_SUPPLYCENTER_OWNERS" in sections
            else dict(self.map.starting_centers)
        )
        return _Prestate(units, pending, dislodged, standoffs, centers)

    def poststate(self, block: _Block, end: _Line, units: Sequence[Unit]) -> Expectation:
        """What the phase should leave, from ``POSTSTATE*`` (``units``: those before it)."""
        sections = block.sections
        if block.same and "POSTSTATE" in sections:
            self.problem(
                end, f"case {block.case_id} has both POSTSTATE and POSTSTATE_SAME", "jdip-syntax"
            )
        after = (
            list(units) if block.same else self.units(sections.get("POSTSTATE", []), "POSTSTATE")
        )
        after_dislodged = self.units(sections.get("POSTSTATE_DISLODGED", []), "POSTSTATE_DISLODGED")
        return Expectation(
            units=tuple(after),
            dislodged=tuple(ExpectedDislodgement(u) for u in after_dislodged),
            retreatless_may_vanish=True,
        )

    def check_occupancy(self, units: Sequence[Unit], lines: Sequence[_Line], block: _Block) -> None:
        seen: dict[str, Unit] = {}
        for unit in units:
            if unit.province in seen:
                where = lines[0] if lines else _Line(block.line, self.lines[block.line - 1], "")
                self.problem(
                    where,
                    f"case {block.case_id}: {seen[unit.province]} and {unit} "
                    "stand in the same province",
                    "jdip-unit",
                )
            seen[unit.province] = unit

    def orders(
        self, lines: Sequence[_Line], phase_type: PhaseType, units: Sequence[Unit]
    ) -> list[CaseOrder]:
        out: list[CaseOrder] = []
        for line, match in self.matching(lines, _ORDER_LINE, "expected 'Power: order'"):
            power = self.power(line, match.group(1))
            text = match.group(2).strip()
            try:
                order = parse_jdip_order(text, self.map, phase_type, units)
            except JdipOrderError as exc:
                self.problem(line, str(exc), "jdip-order", text)
                continue
            if power is not None:
                column = line.raw.find(text) + 1
                out.append(CaseOrder(power, text, line.number, column, order))
        return out

    def results(self, lines: Sequence[_Line]) -> list[tuple[bool, str, Order]]:
        out: list[tuple[bool, str, Order]] = []
        expected = "expected 'SUCCESS: Power: order' or 'FAILURE: ...'"
        for line, match in self.matching(lines, _RESULT_LINE, expected):
            power = self.power(line, match.group(2))
            try:
                order = parse_jdip_order(match.group(3), self.map)
            except JdipOrderError as exc:
                self.problem(line, str(exc), "jdip-order", match.group(3))
                continue
            if power is not None:
                out.append((match.group(1).upper() == "SUCCESS", power, order))
        return out

    def dislodgements(
        self, block: _Block, pending: Sequence[Unit], results: Sequence[tuple[bool, str, Order]]
    ) -> list[Dislodgement]:
        out: list[Dislodgement] = []
        for unit in pending:
            moves = [
                order
                for ok, _, order in results
                if ok and isinstance(order, Move) and order.destination.province == unit.province
            ]
            if not moves:
                lines = block.sections.get("PRESTATE_DISLODGED", [])
                where = next(
                    (ln for ln in lines if unit.province.lower() in ln.text.lower()),
                    _Line(block.line, self.lines[block.line - 1], ""),
                )
                self.problem(
                    where,
                    f"case {block.case_id}: cannot tell where {unit} was "
                    "attacked from: PRESTATE_RESULTS has no successful move into "
                    f"{unit.province}",
                    "jdip-dislodged",
                )
                continue
            move = moves[0]
            out.append(Dislodgement(unit, move.location.province, self.convoyed(move, results)))
        return out

    def convoyed(self, move: Move, results: Sequence[tuple[bool, str, Order]]) -> bool:
        """Whether a successful move went by convoy (DATC 4.A.5: its victim may retreat to its
        origin), as the rules in force read 4.A.3: a move to a province the army cannot walk to
        always did; an adjacent one only if a convoy of it succeeded, and under ``explicit`` and
        ``webdiplomacy`` only if its order also said *via convoy*. An army ordered *via convoy*
        that no convoy carried walked (``fallback``, ``godip``, ``webdiplomacy``, the package)."""
        if move.unit_type is UnitType.ARMY and not self.map.adjacent(
            move.location, move.destination, UnitType.ARMY
        ):
            return True
        carried = any(
            ok
            and isinstance(order, Convoy)
            and order.army.province == move.location.province
            and order.destination.province == move.destination.province
            for ok, _, order in results
        )
        said = move.via_convoy or bool(move.path)
        if self.rules.adjacent_convoy in (AdjacentConvoy.EXPLICIT, AdjacentConvoy.WEBDIPLOMACY):
            return carried and said
        return carried

    @staticmethod
    def standoffs(units: Sequence[Unit], results: Sequence[tuple[bool, str, Order]]) -> set[str]:
        """Empty provinces that two or more failed moves went for. (One failed move into an
        empty province lost a head-to-head battle or its convoy; that leaves no standoff.)"""
        occupied = {u.province for u in units}
        tries: dict[str, int] = {}
        for ok, _, order in results:
            if not ok and isinstance(order, Move):
                province = order.destination.province
                tries[province] = tries.get(province, 0) + 1
        return {p for p, n in tries.items() if n >= 2 and p not in occupied}


class _Comments:
    """The comment paragraphs above a ``CASE`` line: an empty ``#`` line or a banner ends a
    paragraph, a blank line forgets them."""

    def __init__(self) -> None:
        self.paragraph: list[str] = []
        self.ended = False

    def add(self, comment: str | None) -> None:
        if comment is None:
            self.paragraph, self.ended = [], False
            return
        words = comment.strip().strip("#").strip()
        if not words or set(words) <= {"#", "=", "-", "*"}:
            self.ended = True
        elif self.ended:
            self.paragraph, self.ended = [words], False
        else:
            self.paragraph.append(words)

    @property
    def title(self) -> str:
        return self.paragraph[0] if self.paragraph else ""
