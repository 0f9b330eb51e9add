"""The language registry: one module per language, each with every table complete."""

from __future__ import annotations

import dataclasses
import string

import pytest

from adjudicator.base.errors import InputError
from adjudicator.lang import de, en
from adjudicator.lang.language import Language
from adjudicator.lang.languages import LANGUAGES, command_words, language, vocabulary, words_for


def test_registry_holds_each_language_module() -> None:
    assert dict(LANGUAGES) == {"en": en.LANGUAGE, "de": de.LANGUAGE, "de-dpjudge": de.DPJUDGE}
    assert next(iter(LANGUAGES)) == "en"  # the default language first
    # DPjudge's German abbreviations: German words, opt-in only (never detected)
    assert [code for code, lang in LANGUAGES.items() if not lang.detected] == ["de-dpjudge"]
    assert de.DPJUDGE.vocabulary.spellings == de.VOCABULARY.spellings
    for code, lang in LANGUAGES.items():
        assert code == lang.code == lang.vocabulary.lang == lang.words.lang


def test_look_ups() -> None:
    assert vocabulary(None) is en.VOCABULARY
    assert vocabulary("de") is de.VOCABULARY
    assert words_for("de") is de.WORDS
    assert words_for("xx") is words_for(None) is en.WORDS
    assert command_words("de") is de.COMMAND
    assert command_words("xx") is en.COMMAND
    with pytest.raises(InputError, match="no order vocabulary for language 'xx'; known"):
        language("xx")


def test_a_language_bundles_its_own_tables() -> None:
    with pytest.raises(ValueError, match="bundles the tables of 'de'"):
        Language("en", de.VOCABULARY, en.WORDS, en.COMMAND)
    with pytest.raises(dataclasses.FrozenInstanceError):
        en.LANGUAGE.code = "xx"  # type: ignore[misc]


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_language_has_every_message_and_command_word(code: str) -> None:
    lang = LANGUAGES[code]
    assert set(lang.vocabulary.messages) == set(en.VOCABULARY.messages)
    assert set(lang.command.problem_noun) == {False, True}
    fields = {f for _, f, _, _ in string.Formatter().parse(lang.command.check_summary) if f}
    assert fields == {"path", "orders", "problems", "noun"}
