"""Reports (layer 5): an adjudication put into words, in each language and format.

Imports the layers below; a sibling of :mod:`adjudicator.suites`.

- ``render``: :func:`~adjudicator.report.render.render_report` and ``FORMATS``, the table of
  output formats that the command line's ``--format`` reads.
- ``facts``: the facts of a report in one language's words, before any layout.
- ``explain``: one order's line: its notes and the sentences that explain its fate.
- ``names``: naming powers, provinces, units and orders in a report.
- ``text``: the text layout judges mail out.
- ``illegal``: illegal orders as diagnostics where they were written (``check`` and the judge).
"""
