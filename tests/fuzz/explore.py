"""How the fuzz targets run, and the hostile values and mutations they share.

Each target runs twice over: a quick pass with a few dozen examples in every test run (a third of
them in the README's run, all of them in ``.ci/run``'s property pass: ``tests/examples.py``; CI
fixes the seed: ``tests/conftest.py`` loads a derandomized profile when ``CI`` is set), and an
exploring pass with many more behind the ``slow`` marker, which pyproject deselects by default
(``pytest -m slow`` runs it). Only the exploring pass caps the CPU time of one example, and
generously: the quick pass bounds cost by counting (how much output an input may produce), never
by a clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples as scaled


@dataclass(frozen=True, slots=True)
class Mode:
    """One pass over a fuzz target."""

    name: str
    scale: int
    """Examples per example of the quick pass."""
    cpu_cap: float | None
    """Seconds of CPU one example may take, or ``None`` for no clock at all."""


QUICK = Mode("quick", 1, None)
EXPLORE = Mode("explore", 50, 10.0)

MODES = [
    pytest.param(QUICK, id="quick", marks=pytest.mark.property),
    pytest.param(EXPLORE, id="explore", marks=pytest.mark.slow),
]
"""``@pytest.mark.parametrize("mode", MODES)``: the quick pass, and the exploring one."""


def fuzz(
    mode: Mode, examples: int, check: Callable[..., None], *strategies: st.SearchStrategy[Any]
) -> None:
    """Run ``check`` on ``examples`` (times the mode's scale) examples drawn from
    ``strategies``; the settings not given here come from the profile ``tests/conftest.py``
    loaded (no deadline; a fixed seed on CI).

    No example database: every target runs through the one function below, so a database would
    replay one target's failing examples into another; a failure prints its example instead."""

    count = examples * mode.scale if mode is EXPLORE else scaled(examples)

    @settings(max_examples=count, database=None)
    @given(st.tuples(*strategies))
    def run(drawn: tuple[Any, ...]) -> None:
        start = time.process_time()
        check(*drawn)
        if mode.cpu_cap is not None:
            spent = time.process_time() - start
            assert spent < mode.cpu_cap, f"one example took {spent:.1f} s of CPU"

    run()


# ---------------------------------------------------------------------- hostile values
def nested_lists(depth: int) -> object:
    value: object = "A PAR"
    for _ in range(depth):
        value = [value]
    return value


def nested_dicts(depth: int) -> object:
    value: object = "A PAR"
    for _ in range(depth):
        value = {"x": value}
    return value


HUGE_INT = 10**5000
"""An integer of 5,001 digits: ``str()`` refuses it (Python's limit is 4,300 digits)."""

HOSTILE_VALUES: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([HUGE_INT, -HUGE_INT, 2**64, -1, 0]),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(["", " ", "\0", "x" * 20_000, "A PAR" * 2_000, "\u202e\u0301", "F STP/XX"]),
    st.lists(st.one_of(st.integers(), st.text(max_size=6)), max_size=4),
    st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
    st.sampled_from([1, 50, 500, 3_000]).map(nested_lists),
    st.sampled_from([1, 50, 500, 3_000]).map(nested_dicts),
    st.builds(lambda: {f"unknown{i}": i for i in range(2_000)}),
)
"""What a careless or hostile file may hold where a value is expected: wrong types, numbers too
long to print, texts too long to quote, nesting deeper than Python's recursion, thousands of
unknown keys."""

HOSTILE_KEYS: st.SearchStrategy[Any] = st.one_of(
    st.text(max_size=12),
    st.integers(),
    st.sampled_from([HUGE_INT, None, True, 1.5, "x" * 5_000, "\0", ""]),
)
"""Keys a YAML mapping may have: texts of any kind, but also numbers, null and booleans."""


def _paths(data: object, depth: int = 5) -> list[tuple[Any, ...]]:
    """The key paths into ``data``, no deeper than ``depth`` (a hostile value put in by an
    earlier change may nest thousands deep: only its top is changed again)."""
    out: list[tuple[Any, ...]] = []
    stack: list[tuple[tuple[Any, ...], object]] = [((), data)]
    while stack:
        prefix, node = stack.pop()
        out.append(prefix)
        if len(prefix) >= depth:
            continue
        if isinstance(node, dict):
            stack.extend(((*prefix, k), v) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend(((*prefix, i), v) for i, v in enumerate(node))
    return out


def _copy(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_copy(v) for v in data]
    return data


JSON_KEYS: st.SearchStrategy[Any] = st.one_of(
    st.text(max_size=12), st.sampled_from(["x" * 5_000, "\0", "", "1" * 5_000])
)
"""Keys a JSON object may have: texts only."""


@st.composite
def mutants(draw: st.DrawFn, valid: Any, keys: st.SearchStrategy[Any] | None = None) -> Any:
    """``valid`` plain data (a copy) with one to three changes at random places: a value
    replaced by a :data:`HOSTILE_VALUES` one, a key removed, or a key drawn from ``keys``
    (default :data:`HOSTILE_KEYS`) added."""
    # not a default argument: Hypothesis labels a composite by the repr of its defaults, and
    # the repr of a number of 5,001 digits raises
    keys = HOSTILE_KEYS if keys is None else keys
    data = _copy(valid)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p] or [()]
        path = draw(st.sampled_from(paths))
        parent: Any = data
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "replace", "remove", "add"]))
        if not path:
            data = draw(HOSTILE_VALUES)
        elif action == "replace":
            parent[path[-1]] = draw(HOSTILE_VALUES)
        elif action == "remove" and isinstance(parent, dict):
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(keys)] = draw(HOSTILE_VALUES)
        elif isinstance(parent, list):
            parent.append(draw(HOSTILE_VALUES))
    return data


FRAGMENTS = [
    "\0",
    "\t",
    "\x0c",
    "\r",
    "\u2028",
    "\ufeff",
    "\u3000" * 50,
    "1" * 5_000,
    "-" * 3_000,
    "[" * 3_000,
    "{" * 500 + "}" * 500,
    "&a [*a]",
    "*undefined",
    "!!python/object/apply:os.system ['true']",
    "!!binary AAAA",
    "!!timestamp",
    "!!timestamp x",
    "!!int x",
    "!!float ''",
    "!!bool maybe",
    "!!set [a]",
    "2001-02-30",
    "? [a, b]\n: c",
    "<<: *x",
    '"\\ud800"',
    "\\u0000",
    "\n- x\n",
    "a: b: c",
    "%YAML 1.1\n---\n",
    "---\n...\n---\n",
    "x" * 20_000,
]
"""Texts to splice into a YAML or JSON file: control characters, a number of 5,000 digits, deep
brackets, aliases, unsafe tags and safe tags on values they cannot take, dates that do not
exist, long runs."""


@st.composite
def text_mutants(draw: st.DrawFn, valid: str) -> str:
    """``valid`` text with one or two changes: a :data:`FRAGMENTS` text or random characters
    spliced in at a random place, a slice cut out, or a line repeated many times."""
    text = valid
    for _ in range(draw(st.integers(1, 2))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["fragment", "fragment", "chars", "cut", "repeat"]))
        if action == "fragment":
            text = text[:at] + draw(st.sampled_from(FRAGMENTS)) + text[at:]
        elif action == "chars":
            text = text[:at] + draw(st.text(max_size=8)) + text[at:]
        elif action == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 200)) :]
        else:
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at)
            line = text[start : end if end >= 0 else len(text)]
            times = draw(st.sampled_from([2, 100, 1_000]))
            text = text[:start] + (line + "\n") * times + text[start:]
    return text
