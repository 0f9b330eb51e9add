"""Positions and outcomes (layer 3): the state of a game, and what a phase did to it.

Imports the layers below (base, lang, board).

- ``position``: :class:`~adjudicator.state.position.Position` (phase, units, dislodged units,
  standoffs, centres) and its YAML/JSON files.
- ``plain``: position data as ``Position.to_dict`` writes it, read with one look-up per name
  (what each name means, remembered per map); anything else is left to the full reader of
  ``position``.
- ``outcomes``: :class:`~adjudicator.state.outcomes.Adjudication`, every order's
  :class:`~adjudicator.state.outcomes.OrderResult` with its
  :class:`~adjudicator.state.outcomes.Outcome`, :class:`~adjudicator.state.outcomes.Reason` and
  :data:`~adjudicator.state.outcomes.Detail` (a refusal, a disband, a lost convoy, the paradox
  rule, the legality check's diagnosis), and the typed notes about a phase
  (:data:`~adjudicator.state.outcomes.Note`). Results are facts: their short message is worded
  on demand, in English by default, with the words of :mod:`adjudicator.lang`.
"""
