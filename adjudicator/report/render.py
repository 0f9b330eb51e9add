"""Results reports: what players read after a phase, as judge-style text, JSON or YAML.

:func:`report_data` gathers the plain facts of an :class:`~adjudicator.state.outcomes.Adjudication`
(every order with its outcome, reason, cause and an explanation; the dislodged units and where
they may retreat; standoffs; centre ownership and adjustments after a Fall; the notes about the
phase), each in the words of one language; :func:`render_report` prints them with one of the
renderers in :data:`FORMATS`. The text layout is the results mail of the play-by-email judges
(njudge, DPjudge), which mapping tools parse, with one addition: under every failed order an
indented line says why in plain words. JSON and YAML carry the same facts as the text.

>>> from adjudicator.board.load import load_map
>>> from adjudicator.base.model import Hold, Location, Phase, UnitType
>>> from adjudicator.state.outcomes import Adjudication, Outcome, OrderResult
>>> from adjudicator.state.position import Position
>>> m = load_map("standard")
>>> p = Position.initial(m)
>>> r = OrderResult("Austria", Hold(UnitType.ARMY, Location("VIE")), Outcome.SUCCEEDS)
>>> nxt = Position(p.map_name, Phase.parse("F1901M"), p.units, (), frozenset(), p.supply_centers)
>>> print(render_report(Adjudication(p, (r,), nxt), m), end="")
Movement results for Spring of 1901.
<BLANKLINE>
Austria: Army Vienna HOLD.
<BLANKLINE>
The next phase will be Movement for Fall of 1901.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, assert_never

import yaml

from adjudicator.adjudication.phases import adjustment_counts, ownership_updated, winners
from adjudicator.base.errors import check_argument
from adjudicator.base.model import Order
from adjudicator.board.map import GameMap
from adjudicator.lang.languages import words_for
from adjudicator.lang.words import PhaseNoteKey
from adjudicator.report.explain import OrderFacts
from adjudicator.report.facts import CountFact, DislodgedFact, OrderFact, OwnershipFact, ReportFacts
from adjudicator.report.names import Namer
from adjudicator.report.text import layout
from adjudicator.state.outcomes import (
    Adjudication,
    CircularMovement,
    CivilDisorderRemoval,
    ConvoyParadox,
    Note,
    UnusedBuilds,
    Victory,
)

__all__ = [
    "FORMATS",
    "ReportFacts",
    "collect",
    "dump_json",
    "dump_yaml",
    "facts_to_data",
    "render_report",
    "report_data",
]

Renderer = Callable[[ReportFacts, Namer], str]
"""Prints a report's facts; the :class:`Namer` names powers and places for a layout that needs
more than the facts' own words."""


def dump_json(data: Any) -> str:
    """Plain data as the JSON this package prints: indented, letters unescaped, a final
    newline."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def dump_yaml(data: Any) -> str:
    """Plain data as the YAML this package prints, keys in their given order."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


FORMATS: Mapping[str, Renderer] = MappingProxyType(
    {
        "text": layout,
        "json": lambda facts, _names: dump_json(facts_to_data(facts)),
        "yaml": lambda facts, _names: dump_yaml(facts_to_data(facts)),
    }
)
"""Report format name -> its renderer; the command line's ``--format`` offers these names."""


# ---------------------------------------------------------------------- public API
_RESULT = "an Adjudication (what adjudicate returns)"


def render_report(
    adjudication: Adjudication, game_map: GameMap, *, fmt: str = "text", lang: str = "en"
) -> str:
    """The results report of one adjudicated phase in the format ``fmt`` (a name in
    :data:`FORMATS`: ``text``, ``json``, ``yaml``).

    The text is the judges' results-mail layout; JSON and YAML are :func:`report_data`.
    Raises :class:`ValueError` for an unknown format and :class:`TypeError` for an argument of
    a wrong type.
    """
    check_argument(adjudication, Adjudication, "render_report", "adjudication", _RESULT)
    check_argument(game_map, GameMap, "render_report", "game_map", "a GameMap (see load_map)")
    check_argument(fmt, str, "render_report", "fmt", f"a format name: {', '.join(FORMATS)}")
    check_argument(lang, str, "render_report", "lang", "a language code like 'en'")
    renderer = FORMATS.get(fmt)
    if renderer is None:
        raise ValueError(f"unknown report format {fmt!r}; expected one of {', '.join(FORMATS)}")
    facts = collect(adjudication, game_map, lang=lang)
    return renderer(facts, Namer(game_map, words_for(lang), adjudication.position))


def report_data(
    adjudication: Adjudication, game_map: GameMap, *, lang: str = "en"
) -> dict[str, Any]:
    """The plain facts of a report (what JSON and YAML print): canonical orders and ids, with
    the long forms and explanations in ``lang``."""
    return facts_to_data(collect(adjudication, game_map, lang=lang))


def facts_to_data(facts: ReportFacts) -> dict[str, Any]:
    """:class:`ReportFacts` as JSON-ready plain data."""
    ownership = facts.ownership
    return {
        "map": facts.map_name,
        "phase": str(facts.phase),
        "next_phase": str(facts.next_phase),
        "title": facts.title,
        "orders": [_order_data(o) for o in facts.orders],
        "dislodged": [_dislodged_data(d) for d in facts.dislodged],
        "standoffs": list(facts.standoffs),
        "supply_centers": (
            None if ownership is None else {p: list(cs) for p, cs in ownership.centers.items()}
        ),
        "unowned": None if ownership is None else list(ownership.unowned),
        "adjustments": (
            None
            if ownership is None
            else {
                c.power: {"centers": c.centers, "units": c.units, "builds": c.adjustment}
                for c in ownership.counts
            }
        ),
        "winners": [] if ownership is None else list(ownership.winners),
        "notes": list(facts.notes),
    }


def _order_data(fact: OrderFact) -> dict[str, Any]:
    return {
        "power": fact.power,
        "order": fact.order,
        "long": fact.long,
        "outcome": str(fact.outcome),
        "reason": fact.reason.value or None,
        "notes": [str(note) for note in fact.notes],
        "why": list(fact.why),
        "cause": fact.cause,
        "cause_power": fact.cause_power,
        "code": fact.code,
        "message": fact.message or None,
        "dislodged": fact.dislodged,
    }


def _dislodged_data(fact: DislodgedFact) -> dict[str, Any]:
    return {
        "power": fact.unit.power,
        "unit": str(fact.unit),
        "attacked_from": fact.attacked_from,
        "by_convoy": fact.by_convoy,
        "retreats": [str(r) for r in fact.retreats],
        "destroyed": not fact.retreats,
        "text": fact.text,
    }


# ---------------------------------------------------------------------- collecting
def collect(adjudication: Adjudication, game_map: GameMap, *, lang: str = "en") -> ReportFacts:
    """Gather the facts of a report in the words of ``lang``."""
    words = words_for(lang)
    names = Namer(game_map, words, adjudication.position)
    phase = adjudication.position.phase
    nxt = adjudication.next_position.phase
    facts = OrderFacts(adjudication, names)
    ownership = _ownership(adjudication, game_map)
    results = sorted(adjudication.results, key=names.result_key)
    orders = [facts.fact(r) for r in results]
    return ReportFacts(
        map_name=adjudication.position.map_name,
        phase=phase,
        next_phase=nxt,
        lang=words.lang,
        title=names.phase_line(words.title, words.results_kind, phase),
        closing=names.phase_line(words.next_phase, words.next_kind, nxt),
        orders=tuple(orders),
        dislodged=tuple(_dislodged_facts(adjudication, names)),
        standoffs=tuple(sorted(adjudication.standoffs)),
        ownership=ownership,
        notes=_notes(adjudication, names, ownership),
    )


def _dislodged_facts(adjudication: Adjudication, names: Namer) -> list[DislodgedFact]:
    words = names.words
    out = []
    for d in sorted(
        adjudication.dislodged,
        key=lambda d: (
            names.power_rank(d.unit.power),
            names.sort_key(names.place(d.unit.location)),
        ),
    ):
        who = capitalise(names.who(d.unit))
        if d.retreats:
            places = words.join(sorted((names.place(r) for r in d.retreats), key=names.sort_key))
            text = words.can_retreat.format(who=who, places=places)
        else:
            text = words.destroyed.format(who=who)
        out.append(DislodgedFact(d.unit, d.attacked_from, d.by_convoy, d.retreats, text))
    return out


def _ownership(adjudication: Adjudication, game_map: GameMap) -> OwnershipFact | None:
    if not ownership_updated(adjudication.position, adjudication.next_position):
        return None
    nxt = adjudication.next_position
    centers = {
        p: nxt.supply_centers[p]
        for p in _power_order(game_map, nxt.supply_centers)
        if nxt.supply_centers[p]
    }
    owned = {c for cs in centers.values() for c in cs}
    unowned = tuple(sorted(c for c in game_map.supply_centers if c not in owned))
    deltas = adjustment_counts(nxt.supply_centers, nxt.units)
    counts = []
    for power in _power_order(game_map, deltas):
        n_centers = len(nxt.supply_centers.get(power, ()))
        n_units = len(nxt.units_of(power))
        if n_centers or n_units:
            counts.append(CountFact(power, n_centers, n_units, deltas[power]))
    return OwnershipFact(centers, unowned, tuple(counts), winners(game_map, nxt.supply_centers))


def _notes(
    adjudication: Adjudication, names: Namer, ownership: OwnershipFact | None
) -> tuple[str, ...]:
    """The notes about the phase in the report's words, less the victories the ownership block
    announces itself."""
    announced = frozenset(ownership.winners) if ownership is not None else frozenset()
    return tuple(
        word_note(note, names)
        for note in adjudication.notes
        if not (isinstance(note, Victory) and note.power in announced)
    )


def word_note(note: Note, names: Namer) -> str:
    """One note about a phase in the words of ``names``' language."""
    words = names.words
    templates = words.phase_notes
    match note:
        case UnusedBuilds(power=power, count=count):
            key = PhaseNoteKey.UNUSED_BUILD if count == 1 else PhaseNoteKey.UNUSED_BUILDS
            return templates[key].format(power=names.power(power), count=count)
        case CivilDisorderRemoval(power=power, unit=unit):
            return templates[PhaseNoteKey.CIVIL_DISORDER].format(
                power=names.power(power),
                unit=names.unit_words(power, unit, unit.location),
                short=str(unit),
            )
        case Victory(power=power):
            return templates[PhaseNoteKey.VICTORY].format(power=names.power(power))
        case CircularMovement(orders=orders):
            return templates[PhaseNoteKey.CIRCULAR_MOVEMENT].format(
                orders=_short_orders(orders, names)
            )
        case ConvoyParadox(rule=rule, orders=orders):
            return templates[PhaseNoteKey.CONVOY_PARADOX].format(
                rule=words.paradox_rules[rule], orders=_short_orders(orders, names)
            )
        case _:
            assert_never(note)


def _short_orders(orders: tuple[Order, ...], names: Namer) -> str:
    """Orders in the short form of the report's language (German writes Tyrolia ``TIR``)."""
    return ", ".join(names.short(order) for order in orders)


def _power_order(game_map: GameMap, powers: Mapping[str, object]) -> list[str]:
    known = [p for p in game_map.powers if p in powers]
    return known + sorted(p for p in powers if p not in game_map.powers)


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]
