"""The board (layer 2): maps as checked data, and the questions asked of their graph.

Imports :mod:`adjudicator.base` and :mod:`adjudicator.lang`.

- ``map``: :class:`~adjudicator.board.map.GameMap` (provinces, coasts, adjacency, powers, names
  in each language).
- ``load``: reading a map file in stages, each problem with its key path, line and column;
  :func:`~adjudicator.board.load.load_map` and :func:`~adjudicator.board.load.available_maps`.
- ``tables``: plain lookup tables of a map for the hot paths of legality and adjudication.
- ``convoys``: convoy routes over the map's seas.
"""
