"""Reading orders: what players really write, turned into typed orders or exact diagnostics.

One Lark grammar (``grammar/orders.lark``, LALR) reads every order of every phase in the judge
short form (``A Par-Bur``, ``F StP/nc - Nwy``, ``F Bla C A Sev-Ank``) and in long-form English
(``Army Paris supports Army Marseilles to Burgundy``). Province, coast and power names are resolved
by the map; keywords come from a per-language :class:`~adjudicator.lang.vocabulary.Vocabulary`
(English and German: ``Armee München unterstützt Armee Berlin nach Kiel``).

>>> from adjudicator.board.load import load_map
>>> standard = load_map("standard")
>>> str(parse_order("Fleet North Sea convoys Army London to Norway", standard))
'F NTH C A LON - NWY'
>>> result = parse_orders("England: F Lon-Nth\\nA Lvp-Yorkshir", standard, path="o.txt")
>>> [str(o.order) for o in result.orders]
['F LON - NTH']
>>> print(result.diagnostics[0])
o.txt:2:7: error: unknown province 'Yorkshir' — did you mean 'YOR' (Yorkshire)? [unknown-province]
>>> print(parse_orders("Italien: A Venedik H", standard, path="b.txt").diagnostics[0])
b.txt:1:12: error: Unbekannte Provinz 'Venedik' – meinten Sie 'Venedig'? [unknown-province]

How a file is read: its language is decided once, from the evidence of the whole file (or forced
with ``lang``; see :mod:`adjudicator.orders.phase_line`), and every name, keyword and message is
then that language's only. Each line is lexed on its own and split at ``;`` and ``,`` into items;
each item is parsed on its own, so one bad order never hides another. Words are lexed as ``WORD``
and re-typed into keywords (``S`` -> ``SUPPORT``) only where the grammar accepts that keyword, which
keeps keywords out of place names and place names out of the grammar. Nothing outside this
module sees a Lark tree or token; every Lark error becomes a :class:`Diagnostic`.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import MethodType, NoneType
from typing import Any, Protocol

from lark import Lark, Token
from lark.common import LexerConf
from lark.exceptions import UnexpectedToken
from lark.lark import PostLex
from lark.lexer import Lexer, LexerState
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild
from lark.parsers.lalr_analysis import Shift

from adjudicator.base.errors import (
    AmbiguousOrderError,
    Diagnostic,
    InputError,
    OrderSyntaxError,
    Severity,
    check_argument,
)
from adjudicator.base.limits import split_lines
from adjudicator.base.model import (
    Order,
    Phase,
    PhaseType,
    slot_setter,
)
from adjudicator.board.map import GameMap
from adjudicator.lang.languages import vocabulary
from adjudicator.lang.vocabulary import (
    AMBIGUOUS_CODES,
    ParseCode,
    Problem,
    Vocabulary,
    describe_expected,
    fold,
)
from adjudicator.orders.fast import (
    MEANINGS,
    MEMO_LINE_LIMIT,
    SHAPES,
    ItemMeaning,
    LineMeaning,
    canonical_meaning,
)
from adjudicator.orders.forms import dashed_header, owner_label, split_items
from adjudicator.orders.phase_line import (
    ambiguous_phase,
    detect_language,
    phase_name,
    read_phase_line,
)
from adjudicator.orders.resolve import Item, OrderBuilder, close_provinces, order_power
from adjudicator.orders.syntax import ItemDraft, SyntaxBuilder, shown
from adjudicator.state.position import Position

__all__ = ["NO_POWER", "ParseCode", "ParseResult", "ParsedOrder", "parse_order", "parse_orders"]

NO_POWER = "?"
"""The :meth:`ParseResult.by_power` key of orders whose power is unknown (no label, no position,
or no unit where the order says)."""


@dataclass(frozen=True, slots=True)
class ParsedOrder:
    """One order read from a file, with its power and where it was written."""

    power: str | None
    """The power from the label or header, else the owner of the unit in the position."""
    order: Order
    line: int
    column: int
    text: str
    """The order as written (without its power label)."""

    def __init__(self, power: str | None, order: Order, line: int, column: int, text: str) -> None:
        # Written out because the reader makes one per order line, remembered or not: the
        # generated __init__ of a frozen dataclass sets each field through object.__setattr__
        # (0.63 µs). For the exact class the new object is briefly a _DraftOrder, a plain class
        # with the very same slots, set by plain assignments, then a ParsedOrder again (as
        # OrderResult does); a subclass takes the slot setters. Immutable once this returns.
        if type(self) is ParsedOrder:
            draft: _DraftOrder = self  # type: ignore[assignment]  # until the last line
            # (a frozen dataclass refuses ``self.__class__ = ...``; object's own setattr does not)
            object.__setattr__(self, "__class__", _DraftOrder)
            draft.power = power
            draft.order = order
            draft.line = line
            draft.column = column
            draft.text = text
            draft.__class__ = ParsedOrder  # type: ignore[assignment]  # base.model: twin classes
            return
        _set_parsed_power(self, power)
        _set_parsed_order(self, order)
        _set_parsed_line(self, line)
        _set_parsed_column(self, column)
        _set_parsed_text(self, text)


class _DraftOrder:
    """A :class:`ParsedOrder` while its ``__init__`` sets its fields: the same slots in the same
    order (so that an object may change between the two classes), without the frozen
    dataclass's ``__setattr__``."""

    __slots__ = ParsedOrder.__slots__
    power: str | None
    order: Order
    line: int
    column: int
    text: str


_set_parsed_power = slot_setter(ParsedOrder, "power")
_set_parsed_order = slot_setter(ParsedOrder, "order")
_set_parsed_line = slot_setter(ParsedOrder, "line")
_set_parsed_column = slot_setter(ParsedOrder, "column")
_set_parsed_text = slot_setter(ParsedOrder, "text")


@dataclass(frozen=True, slots=True)
class ParseResult:
    """Everything read from one order file: the orders and every problem found."""

    orders: tuple[ParsedOrder, ...]
    diagnostics: tuple[Diagnostic, ...]
    lang: str = "en"
    """The language the file was read in: the ``lang`` asked for, else the detected one."""
    phase: Phase | None = None
    """The phase the file's phase line names (``Herbst 1901``), if it has one."""

    @property
    def ok(self) -> bool:
        """Whether no error (warnings aside) was found."""
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)

    def by_power(self) -> dict[str, list[Order]]:
        """Power -> its orders in file order; orders of unknown power under :data:`NO_POWER`."""
        grouped: dict[str, list[Order]] = {}
        for parsed in self.orders:
            grouped.setdefault(parsed.power or NO_POWER, []).append(parsed.order)
        return grouped


def parse_orders(
    text: str,
    game_map: GameMap,
    position: Position | None = None,
    *,
    path: str = "<orders>",
    lang: str | None = None,
    _memo: bool = True,
) -> ParseResult:
    """Read an order file: one order per line (or several separated by ``;`` or ``,``), lines
    qualified by power (``England: F Lon-Nth``), power headers (``England:``, ``[ENGLAND]``,
    DPjudge's ``E)`` where the map gives the letter to one power), DPjudge's ``CLEAR`` and
    ``(NMR)`` lines (they take back the current power's earlier orders),
    ``#`` and ``//`` comments and blank lines.

    With a ``position`` the phase decides what a form means (a move in a retreat phase is a
    :class:`~adjudicator.base.model.Retreat`, a bare unit in an adjustment phase a
    :class:`~adjudicator.base.model.Build`) and left-out unit types are filled from the units there.
    A removal sign before the unit (``- F Kie``, ``* A Mun``) is read only where the phase is
    known to be an adjustment phase; elsewhere it is an error, never guessed.

    ``lang`` (``"en"``, ``"de"``) forces the language; without it the language is detected from
    the whole file (English when the file shows none). Names and keywords of the other
    language are never tried, and problems are reported in the file's language.

    A phase line (``Herbst 1901``, ``F1901M``) is checked against the position, and without a
    position it decides what a form means in the lines after it.

    Bad orders never raise: each problem becomes a diagnostic. Raises :class:`InputError` only
    for unusable input (an unknown language, a position of another map).

    ``_memo=False`` (for the tests that hold the fast path and the memo to the grammar) reads
    every line with the grammar: a canonical line (``str(order)``) is otherwise built without
    it, and a line read before is taken from a bounded memo (:mod:`adjudicator.orders.fast`).
    """
    _check_arguments("parse_orders", text, game_map, position, lang)
    check_argument(path, str, "parse_orders", "path", "a text (the file's name in diagnostics)")
    # Composed letters, so that a decomposed umlaut (u + U+0308) stays inside its word; the
    # source lines shown under diagnostics are composed too, so carets stay aligned.
    # a byte-order mark is left by text read as plain utf-8 from a Windows editor's file
    text = unicodedata.normalize("NFC", text.removeprefix("\ufeff"))
    detected = detect_language(text, game_map) if lang is None else lang
    vocab = vocabulary(detected)
    if position is not None and position.map_name != game_map.name:
        raise InputError.single(
            vocab.say("map_mismatch", position=position.map_name, map=game_map.name),
            "map-mismatch",
            path,
        )
    reader = _Reader(game_map, vocab, position, path, defaulted=detected is None, fast=_memo)
    for number, line in enumerate(split_lines(text), start=1):
        reader.read_line(number, line)
    return ParseResult(
        tuple(reader.orders), tuple(reader.diagnostics), vocab.lang, reader.phase_read
    )


def parse_order(
    text: str, game_map: GameMap, position: Position | None = None, *, lang: str | None = None
) -> Order:
    """Read exactly one order.

    Raises :class:`AmbiguousOrderError` for a name with several meanings and
    :class:`OrderSyntaxError` for anything else that is not one readable order.

    >>> from adjudicator.board.load import load_map
    >>> parse_order("F StP(nc) - Nwy", load_map("standard"))
    Move(unit_type=<UnitType.FLEET: 'F'>, location=Location(province='STP', coast='NC'), \
destination=Location(province='NWY', coast=None), via_convoy=False, path=())
    """
    _check_arguments("parse_order", text, game_map, position, lang)
    result = parse_orders(text, game_map, position, path="<order>", lang=lang)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if any(d.code in AMBIGUOUS_CODES for d in errors):
        raise AmbiguousOrderError(errors)
    if errors:
        raise OrderSyntaxError(errors)
    if len(result.orders) != 1:
        vocab = vocabulary(result.lang)
        code = ParseCode.NO_ORDER if not result.orders else ParseCode.SEVERAL_ORDERS
        found = (
            vocab.say("found_none")
            if not result.orders
            else vocab.say("found_many", count=len(result.orders))
        )
        raise OrderSyntaxError.single(
            vocab.say("expected_one", found=found, text=shown(text)), code, "<order>"
        )
    return result.orders[0].order


def _check_arguments(
    function: str, text: str, game_map: GameMap, position: Position | None, lang: str | None
) -> None:
    """:class:`TypeError` naming the argument of ``function`` that has a wrong type."""
    check_argument(text, str, function, "text", "the order text (a str)")
    check_argument(game_map, GameMap, function, "game_map", "a GameMap (see load_map)")
    check_argument(position, (Position, NoneType), function, "position", "a Position or None")
    check_argument(lang, (str, NoneType), function, "lang", "a language code like 'en', or None")


# ---------------------------------------------------------------------- the grammar
class _KeepSeparators(PostLex):
    """Keeps the ``SEP`` terminal although no rule uses it: items are split at separators
    before parsing (see :class:`_Reader`)."""

    always_accept = ("SEP",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        return stream


class _NoLexer(Lexer):
    """The lexer of the grammar built for reading: none. The reader lexes a line itself
    (:class:`_Scanner`) and feeds the tokens to the parser, so Lark's lexer never runs. Lark
    builds its basic lexer with the grammar and, when the optional ``interegular`` package is
    installed, checks every pair of terminals for collisions as it does, strict or not: about
    20 ms of the first order read. The strict grammar (the tests') keeps the basic lexer and the
    check. (Lark's check of its own grammar of grammars, which reads ``orders.lark``, has no
    option and stays.)"""

    def __init__(self, conf: LexerConf) -> None:
        pass

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        raise NotImplementedError("the reader lexes order lines itself (_Scanner)")


@functools.cache
def _grammar(strict: bool = False) -> Lark:
    """The order grammar, built once, with :class:`SyntaxBuilder` running inside the parser (so
    no tree is built). ``strict`` (conflict and regex-collision checks) needs the optional
    ``interegular`` package, so the tests use it and normal runs do not; only the strict grammar
    builds Lark's lexer (see :class:`_NoLexer`)."""
    return Lark.open_from_package(
        "adjudicator.grammar",
        "orders.lark",
        ("",),
        parser="lalr",
        lexer="basic" if strict else _NoLexer,
        start="item",
        # No tree is built (the transformer runs inside the parser), so there are no tree
        # positions to propagate: the builder's values carry their own offsets, and the
        # position wrappers would cost a fifth of the parsing time.
        propagate_positions=False,
        maybe_placeholders=False,
        transformer=SyntaxBuilder(),
        postlex=_KeepSeparators(),
        strict=strict,
    )


_BAD = "$BAD"
"""The token type of a character that starts no token."""


class _Scanner:
    """The grammar's terminals compiled into one regular expression.

    Lark's own lexer does the same matching with per-token bookkeeping that costs ten times
    more on the short lines of an order file; terminals are tried in Lark's order (priority,
    then longest possible match), so the tokens are the same.
    """

    def __init__(self, grammar: Lark) -> None:
        terminals = sorted(
            grammar.terminals,
            key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name),
        )
        self.regex = re.compile(
            "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals)
        )
        self.ignore = frozenset(grammar.ignore_tokens)

    def scan(self, line: str) -> Iterator[Token]:
        """The tokens of one line; a character no terminal matches becomes a :data:`_BAD`
        token, so that only the item it stands in fails."""
        pos = 0
        while pos < len(line):
            match = self.regex.match(line, pos)
            if match is None or match.end() == pos:
                # Only a list mark (`12.`) starts with a digit, and where it fails at one digit
                # it fails at every later digit of the run (it needs the same `.` or `)` after
                # it), so the whole run is bad at once: retrying at each digit would rescan the
                # rest of the run, quadratic in its length.
                digits = _DIGITS.match(line, pos)
                end = pos + 1 if digits is None else digits.end()
                for bad in range(pos, end):
                    yield _token(_BAD, line[bad], bad, 1, bad + 1, 1, bad + 2, bad + 1)
                pos = end
                continue
            end = match.end()
            kind = match.lastgroup or ""
            if kind not in self.ignore:
                yield _token(kind, match.group(), pos, 1, pos + 1, 1, end + 1, end)
            pos = end


class _Parser(Protocol):
    """What :meth:`_Reader.drive` asks of a parser: Lark's interactive parser, or
    :class:`_Driver` on the same tables."""

    def choices(self) -> Mapping[str, object]: ...

    def feed_token(self, token: Token) -> object: ...


class _Mismatch(Exception):
    """:class:`_Driver` met a token the grammar does not accept there (internal)."""


class _Tables:
    """Lark's LALR tables for ``item``, with each reduction's size, callback and goto name
    looked up once: Lark's step hashes the rule (a tuple of symbols) at every reduction and
    checks assertions, a third of the parsing time of a short line."""

    def __init__(self, grammar: Lark) -> None:
        conf = grammar.parse_interactive(start="item").parser_state.parse_conf
        callbacks = conf.callbacks
        self.start = conf.start_state
        self.end = conf.end_state
        # Lark's symbol names are its Token objects, whose comparison with a plain str (every
        # look-up by a token's type) is a Python call: plain str keys compare in C.
        self.tokens = {str(k): v for k, v in callbacks.items() if isinstance(k, str)}
        rules: list[Any] = [rule for rule in callbacks if not isinstance(rule, str)]
        direct = {rule: _direct(callbacks[rule], str(rule.origin.name)) for rule in rules}
        # Lark's own callbacks, all of them, if any is wrapped in a way not known here
        written_out = all(callback is not None for callback in direct.values())
        actions = direct if written_out else callbacks
        self.rows: dict[object, dict[str, tuple[bool, Any]]] = {
            state: {
                str(symbol): (True, arg)
                if action is Shift
                else (False, (len(arg.expansion), actions[arg], str(arg.origin.name)))
                for symbol, (action, arg) in row.items()
            }
            for state, row in conf.states.items()
        }


_Callback = Callable[[list[Any]], Any]


def _direct(callback: Any, origin: str) -> _Callback | None:
    """Lark's callback for a rule named ``origin`` with Lark's wrappers written out, or None
    for a wrapper not known here. The values are the same: a rule that the grammar inlines
    (``_to``, the run of words in a name) makes a Lark ``Tree`` only for its parent to take its
    children, so it returns the children themselves (the list the ``Tree`` would hold) and the
    parent's filter takes them as they are. This skips a ``Tree``, Lark's ``__default__`` and
    two calls at about a third of the reductions of a long-form line."""
    if isinstance(callback, ChildFilterLALR_NoPlaceholders):
        inner = _direct(callback.node_builder, origin)
        return None if inner is None else _child_filter(tuple(callback.to_include), inner)
    if isinstance(callback, ExpandSingleChild):
        inner = _direct(callback.node_builder, origin)
        return None if inner is None else _expand_single(inner)
    if isinstance(callback, functools.partial):
        if getattr(callback.func, "__name__", None) != "default_callback":
            return None
        return _inlined if origin.startswith("_") else callback
    if isinstance(callback, MethodType) and isinstance(callback.__self__, SyntaxBuilder):
        return callback
    return None


def _inlined(children: list[Any]) -> list[Any]:
    """An inlined rule's value: its children, which the parent's filter takes in its place."""
    return children


def _child_filter(to_include: tuple[tuple[int, bool], ...], inner: _Callback) -> _Callback:
    """Lark's ``ChildFilterLALR_NoPlaceholders``: the children kept, an inlined rule's own
    children in its place (an inlined rule's value is its list of children, see
    :func:`_inlined`)."""

    def filtered(children: list[Any]) -> Any:
        kept: list[Any] = []
        for index, inline in to_include:
            if not inline:
                kept.append(children[index])
            elif kept:
                kept += children[index]
            else:  # the list itself, as Lark does: it is made afresh for each reduction
                kept = children[index]
        return inner(kept)

    return filtered


def _expand_single(inner: _Callback) -> _Callback:
    """Lark's ``ExpandSingleChild`` (a ``?rule``): a single child stands for the rule."""

    def expanded(children: list[Any]) -> Any:
        return children[0] if len(children) == 1 else inner(children)

    return expanded


@functools.cache
def _tables() -> _Tables:
    return _Tables(_grammar())


class _Driver:
    """Lark's LALR step (``ParserState.feed_token``) on :class:`_Tables`: the same shifts,
    reductions and callbacks, so the same drafts. A token the grammar does not accept raises
    :class:`_Mismatch`, and the item is parsed again by Lark for its report."""

    __slots__ = ("states", "tables", "values")

    def __init__(self, tables: _Tables) -> None:
        self.tables = tables
        self.states: list[object] = [tables.start]
        self.values: list[Any] = []

    def choices(self) -> Mapping[str, object]:
        return self.tables.rows[self.states[-1]]

    def feed_token(self, token: Token) -> object:
        rows, states, values = self.tables.rows, self.states, self.values
        is_end = token.type == "$END"
        while True:
            entry = rows[states[-1]].get(token.type)
            if entry is None:
                raise _Mismatch
            shift, arg = entry
            if shift:
                if is_end:
                    raise _Mismatch
                states.append(arg)
                callback = self.tables.tokens.get(token.type)
                values.append(token if callback is None else callback(token))
                return None
            size, callback, origin = arg
            if size:
                children = values[-size:]
                del states[-size:]
                del values[-size:]
            else:
                children = []
            states.append(rows[states[-1]][origin][1])
            values.append(callback(children))
            if is_end and states[-1] == self.tables.end:
                return values[-1]


@functools.cache
def _scanner() -> _Scanner:
    return _Scanner(_grammar())


_DIGITS = re.compile(r"\d+")
_COMMENT = re.compile(r"#|//")
# The word of DPjudge's lines that take back a power's earlier orders; it ends the line (after an
# optional power label), so it is looked for only there (see _clear_word).
_CLEAR = re.compile(r"CLEAR|\(\s*NMR\s*\)", re.IGNORECASE)
_CLEAR_LENGTH = len("CLEAR")


def _clear_word(line: str) -> re.Match[str] | None:
    """The ``CLEAR`` or ``(NMR)`` that ends ``line`` (before a comment and trailing spaces).

    Matched where it must start, never searched from the left: a lazy label before a run of
    spaces made the search quadratic in the run's length. ``CLEAR`` takes its five letters and
    ``(NMR)`` starts at the line's last ``(``, so two anchored tries find either.
    """
    code = _COMMENT.split(line, maxsplit=1)[0].rstrip()
    for start in (len(code) - _CLEAR_LENGTH, code.rfind("(")):
        match = _CLEAR.fullmatch(code, start) if start >= 0 else None
        if match is not None:
            return match
    return None


class _LineError(Exception):
    """A problem that ends the reading of one item or line (internal)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


# ---------------------------------------------------------------------- reading a file
class _Reader:
    """Reads a file line by line, keeping the current power header."""

    def __init__(
        self,
        game_map: GameMap,
        vocab: Vocabulary,
        position: Position | None,
        path: str,
        *,
        defaulted: bool = False,
        fast: bool = False,
    ) -> None:
        self.map = game_map
        self.fast = fast
        """Whether canonical lines and lines read before skip the grammar (see read_line)."""
        self.vocab = vocab
        self.position = position
        self.path = path
        self.defaulted = defaulted
        """Whether the language is the default because the file showed none."""
        self.phase_read: Phase | None = None
        """The phase of the file's first phase line."""
        self.phase_now: Phase | None = None
        """The phase of the latest phase line: what a form means in the lines after it."""
        self.header: str | None = None
        self._orders: list[ParsedOrder | None] = []
        """The orders read so far, in file order; None where a ``CLEAR`` took one back."""
        self._by_power: dict[str | None, list[int]] = {}
        """Power -> the indices of its orders in :attr:`_orders` not yet taken back."""
        self.diagnostics: list[Diagnostic] = []
        self.known = _known_names(game_map, vocab.lang)
        self.longest = _longest_name(game_map, vocab.lang)
        self.phrase_starts = _phrase_starts(vocab)

    @property
    def orders(self) -> list[ParsedOrder]:
        """The orders read so far, in file order, without those taken back."""
        return [o for o in self._orders if o is not None]

    def take_back(self, power: str | None) -> None:
        """Forget the orders read so far for ``power`` (every order when None). Each order is
        forgotten at most once, so many ``CLEAR`` lines in a long file stay linear."""
        if power is None:
            self._orders.clear()
            self._by_power.clear()
            return
        for index in self._by_power.pop(power, ()):
            self._orders[index] = None

    def report(self, problem: Problem, number: int, line: str) -> None:
        self.diagnostics.append(
            Diagnostic(
                problem.message,
                str(problem.code),
                self.path,
                number,
                problem.column,
                line,
                problem.severity,
                problem.hint,
            )
        )

    def read_line(self, number: int, line: str) -> None:
        position = self.position
        phase_now = self.phase_now
        phase = (
            position.phase.type
            if position is not None
            else (phase_now.type if phase_now is not None else None)
        )
        key = (self.map, self.vocab.lang, phase, line)
        canonical = None
        if self.fast:
            # A line read before: its meaning, unless it named a phase or took orders back
            # (those lines are never stored), or depended on the position (never stored).
            known = MEANINGS.get(key)
            if known is not None:
                self.apply(number, line, known)
                return
            canonical = canonical_meaning(line, self.map, self.vocab.lang, phase)
            if canonical is not None and SHAPES.get((key[:3], canonical[0])):
                MEANINGS.put(key, canonical[1])
                self.apply(number, line, canonical[1])
                return
        if self.read_phase(number, line) or self.read_clear(number, line):
            return
        meaning, consulted = self.meaning(line)
        if self.fast:
            if canonical is not None and SHAPES.get((key[:3], canonical[0])) is None:
                # The first line of this shape is read by the grammar too; the shape is taken
                # without it only if both readings agree (a language that reads a keyword
                # letter otherwise keeps the grammar).
                SHAPES.put((key[:3], canonical[0]), canonical[1] == meaning)
            if not consulted and len(line) <= MEMO_LINE_LIMIT:
                MEANINGS.put(key, meaning)
        self.apply(number, line, meaning)

    def meaning(self, line: str) -> tuple[LineMeaning, bool]:
        """What an order line means, read by the grammar, and whether a unit type was taken from
        the position (then the meaning is not the line's alone)."""
        tokens = self.lex(line)
        if not tokens:
            return (), False
        phase = self.phase_now.type if self.phase_now is not None else None
        builder = OrderBuilder(self.map, self.vocab, self.position, line, phase=phase)
        items: list[ItemMeaning] = []
        for segment in split_items(tokens, self.vocab):
            try:
                item = self.read_item(self.join_separable(segment, line), builder)
            except _LineError as exc:
                items.append(ItemMeaning((exc.problem, *builder.problems), None))
            else:
                items.append(ItemMeaning(tuple(builder.problems), item))
            builder.problems.clear()
        return tuple(items), builder.consulted

    def apply(self, number: int, line: str, meaning: LineMeaning) -> None:
        """Report a line's problems and add its orders, with the header and labels' powers."""
        # Runs for every line read, remembered or not: each order and its index for
        # take_back() are added here without a further call, and a line without problems skips
        # their loop (together about 0.25 µs a line).
        line_power = self.header
        for read in meaning:
            if read.problems:
                for problem in read.problems:
                    self.report(problem, number, line)
            item = read.item
            if item is None:
                continue
            built = item.built
            if item.labelled:
                line_power = item.power
                if built is None:
                    self.header = item.power
            if built is None:
                continue
            order = built.order
            if order is None:
                continue
            power = line_power or order_power(order, self.position)
            orders = self._orders
            indices = self._by_power.get(power)
            if indices is None:
                self._by_power[power] = [len(orders)]
            else:
                indices.append(len(orders))
            orders.append(
                ParsedOrder(power, order, number, built.column, line[built.start : built.end])
            )

    def read_clear(self, number: int, line: str) -> bool:
        """A ``CLEAR`` or ``(NMR)`` line (DPjudge) discards the orders read so far for the
        current power: the line's label (``England: CLEAR``), else the header, else (a file
        with no power named) every order read so far. False when the line is none."""
        match = _clear_word(line)
        if match is None or self.is_name(match.group()):
            return False
        power = self.header
        if match.start() > 0:
            tokens = self.lex(line[: match.start()])
            if not tokens or tokens[-1].type not in ("_COLON", "_RSQB", "_RPAR"):
                return False
            builder = OrderBuilder(self.map, self.vocab, self.position, line)
            try:
                item = self.parse_item(tokens, builder)
            except _LineError:
                return False  # no label: the line is read as an order and its error reported
            for problem in builder.problems:
                self.report(problem, number, line)
            if builder.problems:
                return True
            power = item.power
        self.take_back(power)
        return True

    def read_phase(self, number: int, line: str) -> bool:
        """Read a phase line (``Herbst 1901``); False when the line is none."""
        read = read_phase_line(line, self.vocab)
        if read is None:
            return False
        if read.problem is not None:
            self.report(read.problem, number, line)
            return True
        assert read.phase is not None
        if self.defaulted:
            warning = ambiguous_phase(line, read, self.vocab)
            if warning is not None:
                self.report(warning, number, line)
        if self.position is not None and read.phase != self.position.phase:
            message = self.vocab.say(
                "phase_mismatch",
                file=phase_name(read.phase, self.vocab),
                position=phase_name(self.position.phase, self.vocab),
            )
            self.report(Problem(message, ParseCode.PHASE_MISMATCH, read.column), number, line)
        if self.phase_read is None:
            self.phase_read = read.phase
        self.phase_now = read.phase
        return True

    # ------------------------------------------------------------------ lexing
    def lex(self, line: str) -> list[Token]:
        tokens: list[Token] = []
        for token in _scanner().scan(line):
            if token.type == "WORD" and "-" in token:
                tokens.extend(self.split_hyphens(token))
            else:
                tokens.append(token)
        return self.join_phrases(tokens, line)

    def join_phrases(self, tokens: list[Token], line: str) -> list[Token]:
        """Words that spell one keyword together (``zieht sich zurück``) become one word."""
        out: list[Token] = []
        longest = self.vocab.longest_phrase  # look no further: a long line stays linear
        starts = self.phrase_starts  # a word that starts no phrase is passed at once
        i = 0
        while i < len(tokens):
            token = tokens[i]
            if token.type == "WORD" and fold(token.value) in starts:
                run = []
                for other in tokens[i : i + longest]:
                    if other.type != "WORD":
                        break
                    run.append(fold(other.value))
                size = self.vocab.phrase_at(run)
                if size > 1:
                    last = tokens[i + size - 1]
                    start, end = token.start_pos or 0, last.end_pos or 0
                    out.append(_token_at(token, "WORD", line[start:end], 0))
                    i += size
                    continue
            out.append(token)
            i += 1
        return out

    def join_separable(self, tokens: list[Token], line: str) -> list[Token]:
        """A verb split around the place (``greift Triest an``) becomes its keyword where the
        verb stands, and its particle, the last word of the item, is dropped. The verb must
        follow something (the unit), so a particle alone never makes a keyword."""
        if len(tokens) < 3 or tokens[-1].type != "WORD":
            return tokens
        particle = fold(tokens[-1].value)
        longest = self.vocab.separable_length(particle)
        if not longest:
            return tokens
        for i in range(1, len(tokens) - 1):
            run: list[str] = []
            for other in tokens[i : min(i + longest, len(tokens) - 1)]:  # linear in the line
                if other.type != "WORD":
                    break
                run.append(fold(other.value))
            found = self.vocab.separable_at(run, particle)
            if found is None:
                continue
            size, terminal = found
            first, last = tokens[i], tokens[i + size - 1]
            text = line[first.start_pos or 0 : last.end_pos or 0]
            verb = _token_at(first, terminal, text, 0)
            return [*tokens[:i], verb, *tokens[i + size : -1]]
        return tokens

    def is_name(self, text: str) -> bool:
        """Whether the map knows ``text`` as a province, power or coast name."""
        return fold(text) in self.known

    def split_hyphens(self, token: Token) -> list[Token]:
        """``Par-Bur`` -> ``Par``, ``-``, ``Bur``; ``Mid-Atlantic`` stays whole because the map
        knows it; ``Spa-sc`` (jDip) -> ``Spa``, ``/``, ``sc``."""
        if self.is_name(token.value):
            return [token]
        parts = str(token).split("-")
        starts = [0]
        for part in parts[:-1]:
            starts.append(starts[-1] + len(part) + 1)
        keys = [fold(part) for part in parts]
        # The first part at or after each index whose key is not empty: a part that folds to
        # nothing (`ͺ`) leaves a key as it is, so a run of them is passed over in one step.
        keyed = [len(parts)] * (len(parts) + 1)
        for k in range(len(parts) - 1, -1, -1):
            keyed[k] = k if keys[k] else keyed[k + 1]
        out: list[Token] = []
        i = 0
        while i < len(parts):
            j = self.name_end(keys, keyed, i)
            word = "-".join(parts[i:j])
            out.append(_token_at(token, "WORD", word, starts[i]))
            if j < len(parts):
                kind = "_SLASH" if self.is_coast_of(word, parts[j]) else "DASH"
                out.append(_token_at(token, kind, "-", starts[j] - 1))
            i = j
        return out

    def name_end(self, keys: list[str], keyed: list[int], first: int) -> int:
        """Where the longest name the map knows that starts at part ``first`` of a hyphenated
        word ends (``first + 1`` when none does): ``Mid-Atlantic`` in ``Mid-Atlantic-Bre``.

        ``keys`` are the folded parts and ``keyed[k]`` the first part from ``k`` on whose key
        is not empty. Hyphens fold away, so the key of a run of parts is their keys put
        together: each candidate adds one part to the last, and none longer than the longest
        name is tried. (Joining and folding every run of parts cost cubic time in their number.)
        """
        end = first + 1
        key = keys[first]
        last = keyed[first + 1]  # parts first..last-1 make `key`; so does every end up to last
        while len(key) <= self.longest:
            if key in self.known:
                end = last
            if last == len(keys):
                break
            key += keys[last]
            last = keyed[last + 1]
        return end

    def is_coast_of(self, word: str, coast_word: str) -> bool:
        ids = self.map.lookup(word, self.vocab.lang)
        coast = self.map.lookup_coast(coast_word, self.vocab.lang)
        return len(ids) == 1 and coast is not None and coast in self.map.province(ids[0]).coasts

    # ------------------------------------------------------------------ parsing
    def read_item(self, segment: list[Token], builder: OrderBuilder) -> Item:
        """One item, with the forms around an order that :mod:`adjudicator.orders.forms`
        knows: a power between dashes (``–England–``), a list bullet (``- Armee Ruhr nach
        Holland``), a power's letter before the unit (``R F Sev S T A Arm-Ank``).

        A dash before a unit is the removal sign (``- F Kie``, an error outside an adjustment
        phase); outside an adjustment phase it is a list bullet where the item does not read
        with it as a removal, which needs more than a unit after the dash."""
        if segment[0].type == "DASH" and len(segment) > 1:
            header = dashed_header(segment, self.map, self.vocab.lang, builder.line)
            if header is not None:
                return self.parse_item(header, builder)
            if len(segment) > 2 and builder.phase is not PhaseType.ADJUSTMENT:
                mark = len(builder.problems)
                try:
                    return self.read_owned(segment, builder)
                except _LineError as exc:
                    del builder.problems[mark:]
                    try:
                        return self.read_owned(segment[1:], builder)
                    except _LineError:
                        raise exc from None
        return self.read_owned(segment, builder)

    def read_owned(self, segment: list[Token], builder: OrderBuilder) -> Item:
        """An item whose first word may be a power's letter before the unit. A letter that is
        also a keyword (German ``D``, disband; ``A``, army) is a power only where the item does
        not read otherwise (``D F Kie`` is a disband, ``D F Kie - Hol`` Germany's move)."""
        owned = owner_label(segment, self.map, self.vocab)
        if owned is None:
            return self.parse_item(segment, builder)
        if not self.vocab.keywords(segment[0]):
            return self.parse_item(owned, builder)
        mark = len(builder.problems)
        try:
            item = self.parse_item(segment, builder)
            if not _failed(builder, mark):
                return item
        except _LineError:
            pass
        del builder.problems[mark:]
        try:
            item = self.parse_item(owned, builder)
            if not _failed(builder, mark):
                return item
        except _LineError:
            pass
        del builder.problems[mark:]
        return self.parse_item(segment, builder)

    def parse_item(self, tokens: list[Token], builder: OrderBuilder) -> Item:
        try:
            return self.drive(_Driver(_tables()), tokens, builder)
        except _Mismatch:
            # Lark's own parser again, for its exact report of what it expected
            return self.drive(_grammar().parse_interactive(start="item"), tokens, builder)

    def drive(self, parser: _Parser, tokens: list[Token], builder: OrderBuilder) -> Item:
        fed: list[Token] = []
        for index, raw in enumerate(tokens):
            token = raw
            if raw.type == _BAD:
                raise _LineError(
                    Problem(
                        self.vocab.say("unexpected_character", char=raw.value),
                        ParseCode.UNEXPECTED_CHARACTER,
                        raw.column or 1,
                    )
                )
            # A word before a colon is a power label (`D:` is Deutschland, not disband), and
            # so is the first word of an item before `)` (DPjudge's `E)`).
            after = tokens[index + 1].type if index + 1 < len(tokens) else None
            first = not fed or fed[-1].type == "_LIST_MARK"
            labelled = after == "_COLON" or (after == "_RPAR" and first)
            if raw.type == "WORD" and not labelled:
                token = self.retype(raw, parser.choices())
            try:
                parser.feed_token(token)
            except UnexpectedToken as exc:
                raise _LineError(self.unexpected(exc, fed, builder.line)) from None
            fed.append(token)
        try:
            draft = parser.feed_token(_end_token(fed[-1] if fed else None))
        except UnexpectedToken as exc:
            raise _LineError(self.unexpected(exc, fed, builder.line)) from None
        assert isinstance(draft, ItemDraft)
        return builder.item(draft)

    def retype(self, token: Token, choices: Mapping[str, object]) -> Token:
        """A word becomes a keyword where the grammar accepts that keyword."""
        for terminal in self.vocab.keywords(token.value):
            if terminal in choices:
                return _token(
                    terminal,
                    token.value,
                    token.start_pos,
                    token.line,
                    token.column,
                    token.end_line,
                    token.end_column,
                    token.end_pos,
                )
        return token

    def unexpected(self, exc: UnexpectedToken, fed: list[Token], line: str) -> Problem:
        token: Token = exc.token
        previous = fed[-1] if fed else None
        unknown = self.unknown_name(fed, line)
        if unknown is not None:
            return unknown
        expected = set(exc.expected)
        if previous is not None and previous.type == "WORD":
            # After a name, "another word" is technically possible but never the answer.
            expected.discard("WORD")
        if previous is not None and previous.type in ("ARMY", "FLEET") and "WORD" in expected:
            # After a unit type the place is the answer; a verb before the place (`Armee zieht
            # von Paris nach Burgund`) is the rare form.
            expected.discard("MOVE")
        wanted = describe_expected(expected, self.vocab)
        if token.type == "$END":
            after = (
                self.vocab.say("after", word=shown(previous.value)) if previous is not None else ""
            )
            message = self.vocab.say("unexpected_end", after=after, wanted=wanted)
        else:
            message = self.vocab.say("unexpected", word=shown(token.value), wanted=wanted)
        return Problem(message, ParseCode.SYNTAX, token.column or 1)

    def unknown_name(self, fed: list[Token], line: str) -> Problem | None:
        """When the words just before a syntax error name nothing the map knows (``S A Par``
        reads ``S`` as a place), that name is the better report."""
        run: list[Token] = []
        for token in reversed(fed):
            if token.type != "WORD":
                break
            run.append(token)
        if not run:
            return None
        run.reverse()
        key = ""  # the folded words so far: spaces fold away, so that is the key of the run
        for token in run:
            key += fold(token.value)
            if len(key) > self.longest:
                break
            if key in self.known:
                return None
        text = line[run[0].start_pos or 0 : run[-1].end_pos]
        lang = self.vocab.lang
        close = [
            self.vocab.say("suggested_province", id=pid, name=self.map.province(pid).name(lang))
            for pid in close_provinces(self.map, text, lang)
        ]
        return Problem(
            self.vocab.say(
                "unknown_province", text=shown(text), suggest=self.vocab.did_you_mean(close)
            ),
            ParseCode.UNKNOWN_PROVINCE,
            run[0].column or 1,
        )


@functools.lru_cache(maxsize=16)
def _known_names(game_map: GameMap, lang: str) -> frozenset[str]:
    """Every folded province, power and coast name of a map in ``lang``: a hyphenated word
    that is one of them (``Mid-Atlantic``, ``Austria-Hungary``) is not split at its hyphens."""
    known = set(game_map.names(lang))
    for power in game_map.powers.values():
        spellings = [power.name, *power.names.get(lang, ()), power.adjective(lang)]
        known.update(fold(s) for s in spellings)
    for code, words in game_map.coast_names.items():
        known.update(fold(w) for w in (code, *words.get(lang, ())))
    return frozenset(known)


_PHRASE_STARTS: dict[str, tuple[Vocabulary, frozenset[str]]] = {}
"""Language -> its vocabulary and :func:`_phrase_starts` (one entry per language)."""


def _phrase_starts(vocab: Vocabulary) -> frozenset[str]:
    """The folded first words of ``vocab``'s keywords of several words (``zieht`` of ``zieht
    sich zurück``), the words :meth:`Vocabulary.phrase_at` looks phrases up by: a word that is
    none of them starts no phrase."""
    known = _PHRASE_STARTS.get(vocab.lang)
    if known is None or known[0] is not vocab:
        starts = frozenset(
            fold(word.split()[0])
            for words in vocab.spellings.values()
            for word in words
            if len(word.split()) > 1
        )
        known = _PHRASE_STARTS[vocab.lang] = (vocab, starts)
    return known[1]


@functools.lru_cache(maxsize=16)
def _longest_name(game_map: GameMap, lang: str) -> int:
    """The length of the longest of :func:`_known_names`: a longer text is none of them."""
    return max(map(len, _known_names(game_map, lang)), default=0)


def _failed(builder: OrderBuilder, mark: int) -> bool:
    """Whether the builder met an error since its problem ``mark``."""
    return any(p.severity is Severity.ERROR for p in builder.problems[mark:])


_new_str = str.__new__


def _token(
    kind: str,
    value: str,
    start: int | None,
    line: int | None,
    column: int | None,
    end_line: int | None,
    end_column: int | None,
    end: int | None,
) -> Token:
    """``Token(kind, value, start, line, column, end_line, end_column, end)``, the same object,
    made without Lark's constructor (a ``__new__`` that checks for a deprecated keyword, then a
    classmethod): about a third of its cost, and the reader makes a dozen tokens a line. Words
    are looked up (``fold``, keywords) by their plain ``value``: a ``Token`` key makes every
    cache and dictionary hit call ``Token.__eq__``."""
    token: Token = _new_str(Token, value)
    token.type = kind
    token.start_pos = start
    token.value = value
    token.line = line
    token.column = column
    token.end_line = end_line
    token.end_column = end_column
    token.end_pos = end
    return token


def _token_at(base: Token, kind: str, value: str, offset: int) -> Token:
    start = (base.start_pos or 0) + offset
    column = (base.column or 1) + offset
    return _token(
        kind, value, start, base.line, column, base.line, column + len(value), start + len(value)
    )


def _end_token(previous: Token | None) -> Token:
    if previous is None:
        return _token("$END", "", 0, 1, 1, 1, 1, 0)
    end = previous.end_pos or 0
    column = previous.end_column or 1
    return _token("$END", "", end, previous.line, column, previous.line, column, end)
