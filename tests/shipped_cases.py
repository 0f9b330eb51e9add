"""The DATC case files under ``test_cases/datc/``, read once per test process: the German
reader's, the reports' and the German reports' tests all walk every case (the case reader's own
tests read the files themselves)."""

from __future__ import annotations

import functools
from pathlib import Path

from adjudicator.suites.load import load_cases
from adjudicator.suites.model import Case

DATC = Path(__file__).resolve().parents[1] / "test_cases" / "datc"


@functools.cache
def datc_cases() -> tuple[Case, ...]:
    """Every DATC case, skipped ones included, in file and case order (orders parsed)."""
    return tuple(case for path in sorted(DATC.glob("*.yaml")) for case in load_cases(path))


def datc_case(case_id: str) -> Case:
    """The DATC case ``case_id`` (``6.C.1``)."""
    for case in datc_cases():
        if case.id == case_id:
            return case
    raise LookupError(case_id)
