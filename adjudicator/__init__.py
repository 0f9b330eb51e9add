"""adjudicator: a Diplomacy order adjudicator.

Tolerant order parsing (short and long form, English and German), a DATC v3.0 resolver, and
YAML maps. The core is pure: :func:`adjudicate` takes a position and orders and returns an
:class:`Adjudication`, doing no I/O.
"""

from __future__ import annotations

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
from adjudicator.orders.read import ParsedOrder, ParseResult, parse_order, parse_orders
from adjudicator.orders.write import format_order
from adjudicator.report.render import render_report, report_data
from adjudicator.state.outcomes import Adjudication, OrderResult, Outcome, Reason
from adjudicator.state.position import Position
from adjudicator.suites.load import load_cases
from adjudicator.suites.run import run_paths

__all__ = [
    "Adjudication",
    "AdjudicatorError",
    "AmbiguousOrderError",
    "Build",
    "CaseFileError",
    "CheckedOrders",
    "Convoy",
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
    "Retreat",
    "Rules",
    "Season",
    "Support",
    "Unit",
    "UnitType",
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
    "render_report",
    "report_data",
    "run_paths",
]
