"""adjudicator: a Diplomacy order adjudicator.

Tolerant order parsing (short and long form, English and German), a DATC v3.0 resolver, and
YAML maps. The core is pure: :func:`adjudicate` takes a position and orders and returns an
:class:`Adjudication`, doing no I/O.

``import adjudicator`` loads the core only (values, rules, maps, positions, adjudication). The
order parser, the reports and the case suites load on first use of one of their names
(``adjudicator.parse_orders``, ``from adjudicator import render_report``), so a program that only
adjudicates never pays for the parser generator or the case machinery (PEP 562).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from adjudicator.base.core import select_core

# Before anything imports the core: the compiled core or the pure one (ADJUDICATOR_PURE=1).
select_core()

from adjudicator.adjudication.engine import adjudicate
from adjudicator.adjudication.legality.check import CheckedOrders, check_orders
from adjudicator.adjudication.legality.codes import IllegalCode
from adjudicator.base.errors import (
    AdjudicatorError,
    AmbiguousOrderError,
    CaseFileError,
    Diagnostic,
    InputError,
    MapError,
    OrderSyntaxError,
    PositionError,
)
from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Dislodgement,
    Hold,
    Location,
    Move,
    Order,
    Phase,
    PhaseType,
    Retreat,
    Season,
    Support,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.base.rules import Rules
from adjudicator.base.version import __version__
from adjudicator.board.load import available_maps, load_map
from adjudicator.board.map import GameMap, Power, Province, ProvinceType
from adjudicator.state.outcomes import (
    Adjudication,
    CircularMovement,
    CivilDisorderRemoval,
    ConvoyLost,
    ConvoyParadox,
    Detail,
    Diagnosis,
    Note,
    OrderResult,
    Outcome,
    Reason,
    Refusal,
    Refused,
    Removal,
    UnusedBuilds,
    Victory,
)
from adjudicator.state.position import Position

if TYPE_CHECKING:
    # What type checkers and IDEs see; at run time _LAZY loads these on first use.
    from adjudicator.orders.read import ParsedOrder, ParseResult, parse_order, parse_orders
    from adjudicator.orders.write import format_order
    from adjudicator.picture.render import render
    from adjudicator.report.render import render_report, report_data
    from adjudicator.suites.load import load_cases
    from adjudicator.suites.run import run_paths

_LAZY: dict[str, str] = {
    "ParseResult": "adjudicator.orders.read",
    "ParsedOrder": "adjudicator.orders.read",
    "parse_order": "adjudicator.orders.read",
    "parse_orders": "adjudicator.orders.read",
    "format_order": "adjudicator.orders.write",
    "render": "adjudicator.picture.render",
    "render_report": "adjudicator.report.render",
    "report_data": "adjudicator.report.render",
    "load_cases": "adjudicator.suites.load",
    "run_paths": "adjudicator.suites.run",
}
"""Public name -> the module that defines it, for the names outside the core."""


if not TYPE_CHECKING:
    # Hidden from type checkers, which see the imports above: a misspelt name stays an error.

    def __getattr__(name: str) -> object:
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value: object = getattr(importlib.import_module(module), name)
        # Bound like an eager import, so later look-ups no longer come here.
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "Adjudication",
    "AdjudicatorError",
    "AmbiguousOrderError",
    "Build",
    "CaseFileError",
    "CheckedOrders",
    "CircularMovement",
    "CivilDisorderRemoval",
    "Convoy",
    "ConvoyLost",
    "ConvoyParadox",
    "Detail",
    "Diagnosis",
    "Diagnostic",
    "Disband",
    "Dislodgement",
    "GameMap",
    "Hold",
    "IllegalCode",
    "InputError",
    "Location",
    "MapError",
    "Move",
    "Note",
    "Order",
    "OrderResult",
    "OrderSyntaxError",
    "Outcome",
    "ParseResult",
    "ParsedOrder",
    "Phase",
    "PhaseType",
    "Position",
    "PositionError",
    "Power",
    "Province",
    "ProvinceType",
    "Reason",
    "Refusal",
    "Refused",
    "Removal",
    "Retreat",
    "Rules",
    "Season",
    "Support",
    "Unit",
    "UnitType",
    "UnusedBuilds",
    "Victory",
    "Waive",
    "__version__",
    "adjudicate",
    "available_maps",
    "check_orders",
    "format_order",
    "load_cases",
    "load_map",
    "parse_order",
    "parse_orders",
    "render",
    "render_report",
    "report_data",
    "run_paths",
]
