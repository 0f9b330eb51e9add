"""The languages the package speaks, by code: :data:`LANGUAGES`, and the look-ups built on it.

Language detection weighs the words of every language here, the command line's ``--lang`` offers
exactly these codes, and :func:`vocabulary` and :func:`words_for` find a language's tables here. A
new language is a module like :mod:`adjudicator.lang.de` plus one entry below (and the map's
names in that language).

>>> sorted(LANGUAGES)
['de', 'en']
>>> words_for("de").notes_header
'Anmerkungen:'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from adjudicator.base.errors import InputError
from adjudicator.lang import de, en
from adjudicator.lang.fold import DEFAULT_LANGUAGE
from adjudicator.lang.language import Language
from adjudicator.lang.vocabulary import Vocabulary
from adjudicator.lang.words import CommandWords, Words

LANGUAGES: Mapping[str, Language] = MappingProxyType(
    {language.code: language for language in (en.LANGUAGE, de.LANGUAGE)}
)
"""Language code -> the language; the default language first."""


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


def command_words(code: str | None) -> CommandWords:
    """The command line's words in ``code``; English when the language has no tables yet."""
    return LANGUAGES.get(code or DEFAULT_LANGUAGE, LANGUAGES[DEFAULT_LANGUAGE]).command
