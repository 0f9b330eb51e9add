"""Reading a map file's ``first_phase:`` and ``rules:`` keys (:mod:`adjudicator.board.map_rules`
says what they mean); every problem goes to the loader's :class:`Problems`, with its line and
column, so a map with an unknown word is refused whole, never half read."""

from __future__ import annotations

import difflib
from collections.abc import Mapping

from adjudicator.base.errors import InputError
from adjudicator.base.model import Phase, PhaseType
from adjudicator.base.sources import Problems
from adjudicator.board.map import Power
from adjudicator.board.map_rules import DEFAULT_FIRST_PHASE, MapRule

__all__ = ["check_map_rules", "read_first_phase", "read_rule_words"]

_KNOWN = ", ".join(word.value for word in MapRule)


def read_first_phase(raw: object, problems: Problems) -> Phase:
    """The phase ``first_phase:`` names (``W1898A``), S1901M without one."""
    if raw is None:
        return DEFAULT_FIRST_PHASE
    if not isinstance(raw, str):
        problems.add(("first_phase",), f"must be a phase code like 'W1898A', not {raw!r}", "phase")
        return DEFAULT_FIRST_PHASE
    try:
        return Phase.parse(raw)
    except (ValueError, InputError) as exc:
        message = exc.diagnostics[0].message if isinstance(exc, InputError) else str(exc)
        problems.add(("first_phase",), message, "phase")
        return DEFAULT_FIRST_PHASE


def read_rule_words(raw: object, problems: Problems) -> frozenset[MapRule]:
    """The words ``rules:`` lists; each unknown word is a problem at its own line and column,
    naming the words there are."""
    if raw is None:
        return frozenset()
    if not isinstance(raw, list):
        problems.add(("rules",), f"must be a list of rule words, like [{_KNOWN}]", "map-shape")
        return frozenset()
    words: set[MapRule] = set()
    for index, item in enumerate(raw):
        text = str(item).strip() if isinstance(item, str | int) else repr(item)
        try:
            word = MapRule(text)
        except ValueError:
            close = difflib.get_close_matches(text.lower(), [w.value for w in MapRule], n=1)
            problems.add(
                ("rules", index),
                f"unknown rule word {text!r}; the words are {_KNOWN}",
                "unknown-rule",
                hint=f"did you mean {close[0]!r}?" if close else None,
            )
            continue
        if word in words:
            problems.add(("rules", index), f"the word {text!r} is listed twice", "duplicate-key")
        words.add(word)
    return frozenset(words)


def check_map_rules(
    words: frozenset[MapRule],
    first_phase: Phase,
    powers: Mapping[str, Power],
    problems: Problems,
) -> None:
    """What a word asks of the rest of the file: ``mobilize`` begins in an adjustment phase with
    no units, which ``first_phase:`` and the powers' ``start:`` must say."""
    if MapRule.MOBILIZE not in words:
        return
    if first_phase.type is not PhaseType.ADJUSTMENT:
        problems.add(
            ("first_phase",) if first_phase != DEFAULT_FIRST_PHASE else ("rules",),
            f"the rule word 'mobilize' begins the game with builds, so the first phase must be "
            f"an adjustment phase, not {first_phase}",
            "mobilize",
            hint=f"write first_phase: W{first_phase.year - 1}A",
        )
    for name, power in powers.items():
        if power.start:
            problems.add(
                ("powers", name, "start"),
                "the rule word 'mobilize' begins the game with no units; write start: []",
                "mobilize",
            )
