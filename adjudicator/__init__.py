"""adjudicator: a Diplomacy order adjudicator.

Tolerant order parsing (short and long form, English and German), a DATC v3.0 resolver, and
YAML maps. The core is pure: :func:`adjudicate` takes a position and orders and returns an
:class:`Adjudication`, doing no I/O.
"""

from __future__ import annotations

from adjudicator.cases import load_cases, run_paths
from adjudicator.engine import adjudicate
from adjudicator.errors import (
    AdjudicatorError,
    AmbiguousOrderError,
    CaseFileError,
    Diagnostic,
    InputError,
    MapError,
    OrderSyntaxError,
    PositionError,
)
from adjudicator.gamemap import GameMap, Power, Province, ProvinceType, available_maps, load_map
from adjudicator.legality import CheckedOrders, IllegalCode, check_orders
from adjudicator.model import (
    Build,
    Convoy,
    Disband,
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
from adjudicator.outcomes import Adjudication, Dislodgement, OrderResult, Outcome, Reason
from adjudicator.parser import ParsedOrder, ParseResult, parse_order, parse_orders
from adjudicator.position import Position
from adjudicator.printing import format_order
from adjudicator.report import render_report, report_data
from adjudicator.rules import Rules

__version__ = "0.1.0"

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
