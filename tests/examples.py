"""How many examples a property test draws.

The README's ``pytest`` runs every Hypothesis property on a third of its examples (at least ten):
each property still runs on every test run, and the run stays under a minute on two CPUs while
the suite grows. ``.ci/run`` runs the properties a second time with their full count
(``ADJUDICATOR_EXAMPLES=full pytest -m property``; ``tests/conftest.py`` marks them), so a
submission is checked on every example the tests ask for.
"""

from __future__ import annotations

import os

FULL = os.environ.get("ADJUDICATOR_EXAMPLES") == "full"
"""Draw each property's full count of examples (``.ci/run``'s second pass)."""


def examples(full: int) -> int:
    """The examples to draw for a property written for ``full`` of them."""
    return full if FULL else max(10, full // 3)
