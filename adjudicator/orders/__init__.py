"""The order language (layer 4): order text in, typed orders or exact diagnostics out.

Imports the layers below; a sibling of :mod:`adjudicator.adjudication` (neither imports the other).
The grammar is ``grammar/orders.lark``; the words come from :mod:`adjudicator.lang`, the names
from the map.

- ``read``: :func:`~adjudicator.orders.read.parse_orders` and
  :func:`~adjudicator.orders.read.parse_order`: lines, headers, labels, comments, and the
  token-by-token drive of the grammar's LALR tables.
- ``fast``: canonical lines (``str(order)``) read without the grammar, and the bounded memo of
  what a line means; both change the speed, never a result.
- ``forms``: forms around an order that the grammar reads once a few tokens are moved: a
  relative clause after a comma, a power between dashes, a power's letter before a unit.
- ``syntax``: the shapes the grammar's rules produce, before any name means a place.
- ``resolve``: from written shapes to orders: names, coasts, unit types from the position.
- ``phase_line``: which language a file is written in and which phase its phase line names.
- ``write``: the short form of an order in a given language, and the long form in sentences
  (:func:`~adjudicator.orders.write.format_order_long`).
"""
