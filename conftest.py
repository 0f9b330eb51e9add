"""Collection for the whole checkout (the README's ``pytest`` collects ``tests`` and, for their
doctests, the package's modules)."""

from __future__ import annotations

import sys

from adjudicator.adjudication import engine
from adjudicator.base.core import COMPILED, is_compiled

# Under the compiled core (docs/compiled-core.md) its modules are extension modules, so their .py
# files cannot be imported for their doctests: those run on the pure core (the first half of
# .ci/run, or ADJUDICATOR_PURE=1).
collect_ignore_glob = (
    [f"adjudicator/{entry}" + ("/*" if not entry.endswith(".py") else "") for entry in COMPILED]
    if is_compiled(engine)
    else []
)


def _rewrite_only_our_tests() -> None:
    """pytest rewrites the asserts of every module of a plugin's distribution (hypothesis, anyio,
    xdist: over a hundred modules) as they are imported, from source on every run when bytecode
    is not written (PYTHONDONTWRITEBYTECODE), which cost each xdist worker seconds of its
    collection. Their asserts are not ours to explain: only the tests' modules are rewritten.
    Nothing happens where pytest's hook has another shape."""
    from _pytest.assertion.rewrite import AssertionRewritingHook

    for hook in sys.meta_path:
        marked = getattr(hook, "_must_rewrite", None)
        cache = getattr(hook, "_marked_for_rewrite_cache", None)
        if isinstance(hook, AssertionRewritingHook) and isinstance(marked, set):
            marked.difference_update(PLUGIN_PACKAGES)
            if isinstance(cache, dict):
                cache.clear()


PLUGIN_PACKAGES = frozenset({"hypothesis", "anyio", "xdist"})
_rewrite_only_our_tests()
