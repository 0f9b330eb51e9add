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

The German table inflects the map's adjective in its templates (``die {adj}e {type}`` gives
``die russische Armee``; both unit words are feminine, so one set of endings serves both) and
names units the way German orders do (``Armee Warschau``), which keeps place names out of
constructions that would need their case.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from adjudicator.base.model import PhaseType, Season, UnitType


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

    # ---------------------------------------------------------------- other languages
    illegal: Mapping[str, str] = field(default_factory=dict)
    """Illegal-order code (``support-unreachable``) -> the sentence that explains it, for a
    language whose explanation cannot be the legality check's English message."""
    engine_messages: bool = True
    """Whether the resolver's and legality check's own (English) messages may explain an order;
    a table in another language sets False and says it with its own sentences."""
    collation: Mapping[str, str] = field(default_factory=dict)
    """Letters spelled out when names are sorted (German ``Ä`` as ``Ae``, so that
    ``Ärmelkanal`` sorts among the A's, as German dictionaries do)."""

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

GERMAN = Words(
    lang="de",
    seasons={Season.SPRING: "Frühjahr", Season.FALL: "Herbst", Season.WINTER: "Winter"},
    results_kind={
        PhaseType.MOVEMENT: "Bewegungsphase",
        PhaseType.RETREAT: "Rückzugsphase",
        PhaseType.ADJUSTMENT: "Anpassungsphase",
    },
    next_kind={
        PhaseType.MOVEMENT: "Bewegungsphase",
        PhaseType.RETREAT: "Rückzugsphase",
        PhaseType.ADJUSTMENT: "Anpassungsphase",
    },
    title="Ergebnisse der {kind} {season} {year}.",
    next_phase="Die nächste Phase ist die {kind} {season} {year}.",
    unit_types={UnitType.ARMY: "Armee", UnitType.FLEET: "Flotte"},
    own_unit="{type} {place}",
    foreign_unit="{adj}e {type} {place}",
    bare_unit="{place}",
    who="die {adj}e {type} {place}",
    who_dat="der {adj}en {type} {place}",
    who_anon="die {type} {place}",
    who_anon_dat="der {type} {place}",
    coast="{place} ({coast})",
    # The order lines read back as German orders (``Armee Wien UNTERSTÜTZT Armee Galizien``).
    hold="{unit} HÄLT",
    move="{unit} -> {dest}",
    path_separator=" -> ",
    support_hold="{unit} UNTERSTÜTZT {target}",
    support_move="{unit} UNTERSTÜTZT {target} -> {dest}",
    convoy="{unit} KONVOIERT {army} -> {dest}",
    retreat="{unit} -> {dest}",
    disband="{unit} LÖST SICH AUF",
    build={
        UnitType.ARMY: "Aufbau einer Armee in {place}",
        UnitType.FLEET: "Aufbau einer Flotte in {place}",
    },
    build_unknown="Aufbau einer Einheit in {place}",
    remove={
        UnitType.ARMY: "Abbau der Armee in {place}",
        UnitType.FLEET: "Abbau der Flotte in {place}",
    },
    remove_unknown="Abbau der Einheit in {place}",
    waive="Verzicht auf einen Aufbau",
    no_order="{unit}, kein Befehl",
    order_line="{power}: {order}.",
    note="  (*{notes}*)",
    note_separator=", ",
    why_indent="    ",
    notes=_frozen(
        {
            NoteKey.BOUNCE: "abgeprallt",
            NoteKey.CUT: "unterbrochen",
            NoteKey.DISLODGED: "vertrieben",
            NoteKey.DESTROYED: "vernichtet",
            NoteKey.VOID: "nichtig",
            NoteKey.NO_CONVOY: "kein Konvoi",
            NoteKey.DISRUPTED: "Konvoi gestört",
            NoteKey.PARADOX: "Konvoi-Paradoxon",
            NoteKey.ILLEGAL: "unzulässig",
            NoteKey.NOT_ALLOWED: "nicht erlaubt",
            NoteKey.CIVIL_DISORDER: "Anarchie",
            NoteKey.NO_ORDER: "kein Befehl",
        }
    ),
    why=_frozen(
        {
            WhyKey.BOUNCE_WITH: "Abgeprallt an {who_dat}, die ebenfalls das Ziel {dest} hatte.",
            WhyKey.BOUNCE_OFF: "Abgeprallt an {who_dat}, die dort stehen blieb.",
            WhyKey.BOUNCE: "Abgeprallt: der Zug war nicht stärker als die Gegenwehr.",
            WhyKey.HEAD_TO_HEAD: "Den Zweikampf mit {who_dat} verloren.",
            WhyKey.OWN_UNIT: (
                "Angehalten, um {who} nicht zu vertreiben: eine Macht vertreibt nie ihre eigene "
                "Einheit."
            ),
            WhyKey.DISLODGED_BY: "Vertrieben von {who_dat}.",
            WhyKey.DISLODGED_BY_CONVOY: "Vertrieben von {who_dat}, die per Konvoi kam.",
            WhyKey.DISLODGED: "Die Einheit wurde vertrieben.",
            WhyKey.CUT_BY: "Unterstützung unterbrochen durch den Angriff {who_dat}.",
            WhyKey.CUT: (
                "Unterstützung unterbrochen durch einen Angriff auf die unterstützende Einheit."
            ),
            WhyKey.VOID_MOVE: "Nichtig: {who} hatte keinen Zugbefehl mit dem Ziel {dest}.",
            WhyKey.VOID_HOLD: (
                "Nichtig: {who} hatte einen Zugbefehl und kann daher nicht beim Halten "
                "unterstützt werden."
            ),
            WhyKey.VOID_CONVOY: (
                "Nichtig: {who} hatte keinen Befehl, per Konvoi mit dem Ziel {dest} zu ziehen."
            ),
            WhyKey.VOID_NO_UNIT: "Nichtig: {place} ist unbesetzt.",
            WhyKey.VOID: (
                "Nichtig: die unterstützte oder konvoierte Einheit gab nicht den passenden Befehl."
            ),
            WhyKey.NO_CONVOY: (
                "Keine Kette von Flotten hatte den Befehl, sie mit dem Ziel {dest} zu konvoieren."
            ),
            WhyKey.DISRUPTED_FLEET: "Der Konvoi wurde gestört: {who} wurde vertrieben.",
            WhyKey.DISRUPTED: (
                "Der Konvoi wurde gestört: jede Route verlor eine konvoierende Flotte."
            ),
            WhyKey.PARADOX: (
                "Konvoi-Paradoxon: der Konvoi scheitert, und die Armee bleibt, wo sie ist."
            ),
            WhyKey.RETREAT_BOUNCE_WITH: (
                "Abgeprallt an {who_dat}, die ebenfalls das Rückzugsziel {dest} hatte; beide "
                "werden aufgelöst."
            ),
            WhyKey.RETREAT_BOUNCE: (
                "Eine andere Einheit hatte ebenfalls das Rückzugsziel {dest}; beide werden "
                "aufgelöst."
            ),
            WhyKey.NOT_ALLOWED_BUILD: (
                "Kein Aufbau mehr: die Macht darf keine weiteren Einheiten bauen."
            ),
            WhyKey.NOT_ALLOWED_REMOVE: (
                "Kein Abbau fällig: die Macht muss keine weiteren Einheiten abbauen."
            ),
            WhyKey.NOT_ALLOWED: "In dieser Phase nicht erlaubt.",
            WhyKey.CIVIL_DISORDER: (
                "Nach der Anarchie-Regel abgebaut: die Macht hat zu wenige Abbauten befohlen."
            ),
            WhyKey.ILLEGAL: "Unzulässiger Befehl {order}{code}: {message}.",
        }
    ),
    illegal_consequence={
        PhaseType.MOVEMENT: "Die Einheit hält stattdessen.",
        PhaseType.RETREAT: "Die Einheit wird stattdessen aufgelöst.",
        PhaseType.ADJUSTMENT: "Der Befehl wird übergangen.",
    },
    dislodged_header="Folgende Einheiten wurden vertrieben:",
    can_retreat="{who} kann sich zurückziehen nach: {places}.",
    destroyed="{who} hat keinen gültigen Rückzug und wurde vernichtet.",
    list_separator=", ",
    list_last=" oder ",
    ownership_header="Besitz der Versorgungszentren:",
    unowned="Neutral",
    count_line=(
        "{power:<12}{centers:>3} Versorgungszentren, {units:>2} Einheiten:  "
        "{action:<7}{count:>2} {noun}."
    ),
    builds="Aufbau",
    removes="Abbau",
    unit_count={False: "Einheit", True: "Einheiten"},
    victory_mark="  (* SIEG!! *)",
    victory_line="{power} gewinnt das Spiel mit {centers} Versorgungszentren.",
    notes_header="Anmerkungen:",
    illegal=_frozen(
        {
            "wrong-phase": "diese Befehlsart gehört nicht in diese Phase",
            "unknown-province": "der Befehl nennt eine Provinz, die es auf dieser Karte nicht gibt",
            "no-unit": "dort steht keine Einheit",
            "foreign-unit": "die Einheit gehört einer anderen Macht",
            "duplicate-order": "die Einheit hat schon einen anderen Befehl",
            "wrong-unit-coast": "die Flotte steht nicht an der genannten Küste",
            "irrelevant-coast": "die genannte Küste gibt es nicht oder sie gilt nicht für Armeen",
            "move-to-self": "eine Einheit kann nicht in ihre eigene Provinz ziehen",
            "not-adjacent": "das Ziel grenzt nicht an, und kein Konvoi könnte helfen",
            "no-convoy-route": "kein Weg über Flotten auf See führt die Armee ans Ziel",
            "bad-convoy-path": "der angegebene Konvoiweg ist keine Route",
            "army-to-sea": "eine Armee kann nicht auf See ziehen",
            "fleet-inland": "eine Flotte kann nicht ins Landesinnere",
            "impassable": "diese Provinz darf keine Einheit betreten",
            "unreachable-coast": "die Flotte erreicht die genannte Küste nicht",
            "missing-coast": "die Küste muss angegeben werden",
            "support-self": "eine Einheit kann sich nicht selbst unterstützen",
            "support-own-province": "eine Einheit kann nicht in ihre eigene Provinz unterstützen",
            "support-no-unit": "die unterstützte Einheit steht nicht dort",
            "support-unreachable": (
                "die unterstützende Einheit könnte selbst nicht in das Zielgebiet ziehen"
            ),
            "support-impossible-move": "der unterstützte Zug wäre nie möglich",
            "support-missing-coast": "die Unterstützung muss die Küste des Ziels nennen",
            "support-own-convoy": (
                "der unterstützte Zug bräuchte einen Konvoi, den nur die unterstützende Flotte "
                "geben könnte"
            ),
            "convoy-not-at-sea": "nur eine Flotte auf See kann konvoieren",
            "convoy-no-unit": "die zu konvoierende Armee steht nicht dort",
            "convoy-of-fleet": "nur Armeen werden konvoiert",
            "convoy-impossible": "keine Route über diese Flotte führt die Armee ans Ziel",
            "convoy-unnecessary": (
                "diese Flotte liegt nur auf Routen mit einer Abkürzung und wird nie gebraucht"
            ),
            "not-dislodged": "die Einheit wurde nicht vertrieben",
            "retreat-attacker-origin": (
                "der Rückzug in die Provinz, aus der der Angriff kam, ist nicht erlaubt"
            ),
            "retreat-occupied": "das Rückzugsziel ist besetzt",
            "retreat-standoff": "das Rückzugsziel blieb nach einem Patt leer und ist gesperrt",
            "no-builds": "die Macht hat in diesem Winter keine Aufbauten",
            "no-removals": "die Macht muss keine Einheiten abbauen",
            "build-not-home": "Aufbauten sind nur in eigenen Heimatzentren erlaubt",
            "build-not-owned": "das Heimatzentrum gehört der Macht nicht mehr",
            "build-occupied": "das Zentrum ist besetzt",
            "build-same-province": "in dieser Provinz wird schon aufgebaut",
            "build-missing-type": "die Einheitenart fehlt",
        }
    ),
    engine_messages=False,
    collation=_frozen(
        {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}
    ),
)

WORDS: Mapping[str, Words] = MappingProxyType({"en": ENGLISH, "de": GERMAN})
"""Language code -> table."""


def words_for(lang: str) -> Words:
    """The table for ``lang``; English when the language has no table yet."""
    return WORDS.get(lang, ENGLISH)


def explain_illegal(code: str | None, message: str, lang: str) -> str:
    """An illegal order's explanation in ``lang``: the table's sentence for the code, else the
    legality check's own message (``adjudicator check`` uses it for a German file)."""
    words = words_for(lang)
    own = words.illegal.get(code or "")
    if own is not None:
        return own
    return message if words.engine_messages or not code else code
