"""Every case file under ``test_cases/`` as parametrised tests: one test per case, id = case id.

``pytest -k 6.E`` selects a section; one failing case never hides the others. A failing case
prints its orders, the expected and actual outcomes, the positions and the differences (and the
adjudicator's DEBUG log, which pytest shows for failing tests).
"""

from __future__ import annotations

import functools
import logging
from pathlib import Path

import pytest

from adjudicator.base.errors import InputError
from adjudicator.suites.load import case_files, load_cases
from adjudicator.suites.model import Case, CaseStatus
from adjudicator.suites.run import run_case

TEST_CASES = Path(__file__).resolve().parents[2] / "test_cases"


@functools.cache
def _loaded() -> tuple[tuple[Path, list[Case] | InputError], ...]:
    """Every case file's cases, or why it does not load, read once per test process."""
    loaded: list[tuple[Path, list[Case] | InputError]] = []
    for path in case_files([TEST_CASES]):
        try:
            # Orders are parsed when each case runs, so one unreadable order fails one case.
            loaded.append((path, load_cases(path, parse_orders=False)))
        except InputError as exc:
            loaded.append((path, exc))
    return tuple(loaded)


def _collect() -> list[object]:
    """One param per case; a file that does not load becomes one failing param, so it neither
    breaks collection nor hides the other files."""
    params: list[object] = []
    for path, cases in _loaded():
        if isinstance(cases, InputError):
            params.append(pytest.param(cases, id=f"load:{path.name}"))
            continue
        params.extend(pytest.param(case, id=case.id) for case in cases)
    return params


@pytest.mark.parametrize("case", _collect())
def test_case(case: Case | InputError, caplog: pytest.LogCaptureFixture) -> None:
    if isinstance(case, InputError):
        pytest.fail(f"case file does not load:\n{case}", pytrace=False)
    if case.skip is not None:
        pytest.skip(case.skip)
    caplog.set_level(logging.DEBUG, logger="adjudicator")
    outcome = run_case(case, catch=False)
    if outcome.status is CaseStatus.XFAILED:
        pytest.xfail(f"{case.xfail}\n{outcome.explain()}")
    if outcome.status is CaseStatus.FAILED:
        pytest.fail(outcome.explain(), pytrace=False)


def test_case_ids_are_unique() -> None:
    """pytest would silently suffix repeated ids; a repeated id is a copy-paste slip."""
    seen: dict[str, str] = {}
    repeated = []
    for _, cases in _loaded():
        for case in [] if isinstance(cases, InputError) else cases:
            if case.id in seen:
                repeated.append(f"{case.id}: {seen[case.id]} and {case.where}")
            seen[case.id] = case.where
    assert not repeated, "\n".join(repeated)
