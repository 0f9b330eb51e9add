"""The languages the package speaks, by code: :data:`LANGUAGES`, and the look-ups built on it.

Language detection weighs the words of every language here, the command line's ``--lang`` offers
exactly these codes, and :func:`vocabulary` and :func:`words_for` find a language's tables here. A
new language is a module like :mod:`adjudicator.lang.de` plus one entry below (and the map's
names in that language).

>>> sorted(LANGUAGES)
['de', 'de-dpjudge', 'en']
>>> words_for("de").notes_header
'Anmerkungen:'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from adjudicator.base.errors import InputError
from adjudicator.lang import de, en
from adjudicator.lang.fold import DEFAULT_LANGUAGE
from adjudicator.lang.judge_words import JudgeWords
from adjudicator.lang.language import Language
from adjudicator.lang.picture_words import PictureWords
from adjudicator.lang.vocabulary import Vocabulary
from adjudicator.lang.web_words import WebWords
from adjudicator.lang.words import CommandWords, Words

LANGUAGES: Mapping[str, Language] = MappingProxyType(
    {language.code: language for language in (en.LANGUAGE, de.LANGUAGE, de.DPJUDGE)}
)
"""Language code -> the language; the default language first. ``de-dpjudge`` is German with
DPjudge's abbreviations, chosen only on request (:attr:`Language.detected`)."""


def language(code: str | None) -> Language:
    """The language ``code`` (the default for ``None``); :class:`InputError` if there is none."""
    found = LANGUAGES.get(code or DEFAULT_LANGUAGE)
    if found is None:
        known = ", ".join(sorted(LANGUAGES))
        raise InputError.single(
            f"no order vocabulary for language {code!r}; known languages: {known}", "language"
        )
    return found


def vocabulary(code: str | None) -> Vocabulary:
    """The order vocabulary of ``code`` (English for ``None``); :class:`InputError` if there is
    none."""
    return language(code).vocabulary


def words_for(code: str | None) -> Words:
    """The report words of ``code``; English when the language has no tables yet."""
    return LANGUAGES.get(code or DEFAULT_LANGUAGE, LANGUAGES[DEFAULT_LANGUAGE]).words


def inflections(name: str, code: str) -> tuple[str, ...]:
    """Other spellings of a place name of several words in ``code``: its first word with each
    adjective ending of the language (German ``Mittlerer Atlantik`` -> ``Mittleren Atlantik``,
    ``im Mittleren Atlantik``). A dialect (``de-dpjudge``) inflects as its base language.

    >>> inflections("Mittlerer Atlantik", "de")[:2]
    ('Mittlere Atlantik', 'Mittleren Atlantik')
    >>> inflections("North Sea", "en")
    ()
    """
    found = LANGUAGES.get(code) or LANGUAGES.get(code.partition("-")[0])
    first, space, rest = name.partition(" ")
    if found is None or not space:
        return ()
    endings = sorted(found.vocabulary.adjective_endings, key=len, reverse=True)
    ending = next((e for e in endings if first.endswith(e) and len(first) > len(e) + 2), None)
    if ending is None:
        return ()
    stem = first[: -len(ending)]
    return tuple(f"{stem}{e} {rest}" for e in found.vocabulary.adjective_endings if e != ending)


def command_words(code: str | None) -> CommandWords:
    """The command line's words in ``code``; English when the language has no tables yet."""
    return LANGUAGES.get(code or DEFAULT_LANGUAGE, LANGUAGES[DEFAULT_LANGUAGE]).command


JUDGE_LANGUAGES: Mapping[str, JudgeWords] = MappingProxyType(
    {code: found.judge for code, found in LANGUAGES.items() if found.judge is not None}
)
"""Language code -> the play-by-email judge's words: the languages a player may choose."""


def judge_words(code: str | None) -> JudgeWords:
    """The judge's words in ``code``; English for a language the judge does not speak."""
    return JUDGE_LANGUAGES.get(code or DEFAULT_LANGUAGE) or JUDGE_LANGUAGES[DEFAULT_LANGUAGE]


def picture_words(code: str | None) -> PictureWords:
    """The board picture's words in ``code`` (``de-dpjudge`` speaks German's); English for a
    language the picture does not speak."""
    for key in (code or DEFAULT_LANGUAGE, (code or "").partition("-")[0], DEFAULT_LANGUAGE):
        found = LANGUAGES.get(key)
        if found is not None and found.picture is not None:
            return found.picture
    raise LookupError("English has no picture words")  # pragma: no cover - en.PICTURE exists


def web_words(code: str | None) -> WebWords:
    """The web pages' words in ``code`` (``de-dpjudge`` speaks German's); English for a
    language the pages do not speak."""
    for key in (code or DEFAULT_LANGUAGE, (code or "").partition("-")[0], DEFAULT_LANGUAGE):
        found = LANGUAGES.get(key)
        if found is not None and found.web is not None:
            return found.web
    raise LookupError("English has no web words")  # pragma: no cover - en.WEB exists
