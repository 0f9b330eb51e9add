"""Suites and records (layer 5): DATC-style case files, the jDip format, and saved games.

Imports the layers below; a sibling of :mod:`adjudicator.report`.

A case file (``test_cases/**/*.yaml``; the format is ``docs/case-format.md``) holds cases, each a
starting position, the orders of one phase (or several ``steps:``) and the expected outcome: every
order's result, the units after the phase, the dislodged units, and optionally the standoffs,
the supply-centre ownership and the next phase. jDip/godip DATC text files (``.txt``) load into
the same values. The loader is strict: an unknown key, a misspelt province, an unknown power or a
``results`` key that is not one of the case's orders is a ``CaseFileError`` naming file, line and
column.

- ``model``: the values (cases, steps, expectations).
- ``load`` and ``nodes``: the strict YAML loader (units and places are read through the map);
  ``names``: did-you-mean for the key words of case files.
- ``jdip`` and ``jdip_orders``: the jDip DATC text format.
- ``run``: running cases through the adjudicator (the adjudicating function is a parameter, so
  the comparison can be tested on its own).
- ``compare``: how a run differs from what its case expects, and the account of a failing case.
- ``replay``: replaying saved games (the ``diplomacy`` package's JSON) phase by phase.

>>> from adjudicator.suites.load import loads_cases
>>> cases = loads_cases('''
... cases:
...   - id: demo
...     units: {England: [F NTH]}
...     orders: {England: [F NTH H]}
...     expect: {units: {England: [F NTH]}}
... ''', "<demo>", parse_orders=False)
>>> cases[0].id, str(cases[0].position.units[0])
('demo', 'F NTH')
"""
