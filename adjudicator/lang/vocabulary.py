"""The words of the order language: the :class:`Vocabulary` class, and the problems the parser
reports.

The grammar (``grammar/orders.lark``) declares keyword terminals (``HOLD``, ``SUPPORT``, ...) but
spells none of them: a :class:`Vocabulary` maps the words of one language to those terminals. The
parser re-types a word into a keyword only where the grammar accepts that keyword, so adding a
language means adding a table (in the language's module, :mod:`adjudicator.lang.en`,
:mod:`adjudicator.lang.de`), never touching the grammar. A table also holds the language's
articles, phrases of several words (``zieht sich zurück``), adjective endings, phase words
(``Herbst 1901``) and the templates of every message the parser writes, so that a German file is
answered in German.

>>> from adjudicator.lang import de, en
>>> en.VOCABULARY.keywords("Supports")
('SUPPORT',)
>>> en.VOCABULARY.keywords("Burgundy")
()
>>> de.VOCABULARY.keywords("unterstützt")
('SUPPORT',)
>>> german = de.VOCABULARY
>>> german.say("unknown_province", text="Venedik", suggest=german.did_you_mean(["'Venedig'"]))
"Unbekannte Provinz 'Venedik' – meinten Sie 'Venedig'?"
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from adjudicator.base.errors import Severity
from adjudicator.base.model import PhaseType, Season
from adjudicator.lang.fold import fold_name


class ParseCode(StrEnum):
    """Stable codes of the problems the parser reports (the ``[code]`` of a diagnostic)."""

    SYNTAX = "syntax"
    """A word or sign where the grammar expects something else, or an order cut short."""
    UNEXPECTED_CHARACTER = "unexpected-character"
    """A character that belongs to no word or sign of the order language."""
    UNKNOWN_PROVINCE = "unknown-province"
    AMBIGUOUS_PROVINCE = "ambiguous-province"
    UNKNOWN_COAST = "unknown-coast"
    UNKNOWN_POWER = "unknown-power"
    AMBIGUOUS_POWER = "ambiguous-power"
    FOREIGN_ADJECTIVE = "foreign-adjective"
    """A warning: the adjective before a supported or convoyed unit (``S German A Ber``) names
    no power. The adjective is ignored either way."""
    CONVOYED_FLEET = "convoyed-fleet"
    """A convoy order naming a fleet as its passenger: only armies are convoyed."""
    NO_ORDER = "no-order"
    """:func:`~adjudicator.orders.read.parse_order` was given no order."""
    SEVERAL_ORDERS = "several-orders"
    """:func:`~adjudicator.orders.read.parse_order` was given more than one order."""
    UNKNOWN_PHASE = "unknown-phase"
    """A phase line (``Herbst 1901``, ``F1901M``) whose season or phase word this language does
    not know, or that names no real phase (``W1901M``)."""
    PHASE_MISMATCH = "phase-mismatch"
    """The file's phase line names another phase than the position's."""
    AMBIGUOUS_PHASE = "ambiguous-phase"
    """A warning: a phase code that means another phase in another language (``F1901M`` is
    Fall in English, Frühjahr in German), read in the default language because the file gave
    no evidence of its language."""


AMBIGUOUS_CODES = frozenset({ParseCode.AMBIGUOUS_PROVINCE, ParseCode.AMBIGUOUS_POWER})


@dataclass(frozen=True, slots=True)
class Problem:
    """A problem in one line of input, before it becomes a :class:`Diagnostic` with a path."""

    message: str
    code: ParseCode
    column: int
    """1-based column in the line; 0 when unknown."""
    hint: str | None = None
    severity: Severity = Severity.ERROR


@functools.lru_cache(maxsize=8192)
def fold(word: str) -> str:
    """The lookup key of a word: :func:`fold_name`, cached because every token goes through it."""
    return fold_name(word)


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The words of one language: keywords, articles, phase words and message templates.

    ``spellings`` maps grammar terminals to words; the first spelling of each terminal is the
    short form shown in error messages. A spelling of several words (``zieht sich zurück``) is a
    phrase: the parser joins those words into one before it re-types them.
    """

    lang: str
    spellings: Mapping[str, tuple[str, ...]]
    """Terminal name (as declared in ``orders.lark``) -> its words, short form first."""
    meanings: Mapping[str, str]
    """Terminal name -> what it does, in plain words (``hold``), for error messages."""
    messages: Mapping[str, str]
    """Message key -> :meth:`str.format` template; every language has every key (a test holds
    each table to the English one)."""
    articles: tuple[str, ...] = ()
    """Words dropped before a place name (``the English Channel``, ``in die Irische See``)."""
    adjective_endings: tuple[str, ...] = ()
    relative_pronouns: tuple[str, ...] = ()
    """Words that open a relative clause naming a supported or convoyed unit's move after a
    comma (``unterstützt Armee, die von Bulgarien nach Konstantinopel geht``)."""
    """Endings an inflected power adjective may carry (German ``russische``, ``russischen``)."""
    seasons: Mapping[str, tuple[Season, PhaseType | None]] = field(default_factory=dict)
    """Season word or letter of a phase line -> the season and, for a season that is one phase
    (German ``Sommer``, the spring retreats), its phase type; the first word of each season with
    more than one letter is its display name."""
    phase_kinds: Mapping[str, PhaseType] = field(default_factory=dict)
    """Phase-type word or letter of a phase line (``Bewegung``, ``M``) -> the phase type."""
    letters: str = ""
    """Letters found only in this language's words (German umlauts): evidence of the language."""
    separable: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Terminal name -> verbs split around the place, written with ``…`` where the place goes
    (German ``greift … an``, ``zieht sich … zurück``): the words before ``…`` are the keyword
    where they stand, and the particle after it must end the item."""
    _index: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _phrases: dict[str, tuple[tuple[str, ...], ...]] = field(init=False, repr=False, compare=False)
    _longest_phrase: int = field(init=False, repr=False, compare=False)
    _articles: frozenset[str] = field(init=False, repr=False, compare=False)
    _separable: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        index: dict[str, list[str]] = {}
        phrases: dict[str, list[tuple[str, ...]]] = {}
        for terminal, words in self.spellings.items():
            for word in words:
                bucket = index.setdefault(fold(word), [])
                if terminal not in bucket:
                    bucket.append(terminal)
                parts = tuple(fold(w) for w in word.split())
                if len(parts) > 1:
                    phrases.setdefault(parts[0], []).append(parts)
        object.__setattr__(self, "_index", {k: tuple(v) for k, v in index.items()})
        longest_first = {k: tuple(sorted(v, key=len, reverse=True)) for k, v in phrases.items()}
        object.__setattr__(self, "_phrases", longest_first)
        longest = max((len(p) for ps in longest_first.values() for p in ps), default=1)
        object.__setattr__(self, "_longest_phrase", longest)
        object.__setattr__(self, "_articles", frozenset(fold(a) for a in self.articles))
        split: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for terminal, verbs in self.separable.items():
            for verb in verbs:
                head, gap, particle = verb.partition("…")
                if not gap or not head.split() or len(particle.split()) != 1:
                    raise ValueError(f"a separable verb is 'head … particle', not {verb!r}")
                heads = tuple(fold(w) for w in head.split())
                split.setdefault(fold(particle.strip()), []).append((heads, terminal))
        by_length = {
            k: tuple(sorted(v, key=lambda entry: len(entry[0]), reverse=True))
            for k, v in split.items()
        }
        object.__setattr__(self, "_separable", by_length)

    def keywords(self, word: str) -> tuple[str, ...]:
        """The terminals ``word`` may spell, most likely first (empty for a plain word)."""
        return self._index.get(fold(word), ())

    @property
    def longest_phrase(self) -> int:
        """The most words a phrase keyword has (1 when there is none); the lexer asks at every
        line, so it is counted once."""
        return self._longest_phrase

    def phrase_at(self, words: Sequence[str]) -> int:
        """How many of ``words`` (folded) form a phrase keyword at their start (0 if none)."""
        for phrase in self._phrases.get(words[0], ()) if words else ():
            if tuple(words[: len(phrase)]) == phrase:
                return len(phrase)
        return 0

    def separable_at(self, words: Sequence[str], particle: str) -> tuple[int, str] | None:
        """How many of ``words`` (folded) start a verb whose ``particle`` (folded) ends the
        item, and the terminal that verb spells; None if they start none."""
        for heads, terminal in self._separable.get(particle, ()) if words else ():
            if tuple(words[: len(heads)]) == heads:
                return len(heads), terminal
        return None

    def separable_length(self, particle: str) -> int:
        """The most words of a verb whose ``particle`` (folded) ends the item; 0 if none."""
        return max((len(heads) for heads, _ in self._separable.get(particle, ())), default=0)

    def separable_words(self) -> list[str]:
        """Every word of the separable verbs (evidence of the language)."""
        return [w for verbs in self.separable.values() for v in verbs for w in v.split()]

    def is_article(self, word: str) -> bool:
        return fold(word) in self._articles

    def is_relative_pronoun(self, word: str) -> bool:
        return fold(word) in {fold(w) for w in self.relative_pronouns}

    def words(self) -> list[str]:
        """Every keyword spelling, for "did you mean" suggestions."""
        return [w for words in self.spellings.values() for w in words]

    def describe(self, terminal: str) -> str:
        """A keyword in plain words: ``'S' (support)``."""
        words = self.spellings.get(terminal, ())
        meaning = self.meanings.get(terminal, terminal.lower())
        if not words:
            return meaning
        if fold(words[0]) == fold(meaning):
            return f"'{words[0]}'"
        return f"'{words[0]}' ({meaning})"

    # ------------------------------------------------------------------ messages
    def say(self, key: str, **fields: object) -> str:
        """The message ``key`` in this language, its fields filled in."""
        return self.messages[key].format(**fields)

    def either(self, items: Sequence[str]) -> str:
        """``a``, ``a or b``, ``a, b or c`` (``oder`` in German)."""
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + self.say("or") + items[-1]

    def did_you_mean(self, suggestions: Sequence[str], *, quoted: bool = True) -> str:
        """`` — did you mean 'x'?`` (empty without suggestions); ``quoted=False`` quotes them."""
        if not suggestions:
            return ""
        shown = suggestions if quoted else [f"'{s}'" for s in suggestions]
        return self.say("did_you_mean", choices=self.either(shown))

    def diagnostic_words(self) -> dict[str, str]:
        """The words :meth:`Diagnostic.format` prints around a message, in this language:
        the severities (``Fehler``, ``Warnung``) and ``hint``."""
        keys = [*(str(s) for s in Severity), "hint"]
        return {key: self.say(f"severity.{key}") for key in keys}

    def language_name(self, lang: str) -> str:
        """A language's name in this language (``German``, ``Deutsch``)."""
        key = f"lang.{lang}"
        return self.say(key) if key in self.messages else lang

    # ------------------------------------------------------------------ phases
    def season_name(self, season: Season) -> str:
        return _display(self.seasons, lambda v: v[0] is season, str(season))

    def kind_name(self, kind: PhaseType) -> str:
        return _display(self.phase_kinds, lambda v: v is kind, str(kind))


_V = TypeVar("_V")


def _display(table: Mapping[str, _V], wanted: Callable[[_V], bool], default: str) -> str:
    """The first word (not a letter) of ``table`` whose value is wanted, capitalised."""
    for word, value in table.items():
        if len(word) > 1 and wanted(value):
            return word[:1].upper() + word[1:]
    return default


# Terminals listed as one item when several of them are expected together.
_GROUPS: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"ARMY", "FLEET"}), "group.unit_type"),
    (frozenset({"DASH", "MOVE", "TO"}), "group.move"),
    (frozenset({"_SLASH", "_LPAR"}), "group.coast"),
    (frozenset({"DASH", "STAR"}), "group.removal_sign"),
)

# The order in which expected items are listed: the likeliest continuation first.
_ORDER = (
    "ARMY",
    "FLEET",
    "WORD",
    "DASH",
    "MOVE",
    "TO",
    "HOLD",
    "SUPPORT",
    "CONVOY",
    "RETREAT",
    "DISBAND",
    "REMOVE",
    "BUILD",
    "PLUS",
    "STAR",
    "WAIVE",
    "VIA",
    "BY",
    "_SLASH",
    "_LPAR",
    "_RPAR",
    "_COLON",
    "_LSQB",
    "_RSQB",
    "_LIST_MARK",
    "$END",
)


def describe_expected(terminals: Iterable[str], vocab: Vocabulary) -> str:
    """What the grammar expected, in plain words: ``a province name, 'H' (hold) or ...``."""
    wanted = set(terminals)
    items: list[str] = []
    done: set[str] = set()
    for name in _ORDER:
        if name not in wanted or name in done:
            continue
        group = next((g for g in _GROUPS if name in g[0] and len(g[0] & wanted) > 1), None)
        if group is not None:
            members = [t for t in _ORDER if t in group[0] & wanted]
            title = vocab.say(group[1])
            if "(" in title:
                items.append(title)
            else:
                shown = ", ".join(_short(t, vocab) for t in members)
                items.append(f"{title} ({shown})")
            done.update(group[0])
            continue
        sign = f"sign.{name}"
        items.append(vocab.say(sign) if sign in vocab.messages else vocab.describe(name))
        done.add(name)
    if not items:
        return vocab.say("nothing_more")
    return vocab.either(items)


def _short(terminal: str, vocab: Vocabulary) -> str:
    if terminal == "DASH":
        return "'-'"
    shown = {"_SLASH": "'/'", "_LPAR": "'('"}.get(terminal)
    if shown is not None:
        return shown
    if f"sign.{terminal}" in vocab.messages:
        return vocab.say(f"sign.{terminal}")
    words = vocab.spellings.get(terminal, (terminal.lower(),))
    return f"'{words[0]}'"
