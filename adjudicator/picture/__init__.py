"""The board drawn (layer 5, beside ``report`` and ``suites``): a position, its orders and their
outcomes as an SVG picture, and as PNG with the optional extra.

Imports the core's values (``base``, ``state``), the map and its drawing (``board``), the words
of each language (``lang``) and the phase names of the order language (``orders``); the judge
and the command line use it. It reads and writes no file.

- ``render``: :func:`~adjudicator.picture.render.render`, the picture of a position with its
  orders and their outcomes (or of the position a phase led to): the provinces, centres,
  labels, standoffs and units.
- ``marks``: the orders' marks (arrows, lines, rings, crosses), a failed one faded and crossed.
- ``legend``: the title, the key of the marks and each power's colour and centres.
- ``geometry``: what the renderer needs of a map's drawing (``Board``), and the plane geometry
  of its marks (arrows shortened and moved aside, arrowheads, crosses).
- ``palette``: the powers' colours (the map's, or a colour-blind-safe palette), the land's and
  the sea's.
- ``svg``: the few SVG pieces the picture is written with, escaped.
- ``png``: the picture as PNG, through ``resvg-py`` (``pip install 'adjudicator[png]'``).
"""
