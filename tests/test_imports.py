"""What ``import adjudicator`` loads: the core only; the parser, reports and suites on first use.

Each check runs in a fresh interpreter, since this test process has long imported everything.
No timing here (``benchmarks/bench_import.py`` measures it): only which modules are loaded.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import adjudicator

DEFERRED = ("lark", "networkx", "adjudicator.orders", "adjudicator.report", "adjudicator.suites")
"""Module families that ``import adjudicator`` must not load (a name with its submodules)."""


def _loaded_after(*statements: str) -> list[list[str]]:
    """The ``DEFERRED`` families in ``sys.modules`` after each statement, in one fresh process."""
    probe = [
        "import json, sys",
        f"deferred = {list(DEFERRED)!r}",
        "seen = []",
        *(
            f"{statement}\nseen.append([d for d in deferred if any("
            "m == d or m.startswith(d + '.') for m in sys.modules)])"
            for statement in statements
        ),
        "print(json.dumps(seen))",
    ]
    done = subprocess.run(
        [sys.executable, "-c", "\n".join(probe)], capture_output=True, text=True, check=True
    )
    loaded: list[list[str]] = json.loads(done.stdout)
    return loaded


def test_import_loads_the_core_only() -> None:
    (loaded,) = _loaded_after("import adjudicator")
    assert loaded == []


def test_the_core_works_without_the_deferred_modules() -> None:
    loaded = _loaded_after(
        "import adjudicator",
        "m = adjudicator.load_map('standard')",
        "adjudicator.adjudicate(adjudicator.Position.initial(m), {}, game_map=m)",
    )
    assert loaded == [[], [], []]


def test_a_deferred_name_loads_its_module_on_first_use() -> None:
    loaded = _loaded_after(
        "import adjudicator",
        "adjudicator.parse_orders",
        "from adjudicator import render_report",
        "from adjudicator import run_paths",
    )
    assert loaded[0] == []
    assert set(loaded[1]) == {"lark", "adjudicator.orders"}
    assert "adjudicator.report" in loaded[2]
    assert "adjudicator.suites" in loaded[3]
    assert "networkx" not in loaded[3]


def test_the_command_line_module_loads_the_core_only() -> None:
    (loaded,) = _loaded_after("import adjudicator.cli.main")
    assert loaded == []


@pytest.mark.parametrize("name", adjudicator.__all__)
def test_every_public_name_resolves(name: str) -> None:
    assert getattr(adjudicator, name) is not None
    assert name in dir(adjudicator)


def test_a_lazy_name_is_the_defining_modules_object() -> None:
    from adjudicator.orders.read import parse_orders
    from adjudicator.suites.load import load_cases

    assert adjudicator.parse_orders is parse_orders
    assert adjudicator.load_cases is load_cases


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'parse_everything'"):
        _ = adjudicator.parse_everything  # type: ignore[attr-defined]
    assert not hasattr(adjudicator, "Lark")


def test_star_import_gives_every_public_name() -> None:
    namespace: dict[str, object] = {}
    exec("from adjudicator import *", namespace)
    assert set(adjudicator.__all__) <= set(namespace)
