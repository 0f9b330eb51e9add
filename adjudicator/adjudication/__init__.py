"""The pure adjudication core (layer 4): a position and orders in, an adjudication out.

No I/O. Imports the layers below; a sibling of :mod:`adjudicator.orders`.

- ``engine``: :func:`~adjudicator.adjudication.engine.adjudicate`, the entry point for a phase of
  any type.
- ``legality/``: which orders could be valid in a position, with a stable code for each that
  cannot.
- ``movement/``: the movement phase, in three stages (index, equations, results).
- ``resolver``: Kruijswijk's guess algorithm, generic over the decisions it resolves.
- ``retreats``: the retreat phase.
- ``adjustments``: builds, removals and waives; ``civil_disorder``: removals for a power that
  ordered too few.
- ``phases``: which phase follows, centre ownership after a Fall, victory.
"""
