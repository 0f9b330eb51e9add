"""The compiled core gives byte-identical adjudications to the pure one (issue 22).

Runs :mod:`tests.adjudication.core_fingerprints` in two fresh interpreters, one on the compiled
core and one with ``ADJUDICATOR_PURE=1``, and compares every fingerprint: the cases under
``test_cases/``, the recorded package phases and the 40 games' phases (when ``../shared`` is
there), under the default rules and every preset. Skipped where no compiled core is built
(a plain install), unless ``ADJUDICATOR_EXPECT_COMPILED`` is set (``.ci/run`` sets it after
building the compiled core, so that a failed build cannot pass as a skip).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.base.core import PURE_VARIABLE, compiled_files

ROOT = Path(__file__).resolve().parents[2]


def _fingerprints(pure: bool) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != PURE_VARIABLE}
    env["PYTHONHASHSEED"] = "0"  # a repr lists frozensets in hash order
    if pure:
        env[PURE_VARIABLE] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "tests.adjudication.core_fingerprints"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


@pytest.mark.thorough
def test_the_compiled_core_adjudicates_as_the_pure_one() -> None:
    if not compiled_files():
        if os.environ.get("ADJUDICATOR_EXPECT_COMPILED"):
            pytest.fail("no compiled core here, though ADJUDICATOR_EXPECT_COMPILED is set")
        pytest.skip("no compiled core built (python -m tools.build_core)")
    compiled, pure = _fingerprints(pure=False), _fingerprints(pure=True)
    assert compiled[-1] == "core compiled", "the compiled core did not run (a stale build?)"
    assert pure[-1] == "core pure"
    assert len(compiled) == len(pure)
    pairs = zip(compiled[:-1], pure[:-1], strict=True)
    differing = [c.partition("\t")[0] for c, p in pairs if c != p]
    assert differing == [], f"{len(differing)} adjudications differ, first {differing[:10]}"
    assert len(compiled) > 2000  # the cases at least
