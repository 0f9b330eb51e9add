"""Legality: which orders could be valid in a position, before any other order is known.

- ``check``: :func:`~adjudicator.adjudication.legality.check.check_orders`, the one place that
  keeps one legal order per unit, and the ``Checker`` that decides each order.
- ``codes``: :class:`~adjudicator.adjudication.legality.codes.IllegalCode`, the stable codes of
  illegal orders (``docs/illegal-orders.md``).
- ``shortcuts``: quick verdicts for the commonest legal orders; anything they do not recognise
  goes to the general checks.
- ``movement``, ``retreats``, ``adjustments``: the general checks of each phase's orders.
- ``coasts``: coasts an order gets wrong, under the strict choices of DATC 4.B.5 and 4.B.6.
"""
