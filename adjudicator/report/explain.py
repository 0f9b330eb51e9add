"""One order's line in a report: its notes and the sentences that explain its fate.

Every failed order says why in words a player understands, naming the unit that bounced it, the
attack that cut it or the unit that dislodged it, from
:class:`~adjudicator.state.outcomes.OrderResult`'s ``reason``, ``cause``, ``cause_power``,
``code`` and ``detail``. Where no such sentence says more, the result's short message in the
report's language does (a refused build: "Germany has only 1 build."). An illegal order is
explained by its code in the report's language, or where the language has no sentence of its
own (English), by the legality check's diagnostic; so no English sentence reaches a report in
another language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import assert_never

from adjudicator.base.model import (
    Build,
    Convoy,
    Disband,
    Dislodgement,
    Hold,
    Location,
    Move,
    Order,
    PhaseType,
    Retreat,
    Support,
    Unit,
    Waive,
)
from adjudicator.lang.words import NoteKey, WhyKey
from adjudicator.report.facts import OrderFact
from adjudicator.report.names import Namer
from adjudicator.state.outcomes import Adjudication, Diagnosis, OrderResult, Outcome, Reason


class OrderFacts:
    """Turns order results into :class:`OrderFact` values, explaining each failure."""

    def __init__(self, adjudication: Adjudication, names: Namer) -> None:
        self.adj = adjudication
        self.names = names
        self.words = names.words
        self.phase_type = adjudication.position.phase.type
        self.dislodged: dict[str, Dislodgement] = {
            d.unit.province: d for d in adjudication.dislodged
        }
        self.movers: dict[tuple[str, str], tuple[str, Move]] = {
            (r.order.location.province, r.order.destination.province): (r.power, r.order)
            for r in adjudication.results
            if isinstance(r.order, Move)
        }

    def fact(self, result: OrderResult) -> OrderFact:
        order = result.order
        dislodgement = self._dislodgement(result)
        return OrderFact(
            power=result.power,
            order=str(order),
            long=self.names.long(result.power, order, result.reason),
            outcome=result.outcome,
            reason=result.reason,
            notes=self._notes(result, dislodgement),
            why=self._why(result, dislodgement),
            cause=None if result.cause is None else str(result.cause),
            cause_power=result.cause_power,
            code=result.code,
            message=self._message(result),
            dislodged=dislodgement is not None,
        )

    def _dislodgement(self, result: OrderResult) -> Dislodgement | None:
        if isinstance(result.order, Waive) or self.phase_type is not PhaseType.MOVEMENT:
            return None
        found = self.dislodged.get(result.order.location.province)
        return found if found is not None and found.unit.power == result.power else None

    # ------------------------------------------------------------------ notes
    def _notes(self, result: OrderResult, dislodgement: Dislodgement | None) -> tuple[NoteKey, ...]:
        notes: list[NoteKey] = []
        reason = result.reason
        if result.outcome is Outcome.ILLEGAL:
            notes.append(NoteKey.ILLEGAL)
        elif reason is Reason.NO_ORDER and isinstance(result.order, Hold | Disband | Retreat):
            pass  # the line itself reads "No Order Processed"
        elif reason is not Reason.NONE:
            key = _NOTE_OF_REASON.get(reason)
            if key is not None and (result.outcome is Outcome.FAILS or key in _NOTES_ON_SUCCESS):
                notes.append(key)
        if dislodgement is not None:
            notes.append(NoteKey.DISLODGED)
        if self.phase_type is PhaseType.RETREAT:
            # A retreat that fails, or a unit left without an order, is disbanded.
            ordered_disband = isinstance(result.order, Disband) and reason is not Reason.NO_ORDER
            gone = result.outcome is not Outcome.SUCCEEDS or reason in (
                Reason.NO_ORDER,
                Reason.DISBANDED,
            )
            if gone and not ordered_disband:
                notes.append(NoteKey.DESTROYED)
        return tuple(dict.fromkeys(notes))

    # ------------------------------------------------------------------ why
    def _why(self, result: OrderResult, dislodgement: Dislodgement | None) -> tuple[str, ...]:
        lines: list[str] = []
        if result.outcome is Outcome.ILLEGAL:
            lines.append(self._illegal(result))
        elif result.outcome is Outcome.FAILS:
            explained = self._failure(result, dislodgement)
            if explained:
                lines.append(explained)
        elif result.reason is Reason.CIVIL_DISORDER:
            lines.append(self.words.why[WhyKey.CIVIL_DISORDER])
        if dislodgement is not None:
            lines.append(self._dislodged_by(dislodgement))
        return tuple(lines)

    def _illegal(self, result: OrderResult) -> str:
        code = f" [{result.code}]" if result.code else ""
        own = self.words.illegal.get(result.code or "")
        detail = result.detail
        checker = ""
        if isinstance(detail, Diagnosis) and self.words.legality_diagnostics:
            checker = detail.text.strip().rstrip(".")
        message = own or checker or str(result.order)
        text = self.words.why[WhyKey.ILLEGAL].format(
            code=code, message=message, order=str(result.order)
        )
        if not self._stands_in_for(result):
            return text
        return f"{text} {self.words.illegal_consequence[self.phase_type]}"

    def _stands_in_for(self, result: OrderResult) -> bool:
        """Whether the default (hold, disband, nothing) replaces this illegal order: the power's
        own unit, with no other order of it carried out."""
        order = result.order
        if self.phase_type is PhaseType.ADJUSTMENT:
            return True
        if isinstance(order, Waive):
            return False
        unit = self.names.ordered_unit(result.power, order)
        if unit is None or unit.power != result.power:
            return False
        return not any(
            other.outcome is not Outcome.ILLEGAL
            and other.power == result.power
            and not isinstance(other.order, Waive)
            and other.order.location.province == order.location.province
            for other in self.adj.results
        )

    def _message(self, result: OrderResult) -> str:
        """The result's short diagnostic in the report's language, naming powers, provinces and
        orders as the report does; an illegal order's is its explanation (:meth:`_illegal`
        says more)."""
        detail = result.detail
        if isinstance(detail, Diagnosis):
            return self.words.explain_illegal(result.code, detail.text)
        return result.message_in(self.words, self.names)

    def _failure(self, result: OrderResult, dislodgement: Dislodgement | None) -> str | None:
        reason = result.reason
        order = result.order
        cause = self._cause_unit(result)
        message = self._message(result)
        if reason in (Reason.DISLODGED, Reason.NO_ORDER) and dislodgement is not None:
            return None  # the dislodgement line says it, naming the attacker
        if reason is Reason.NOT_ALLOWED:
            return self._not_allowed(result)
        if reason is Reason.VOID:
            return self._void(order)
        if reason in _BOUNCES and isinstance(order, Move | Retreat):
            if cause is None and message:
                return sentence(message)
            return self._bounce(order, result.cause, cause)
        if reason is Reason.DISRUPTED and result.cause is not None:
            fleet = self._disrupting_fleet(result.cause)
            if fleet is not None:
                return self._say(WhyKey.DISRUPTED_FLEET, fleet)
        if reason is Reason.NO_SELF_DISLODGEMENT and cause is None and isinstance(order, Move):
            cause = self.names.unit_at(order.destination.province)
        keys = _WHY_OF_REASON.get(reason)
        if keys is None:
            return sentence(message) if message else None
        with_cause, without = keys
        if cause is not None and with_cause is not None:
            return self._say(with_cause, cause, order=order)
        if message and without in _GENERIC_WHY:
            return sentence(message)  # the resolver knows more than the bare word
        return self._say(without, None, order=order)

    def _not_allowed(self, result: OrderResult) -> str:
        message = self._message(result)
        if message:
            return sentence(message)  # the limit it broke, from the result's detail
        order = result.order
        match order:
            case Build():
                return self.words.why[WhyKey.NOT_ALLOWED_BUILD]
            case Disband():
                return self.words.why[WhyKey.NOT_ALLOWED_REMOVE]
            case Waive():
                return self.words.why[WhyKey.NOT_ALLOWED_WAIVE]
            case Hold() | Move() | Support() | Convoy() | Retreat():
                return self.words.why[WhyKey.NOT_ALLOWED]
            case _:
                assert_never(order)

    def _bounce(self, order: Move | Retreat, cause: Order | None, unit: Unit | None) -> str:
        dest = order.destination.province
        if isinstance(order, Retreat):
            key = WhyKey.RETREAT_BOUNCE_WITH if unit is not None else WhyKey.RETREAT_BOUNCE
            return self._say(key, unit, order=order)
        if unit is None:
            return self.words.why[WhyKey.BOUNCE]
        if isinstance(cause, Move) and cause.destination.province == dest:
            return self._say(WhyKey.BOUNCE_WITH, unit, order=order)
        return self._say(WhyKey.BOUNCE_OFF, unit, order=order)

    def _void(self, order: Order) -> str:
        match order:
            case Support(target=target, destination=dest):
                unit = self.names.unit_at(target.province)
                if unit is None:
                    return self._say(WhyKey.VOID_NO_UNIT, None, place=target)
                if dest is None:
                    return self._say(WhyKey.VOID_HOLD, unit)
                return self._say(WhyKey.VOID_MOVE, unit, place=dest)
            case Convoy(army=army, destination=dest):
                unit = self.names.unit_at(army.province)
                if unit is None:
                    return self._say(WhyKey.VOID_NO_UNIT, None, place=army)
                return self._say(WhyKey.VOID_CONVOY, unit, place=dest)
            case Hold() | Move() | Retreat() | Disband() | Build() | Waive():
                return self.words.why[WhyKey.VOID]
            case _:
                assert_never(order)

    def _dislodged_by(self, dislodgement: Dislodgement) -> str:
        province = dislodgement.unit.province
        mover = self.movers.get((dislodgement.attacked_from, province))
        attacker: Unit | None
        if mover is not None:
            attacker = self.names.ordered_unit(mover[0], mover[1])
        else:
            attacker = self.names.unit_at(dislodgement.attacked_from)
        if attacker is None:
            return self.words.why[WhyKey.DISLODGED]
        key = WhyKey.DISLODGED_BY_CONVOY if dislodgement.by_convoy else WhyKey.DISLODGED_BY
        return self._say(key, attacker)

    def _cause_unit(self, result: OrderResult) -> Unit | None:
        cause = result.cause
        if cause is None or isinstance(cause, Waive):
            return None
        power = result.cause_power
        retreating = self.phase_type is PhaseType.RETREAT
        found = self.names.unit_at(cause.location.province, dislodged_first=retreating)
        if power is None:
            power = found.power if found else ""
        kind = cause.unit_type or (found.type if found else None)
        return None if kind is None else Unit(power, kind, cause.location)

    def _disrupting_fleet(self, cause: Order) -> Unit | None:
        """The convoying fleet that was lost: the cause is its order or the attack on it."""
        match cause:
            case Convoy():
                return self.names.unit_at(cause.location.province)
            case Move():
                return self.names.unit_at(cause.destination.province)
            case Hold() | Support() | Retreat() | Disband() | Build() | Waive():
                return None
            case _:
                assert_never(cause)

    def _say(
        self,
        key: WhyKey,
        unit: Unit | None,
        *,
        order: Order | None = None,
        place: Location | None = None,
    ) -> str:
        fields: dict[str, str] = {}
        if unit is not None:
            fields["who"] = self.names.who(unit)
            fields["who_dat"] = self.names.who(unit, dat=True)
        if isinstance(order, Move | Retreat):
            fields["dest"] = self.names.place(order.destination)
        if place is not None:
            fields["dest"] = fields["place"] = self.names.place(place)
        return sentence(self.words.why[key].format(**fields))


_NOTE_OF_REASON: Mapping[Reason, NoteKey] = {
    # The judges print every failed move or retreat as a bounce; the why line tells the kinds
    # apart.
    Reason.BOUNCED: NoteKey.BOUNCE,
    Reason.RETREAT_COLLISION: NoteKey.BOUNCE,
    Reason.LOST_HEAD_TO_HEAD: NoteKey.BOUNCE,
    Reason.NO_SELF_DISLODGEMENT: NoteKey.BOUNCE,
    Reason.DISLODGED: NoteKey.DISLODGED,
    Reason.CUT: NoteKey.CUT,
    Reason.VOID: NoteKey.VOID,
    Reason.NO_CONVOY: NoteKey.NO_CONVOY,
    Reason.DISRUPTED: NoteKey.DISRUPTED,
    Reason.CONVOY_PARADOX: NoteKey.PARADOX,
    Reason.NOT_ALLOWED: NoteKey.NOT_ALLOWED,
    Reason.CIVIL_DISORDER: NoteKey.CIVIL_DISORDER,
    Reason.NO_ORDER: NoteKey.NO_ORDER,
    Reason.DISBANDED: NoteKey.DESTROYED,
}

_GENERIC_WHY = frozenset({WhyKey.BOUNCE, WhyKey.DISLODGED, WhyKey.CUT})
"""Sentences that say less than a result's message would."""

_NOTES_ON_SUCCESS = frozenset({NoteKey.CIVIL_DISORDER, NoteKey.NO_ORDER})
"""Notes that mark an order the adjudicator made up rather than a failure."""

_BOUNCES = frozenset({Reason.BOUNCED, Reason.RETREAT_COLLISION})
"""Reasons explained by naming the unit that went for the same place."""

_WHY_OF_REASON: Mapping[Reason, tuple[WhyKey | None, WhyKey]] = {
    # reason -> (sentence naming the causing unit, sentence without one)
    Reason.LOST_HEAD_TO_HEAD: (WhyKey.HEAD_TO_HEAD, WhyKey.BOUNCE),
    Reason.NO_SELF_DISLODGEMENT: (WhyKey.OWN_UNIT, WhyKey.BOUNCE),
    Reason.DISLODGED: (WhyKey.DISLODGED_BY, WhyKey.DISLODGED),
    Reason.CUT: (WhyKey.CUT_BY, WhyKey.CUT),
    Reason.NO_CONVOY: (None, WhyKey.NO_CONVOY),
    Reason.DISRUPTED: (None, WhyKey.DISRUPTED),
    Reason.CONVOY_PARADOX: (None, WhyKey.PARADOX),
    Reason.BOUNCED: (None, WhyKey.BOUNCE),
    Reason.RETREAT_COLLISION: (None, WhyKey.RETREAT_BOUNCE),
}


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """``text`` as a sentence: capital first letter, closing full stop."""
    text = _capitalise(text.strip())
    return text if text.endswith((".", "!", "?")) else text + "."
