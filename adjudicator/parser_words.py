"""The words of the order language, per language, and the problems the parser reports.

The grammar (``grammar/orders.lark``) declares keyword terminals (``HOLD``, ``SUPPORT``, ...) but
spells none of them: a :class:`Vocabulary` maps the words of one language to those terminals. The
parser re-types a word into a keyword only where the grammar accepts that keyword, so adding a
language means adding a table here, never touching the grammar.

>>> ENGLISH.keywords("Supports")
('SUPPORT',)
>>> ENGLISH.keywords("Burgundy")
()
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from adjudicator.errors import InputError, Severity
from adjudicator.gamemap import fold_name


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
    """:func:`~adjudicator.parser.parse_order` was given no order."""
    SEVERAL_ORDERS = "several-orders"
    """:func:`~adjudicator.parser.parse_order` was given more than one order."""


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
    """The keywords of one language: grammar terminal -> the words that spell it.

    The first spelling of each terminal is the short form shown in error messages.
    """

    lang: str
    spellings: Mapping[str, tuple[str, ...]]
    """Terminal name (as declared in ``orders.lark``) -> its words, short form first."""
    meanings: Mapping[str, str]
    """Terminal name -> what it does, in plain words (``hold``), for error messages."""
    articles: tuple[str, ...] = ()
    """Words dropped before a place name (``the English Channel``)."""
    _index: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, list[str]] = {}
        for terminal, words in self.spellings.items():
            for word in words:
                bucket = index.setdefault(fold(word), [])
                if terminal not in bucket:
                    bucket.append(terminal)
        object.__setattr__(self, "_index", {k: tuple(v) for k, v in index.items()})

    def keywords(self, word: str) -> tuple[str, ...]:
        """The terminals ``word`` may spell, most likely first (empty for a plain word)."""
        return self._index.get(fold(word), ())

    def is_article(self, word: str) -> bool:
        return fold(word) in {fold(a) for a in self.articles}

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


ENGLISH = Vocabulary(
    lang="en",
    spellings={
        "ARMY": ("A", "army"),
        "FLEET": ("F", "fleet"),
        "HOLD": ("H", "hold", "holds", "stand", "stands"),
        "MOVE": ("M", "move", "moves", "attack", "attacks"),
        "TO": ("to", "into"),
        "SUPPORT": ("S", "support", "supports"),
        "CONVOY": ("C", "convoy", "convoys", "T", "transport", "transports", "ferry", "ferries"),
        "VIA": ("via",),
        "BY": ("by",),
        "RETREAT": ("R", "retreat", "retreats"),
        "DISBAND": ("D", "disband", "disbands"),
        "REMOVE": ("remove", "removes"),
        "BUILD": ("B", "build", "builds"),
        "WAIVE": ("waive", "waives", "W"),
    },
    meanings={
        "ARMY": "army",
        "FLEET": "fleet",
        "HOLD": "hold",
        "MOVE": "move",
        "TO": "to",
        "SUPPORT": "support",
        "CONVOY": "convoy",
        "VIA": "via",
        "BY": "by",
        "RETREAT": "retreat",
        "DISBAND": "disband",
        "REMOVE": "remove",
        "BUILD": "build",
        "WAIVE": "waive",
    },
    articles=("the",),
)

VOCABULARIES: dict[str, Vocabulary] = {"en": ENGLISH}
"""Language code -> its vocabulary. German arrives as one more entry."""


def vocabulary(lang: str | None) -> Vocabulary:
    """The vocabulary of ``lang`` (English for ``None``); :class:`InputError` if there is none."""
    found = VOCABULARIES.get(lang or "en")
    if found is None:
        known = ", ".join(sorted(VOCABULARIES))
        raise InputError.single(
            f"no order vocabulary for language {lang!r}; known languages: {known}", "language"
        )
    return found


# Punctuation and the end of input, in plain words; keywords are described by the vocabulary.
_SIGNS: Mapping[str, str] = {
    "WORD": "a province name",
    "_SLASH": "a coast ('/nc')",
    "_LPAR": "a coast ('(nc)')",
    "_RPAR": "')'",
    "_COLON": "':'",
    "_LSQB": "'['",
    "_RSQB": "']'",
    "PLUS": "'+' (build)",
    "_LIST_MARK": "a list number ('1.')",
    "$END": "the end of the order",
}

# Terminals listed as one item when several of them are expected together.
_GROUPS: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"ARMY", "FLEET"}), "a unit type"),
    (frozenset({"DASH", "MOVE", "TO"}), "a move"),
    (frozenset({"_SLASH", "_LPAR"}), "a coast ('/nc')"),
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
            if "(" in group[1]:
                items.append(group[1])
            else:
                shown = ", ".join(_short(t, vocab) for t in members)
                items.append(f"{group[1]} ({shown})")
            done.update(group[0])
            continue
        items.append(_SIGNS.get(name) or _describe_keyword(name, vocab))
        done.add(name)
    if not items:
        return "nothing more"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def _short(terminal: str, vocab: Vocabulary) -> str:
    if terminal == "DASH":
        return "'-'"
    if terminal in _SIGNS:
        return {"_SLASH": "'/'", "_LPAR": "'('"}.get(terminal, _SIGNS[terminal])
    words = vocab.spellings.get(terminal, (terminal.lower(),))
    return f"'{words[0]}'"


def _describe_keyword(terminal: str, vocab: Vocabulary) -> str:
    if terminal == "DASH":
        return "'-' (move)"
    return vocab.describe(terminal)


def either(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def did_you_mean(suggestions: Sequence[str], *, quoted: bool = False) -> str:
    """`` — did you mean 'x'?`` (empty without suggestions); ``quoted`` when already quoted."""
    if not suggestions:
        return ""
    shown = suggestions if quoted else [f"'{s}'" for s in suggestions]
    return f" — did you mean {either(shown)}?"
