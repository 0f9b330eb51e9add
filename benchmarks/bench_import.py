"""How long a fresh interpreter takes to import the package and to start the command line.

Usage::

    python benchmarks/bench_import.py [--runs N] [--peer-python PYTHON]

Each command runs ``N`` times in a fresh ``python`` process (so nothing is cached in memory but
the operating system's file cache); the runs of all commands are interleaved, so that a busy
spell of a shared machine hits them alike, and each figure is the median wall time of its runs.
The rows:

- ``python -c pass``: the interpreter's own start, which every other row includes;
- ``import adjudicator``: the public facade (target, issue 8: under 0.3 s);
- ``import adjudicator.cli.main``: what the ``adjudicator`` command loads before it reads its
  arguments;
- ``adjudicator --version`` and ``adjudicator maps list``: the console script's code
  (``sys.exit(entry_point())``) run with those arguments; ``maps list`` also loads every map;
- ``import diplomacy``: the ``diplomacy`` package (the ``bench`` extra), for comparison, run by
  ``--peer-python`` (default: this interpreter); left out with a message when that interpreter
  cannot import it.

Last, the script lists which of the heavy modules (the parser generator ``lark``, ``networkx``,
``yaml``, and the package's orders, report and suites layers) each import leaves loaded.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

TARGET_SECONDS = 0.3
"""Issue 8: ``import adjudicator`` under 0.3 s."""

HEAVY = (
    "lark",
    "networkx",
    "yaml",
    "adjudicator.orders",
    "adjudicator.report",
    "adjudicator.suites",
)
"""Module families worth knowing about when they load: a name counts with all its submodules."""

_CLI = "import sys; from adjudicator.cli.main import entry_point; sys.argv[0] = 'adjudicator'"


@dataclass(frozen=True, slots=True)
class Command:
    label: str
    code: str
    """The Python source run with ``python -c``."""
    python: str = sys.executable


def commands(peer_python: str | None) -> list[Command]:
    rows = [
        Command("python -c pass", "pass"),
        Command("import adjudicator", "import adjudicator"),
        Command("import adjudicator.cli.main", "import adjudicator.cli.main"),
        Command("adjudicator --version", f"{_CLI}; sys.argv[1:] = ['--version']; entry_point()"),
        Command("adjudicator maps list", f"{_CLI}; sys.argv[1:] = ['maps', 'list']; entry_point()"),
    ]
    if peer_python is not None:
        if peer_python != sys.executable:
            rows.append(Command("peer's python -c pass", "pass", peer_python))
        rows.append(Command("import diplomacy (peer)", "import diplomacy", peer_python))
    return rows


def has_peer(python: str) -> bool:
    """Whether ``python`` can import the ``diplomacy`` package."""
    found = subprocess.run(
        [
            python,
            "-c",
            "import importlib.util, sys; sys.exit(not importlib.util.find_spec('diplomacy'))",
        ],
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return found.returncode == 0


def _run_once(row: Command) -> float:
    start = time.perf_counter()
    subprocess.run(
        [row.python, "-c", row.code],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def median_times(rows: Sequence[Command], runs: int) -> dict[str, float]:
    """The median wall time of each command over ``runs`` interleaved rounds (one untimed
    warm-up round first, so the file cache is warm for every row alike)."""
    for row in rows:
        _run_once(row)
    times: dict[str, list[float]] = {row.label: [] for row in rows}
    for _ in range(runs):
        for row in rows:
            times[row.label].append(_run_once(row))
    return {label: statistics.median(values) for label, values in times.items()}


def heavy_modules(statement: str) -> list[str]:
    """The families of :data:`HEAVY` that ``statement`` leaves in ``sys.modules``."""
    probe = (
        f"import json, sys\n{statement}\n"
        f"heavy = {list(HEAVY)!r}\n"
        "print(json.dumps([h for h in heavy if any(m == h or m.startswith(h + '.') "
        "for m in sys.modules)]))"
    )
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)
    found: list[str] = json.loads(done.stdout)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=15, help="fresh processes per command")
    parser.add_argument(
        "--peer-python",
        default=sys.executable,
        help="an interpreter that has the diplomacy package (default: this one)",
    )
    args = parser.parse_args(argv)
    peer: str | None = args.peer_python
    if not has_peer(args.peer_python):
        print(f"{args.peer_python} cannot import diplomacy (pip install -e '.[bench]'):")
        print("its row is left out\n")
        peer = None
    rows = commands(peer)
    medians = median_times(rows, args.runs)
    print(f"{args.runs} fresh processes per command, {sys.executable} {sys.version.split()[0]}")
    print(f"{'command':30} {'median s':>9} {'minus python':>13}")
    for row in rows:
        value = medians[row.label]
        start = "python -c pass" if row.python == sys.executable else "peer's python -c pass"
        print(f"{row.label:30} {value:9.3f} {value - medians[start]:13.3f}")
    result = medians["import adjudicator"]
    verdict = "MET" if result < TARGET_SECONDS else "MISSED"
    print(f"\nimport adjudicator under {TARGET_SECONDS} s: {result:.3f} s -> {verdict}\n")
    print("heavy modules loaded:")
    probes = [
        ("import adjudicator", "import adjudicator"),
        ("import adjudicator.cli.main", "import adjudicator.cli.main"),
        ("adjudicator.parse_orders", "import adjudicator; adjudicator.parse_orders"),
    ]
    for label, statement in probes:
        print(f"  {label:28} {', '.join(heavy_modules(statement)) or '(none)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
