"""The board (layer 2): maps as checked data, and the questions asked of their graph.

Imports :mod:`adjudicator.base` and :mod:`adjudicator.lang`.

- ``map``: :class:`~adjudicator.board.map.GameMap` (provinces, coasts, adjacency, powers, names
  in each language), and the one reader of units and places written by hand
  (:meth:`~adjudicator.board.map.GameMap.read_unit`, ``read_location``, ``read_province``), whose
  problems are :class:`~adjudicator.board.map.PlaceProblem` values.
- ``load``: reading a map file in stages, each problem with its key path, line and column;
  :func:`~adjudicator.board.load.load_map` and :func:`~adjudicator.board.load.available_maps`.
- ``map_rules``: a map's own rules: its first phase and its rule words
  (:class:`~adjudicator.board.map_rules.MapRule`: ``build_any``, ``mobilize``), and
  :func:`~adjudicator.board.map_rules.build_rule`, where powers build under a map and rules.
- ``map_options``: reading ``first_phase:`` and ``rules:`` from a map file, with the checks a
  word asks of the rest of the file.
- ``per_map``: :class:`~adjudicator.board.per_map.PerMap`, what is derived from a map once and
  kept while the map lives.
- ``tables``: plain lookup tables of a map for the hot paths of legality and adjudication.
- ``graph``: the graph queries (breadth-first distances, reachability, two node-disjoint paths)
  that the map, the convoy rules and civil disorder ask; plain functions over a ``neighbours``
  function, with no third-party graph library.
- ``convoys``: convoy routes over the map's seas.
- ``topology``: the whole-graph questions of ``maps validate`` (land masses and waters, provinces
  no unit can enter, islands no fleet reaches, armies that can never leave), answered with
  networkx, imported only when asked.
- ``drawing``: the drawing shipped beside a map (``maps/<name>.drawing.json``, made by
  ``python -m tools.drawmap``) read into frozen values for a renderer: each province's outline as
  SVG path data and its anchors (unit, dislodged unit, label, supply centre, each coast);
  :func:`~adjudicator.board.drawing.load_drawing`. No geometry library.
"""
