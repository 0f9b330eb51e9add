"""The words of the results report and of the command line: the :class:`Words` and
:class:`CommandWords` classes and the keys of their sentence tables.

A report is built from language-neutral facts; every word and sentence shape comes from a
:class:`Words` table (one per language, in :mod:`adjudicator.lang.en`, :mod:`adjudicator.lang.de`),
so a language is added by adding a table, never by branching in the layout code. The English
table follows the play-by-email judge layout (njudge, DPjudge): mapping tools
parse its order lines, so those stay exactly in the judges' shape.

Templates are :meth:`str.format` strings. Their fields:

- ``{unit}``: a unit as an order line names it (``Army Vienna``, ``Austrian Army Vienna``);
- ``{who}``: a unit in a sentence (``the Russian Army in Warsaw``), ``{who_dat}`` the same after a
  preposition (languages with cases need it; English uses one form);
- ``{place}``, ``{dest}``, ``{src}``: province names (with the coast where it matters);
- ``{adj}``, ``{type}``: the owner's adjective and the unit type word;
- ``{power}``: a power's name; ``{short}``, ``{orders}``: units and orders in the short form
  (``F TRI``, ``A MUN - BUR``); ``{count}``, ``{rule}``: a number and a rules option's value;
- in the short messages of order results (:attr:`Words.messages`): ``{cause}``, ``{fleet}``:
  orders in the short form; ``{province}``: a province code (``STP``).

The German table inflects the map's adjective in its templates (``die {adj}e {type}`` gives
``die russische Armee``; both unit words are feminine, so one set of endings serves both) and
names units the way German orders do (``Armee Warschau``), which keeps place names out of
constructions that would need their case.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from adjudicator.base.model import PhaseType, Season, UnitType
from adjudicator.base.rules import ParadoxRule
from adjudicator.lang.message_keys import MessageKey


class NoteKey(StrEnum):
    """The short notes printed as ``(*...*)`` after an order line, keys of :attr:`Words.notes`.

    The values are also the ``notes`` of the JSON/YAML report, so programs see the same keys
    whatever the report's language. The judges print every failed move as a bounce, so several
    outcome reasons share a note; the explaining sentence (:class:`WhyKey`) tells them apart.
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


class WhyKey(StrEnum):
    """The sentences that explain an order's fate, keys of :attr:`Words.why`."""

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
    NOT_ALLOWED_WAIVE = "not_allowed_waive"
    NOT_ALLOWED = "not_allowed"
    CIVIL_DISORDER = "civil_disorder"
    ILLEGAL = "illegal"


class PhaseNoteKey(StrEnum):
    """The notes about the phase as a whole, printed under :attr:`Words.notes_header`; keys of
    :attr:`Words.phase_notes`, one per kind of :data:`~adjudicator.state.outcomes.Note`."""

    UNUSED_BUILD = "unused_build"
    """``{power}`` left ``{count}`` (one) build unused: it is waived."""
    UNUSED_BUILDS = "unused_builds"
    """The same for ``{count}`` (more than one) builds."""
    CIVIL_DISORDER = "civil_disorder"
    """``{power}`` ordered too few removals and loses a unit: ``{unit}`` as an order line names
    it, ``{short}`` in the short form (``F TRI``)."""
    VICTORY = "victory"
    """``{power}`` reached the victory threshold (printed only where no ownership block says
    it)."""
    CIRCULAR_MOVEMENT = "circular_movement"
    """A ring of moves that all succeed: ``{orders}`` in the short form."""
    CONVOY_PARADOX = "convoy_paradox"
    """A convoy paradox broken by ``{rule}``: ``{orders}`` fail."""


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
    notes: Mapping[NoteKey, str]
    """The word printed between ``(*`` and ``*)``."""
    why: Mapping[WhyKey, str]
    """The sentence that explains an order's fate."""
    illegal_consequence: Mapping[PhaseType, str]
    """What happens instead of an illegal order, by phase type."""
    phase_notes: Mapping[PhaseNoteKey, str]
    """The notes about the whole phase (civil disorder, unused builds, paradoxes)."""
    paradox_rules: Mapping[ParadoxRule, str]
    """The name of each convoy-paradox rule, the ``{rule}`` of a paradox note."""
    messages: Mapping[MessageKey, str]
    """The short diagnostic of an order's result (``bounced with A MUN - BUR``): lowercase, no
    full stop. The report prints it where it has no better sentence (a refused build) and in
    the JSON/YAML ``message``."""

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
    legality_diagnostics: bool = True
    """Whether an illegal order whose code has no sentence in :attr:`illegal` is explained by
    the legality check's own diagnostic, which is English and names the provinces ("an army
    cannot enter the sea province IRI in 'A LVP - IRI'"); a table in another language sets
    False, and such an order is explained by its bare code."""
    collation: Mapping[str, str] = field(default_factory=dict)
    """Letters spelled out when names are sorted (German ``Ä`` as ``Ae``, so that
    ``Ärmelkanal`` sorts among the A's, as German dictionaries do)."""

    def join(self, items: list[str]) -> str:
        """``a``, ``a or b``, ``a, b or c``."""
        if len(items) <= 1:
            return "".join(items)
        return self.list_separator.join(items[:-1]) + self.list_last + items[-1]

    def explain_illegal(self, code: str | None, message: str) -> str:
        """An illegal order's explanation: this table's sentence for the code, else the
        legality check's own diagnostic where this language may print it, else the bare code
        (``adjudicator check`` uses it for a file in another language)."""
        own = self.illegal.get(code or "")
        if own is not None:
            return own
        return message if self.legality_diagnostics or not code else code


@dataclass(frozen=True, slots=True)
class CommandWords:
    """The command line's own words in one language; its diagnostics and their severities come
    from the language's :class:`~adjudicator.lang.vocabulary.Vocabulary`."""

    check_summary: str
    """The last line of ``adjudicator check``: ``{path}: {orders} orders, {problems} {noun}``."""
    problem_noun: Mapping[bool, str]
    """Plural? -> ``problem``/``problems``."""
