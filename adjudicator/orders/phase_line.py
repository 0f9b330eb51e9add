"""Which language an order file is written in, and which phase its phase line names.

Private to :mod:`adjudicator.orders.read`.

The language is decided once per file, never line by line (notation.md §8): every word of the
file outside comments that only one language's vocabulary or map names know (``Armee``,
``nach``, ``Venedig`` against ``army``, ``to``, ``Venice``), and every word with letters only
one language uses (German umlauts), counts for that language. The language with the most
evidence wins; a file with none, or with a tie, is read in the default language (English).
Words both languages share (province ids, ``Berlin``, ``England``, single letters) are no
evidence, and neither is a name whose meaning differs (DPjudge's German ``tyr``).

>>> from adjudicator.board.load import load_map
>>> standard = load_map("standard")
>>> detect_language("Armee München nach Böhmen", standard)
'de'
>>> detect_language("A Mun - Boh", standard) is None
True

A phase line (``Herbst 1901``, ``F1901M``, ``Fall 1901, Movement``) is read in the file's
language only: ``F`` is Fall in English and Frühjahr in German, ``H`` is Herbst in German and no
season in English.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from adjudicator.base.errors import Severity
from adjudicator.base.limits import split_lines
from adjudicator.base.model import Phase, PhaseType, Season
from adjudicator.board.map import GameMap
from adjudicator.lang.languages import LANGUAGES
from adjudicator.lang.vocabulary import ParseCode, Problem, Vocabulary, fold
from adjudicator.orders.syntax import shown

_WORD = re.compile(r"[^\W\d_]+")
_COMMENT = re.compile(r"#|//")
# A season word or letter, a year (1 to 5 digits: Ancient Mediterranean begins in Spring 1) and
# an optional phase word or letter:
# `Herbst 1901`, `F1901M`, `Fall 1901, Movement`, `Frühjahr 1901 (Bewegung):`. The spaces after
# the year are taken possessively (`*+`): with no phase word both runs around it may take them,
# and trying every split of a long run between the two was quadratic in its length.
_PHASE_LINE = re.compile(
    r"\s*(?P<season>[^\W\d_]+)[\s,]*(?P<year>\d{1,5})[\s,(]*+(?P<kind>[^\W\d_]*)[\s).:]*"
)


def _code(line: str) -> str:
    """``line`` without its comment."""
    found = _COMMENT.search(line)
    return line if found is None else line[: found.start()]


# ---------------------------------------------------------------------- language detection
def detect_language(text: str, game_map: GameMap) -> str | None:
    """The language ``text`` gives evidence of, or None when it gives none (or a tie)."""
    evidence = _evidence(game_map)
    remembered = _remembered(game_map)
    scores = [0] * len(evidence)
    for line in split_lines(text):
        # Order lines recur from file to file (most of them in a game's or a judge's files):
        # a line's evidence is remembered, so a known line costs a look-up, not the folding
        # and tests of each of its words (about half the reading of a file of known lines).
        counts = remembered.get(line, _UNSEEN)
        if counts is _UNSEEN:
            counts = _evidence_of(game_map, line)
            if len(line) <= _REMEMBERED_LINE:
                if len(remembered) >= _REMEMBERED_LINES:
                    remembered.clear()
                remembered[line] = counts
        if counts is not None:
            scores = [score + count for score, count in zip(scores, counts, strict=True)]
    best = max(scores, default=0)
    leaders = [lang for lang, score in zip(evidence, scores, strict=True) if score == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def _evidence_of(game_map: GameMap, line: str) -> tuple[int, ...] | None:
    """How many words of ``line`` count for each language of :func:`_evidence`, in its order;
    None for a line that counts for none (most lines: ids and single letters)."""
    evidence = _evidence(game_map)
    # One pattern per language's own letters: a word's search is one call, not a loop of `in`
    # tests per character (this runs on every word of every new line read).
    tests = [(words, _letters(letters)) for words, letters in evidence.values()]
    counts = [0] * len(tests)
    for word in _WORD.findall(_code(line)):
        key = fold(word)
        for index, (words, letters) in enumerate(tests):
            if key in words or (letters is not None and letters.search(word) is not None):
                counts[index] += 1
    return tuple(counts) if any(counts) else None


_REMEMBERED_LINE = 200
"""A longer line is not remembered, so that a hostile file cannot fill the memo with megabytes;
real order lines are far shorter."""
_REMEMBERED_LINES = 8192
"""At most this many lines are remembered per map; the next one forgets them all at once."""
_UNSEEN = ()
"""What :func:`_remembered`'s dictionaries give for a line not remembered (a line's evidence
is a tuple of one count per language, or None)."""


@functools.lru_cache(maxsize=16)
def _remembered(game_map: GameMap) -> dict[str, tuple[int, ...] | None]:
    """Line -> :func:`_evidence_of` the line, for the lines of ``game_map``'s files read so
    far (the evidence depends on the map, which is immutable, and the line alone). A plain
    dictionary rather than ``functools.lru_cache`` over :func:`_evidence_of`: its look-up is a
    third of the cached call's, and this runs for every line of every file read; it is bounded
    by :data:`_REMEMBERED_LINES`, and a look-up or store racing a clear in another thread only
    costs a recount."""
    return {}


@functools.lru_cache(maxsize=16)
def _letters(letters: str) -> re.Pattern[str] | None:
    """A pattern that finds any of ``letters`` (None for none)."""
    return re.compile(f"[{re.escape(letters)}]") if letters else None


@functools.lru_cache(maxsize=16)
def _evidence(game_map: GameMap) -> dict[str, tuple[frozenset[str], str]]:
    """Language -> (the folded words only it knows, the letters only it uses)."""
    words = {
        code: _words_of(game_map, lang.vocabulary)
        for code, lang in LANGUAGES.items()
        if lang.detected
    }
    shared = _shared_words(game_map)
    out: dict[str, tuple[frozenset[str], str]] = {}
    for lang, own in words.items():
        others = set().union(*(w for other, w in words.items() if other != lang))
        out[lang] = (frozenset(own - others - shared), LANGUAGES[lang].vocabulary.letters)
    return out


def _words_of(game_map: GameMap, vocab: Vocabulary) -> set[str]:
    texts = [
        *vocab.words(),
        *vocab.separable_words(),
        *vocab.articles,
        *vocab.seasons,
        *vocab.phase_kinds,
    ]
    lang = vocab.lang
    if lang in game_map.languages:
        for province in game_map.provinces.values():
            texts.extend(province.names.get(lang, ()))
        for power in game_map.powers.values():
            texts.extend(power.names.get(lang, ()))
            if lang in power.adjectives:
                texts.append(power.adjectives[lang])
        for spellings in game_map.coast_names.values():
            texts.extend(spellings.get(lang, ()))
    return {fold(w) for t in texts for w in _WORD.findall(t) if len(w) > 1}


def _shared_words(game_map: GameMap) -> set[str]:
    """Words that are names in every language: province ids, power names, coast codes."""
    texts = [*game_map.provinces, *game_map.powers, *game_map.coast_names]
    return {fold(w) for t in texts for w in _WORD.findall(t)}


# ---------------------------------------------------------------------- phase lines
@dataclass(frozen=True, slots=True)
class PhaseLine:
    """A line that names a phase: the phase, or the problem that keeps it from naming one."""

    text: str
    """The phase as written (``Herbst 1901``), as messages quote it (:func:`shown`)."""
    column: int
    phase: Phase | None
    problem: Problem | None


def read_phase_line(line: str, vocab: Vocabulary) -> PhaseLine | None:
    """The phase a line names in ``vocab``'s language, None when the line is no phase line."""
    code = _code(line)
    match = _PHASE_LINE.fullmatch(code)
    if match is None:
        return None
    season_word, kind_word = match.group("season"), match.group("kind")
    text = shown(code.strip())
    column = match.start("season") + 1
    seasons = {fold(k): v for k, v in vocab.seasons.items()}
    kinds = {fold(k): v for k, v in vocab.phase_kinds.items()}
    season_entry = seasons.get(fold(season_word))
    if season_entry is None:
        hint = _other_meaning(season_word, vocab) or vocab.say(
            "hint_seasons", words=", ".join(vocab.seasons)
        )
        problem = Problem(
            vocab.say("unknown_season", word=shown(season_word), text=text),
            ParseCode.UNKNOWN_PHASE,
            column,
            hint,
        )
        return PhaseLine(text, column, None, problem)
    season, season_kind = season_entry
    kind = season_kind
    if kind_word:
        kind = kinds.get(fold(kind_word))
        if kind is None:
            problem = Problem(
                vocab.say("unknown_phase_kind", word=shown(kind_word), text=text),
                ParseCode.UNKNOWN_PHASE,
                match.start("kind") + 1,
                vocab.say("hint_kinds", words=", ".join(vocab.phase_kinds)),
            )
            return PhaseLine(text, column, None, problem)
    if kind is None:
        kind = PhaseType.ADJUSTMENT if season is Season.WINTER else PhaseType.MOVEMENT
    if kind is PhaseType.ADJUSTMENT:
        season = Season.WINTER  # njudge's `F1901B`, German `Herbst 1901 Anpassung`
    elif season is Season.WINTER:
        problem = Problem(vocab.say("impossible_phase", text=text), ParseCode.UNKNOWN_PHASE, column)
        return PhaseLine(text, column, None, problem)
    return PhaseLine(text, column, Phase(season, int(match.group("year")), kind), None)


def phase_name(phase: Phase, vocab: Vocabulary) -> str:
    """A phase in words: ``Herbst 1901 (Bewegung)``."""
    return vocab.say(
        "phase",
        season=vocab.season_name(phase.season),
        year=phase.year,
        kind=vocab.kind_name(phase.type),
    )


def ambiguous_phase(line: str, read: PhaseLine, vocab: Vocabulary) -> Problem | None:
    """A warning when another language reads the same phase line as another phase."""
    if read.phase is None:
        return None
    for other in (lang.vocabulary for lang in LANGUAGES.values()):
        if other.lang == vocab.lang:
            continue
        theirs = read_phase_line(line, other)
        if theirs is not None and theirs.phase is not None and theirs.phase != read.phase:
            message = vocab.say(
                "ambiguous_phase",
                text=read.text,
                meaning=phase_name(read.phase, vocab),
                language=vocab.language_name(vocab.lang),
                other=vocab.language_name(other.lang),
                other_meaning=phase_name(theirs.phase, other),
                other_lang=other.lang,
            )
            return Problem(message, ParseCode.AMBIGUOUS_PHASE, read.column, None, Severity.WARNING)
    return None


def _other_meaning(word: str, vocab: Vocabulary) -> str | None:
    """A hint when another language knows a season word this one does not (``H``, Herbst)."""
    for other in (lang.vocabulary for lang in LANGUAGES.values()):
        if other.lang == vocab.lang:
            continue
        entry = {fold(k): v for k, v in other.seasons.items()}.get(fold(word))
        if entry is not None:
            return vocab.say(
                "hint_other_language",
                language=vocab.language_name(other.lang),
                word=word,
                meaning=other.season_name(entry[0]),
                lang=other.lang,
            )
    return None
