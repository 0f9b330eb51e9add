"""Legality: which orders could be valid in a position, before any other order is known.

- ``check``: :func:`~adjudicator.adjudication.legality.check.check_orders` and
  :func:`~adjudicator.adjudication.legality.check.legal_orders`, the one loop that keeps one legal
  order per unit (the movement intake indexes each order as it keeps it), and the ``Checker``
  that decides each order.
- ``codes``: :class:`~adjudicator.adjudication.legality.codes.IllegalCode`, the stable codes of
  illegal orders (``docs/illegal-orders.md``).
- ``shortcuts``: quick verdicts for the commonest legal orders ("legal, normalised as ..." or
  "don't know": the general checks decide), and ``shortcuts_allowed``, the one place that decides
  from the rules options (``OPTION_EFFECTS``) whether they may run.
- ``movement``, ``retreats``, ``adjustments``: the general checks of each phase's orders.
- ``coasts``: coasts an order gets wrong, under the strict choices of DATC 4.B.5 and 4.B.6.
"""
