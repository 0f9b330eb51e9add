"""The keys of the short messages of order results (``bounced with A MUN - BUR``):
:class:`MessageKey`, the keys of each language's ``Words.messages``.

Apart from :mod:`adjudicator.lang.words` because the core imports it (an
:class:`~adjudicator.state.outcomes.OrderResult` picks its message by key), and the word tables'
classes would make ``import adjudicator`` slower for nothing.
"""

from __future__ import annotations

from enum import StrEnum


class MessageKey(StrEnum):
    """The short diagnostics of order results, keys of
    :attr:`~adjudicator.lang.words.Words.messages`: the English ones are ``OrderResult.message``,
    and the JSON/YAML report's ``message`` is the one of its language.

    Which one a result has follows from its facts (outcome, reason, cause, detail); results whose
    outcome and reason say it all (a success, a bounce with no rival) have none.
    """

    # ---------------------------------------------------------------- movement
    BOUNCED_WITH = "bounced_with"
    """A bounce, ``{cause}`` the rival move or the unit that stayed."""
    LOST_HEAD_TO_HEAD = "lost_head_to_head"
    """``{cause}`` is the move the other way."""
    OWN_UNIT = "own_unit"
    """A move stopped so as not to dislodge its power's own unit; ``{cause}`` is that unit's
    order."""
    DISLODGED_BY = "dislodged_by"
    CUT_BY = "cut_by"
    VOID_ORDERED = "void_ordered"
    """A void support or convoy; ``{cause}`` is what the unit was ordered instead."""
    VOID_NO_UNIT = "void_no_unit"
    NO_CONVOY_ROUTE = "no_convoy_route"
    CONVOY_DISRUPTED_BY = "convoy_disrupted_by"
    """``{fleet}`` is the lost convoying fleet's order, ``{cause}`` the attack that dislodged it."""
    CONVOY_DISRUPTED = "convoy_disrupted"
    CONVOY_FAILED = "convoy_failed"
    """The convoying fleet's own order, when the convoy was disrupted."""
    CONVOY_PARADOX = "convoy_paradox"
    """A convoyed move the paradox rule made fail."""
    CONVOY_PARADOX_RULE = "convoy_paradox_rule"
    """A support or convoy the paradox ``{rule}`` made fail."""
    NO_ORDER_DISLODGED = "no_order_dislodged"
    # ---------------------------------------------------------------- retreats
    DISBANDED = "disbanded"
    """A dislodged unit disbanded by its own order."""
    RETREAT_BOUNCED_WITH = "retreat_bounced_with"
    """A retreat collision; ``{cause}`` is the other retreat."""
    NO_ORDER_DISBANDED = "no_order_disbanded"
    NO_RETREAT_DISBANDED = "no_retreat_disbanded"
    # ---------------------------------------------------------------- adjustments
    ALREADY_REMOVED = "already_removed"
    CIVIL_DISORDER = "civil_disorder"
    NOT_AN_ADJUSTMENT = "not_an_adjustment"
    NO_BUILDS = "no_builds"
    SITE_TAKEN = "site_taken"
    ONLY_BUILD = "only_build"
    """``{power}`` may build ``{count}`` (one) unit and ordered more."""
    ONLY_BUILDS = "only_builds"
    NO_BUILD_TO_WAIVE = "no_build_to_waive"
    NO_REMOVALS = "no_removals"
    ONLY_REMOVAL = "only_removal"
    """``{power}`` owes ``{count}`` (one) removal and ordered more."""
    ONLY_REMOVALS = "only_removals"
