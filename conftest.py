"""Collection for the whole checkout (the README's ``pytest`` collects ``tests`` and, for their
doctests, the package's modules)."""

from __future__ import annotations

from adjudicator.adjudication import engine
from adjudicator.base.core import is_compiled

# Under the compiled core (docs/compiled-core.md) the modules of adjudicator/adjudication are
# extension modules, so their .py files cannot be imported for their doctests: those run on the
# pure core (the first half of .ci/run, or ADJUDICATOR_PURE=1).
collect_ignore_glob = ["adjudicator/adjudication/*"] if is_compiled(engine) else []
