"""Positions and outcomes (layer 3): the state of a game, and what a phase did to it.

Imports the layers below (base, lang, board).

- ``position``: :class:`~adjudicator.state.position.Position` (phase, units, dislodged units,
  standoffs, centres) and its YAML/JSON files.
- ``outcomes``: :class:`~adjudicator.state.outcomes.Adjudication`, every order's
  :class:`~adjudicator.state.outcomes.OrderResult` with its
  :class:`~adjudicator.state.outcomes.Outcome` and :class:`~adjudicator.state.outcomes.Reason`.
"""
