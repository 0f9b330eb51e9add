"""A map's own rules: its first phase (``first_phase:``) and its rule words (``rules:``).

A rule word names a rule of the variant, never of an engine, so a map states it once and every
game on the map follows it:

- ``build_any``: builds on any owned supply centre (DPjudge's ``BUILD_ANY``); it is the default
  of the rules option ``builds`` (``map`` means "as the map says"), which ``--rules
  builds=home`` may still override. :func:`build_rule` answers which applies.
- ``mobilize``: DPjudge's ``MOBILIZE``: the game begins in an adjustment phase with no units,
  and each power makes one build there on any of its home centres, which it then owns. The
  first phase and the empty board are stated by ``first_phase:`` and empty ``start:`` lists
  (the loader insists on both); the word adds only what those cannot say: the one build of a
  power that owns no centre yet (:func:`mobilizing`).

``docs/maps.md`` and ``docs/rules.md`` document both words.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from adjudicator.base.model import Phase, PhaseType, Season
from adjudicator.base.rules import Builds, Rules

__all__ = ["DEFAULT_FIRST_PHASE", "MapRule", "build_rule", "mobilizing"]

DEFAULT_FIRST_PHASE = Phase(Season.SPRING, 1901, PhaseType.MOVEMENT)
"""The phase a map begins in unless its ``first_phase:`` says otherwise."""


class MapRule(StrEnum):
    """The rule words a map file may list under ``rules:``."""

    BUILD_ANY = "build_any"
    """Builds on any owned supply centre, not only on home centres (the default of the rules
    option ``builds``)."""
    MOBILIZE = "mobilize"
    """The game begins with no units in an adjustment phase, where each power builds one unit on
    any of its home centres and owns that centre from then on."""


class _HasRules(Protocol):
    """What :func:`build_rule` and :func:`mobilizing` read of a map (a ``GameMap``)."""

    @property
    def rules(self) -> frozenset[MapRule]: ...
    @property
    def first_phase(self) -> Phase: ...


def build_rule(game_map: _HasRules, rules: Rules) -> Builds:
    """Where powers build on ``game_map`` under ``rules``: the option when it is chosen
    explicitly, else the map's word (``build_any``), else home centres.

    >>> from adjudicator.board.load import load_map
    >>> build_rule(load_map("standard"), Rules())
    <Builds.HOME: 'home'>
    >>> build_rule(load_map("standard"), Rules(builds="any-owned"))
    <Builds.ANY_OWNED: 'any-owned'>
    """
    if rules.builds is not Builds.MAP:
        return rules.builds
    return Builds.ANY_OWNED if MapRule.BUILD_ANY in game_map.rules else Builds.HOME


def mobilizing(game_map: _HasRules, phase: Phase) -> bool:
    """Whether ``phase`` is the mobilisation of a ``mobilize`` map: its first phase, where each
    power may build one unit more than its centres give, on a home centre nobody owns."""
    return MapRule.MOBILIZE in game_map.rules and phase == game_map.first_phase
