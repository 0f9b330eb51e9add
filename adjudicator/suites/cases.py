"""DATC-style case files: load them strictly, run them, and say how the result differs.

A case file (``test_cases/**/*.yaml``; the format is ``docs/case-format.md``) holds cases, each a
starting position, the orders of one phase (or several ``steps:``) and the expected outcome: every
order's result, the units after the phase, the dislodged units, and optionally the standoffs,
the supply-centre ownership and the next phase. jDip/godip DATC text files (``.txt``) load
through :mod:`adjudicator.suites.jdip` into the same :class:`Case` values.

The loader is strict: an unknown key, a misspelt province, an unknown power or a ``results`` key
that is not one of the case's orders is a :class:`CaseFileError` naming file, line and column.
Running is pure apart from the map loader: :func:`run_case` takes the adjudicating function as a
parameter (default :func:`adjudicator.adjudication.engine.adjudicate`), so the comparison logic can
be tested on its own.

The pieces: :mod:`adjudicator.suites.model` (the values), :mod:`adjudicator.suites.load` and
:mod:`adjudicator.suites.nodes` (the strict YAML loader), :mod:`adjudicator.suites.jdip` (the jDip
format), :mod:`adjudicator.suites.run` (running), :mod:`adjudicator.suites.compare` (comparing and
explaining) and :mod:`adjudicator.case_engine` (finding the parser and the adjudicator). This
module re-exports their public names.

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

from __future__ import annotations

from adjudicator.suites.compare import compare_step
from adjudicator.suites.load import case_files, file_kind, load_cases, loads_cases
from adjudicator.suites.model import (
    CASES_KIND,
    Case,
    CaseOrder,
    CaseOutcome,
    CaseReport,
    CaseStatus,
    Expectation,
    ExpectedDislodgement,
    ExpectedResult,
    Step,
)
from adjudicator.suites.run import run_case, run_cases, run_paths

__all__ = [
    "CASES_KIND",
    "Case",
    "CaseOrder",
    "CaseOutcome",
    "CaseReport",
    "CaseStatus",
    "Expectation",
    "ExpectedDislodgement",
    "ExpectedResult",
    "Step",
    "case_files",
    "compare_step",
    "file_kind",
    "load_cases",
    "loads_cases",
    "run_case",
    "run_cases",
    "run_paths",
]
