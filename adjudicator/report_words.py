"""The words of the results report, one table per language.

A report is built from language-neutral facts; every word and sentence shape comes from a
:class:`Words` table, so a language is added by adding a table, never by branching in the layout
code. The English table follows the play-by-email judge layout (njudge, DPjudge): mapping tools
parse its order lines, so those stay exactly in the judges' shape.

Templates are :meth:`str.format` strings. Their fields:

- ``{unit}``: a unit as an order line names it (``Army Vienna``, ``Austrian Army Vienna``);
- ``{who}``: a unit in a sentence (``the Russian Army in Warsaw``), ``{who_dat}`` the same after a
  preposition (languages with cases need it; English uses one form);
- ``{place}``, ``{dest}``, ``{src}``: province names (with the coast where it matters);
- ``{adj}``, ``{type}``: the owner's adjective and the unit type word.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from adjudicator.model import PhaseType, Season, UnitType


class NoteKey:
    """Language-neutral keys of the short notes printed as ``(*...*)`` after an order line.

    They are also the ``notes`` of the JSON/YAML report, so programs see the same keys whatever
    the report's language.
    """

    BOUNCE = "bounce"
    CUT = "cut"
    DISLODGED = "dislodged"
    DESTROYED = "destroyed"
    VOID = "void"
    NO_CONVOY = "no convoy"
    DISRUPTED = "disrupted"
    PARADOX = "convoy paradox"
    ILLEGAL = "illegal"
    NOT_ALLOWED = "not allowed"
    CIVIL_DISORDER = "civil disorder"
    NO_ORDER = "no order"


class WhyKey:
    """Language-neutral keys of the sentences that explain a failed order."""

    BOUNCE_WITH = "bounce_with"
    """Two or more moves to one place: ``{who_dat}`` is the other mover."""
    BOUNCE_OFF = "bounce_off"
    """The unit in the destination stayed: ``{who_dat}`` is that unit."""
    BOUNCE = "bounce"
    HEAD_TO_HEAD = "head_to_head"
    OWN_UNIT = "own_unit"
    DISLODGED_BY = "dislodged_by"
    DISLODGED_BY_CONVOY = "dislodged_by_convoy"
    DISLODGED = "dislodged"
    CUT_BY = "cut_by"
    CUT = "cut"
    VOID_MOVE = "void_move"
    VOID_HOLD = "void_hold"
    VOID_CONVOY = "void_convoy"
    VOID_NO_UNIT = "void_no_unit"
    VOID = "void"
    NO_CONVOY = "no_convoy"
    DISRUPTED_FLEET = "disrupted_fleet"
    DISRUPTED = "disrupted"
    PARADOX = "paradox"
    RETREAT_BOUNCE_WITH = "retreat_bounce_with"
    RETREAT_BOUNCE = "retreat_bounce"
    NOT_ALLOWED_BUILD = "not_allowed_build"
    NOT_ALLOWED_REMOVE = "not_allowed_remove"
    NOT_ALLOWED = "not_allowed"
    CIVIL_DISORDER = "civil_disorder"
    ILLEGAL = "illegal"


def _frozen(mapping: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True)
class Words:
    """Every word and sentence shape of a report in one language."""

    lang: str
    """The language code; province, coast and power names come from the map in this language."""

    # ---------------------------------------------------------------- phases
    seasons: Mapping[Season, str]
    results_kind: Mapping[PhaseType, str]
    """The phase type in the title line (``Movement results for ...``)."""
    next_kind: Mapping[PhaseType, str]
    """The phase type in the closing line (``The next phase will be Retreats for ...``)."""
    title: str
    next_phase: str

    # ---------------------------------------------------------------- units and orders
    unit_types: Mapping[UnitType, str]
    own_unit: str
    """A unit of the line's power: ``Army Vienna``."""
    foreign_unit: str
    """Another power's unit, named with its owner's adjective: ``Austrian Army Vienna``."""
    bare_unit: str
    """A unit whose type and owner are unknown (an order naming an empty province)."""
    who: str
    """A unit in a sentence, subject form: ``the Russian Army in Warsaw``."""
    who_dat: str
    """A unit in a sentence after a preposition (the same in English)."""
    who_anon: str
    """A unit whose owner is unknown, in a sentence: ``the Army in Warsaw``."""
    who_anon_dat: str
    coast: str
    """A place with its coast: ``St. Petersburg (north coast)``."""
    hold: str
    move: str
    path_separator: str
    support_hold: str
    support_move: str
    convoy: str
    retreat: str
    disband: str
    build: Mapping[UnitType, str]
    build_unknown: str
    remove: Mapping[UnitType, str]
    remove_unknown: str
    waive: str
    no_order: str
    order_line: str
    """``{power}: {order}.``; the note follows after two spaces."""
    note: str
    note_separator: str
    why_indent: str

    # ---------------------------------------------------------------- outcomes
    notes: Mapping[str, str]
    """:class:`NoteKey` -> the word printed between ``(*`` and ``*)``."""
    why: Mapping[str, str]
    """:class:`WhyKey` -> the explaining sentence."""
    illegal_consequence: Mapping[PhaseType, str]
    """What happens instead of an illegal order, by phase type."""

    # ---------------------------------------------------------------- dislodged units
    dislodged_header: str
    can_retreat: str
    destroyed: str
    list_separator: str
    list_last: str

    # ---------------------------------------------------------------- ownership
    ownership_header: str
    unowned: str
    count_line: str
    builds: str
    removes: str
    unit_count: Mapping[bool, str]
    """Plural? -> ``unit``/``units``."""
    victory_mark: str
    victory_line: str
    notes_header: str
    """Heads the adjudicator's extra notes, printed indented so that no note line looks like an
    order line (``Turkey: ...``) to a parser of the judge layout."""

    def join(self, items: list[str]) -> str:
        """``a``, ``a or b``, ``a, b or c``."""
        if len(items) <= 1:
            return "".join(items)
        return self.list_separator.join(items[:-1]) + self.list_last + items[-1]


ENGLISH = Words(
    lang="en",
    seasons={Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"},
    results_kind={
        PhaseType.MOVEMENT: "Movement",
        PhaseType.RETREAT: "Retreat",
        PhaseType.ADJUSTMENT: "Adjustment",
    },
    next_kind={
        PhaseType.MOVEMENT: "Movement",
        PhaseType.RETREAT: "Retreats",
        PhaseType.ADJUSTMENT: "Adjustments",
    },
    title="{kind} results for {season} of {year}.",
    next_phase="The next phase will be {kind} for {season} of {year}.",
    unit_types={UnitType.ARMY: "Army", UnitType.FLEET: "Fleet"},
    own_unit="{type} {place}",
    foreign_unit="{adj} {type} {place}",
    bare_unit="{place}",
    who="the {adj} {type} in {place}",
    who_dat="the {adj} {type} in {place}",
    who_anon="the {type} in {place}",
    who_anon_dat="the {type} in {place}",
    coast="{place} ({coast})",
    hold="{unit} HOLD",
    move="{unit} -> {dest}",
    path_separator=" -> ",
    support_hold="{unit} SUPPORT {target}",
    support_move="{unit} SUPPORT {target} -> {dest}",
    convoy="{unit} CONVOY {army} -> {dest}",
    retreat="{unit} -> {dest}",
    disband="{unit} DISBAND",
    build={UnitType.ARMY: "Builds an army in {place}", UnitType.FLEET: "Builds a fleet in {place}"},
    build_unknown="Builds a unit in {place}",
    remove={
        UnitType.ARMY: "Removes the army in {place}",
        UnitType.FLEET: "Removes the fleet in {place}",
    },
    remove_unknown="Removes the unit in {place}",
    waive="Build waived",
    no_order="{unit}, No Order Processed",
    order_line="{power}: {order}.",
    note="  (*{notes}*)",
    note_separator=", ",
    why_indent="    ",
    notes=_frozen(
        {
            NoteKey.BOUNCE: "bounce",
            NoteKey.CUT: "cut",
            NoteKey.DISLODGED: "dislodged",
            NoteKey.DESTROYED: "destroyed",
            NoteKey.VOID: "void",
            NoteKey.NO_CONVOY: "no convoy",
            NoteKey.DISRUPTED: "disrupted",
            NoteKey.PARADOX: "convoy paradox",
            NoteKey.ILLEGAL: "illegal",
            NoteKey.NOT_ALLOWED: "not allowed",
            NoteKey.CIVIL_DISORDER: "civil disorder",
            NoteKey.NO_ORDER: "no order",
        }
    ),
    why=_frozen(
        {
            WhyKey.BOUNCE_WITH: "Bounced with {who_dat}, which also tried to move to {dest}.",
            WhyKey.BOUNCE_OFF: "Bounced off {who_dat}, which stayed there.",
            WhyKey.BOUNCE: "Bounced: the move was not stronger than what stood against it.",
            WhyKey.HEAD_TO_HEAD: "Lost the head-to-head battle with {who_dat}.",
            WhyKey.OWN_UNIT: (
                "Stopped so as not to dislodge {who_dat}: a power never dislodges its own unit."
            ),
            WhyKey.DISLODGED_BY: "Dislodged by {who_dat}.",
            WhyKey.DISLODGED_BY_CONVOY: "Dislodged by {who_dat}, convoyed.",
            WhyKey.DISLODGED: "The unit was dislodged.",
            WhyKey.CUT_BY: "Support cut by the attack of {who_dat}.",
            WhyKey.CUT: "Support cut by an attack on the supporting unit.",
            WhyKey.VOID_MOVE: "Void: {who} was not ordered to move to {dest}.",
            WhyKey.VOID_HOLD: "Void: {who} was ordered to move, so it cannot be supported to hold.",
            WhyKey.VOID_CONVOY: "Void: {who} was not ordered to move to {dest} by convoy.",
            WhyKey.VOID_NO_UNIT: "Void: there is no unit in {place}.",
            WhyKey.VOID: "Void: the supported or convoyed unit did not give the matching order.",
            WhyKey.NO_CONVOY: "No chain of fleets was ordered to convoy it to {dest}.",
            WhyKey.DISRUPTED_FLEET: "The convoy was disrupted: {who} was dislodged.",
            WhyKey.DISRUPTED: "The convoy was disrupted: every route lost a convoying fleet.",
            WhyKey.PARADOX: "Convoy paradox: the convoy fails and the army stays where it is.",
            WhyKey.RETREAT_BOUNCE_WITH: (
                "Bounced with {who_dat}, which also retreated to {dest}; both are destroyed."
            ),
            WhyKey.RETREAT_BOUNCE: "Another unit also retreated to {dest}; both are destroyed.",
            WhyKey.NOT_ALLOWED_BUILD: "No build left: the power may not build more units.",
            WhyKey.NOT_ALLOWED_REMOVE: "No removal owed: the power may not remove more units.",
            WhyKey.NOT_ALLOWED: "Not allowed this phase.",
            WhyKey.CIVIL_DISORDER: (
                "Removed by the civil-disorder rule: the power ordered too few removals."
            ),
            WhyKey.ILLEGAL: "Illegal order{code}: {message}.",
        }
    ),
    illegal_consequence={
        PhaseType.MOVEMENT: "The unit holds instead.",
        PhaseType.RETREAT: "The unit is disbanded instead.",
        PhaseType.ADJUSTMENT: "The order is ignored.",
    },
    dislodged_header="The following units were dislodged:",
    can_retreat="{who} can retreat to {places}.",
    destroyed="{who} with no valid retreats was destroyed.",
    list_separator=", ",
    list_last=" or ",
    ownership_header="Ownership of supply centers:",
    unowned="Unowned",
    count_line=(
        "{power:<10}{centers:>3} Supply centers, {units:>2} Units:  {action:<8}{count:>2} {noun}."
    ),
    builds="Builds",
    removes="Removes",
    unit_count={False: "unit", True: "units"},
    victory_mark="  (* VICTORY!! *)",
    victory_line="{power} has won the game with {centers} supply centers.",
    notes_header="Notes:",
)

WORDS: Mapping[str, Words] = MappingProxyType({"en": ENGLISH})
"""Language code -> table. Issue 5 adds ``de``."""


def words_for(lang: str) -> Words:
    """The table for ``lang``; English when the language has no table yet."""
    return WORDS.get(lang, ENGLISH)
