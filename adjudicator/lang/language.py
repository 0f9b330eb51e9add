"""One language's words in one value: :class:`Language`, the bundle each language module
(:mod:`adjudicator.lang.en`, :mod:`adjudicator.lang.de`) defines."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.lang.judge_words import JudgeWords
from adjudicator.lang.long_form import LongForm
from adjudicator.lang.picture_words import PictureWords
from adjudicator.lang.vocabulary import Vocabulary
from adjudicator.lang.web_words import WebWords
from adjudicator.lang.words import CommandWords, Words


@dataclass(frozen=True, slots=True)
class Language:
    """Everything one language reads and writes: order words, report words, command-line
    words. Province, coast and power names are not here: they are the map's, per language."""

    code: str
    """The language code (``en``, ``de``) of ``--lang`` and of the map's names."""
    vocabulary: Vocabulary
    """The words of the order language and the parser's messages."""
    words: Words
    """The words of the results report."""
    command: CommandWords
    """The command line's own words."""
    detected: bool = True
    """Whether language detection weighs this language; an opt-in name set of another
    language (``de-dpjudge``, German words with DPjudge's abbreviations) is only ever chosen
    with ``--lang``."""
    long_form: LongForm | None = None
    """How the language writes orders in full sentences, if it does
    (:func:`~adjudicator.orders.write.format_order_long`)."""
    judge: JudgeWords | None = None
    """The play-by-email judge's sentences and command words, if the judge speaks the
    language."""
    picture: PictureWords | None = None
    """The board picture's title and legend, if the picture speaks the language."""
    web: WebWords | None = None
    """The judge's web pages' headings, labels and buttons, if the pages speak the language."""

    def __post_init__(self) -> None:
        if not self.code == self.vocabulary.lang == self.words.lang:
            raise ValueError(
                f"language {self.code!r} bundles the tables of {self.vocabulary.lang!r} and "
                f"{self.words.lang!r}"
            )
