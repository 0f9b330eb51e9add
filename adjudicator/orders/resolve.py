"""From written shapes to orders: name resolution, phase awareness, unit types from the position.

Private to :mod:`adjudicator.orders.read`. :class:`OrderBuilder` takes the drafts that the grammar's
transformer (:mod:`adjudicator.orders.syntax`) produced for one line, resolves every name against
the map, fills left-out unit types from the position, decides by phase what a form means, and
builds the frozen orders of :mod:`adjudicator.base.model`. Problems are collected, never raised, so
one order can report several of them.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import assert_never

from adjudicator.base.errors import Severity
from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Order,
    PhaseType,
    Retreat,
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.board.map import GameMap
from adjudicator.lang.vocabulary import ParseCode, Problem, Vocabulary, fold
from adjudicator.orders.syntax import (
    Draft,
    ItemDraft,
    LetterName,
    Name,
    OrderKind,
    Place,
    UnitRef,
    shown,
)
from adjudicator.state.position import Position

_Own = tuple[UnitType | None, Location]


@dataclass(frozen=True, slots=True)
class Built:
    """An order (None after a problem) and where it was written in its line."""

    order: Order | None
    column: int
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Item:
    """One item of a line, resolved: the labelled power (if a label was written) and the order."""

    labelled: bool
    power: str | None
    built: Built | None


class OrderBuilder:
    """Resolves the drafts of one line; :attr:`problems` collects what went wrong."""

    def __init__(
        self,
        game_map: GameMap,
        vocab: Vocabulary,
        position: Position | None,
        line: str,
        *,
        phase: PhaseType | None = None,
    ) -> None:
        self.map = game_map
        self.vocab = vocab
        self.lang = vocab.lang
        self.names = game_map.names(vocab.lang)
        self.word_limit = game_map.name_word_limit(vocab.lang)
        self.position = position
        self.phase = position.phase.type if position is not None else phase
        """The phase type that decides what a form means: the position's, else the one the
        file's phase line names."""
        self.line = line
        self.problems: list[Problem] = []
        self.consulted = False
        """Whether a unit type was taken from the position: then what the line means depends
        on the position, not only on its text, map, language and phase type, and the reader
        does not memoise it."""
        self._kinds: dict[OrderKind, Callable[[Draft], Order | None]] = {
            "hold": self._hold,
            "move": self._move,
            "support": self._support,
            "convoy": self._convoy,
            "retreat": self._retreat,
            "disband": self._disband,
            "build": self._build,
            "waive": lambda draft: Waive(),
            "remove": self._remove,
            "bare": self._bare,
        }

    def problem(
        self,
        message: str,
        code: ParseCode,
        column: int,
        hint: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> None:
        self.problems.append(Problem(message, code, column, hint, severity))

    def text(self, name: Name) -> str:
        """A name as written in the line (``St. Petersburg``)."""
        return self.line[name.start : name.end]

    # ------------------------------------------------------------------ items
    def item(self, draft: ItemDraft) -> Item:
        power = self._label(draft.label) if draft.label is not None else None
        built = None
        if draft.order is not None:
            order = self._kinds[draft.order.kind](draft.order)
            built = Built(order, draft.order.start + 1, draft.order.start, draft.order.end)
        return Item(draft.label is not None, power, built)

    def _label(self, name: Name) -> str | None:
        text = self.text(name)
        if isinstance(name, LetterName) and not (len(text) == 1 and text.isalpha()):
            self.problem(
                self.vocab.say("letter_label", text=shown(text)),
                ParseCode.UNKNOWN_POWER,
                name.column,
            )
            return None
        found = self.map.lookup_power(text, self.lang)
        if len(found) == 1:
            return found[0]
        if found:
            self.problem(
                self.vocab.say(
                    "ambiguous_power", text=shown(text), choices=self.vocab.either(found)
                ),
                ParseCode.AMBIGUOUS_POWER,
                name.column,
            )
            return None
        suggest = self.vocab.did_you_mean(self._power_suggestions(text), quoted=False)
        powers = ", ".join(p.display(self.lang) for p in self.map.powers.values())
        self.problem(
            self.vocab.say("unknown_power", text=shown(text), suggest=suggest),
            ParseCode.UNKNOWN_POWER,
            name.column,
            hint=self.vocab.say("hint_powers", powers=powers),
        )
        return None

    # ------------------------------------------------------------------ orders
    def _hold(self, draft: Draft) -> Order | None:
        own = self._own(draft)
        return None if own is None else Hold(*own)

    def _move(self, draft: Draft) -> Order | None:
        own = self._own(draft)
        steps = [self.resolve(p) for p in draft.places]
        locations = [s for s in steps if s is not None]
        if own is None or len(locations) < len(steps):
            return None
        return self._moving(own, locations, draft.via)

    def _support(self, draft: Draft) -> Order | None:
        own = self._own(draft)
        supported = self._target(draft)
        destination = self.resolve(draft.places[0]) if draft.places else None
        if own is None or supported is None or (draft.places and destination is None):
            return None
        return Support(*own, *supported, destination)

    def _convoy(self, draft: Draft) -> Order | None:
        own = self._own(draft)
        army = self._target(draft)
        destination = self.resolve(draft.places[0])
        if draft.target is not None and draft.target.type is UnitType.FLEET:
            self.problem(
                self.vocab.say("convoyed_fleet"),
                ParseCode.CONVOYED_FLEET,
                draft.target.start + 1,
            )
            return None
        if own is None or army is None or destination is None:
            return None
        return Convoy(*own, army[1], destination)

    def _retreat(self, draft: Draft) -> Order | None:
        own = self._own(draft)
        destination = self.resolve(draft.places[0])
        if own is None or destination is None:
            return None
        return Retreat(*own, destination)

    def _disband(self, draft: Draft) -> Order | None:
        own = self._own(draft)
        return None if own is None else Disband(*own)

    def _remove(self, draft: Draft) -> Order | None:
        """``- F Kie``, ``* A Mun``: a removal, but only where the phase is known to be an
        adjustment phase; elsewhere the sign may be a list mark, so nothing is guessed."""
        if self.phase is PhaseType.ADJUSTMENT:
            return self._disband(draft)
        sign = self.line[draft.start]
        self.problem(
            self.vocab.say("removal_sign_phase", sign=sign),
            ParseCode.SYNTAX,
            draft.start + 1,
            hint=self.vocab.say("hint_removal_sign"),
        )
        return None

    def _build(self, draft: Draft) -> Order | None:
        unit = _unit(draft)
        location = self.resolve(unit.place)
        return None if location is None else Build(unit.type, location)

    def _bare(self, draft: Draft) -> Order | None:
        """A unit with no verb: a build in an adjustment phase, else a hold; two places written
        side by side (``A Par Bur``) are a move."""
        if self.phase is PhaseType.ADJUSTMENT:
            return self._build(draft)
        unit = _unit(draft)
        if not isinstance(self._match(unit.place.name.words), Location):
            pair = self._split_pair(unit.place)
            if pair is not None:
                return self._moving((self._fill(unit.type, pair[0]), pair[0]), [pair[1]], False)
        return self._hold(draft)

    # ------------------------------------------------------------------ helpers
    def _moving(self, own: _Own, steps: list[Location], via: bool) -> Order:
        destination = steps[-1]
        path = tuple(s.province for s in steps[:-1])
        if self.phase is PhaseType.RETREAT and not path and not via:
            return Retreat(*own, destination)
        return Move(*own, destination, via_convoy=via or bool(path), path=path)

    def _own(self, draft: Draft) -> _Own | None:
        """The ordered unit: its type (filled from the position when left out) and location."""
        unit = _unit(draft)
        location = self.resolve(unit.place, standing=True)
        if location is None:
            return None
        return self._fill(unit.type, location), location

    def _fill(self, unit_type: UnitType | None, location: Location) -> UnitType | None:
        if unit_type is not None or self.position is None:
            return unit_type
        self.consulted = True
        found = unit_in(self.position, location.province)
        return found.type if found is not None else None

    def _target(self, draft: Draft) -> _Own | None:
        target = draft.target
        assert target is not None, "the grammar gives every support and convoy a target"
        if target.foreign is not None:
            self._check_adjective(target.foreign)
        place = target.place
        words = place.name.words
        # `S German Ber`: an adjective without a unit type reads as part of the place name.
        if (
            target.foreign is None
            and len(words) > 1
            and self._match(words) is None
            and self._power_of(words[0])
            and self._match(words[1:]) is not None
        ):
            name = place.name
            start = name.columns[1] - 1
            rest = Name(words[1:], name.columns[1:], start, name.end)
            place = Place(rest, place.coast, start, place.end)
        location = self.resolve(place, standing=True)
        if location is None:
            return None
        unit_type = target.type
        if unit_type is None and self.position is not None:
            self.consulted = True
            found = self.position.unit_at(location.province)
            unit_type = found.type if found is not None else None
        return unit_type, location

    def _check_adjective(self, name: Name) -> None:
        text = self.text(name)
        if all(self.vocab.is_article(w) for w in name.words):
            return  # `unterstützt die Armee Wien`
        if not self._power_of(text):
            suggest = self.vocab.did_you_mean(self._power_suggestions(text), quoted=False)
            self.problem(
                self.vocab.say("foreign_adjective", text=shown(text), suggest=suggest),
                ParseCode.FOREIGN_ADJECTIVE,
                name.column,
                severity=Severity.WARNING,
            )

    def _power_of(self, text: str) -> tuple[str, ...]:
        """The powers an adjective names, inflected (``russischen``) or after an article
        (``die russische``) as the language allows."""
        found = self.map.lookup_power(text, self.lang)
        words = text.split()
        # Articles go one at a time until a power is found. Spaces fold away, so the rest folds
        # to the sum of its words' folded lengths; a rest longer than every name is no power
        # and is neither joined nor looked up, so many articles cost linear time, not quadratic.
        limit = self.map.name_length_limit(self.lang)
        rest = sum(len(fold(w)) for w in words)
        dropped = 0
        while not found and len(words) - dropped > 1 and self.vocab.is_article(words[dropped]):
            rest -= len(fold(words[dropped]))
            dropped += 1
            if rest <= limit:
                found = self.map.lookup_power(" ".join(words[dropped:]), self.lang)
        if dropped:
            text = " ".join(words[dropped:])
        for ending in self.vocab.adjective_endings:
            if found:
                break
            if len(text) > len(ending) and fold(text).endswith(ending):
                found = self.map.lookup_power(text[: -len(ending)], self.lang)
        return found

    # ------------------------------------------------------------------ name resolution
    def resolve(self, place: Place, *, standing: bool = False) -> Location | None:
        """The location a place names, or None after recording why it names none.

        Where a unit stands (``standing``: the ordered unit, a supported or convoyed one), a name
        with two readings (German ``Liv``, Livland or Liverpool) means the one of them where the
        position has a unit; without a position, or with units on both or neither, it is an
        error listing both. Either way the meaning is the position's too, so the line is not
        remembered (:attr:`consulted`)."""
        found = self._match(place.name.words)
        if isinstance(found, tuple) and standing:
            self.consulted = True
            occupied = self._occupied(found)
            if occupied is not None:
                found = Location(occupied)
        if isinstance(found, tuple):
            names = self.vocab.either([f"'{self.map.province(p).name(self.lang)}'" for p in found])
            position_would_decide = standing and self.position is None
            self.problem(
                self.vocab.say(
                    "ambiguous_province",
                    text=shown(self.text(place.name)),
                    choices=self._either_province(found),
                ),
                ParseCode.AMBIGUOUS_PROVINCE,
                place.name.column,
                hint=self.vocab.say(
                    "hint_ambiguous_unit" if position_would_decide else "hint_ambiguous_province",
                    choices=names,
                ),
            )
            return None
        if found is None:
            self._unknown(place.name)
            return None
        if place.coast is None:
            return found
        coast = self.map.lookup_coast(" ".join(place.coast.words), self.lang)
        if coast is None:
            self._unknown_coast(place.coast, found.province)
            return None
        return Location(found.province, coast)

    def _occupied(self, candidates: Sequence[str]) -> str | None:
        """The one of ``candidates`` where the position has a unit (None if not exactly one)."""
        if self.position is None:
            return None
        position = self.position
        occupied = [pid for pid in candidates if unit_in(position, pid) is not None]
        return occupied[0] if len(occupied) == 1 else None

    def _match(self, words: Sequence[str]) -> Location | tuple[str, ...] | None:
        """A location for ``words`` (a tuple of ids when ambiguous, None when unknown): the whole
        name, else a name and a coast of that province (``bul ec``), else without ``the``."""
        if len(words) > self.word_limit:
            return None  # longer than any place of this map can be written
        ids = self._lookup(words)
        if len(ids) == 1:
            return Location(ids[0])
        if ids:
            return ids
        for k in range(len(words) - 1, 0, -1):
            head = self._lookup(words[:k])
            if len(head) == 1:
                coast = self.map.lookup_coast(" ".join(words[k:]), self.lang)
                if coast is not None and coast in self.map.province(head[0]).coasts:
                    return Location(head[0], coast)
        if len(words) > 1 and self.vocab.is_article(words[0]):
            return self._match(words[1:])
        return None

    def _lookup(self, words: Sequence[str]) -> tuple[str, ...]:
        return self.names.get(fold(" ".join(words)), ())

    def _split_pair(self, place: Place) -> tuple[Location, Location] | None:
        words = place.name.words
        if len(words) > 2 * self.word_limit:
            return None
        for k in range(1, len(words)):
            first = self._match(words[:k])
            second = self._match(words[k:])
            if isinstance(first, Location) and isinstance(second, Location):
                if place.coast is not None:
                    coast = self.map.lookup_coast(" ".join(place.coast.words), self.lang)
                    if coast is None:
                        return None
                    second = Location(second.province, coast)
                return first, second
        return None

    def _unknown(self, name: Name) -> None:
        words = name.words
        text = self.text(name)
        if self.map.lookup_power(text, self.lang):
            self.problem(
                self.vocab.say("power_not_province", text=shown(text)),
                ParseCode.SYNTAX,
                name.column,
            )
            return
        for k in range(min(len(words) - 1, self.word_limit), 0, -1):
            if isinstance(self._match(words[:k]), Location):
                head = self.line[name.start : name.columns[k - 1] - 1 + len(words[k - 1])]
                bad = words[k]
                suggest = self.vocab.did_you_mean(self._word_suggestions(bad))
                self.problem(
                    self.vocab.say(
                        "unexpected_word", word=shown(bad), head=shown(head), suggest=suggest
                    ),
                    ParseCode.SYNTAX,
                    name.columns[k],
                )
                return
        close = [self._province_words(pid) for pid in close_provinces(self.map, text, self.lang)]
        self.problem(
            self.vocab.say(
                "unknown_province", text=shown(text), suggest=self.vocab.did_you_mean(close)
            ),
            ParseCode.UNKNOWN_PROVINCE,
            name.column,
        )

    def _unknown_coast(self, coast: Name, province: str) -> None:
        coasts = self.map.province(province).coasts
        words = {code: self.map.coast_names.get(code, {}).get(self.lang, ()) for code in coasts}
        if coasts:
            choices = self.vocab.either(
                [f"'{c.lower()}' ({w[0]})" if w else c for c, w in words.items()]
            )
            hint: str | None = self.vocab.say("hint_coasts", province=province, choices=choices)
        else:
            hint = self.vocab.say("hint_no_coasts", province=province)
        self.problem(
            self.vocab.say("unknown_coast", text=shown(self.text(coast))),
            ParseCode.UNKNOWN_COAST,
            coast.column,
            hint=hint,
        )

    def _either_province(self, ids: Sequence[str]) -> str:
        say = self.vocab.say
        return self.vocab.either(
            [
                say("candidate_province", id=p, name=self.map.province(p).name(self.lang))
                for p in ids
            ]
        )

    def _province_words(self, pid: str) -> str:
        """A suggested province: ``'SEV' (Sevastopol)``, in German ``'Venedig'``."""
        name = self.map.province(pid).name(self.lang)
        return self.vocab.say("suggested_province", id=pid, name=name)

    def _word_suggestions(self, word: str) -> list[str]:
        keywords = {fold(w): w for w in self.vocab.words() if len(w) > 1}
        close = difflib.get_close_matches(fold(word), list(keywords), n=1, cutoff=0.7)
        if close:
            return [f"'{keywords[close[0]]}'"]
        return [self._province_words(pid) for pid in close_provinces(self.map, word, self.lang, 2)]

    def _power_suggestions(self, text: str) -> list[str]:
        spellings: dict[str, str] = {}
        for power in self.map.powers.values():
            spellings.setdefault(fold(power.display(self.lang)), power.display(self.lang))
            spellings.setdefault(fold(power.adjective(self.lang)), power.adjective(self.lang))
        close = difflib.get_close_matches(fold(text), list(spellings), n=2, cutoff=0.6)
        return [spellings[c] for c in close]


# ---------------------------------------------------------------------- module helpers
SUGGESTION_MARGIN = 0.15
"""How much less alike than the best suggestion another may be and still be shown: `Venedik`
suggests `Venedig` (0.86), not also `edi` (0.6, Edinburgh's abbreviation)."""


def close_provinces(game_map: GameMap, text: str, lang: str, limit: int = 3) -> list[str]:
    """The provinces an unknown name most likely meant (:meth:`GameMap.suggest`), without
    those far less alike than the best of them."""
    found = game_map.suggest(text, lang, limit)
    if len(found) < 2:
        return found
    key = fold(text)
    table = game_map.names(lang)
    scores = {
        pid: max(
            difflib.SequenceMatcher(None, key, name).ratio()
            for name, ids in table.items()
            if pid in ids
        )
        for pid in found
    }
    best = max(scores.values())
    return [pid for pid in found if scores[pid] >= best - SUGGESTION_MARGIN]


def _unit(draft: Draft) -> UnitRef:
    assert draft.unit is not None, "the grammar gives every order but a waive a unit"
    return draft.unit


def unit_in(position: Position, province: str) -> Unit | None:
    """The unit an order for ``province`` is about: in a retreat phase the dislodged unit there
    comes first (the unit that dislodged it stands in the same province)."""
    if position.phase.type is PhaseType.RETREAT:
        for d in position.dislodged:
            if d.unit.province == province:
                return d.unit
    return position.unit_at(province)


def order_power(order: Order, position: Position | None) -> str | None:
    """The power an order without a label belongs to, according to the position."""
    if position is None:
        return None
    match order:
        case Waive():
            return None
        case Build():
            return position.owner(order.location.province)
        case Hold() | Move() | Support() | Convoy() | Retreat() | Disband():
            unit = unit_in(position, order.location.province)
            return unit.power if unit is not None else None
        case _:
            assert_never(order)
