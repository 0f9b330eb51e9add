"""The judge service: game master commands, every bad mail of issue 9 (a clear reply, the game
unchanged), duplicates, the deadline clock, reminders, and a crash between storing results and
sending them."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from adjudicator.judge.mailout import deliver
from adjudicator.judge.records import JudgeError
from adjudicator.judge.service import GameSettings, Judge, PowerOrders
from adjudicator.judge.session import MAX_REPLIES_PER_HOUR
from adjudicator.judge.store import Store
from adjudicator.lang.languages import JUDGE_LANGUAGES, judge_words
from tests.judge.judging import (
    GM,
    GM_PASSWORD,
    PLAYERS,
    T0,
    RecordingSender,
    cheap_passwords,
    config,
    game_state,
    hours,
    last_reply,
    make_mail,
    new_game,
    outbox,
    password,
    replies_to,
    signon,
)

__all__ = ["cheap_passwords"]

FRANCE = PLAYERS["France"][0]
GERMANY = PLAYERS["Germany"][0]
NOW = T0 + hours(1)


@pytest.fixture
def judge(store: Store) -> Iterator[Judge]:
    found = Judge(store, config())
    new_game(found)
    yield found


def orders_of(store: Store, power: str, game: str = "g1") -> list[str] | None:
    with store.transaction() as tx:
        phase = tx.current_phase(game)
        assert phase is not None
        found = tx.latest_submissions(game, phase.seq).get(power)
    return None if found is None else json.loads(found.orders_json)


# ---------------------------------------------------------------------- good mail
def test_orders_are_answered_in_canonical_form_with_the_deadline(
    judge: Judge, store: Store
) -> None:
    body = signon("France") + "Army Paris to Burgundy\nF Bre-Mao\n"
    assert judge.handle_mail(make_mail(FRANCE, body), NOW) == "orders"
    reply = last_reply(store, FRANCE)
    assert "Your orders were accepted:\n  A PAR - BUR\n  F BRE - MAO" in reply
    assert "Units still without orders" in reply and "  A MAR" in reply
    assert "Deadline: Wed 4 Mar 2026 12:00 UTC." in reply
    assert orders_of(store, "France") == ["A PAR - BUR", "F BRE - MAO"]


def test_a_resubmission_replaces_the_whole_earlier_one_and_says_so(
    judge: Judge, store: Store
) -> None:
    judge.handle_mail(make_mail(FRANCE, signon("France") + "A Par - Bur\nA Mar - Spa\n"), NOW)
    judge.handle_mail(make_mail(FRANCE, signon("France") + "A Par - Pic\n"), NOW)
    reply = last_reply(store, FRANCE)
    assert "They replace your earlier orders:\n  A PAR - BUR\n  A MAR - SPA" in reply
    assert orders_of(store, "France") == ["A PAR - PIC"]


def test_german_player_gets_german_reply(judge: Judge, store: Store) -> None:
    body = "ANMELDEN Deutschland g1 pw-germany\nArmee München nach Ruhrgebiet\n"
    assert judge.handle_mail(make_mail(GERMANY, body), NOW) == "orders"
    reply = last_reply(store, GERMANY)
    assert "Ihre Befehle wurden angenommen:\n  A MUN - RUH" in reply
    assert "Abgabeschluss: Mi 4. Mär 2026 12:00 UTC." in reply


# ---------------------------------------------------------------------- bad mail
def assert_unchanged(judge: Judge, store: Store, raw: bytes, outcome: str, *phrases: str) -> str:
    """Handle ``raw``; the game must not change, the reply must hold every phrase."""
    sender = raw.split(b"From: ", 1)[1].split(b"\n", 1)[0].decode().strip()
    before = game_state(store)
    assert judge.handle_mail(raw, NOW).startswith(outcome)
    assert game_state(store) == before
    reply = last_reply(store, sender)
    for phrase in phrases:
        assert phrase in reply, reply
    return reply


def test_list_answers_in_the_players_language(judge: Judge, store: Store) -> None:
    judge.handle_mail(make_mail(FRANCE, signon("France") + "A Par H\nA Mar H\nF Bre H\n"), NOW)
    judge.handle_mail(make_mail(GERMANY, signon("Germany") + "LISTE\n"), NOW)
    german = last_reply(store, GERMANY)
    assert "Partie g1: läuft, Karte standard" in german
    assert "Frankreich (aktiv): Befehle liegen vor" in german
    assert "Deutschland (aktiv): noch keine Befehle" in german
    assert "Game" not in german and "orders in" not in german
    judge.handle_mail(make_mail(FRANCE, signon("France") + "LIST\n"), NOW)
    english = last_reply(store, FRANCE)
    assert "Game g1: active, map standard" in english
    assert "France     (active): orders in" in english
    assert "Germany    (active): no orders yet" in english


def test_wrong_password(judge: Judge, store: Store) -> None:
    raw = make_mail(FRANCE, "SIGNON France g1 nope\nA Par - Bur\n")
    assert_unchanged(
        judge,
        store,
        raw,
        "rejected: wrong password",
        "The password for France in game g1 is wrong. Nothing was changed.",
    )


def test_unknown_game(judge: Judge, store: Store) -> None:
    raw = make_mail(FRANCE, "SIGNON France nosuchgame pw-france\nA Par - Bur\n")
    assert_unchanged(
        judge, store, raw, "rejected: unknown game", "There is no game named 'nosuchgame'"
    )


def test_unknown_power(judge: Judge, store: Store) -> None:
    raw = make_mail(FRANCE, "SIGNON Atlantis g1 pw-france\nA Par - Bur\n")
    assert_unchanged(
        judge, store, raw, "rejected: unknown power", "Game g1 has no power 'Atlantis'"
    )


def test_orders_without_signon(judge: Judge, store: Store) -> None:
    raw = make_mail(FRANCE, "A Par - Bur\n")
    assert_unchanged(judge, store, raw, "rejected", "SIGNON <power> <game> <password>")


def test_orders_for_another_power(judge: Judge, store: Store) -> None:
    raw = make_mail(FRANCE, signon("France") + "A Par - Bur\nA Mun - Ruh\n")
    reply = assert_unchanged(
        judge,
        store,
        raw,
        "rejected: orders with errors",
        "Your orders were NOT accepted",
        "mail:3:1: error: 'A MUN - RUH' is an order for Germany; you play France [foreign-unit]",
    )
    assert "  A Mun - Ruh\n    ^" in reply


def test_orders_with_errors_keep_the_earlier_orders(judge: Judge, store: Store) -> None:
    judge.handle_mail(make_mail(FRANCE, signon("France") + "A Par - Bur\n"), NOW)
    raw = make_mail(FRANCE, signon("France") + "A Par - Pic\nF Bre - Lonodn\n")
    reply = assert_unchanged(
        judge,
        store,
        raw,
        "rejected: orders with errors",
        "unknown province 'Lonodn'",
        "Your earlier orders stand:\n  A PAR - BUR",
    )
    assert "    F Bre - Lonodn\n            ^" in reply
    assert orders_of(store, "France") == ["A PAR - BUR"]


def test_html_only_mail_is_read_from_its_text(judge: Judge, store: Store) -> None:
    from email.message import EmailMessage

    message = EmailMessage()
    message["From"] = FRANCE
    message["To"] = "judge@judge.test"
    message["Subject"] = "orders"
    message["Message-ID"] = "<html-only@players.test>"
    message.set_content(
        f"<html><body><p>{signon('France').strip()}</p><p>A Par - Bur</p></body></html>",
        subtype="html",
    )
    assert judge.handle_mail(bytes(message), NOW) == "orders"
    assert orders_of(store, "France") == ["A PAR - BUR"]
    assert "HTML" in last_reply(store, FRANCE)


@pytest.mark.parametrize("encoding", ["quoted-printable", "base64"])
def test_windows_1252_and_transfer_encodings(judge: Judge, store: Store, encoding: str) -> None:
    from email.message import EmailMessage

    message = EmailMessage()
    message["From"] = GERMANY
    message["To"] = "judge@judge.test"
    message["Subject"] = "Befehle"
    message["Message-ID"] = f"<cp1252-{encoding}@players.test>"
    body = "ANMELDEN Deutschland g1 pw-germany\nArmee München nach Ruhrgebiet\n"
    message.set_content(body, charset="windows-1252", cte=encoding)
    assert judge.handle_mail(bytes(message), NOW) == "orders"
    assert orders_of(store, "Germany") == ["A MUN - RUH"]


def test_a_five_megabyte_attachment(judge: Judge, store: Store) -> None:
    from email.message import EmailMessage

    message = EmailMessage()
    message["From"] = FRANCE
    message["To"] = "judge@judge.test"
    message["Subject"] = "orders"
    message["Message-ID"] = "<big@players.test>"
    message.set_content(signon("France") + "A Par - Bur\n")
    message.add_attachment(
        b"\0" * (5 * 1024 * 1024), maintype="application", subtype="pdf", filename="report.pdf"
    )
    before = game_state(store)
    outcome = judge.handle_mail(bytes(message), NOW)
    assert outcome.startswith("rejected")
    assert game_state(store) == before
    assert "too large" in last_reply(store, FRANCE)


def test_a_mail_with_no_text_part_is_explained(judge: Judge, store: Store) -> None:
    from email.message import EmailMessage

    message = EmailMessage()
    message["From"] = FRANCE
    message["To"] = "judge@judge.test"
    message["Subject"] = "orders"
    message["Message-ID"] = "<picture@players.test>"
    message.set_content(b"\x89PNG\r\n\x1a\n" + bytes(200), maintype="image", subtype="png")
    reply = assert_unchanged(
        judge, store, bytes(message), "rejected: empty", "the mail has no text to read"
    )
    assert "SIGNON" in reply  # and how to write one


def test_ten_thousand_lines_of_garbage(judge: Judge, store: Store) -> None:
    garbage = "".join(f"xq{n} blorp %% ### zz\n" for n in range(10_000))
    raw = make_mail(FRANCE, signon("France") + garbage)
    reply = assert_unchanged(judge, store, raw, "rejected", "NOT accepted", "more problems")
    assert len(reply.splitlines()) < 200  # a short reply, however long the mail


def test_orders_for_a_game_not_started(store: Store) -> None:
    judge = Judge(store, config())
    new_game(judge, start=False)
    raw = make_mail(FRANCE, signon("France") + "A Par - Bur\n")
    assert_unchanged(judge, store, raw, "rejected: not running", "takes no orders now")


# ---------------------------------------------------------------------- no second reply, no reply
def test_the_same_message_twice_changes_nothing_and_is_answered_once(
    judge: Judge, store: Store
) -> None:
    raw = make_mail(FRANCE, signon("France") + "A Par - Bur\n", message_id="<once@players.test>")
    assert judge.handle_mail(raw, NOW) == "orders"
    state, mails = game_state(store), len(outbox(store))
    assert judge.handle_mail(raw, NOW + hours(1)) == "duplicate"
    assert game_state(store) == state
    assert len(outbox(store)) == mails


@pytest.mark.parametrize(
    "headers",
    [
        [("Auto-Submitted", "auto-replied")],
        [("Precedence", "bulk")],
        [("List-Id", "<diplomacy.lists.test>")],
        [("Return-Path", "<>")],
    ],
)
def test_robots_get_no_reply(judge: Judge, store: Store, headers: list[tuple[str, str]]) -> None:
    mails = len(outbox(store))
    state = game_state(store)
    raw = make_mail(FRANCE, signon("France") + "A Par - Bur\n", headers=headers)
    assert judge.handle_mail(raw, NOW) == "ignored"
    assert len(outbox(store)) == mails and game_state(store) == state


def test_a_sender_that_never_stops_gets_a_limited_number_of_replies(
    judge: Judge, store: Store
) -> None:
    # a robot answering every reply with a mail of its own, without saying it is one
    for n in range(MAX_REPLIES_PER_HOUR):
        assert judge.handle_mail(make_mail(FRANCE, f"Re: {n}\n", subject="Re: x"), NOW)
    assert len(replies_to(store, FRANCE, "reply")) == MAX_REPLIES_PER_HOUR
    before = game_state(store)
    outcome = judge.handle_mail(make_mail(FRANCE, signon("France") + "A Par H\n"), NOW + hours(0.9))
    assert (
        outcome == f"orders (not answered: {MAX_REPLIES_PER_HOUR} replies to the sender this hour)"
    )
    assert len(replies_to(store, FRANCE, "reply")) == MAX_REPLIES_PER_HOUR  # the loop ends here
    assert game_state(store) != before and orders_of(store, "France") == ["A PAR H"]  # executed
    assert judge.handle_mail(make_mail(GERMANY, "HILFE\n"), NOW + hours(0.9)) == "commands"
    assert len(replies_to(store, GERMANY, "reply")) == 1  # others are answered as ever
    later = judge.handle_mail(make_mail(FRANCE, "HELP\n"), NOW + hours(1.01))
    assert later == "commands"  # an hour after the first replies: answered again
    assert len(replies_to(store, FRANCE, "reply")) == MAX_REPLIES_PER_HOUR + 1


def test_the_judges_own_mail_gets_no_reply(judge: Judge, store: Store) -> None:
    mails = len(outbox(store))
    assert judge.handle_mail(make_mail("judge@judge.test", "HELP\n"), NOW) == "ignored"
    assert len(outbox(store)) == mails


# ---------------------------------------------------------------------- player commands
def test_set_password_wait_and_help(judge: Judge, store: Store) -> None:
    body = signon("France") + "SET PASSWORD newpass\nWAIT\nHELP\n"
    judge.handle_mail(make_mail(FRANCE, body), NOW)
    reply = last_reply(store, FRANCE)
    assert "Your password was changed." in reply and "WAIT set" in reply and "SIGNON" in reply
    again = make_mail(FRANCE, "SIGNON France g1 newpass\nA Par - Bur\n")
    assert judge.handle_mail(again, NOW) == "orders"


def test_everyone_voting_draw_ends_the_game(judge: Judge, store: Store) -> None:
    for power, (email, _lang) in PLAYERS.items():
        word = "REMIS" if power == "Germany" else "DRAW"
        judge.handle_mail(make_mail(email, signon(power) + f"{word}\n"), NOW)
    with store.transaction() as tx:
        game = tx.get_game("g1")
    assert game is not None and game.status == "finished"
    assert game.result == "draw: Austria, England, France, Germany, Italy, Russia, Turkey"


# ---------------------------------------------------------------------- the clock
def submit_all(judge: Judge, when_offset: float = 1) -> None:
    for power, (email, _lang) in PLAYERS.items():
        judge.handle_mail(
            make_mail(email, signon(power) + "\n".join(_holds(power)) + "\n"),
            T0 + hours(when_offset),
        )


def _holds(power: str) -> list[str]:
    from adjudicator.board.load import load_map

    return [f"{u} H" for u in load_map("standard").powers[power].start]


def test_tick_waits_for_the_grace_period_when_orders_are_missing(
    judge: Judge, store: Store
) -> None:
    assert judge.tick(T0 + hours(47)).processed == ()
    assert judge.tick(T0 + hours(48)).processed == ()  # grace 2 h: orders are missing
    report = judge.tick(T0 + hours(50))
    assert report.processed == ("g1: S1901M -> F1901M",)
    results = replies_to(store, FRANCE, "results")
    assert len(results) == 1 and "Orders missing (NMR): Austria, England, France" in results[0].body
    assert any(o.to_addr == GM and o.kind == "results" for o in outbox(store))


def test_tick_at_the_deadline_when_every_order_is_in(judge: Judge, store: Store) -> None:
    submit_all(judge)
    assert judge.tick(T0 + hours(47)).processed == ()  # this game does not process early
    assert judge.tick(T0 + hours(48)).processed == ("g1: S1901M -> F1901M",)
    assert "Every power sent orders." in replies_to(store, FRANCE, "results")[0].body


def test_history_gives_each_player_the_report_in_their_language(judge: Judge, store: Store) -> None:
    submit_all(judge)
    judge.tick(T0 + hours(48))
    with store.transaction() as tx:
        stored = json.loads(tx.phases("g1")[0].reports_json or "{}")
    assert sorted(stored) == ["de", "en"]  # one report per language the judge speaks
    judge.handle_mail(make_mail(GERMANY, signon("Germany") + "VERLAUF\n"), T0 + hours(49))
    german = last_reply(store, GERMANY)
    judge.handle_mail(make_mail(FRANCE, signon("France") + "HISTORY\n"), T0 + hours(49))
    english = last_reply(store, FRANCE)
    assert stored["de"].strip() in german and "Frühjahr 1901" in german
    assert stored["en"].strip() in english and "Movement results for Spring of 1901." in english


def test_process_early_unless_someone_waits(store: Store) -> None:
    judge = Judge(store, config())
    new_game(judge, process_early=True)
    judge.handle_mail(make_mail(FRANCE, signon("France") + "WAIT\n"), NOW)
    submit_all(judge)
    assert judge.tick(T0 + hours(2)).processed == ()
    judge.handle_mail(make_mail(FRANCE, signon("France") + "NOWAIT\n"), NOW)
    assert judge.tick(T0 + hours(2)).processed == ("g1: S1901M -> F1901M",)


def test_reminders_go_once_to_players_still_missing_orders(judge: Judge, store: Store) -> None:
    judge.handle_mail(make_mail(FRANCE, signon("France") + "\n".join(_holds("France"))), NOW)
    assert judge.tick(T0 + hours(35)).reminders == ()  # the window is the last 12 hours
    first = judge.tick(T0 + hours(37))
    assert "g1: France" not in first.reminders and "g1: Germany" in first.reminders
    assert len(first.reminders) == 6
    assert judge.tick(T0 + hours(40)).reminders == ()
    reminder = replies_to(store, GERMANY, "reminder")
    assert len(reminder) == 1 and "Abgabeschluss" in reminder[0].body


def test_late_notices_go_once_in_the_grace_period(judge: Judge, store: Store) -> None:
    judge.handle_mail(make_mail(FRANCE, signon("France") + "A Par H\n"), NOW)  # some orders
    assert judge.tick(T0 + hours(47.9)).late == ()  # before the deadline: reminders only
    first = judge.tick(T0 + hours(48))
    assert first.processed == () and len(first.late) == 6 and "g1: France" not in first.late
    assert judge.tick(T0 + hours(49)).late == ()  # once
    german = replies_to(store, GERMANY, "notice")[-1]
    assert german.subject == "Diplomacy verspätet g1 S1901M"
    assert "von Deutschland sind keine Befehle eingegangen" in german.body
    assert "bis Mi 4. Mär 2026 14:00 UTC angenommen" in german.body
    assert not [m for m in replies_to(store, FRANCE, "notice") if "late" in m.subject]
    (master,) = [m for m in replies_to(store, GM, "notice") if "late" in m.subject]
    assert "no orders yet from Austria, England, Germany, Italy, Russia, Turkey" in master.body
    assert judge.tick(T0 + hours(50)).processed == ("g1: S1901M -> F1901M",)


def test_pause_keeps_the_time_left(judge: Judge, store: Store) -> None:
    judge.pause("g1", gm_password=GM_PASSWORD, now=T0 + hours(40))
    assert judge.tick(T0 + hours(100)).processed == ()
    deadline = judge.resume("g1", gm_password=GM_PASSWORD, now=T0 + hours(100))
    assert deadline == T0 + hours(108)
    status = judge.status("g1", gm_password=GM_PASSWORD)
    assert "Paused" not in status and "active" in status


def test_game_master_commands_need_the_password(judge: Judge) -> None:
    with pytest.raises(JudgeError, match="wrong game master password"):
        judge.pause("g1", gm_password="guess", now=NOW)
    with pytest.raises(JudgeError, match="no game named"):
        judge.start("nosuch", gm_password=GM_PASSWORD, now=NOW)


def test_set_deadline_and_process_now(judge: Judge, store: Store) -> None:
    judge.set_deadline("g1", T0 + hours(5), gm_password=GM_PASSWORD, now=NOW)
    assert judge.tick(T0 + hours(7)).processed == ("g1: S1901M -> F1901M",)
    done = judge.process_now("g1", gm_password=GM_PASSWORD, now=T0 + hours(8))
    assert done == ["g1: F1901M -> S1902M"]


def test_end_by_concession(judge: Judge, store: Store) -> None:
    result = judge.end_game("g1", "concession", ["France"], gm_password=GM_PASSWORD, now=NOW)
    assert result == "concession: France"
    assert "The game was conceded to France." in replies_to(store, FRANCE)[-1].body
    with pytest.raises(JudgeError):
        judge.end_game("g1", "draw", ["France"], gm_password=GM_PASSWORD, now=NOW)


def test_create_refuses_bad_settings(store: Store) -> None:
    judge = Judge(store, config())
    with pytest.raises(JudgeError, match="game name"):
        judge.create_game(
            "bad name!", gm_email=GM, gm_password="x", settings=GameSettings(), now=T0
        )
    with pytest.raises(JudgeError, match="unknown rules preset"):
        judge.create_game(
            "g2", gm_email=GM, gm_password="x", settings=GameSettings(preset="nonsense"), now=T0
        )
    for empty in ("", "  "):
        with pytest.raises(JudgeError, match="password may not be empty"):
            judge.create_game("g3", gm_email=GM, gm_password=empty, settings=GameSettings(), now=T0)
    with pytest.raises(JudgeError, match="not a mail address"):
        judge.create_game("g4", gm_email="gm", gm_password="x", settings=GameSettings(), now=T0)
    assert judge.list_games() == []


# ---------------------------------------------------------------------- crash before sending
def test_results_stored_but_not_sent_go_out_once_on_the_next_delivery(
    judge: Judge, store: Store
) -> None:
    cfg = config()
    assert judge.tick(T0 + hours(50)).processed
    broken = RecordingSender(fail=True)
    with pytest.raises(OSError):
        deliver(store, broken, cfg, T0 + hours(50))
    unsent = [o for o in outbox(store) if o.sent_at is None]
    assert len([o for o in unsent if o.kind == "results"]) == 8  # seven players and the GM
    working = RecordingSender()
    deliver(store, working, cfg, T0 + hours(51))
    deliver(store, working, cfg, T0 + hours(52))
    ids = [str(m["Message-ID"]) for m in working.sent]
    assert len(ids) == len(set(ids)) == len(unsent)
    assert all(o.sent_at is not None for o in outbox(store))
    assert password("France") not in "".join(str(m) for m in working.sent if m["To"] == GM)


def test_a_retreat_phase_with_nothing_to_decide_is_stored_and_reported(store: Store) -> None:
    from adjudicator.base.model import Location, Phase, Unit, UnitType
    from adjudicator.judge.records import position_json
    from adjudicator.judge.store import PhaseRow
    from adjudicator.state.position import Position

    judge = Judge(store, config())
    new_game(judge, powers=("France", "Germany"), start=False)
    germans = [("A", "BUR"), ("A", "PIC"), ("A", "GAS"), ("F", "BRE")]
    units = [Unit("Germany", UnitType(t), Location(p)) for t, p in germans]
    units.append(Unit("France", UnitType.ARMY, Location("PAR")))
    fall = Position(
        "standard",
        Phase.parse("F1901M"),
        tuple(units),
        supply_centers={"France": ("PAR",), "Germany": ("MUN",)},
    )
    with store.transaction() as tx:  # a game that starts in this position
        tx.add_phase(PhaseRow("g1", 0, "F1901M", position_json(fall), T0 + hours(48)))
        tx.update_game("g1", status="active", deadline=T0 + hours(48), phase_seq=0)
    body = signon("Germany") + "A Bur - Par\nA Pic S A Bur - Par\n"
    assert judge.handle_mail(make_mail(GERMANY, body), NOW) == "orders"
    report = judge.tick(T0 + hours(50))
    assert report.processed[:2] == ("g1: F1901M -> F1901R", "g1: F1901R -> W1901A")
    with store.transaction() as tx:
        phases = tx.phases("g1")
    assert [(p.phase, p.processed_at is not None) for p in phases] == [
        ("F1901M", True),
        ("F1901R", True),
        ("W1901A", False),
    ]
    assert phases[1].orders_json == "{}" and phases[1].reports_json
    results = replies_to(store, FRANCE, "results")[-1]
    assert results.subject == "Diplomacy results g1 F1901M F1901R"
    assert "Retreat results for Fall of 1901." in results.body
    assert "Orders missing (NMR): France." in results.body


# ---------------------------------------------------------------------- the game master by mail
def master_mail(body: str, signon_line: str = f"SIGNON Mg1 {GM_PASSWORD}") -> bytes:
    return make_mail(GM, f"{signon_line}\n{body}")


def test_the_game_master_moves_the_deadline_and_lists_with_addresses(
    judge: Judge, store: Store
) -> None:
    assert judge.handle_mail(master_mail("SET DEADLINE +2h\nLIST\n"), NOW) == "commands"
    reply = last_reply(store, GM)
    assert "Game g1: the deadline for Spring 1901 (Movement) is now Mon 2 Mar 2026 15:00 UTC." in (
        reply
    )
    assert FRANCE in reply  # the master's LIST shows the players' addresses
    notice = replies_to(store, GERMANY, "notice")[-1]
    assert "der Abgabeschluss für Frühjahr 1901 (Bewegung) ist jetzt Mo 2. Mär 2026 15:00" in (
        notice.body
    )
    assert judge.tick(T0 + hours(3)).processed == ()  # not every power ordered: grace first
    assert judge.tick(T0 + hours(5)).processed == ("g1: S1901M -> F1901M",)


def test_the_game_master_pauses_resumes_and_processes_by_mail(judge: Judge, store: Store) -> None:
    judge.handle_mail(master_mail("PAUSE\n"), NOW)
    assert "Game g1 is paused" in last_reply(store, GM)
    assert judge.tick(T0 + hours(100)).processed == ()
    judge.handle_mail(master_mail("RESUME\nPROCESS\n"), T0 + hours(100))
    reply = last_reply(store, GM)
    # paused with 47 hours left: the new deadline is 47 hours after the resume
    assert "Game g1 has resumed. Deadline: Sun 8 Mar 2026 15:00 UTC." in reply
    assert "Processed: g1: S1901M -> F1901M." in reply
    assert replies_to(store, FRANCE, "results")


def test_a_german_game_master(judge: Judge, store: Store) -> None:
    judge.handle_mail(master_mail("ANHALTEN\n", f"ANMELDEN Spielleiter g1 {GM_PASSWORD}"), NOW)
    assert "Die Partie g1 ruht" in last_reply(store, GM)


@pytest.mark.parametrize(
    ("body", "phrase"),
    [
        (
            "STARTEN\n",
            "Nicht ausgeführt: die Partie 'g1' ist nicht in Vorbereitung (Stand: läuft).",
        ),
        ("FORTSETZEN\n", "Nicht ausgeführt: die Partie 'g1' ruht nicht (Stand: läuft)."),
        (
            "ABGABESCHLUSS morgen\n",
            "Nicht ausgeführt: erwartet eine Zeit wie 2026-12-24T18:00Z oder +24h, nicht 'morgen'.",
        ),
        ("BEENDEN SIEG F D\n", "Nicht ausgeführt: 'solo' braucht eine Macht."),
        ("PASSWORT ZURÜCKSETZEN Atlantis\n", "Nicht ausgeführt: unbekannte Macht 'Atlantis'"),
    ],
)
def test_a_german_game_master_is_refused_in_german(
    judge: Judge, store: Store, body: str, phrase: str
) -> None:
    """What the judge refuses a German game master by mail it says in German, as every other
    sentence of the reply (they were quoted in English)."""
    judge.handle_mail(master_mail(body, f"ANMELDEN Spielleiter g1 {GM_PASSWORD}"), NOW)
    reply = last_reply(store, GM)
    assert phrase in reply
    assert "Not done" not in reply and "game 'g1'" not in reply


def test_every_language_says_every_refusal() -> None:
    keys = {lang: set(judge_words(lang).refusals) for lang in JUDGE_LANGUAGES}
    assert all(found == keys["en"] for found in keys.values()), keys


@pytest.mark.parametrize(
    ("raw", "outcome", "phrase"),
    [
        (
            master_mail("PROCESS\n", "SIGNON Mg1 wrong"),
            "rejected: wrong password",
            "The password for the game master in game g1 is wrong.",
        ),
        (
            make_mail(FRANCE, signon("France") + "PROCESS\n"),
            "rejected: not the game master",
            "Only the game master of g1 can do that (PROCESS).",
        ),
        (
            master_mail("A Par - Bur\n"),
            "rejected: not a player",
            "The game master gives no orders",
        ),
        (
            master_mail("START\n"),
            "rejected: refused",
            "Not done: game 'g1' is active, not forming.",
        ),
        (
            master_mail("SET DEADLINE tomorrow\n"),
            "rejected: refused",
            "Not done: expected a time like 2026-12-24T18:00Z or +24h, not 'tomorrow'.",
        ),
    ],
)
def test_what_the_game_master_cannot_do_by_mail(
    judge: Judge, store: Store, raw: bytes, outcome: str, phrase: str
) -> None:
    assert_unchanged(judge, store, raw, outcome, phrase)


# ---------------------------------------------------------------------- END by mail (issue 17)
def test_the_game_master_ends_a_game_by_mail_with_the_command_lines_notices(
    judge: Judge, store: Store
) -> None:
    new_game(judge, "g2")
    judge.end_game("g2", "draw", ["F", "G", "I"], gm_password=GM_PASSWORD, now=NOW)
    assert judge.handle_mail(master_mail("END DRAW F, G Italy\n"), NOW) == "commands"
    assert "Game g1 has ended. The game ended in a draw between France, Germany, Italy." in (
        last_reply(store, GM)
    )
    with store.transaction() as tx:
        row = tx.get_game("g1")
    assert row is not None and row.status == "finished"
    assert row.result == "draw: France, Germany, Italy"
    # the same notices to everyone as the command line's end (the welcome and start at T0)
    by_mail, by_cli = (
        [(o.to_addr, o.subject, o.body) for o in outbox(store, g) if o.kind == "notice"
         and o.created_at == NOW]
        for g in ("g1", "g2")
    )  # fmt: skip
    assert len(by_mail) == 8  # seven players and the game master
    assert by_mail == [(a, s.replace("g2", "g1"), b) for a, s, b in by_cli]
    german = [b for a, _, b in by_mail if a == GERMANY][-1]
    assert german == (
        "Die Partie ist beendet."
        " Die Partie endete remis zwischen Frankreich, Deutschland, Italien.\n"
    )
    assert judge.tick(T0 + hours(100)).processed == ()  # a finished game is never processed


@pytest.mark.parametrize(
    ("body", "signon_line", "reply"),
    [
        ("END SOLO R\n", f"SIGNON Mg1 {GM_PASSWORD}", "Russia has won the game."),
        ("END CONCESSION England\n", f"SIGNON master g1 {GM_PASSWORD}", "conceded to England"),
        (
            "BEENDEN ÜBERLASSEN England\n",
            f"ANMELDEN Spielleiter g1 {GM_PASSWORD}",
            "Die Partie g1 ist beendet. Die Partie wurde England überlassen.",
        ),
        (
            "BEENDEN SIEG R\n",
            f"ANMELDEN Spielleiter g1 {GM_PASSWORD}",
            "Die Partie g1 ist beendet. Russland hat die Partie gewonnen.",
        ),
    ],
)
def test_every_ending_by_mail(
    judge: Judge, store: Store, body: str, signon_line: str, reply: str
) -> None:
    assert judge.handle_mail(master_mail(body, signon_line), NOW) == "commands"
    assert reply in last_reply(store, GM)
    with store.transaction() as tx:
        row = tx.get_game("g1")
    assert row is not None and row.status == "finished"


@pytest.mark.parametrize(
    ("body", "outcome", "phrase"),
    [
        ("END SOLO F G\n", "rejected: refused", "Not done: 'solo' needs one power."),
        ("END DRAW F X\n", "rejected: refused", "Not done: unknown power 'X': one of Austria"),
        ("END\n", "commands", "END needs an ending (DRAW, CONCESSION or SOLO) and the powers"),
        ("END MAYBE F\n", "commands", "END MAYBE: no such ending"),
    ],
)
def test_an_end_by_mail_that_cannot_be_done_changes_nothing(
    judge: Judge, store: Store, body: str, outcome: str, phrase: str
) -> None:
    assert_unchanged(judge, store, master_mail(body), outcome, phrase)


def test_only_the_game_master_ends_a_game_and_only_once(judge: Judge, store: Store) -> None:
    assert_unchanged(
        judge,
        store,
        make_mail(FRANCE, signon("France") + "END SOLO France\n"),
        "rejected: not the game master",
        "Only the game master of g1 can do that (END).",
    )
    judge.handle_mail(master_mail("END DRAW F G\n"), NOW)
    assert_unchanged(
        judge,
        store,
        master_mail("END SOLO F\n"),
        "rejected: refused",
        "Not done: game 'g1' has ended already.",
    )


# ---------------------------------------------------------------------- what the judge did (17)
def test_the_outbox_of_a_game(judge: Judge, store: Store) -> None:
    new_game(judge, "g2", powers=("France",))
    judge.handle_mail(make_mail(FRANCE, signon("France") + "A Par - Bur\n"), NOW)
    rows = judge.outbox("g1", gm_password=GM_PASSWORD)
    assert rows == outbox(store, "g1")  # g1's alone, oldest first
    assert [r.kind for r in rows].count("reply") == 1 and rows[-1].to_addr == FRANCE
    deliver(store, RecordingSender(), config(), NOW)
    judge.handle_mail(make_mail(FRANCE, signon("France") + "A Par - Pic\n"), NOW)
    (waiting,) = judge.outbox("g1", gm_password=GM_PASSWORD, unsent=True)
    assert "A PAR - PIC" in waiting.body and waiting.sent_at is None
    with pytest.raises(JudgeError, match="wrong game master password"):
        judge.outbox("g1", gm_password="guess")


def test_resend_a_results_mail_a_player_lost(judge: Judge, store: Store) -> None:
    judge.tick(T0 + hours(50))
    deliver(store, RecordingSender(), config(), T0 + hours(50))
    lost = replies_to(store, FRANCE, "results")[-1]
    again = judge.resend("g1", lost.id, gm_password=GM_PASSWORD, now=T0 + hours(60))
    assert (again.to_addr, again.subject, again.body, again.kind) == (
        FRANCE, lost.subject, lost.body, "results",
    )  # fmt: skip
    assert again.id > lost.id and again.message_id != lost.message_id
    assert (again.created_at, again.sent_at) == (T0 + hours(60), None)
    to_power = judge.resend("g1", lost.id, gm_password=GM_PASSWORD, to="D", now=NOW)
    assert to_power.to_addr == GERMANY
    elsewhere = judge.resend("g1", lost.id, gm_password=GM_PASSWORD, to="f2@x.test", now=NOW)
    assert elsewhere.to_addr == "f2@x.test"
    # a resent results mail carries its board again
    assert (again.picture_seq, again.picture_lang) == (lost.picture_seq, lost.picture_lang)
    assert again.picture_seq is not None


def test_a_mail_that_still_carries_a_password_goes_again_only_to_its_address(
    judge: Judge, store: Store
) -> None:
    welcome = next(r for r in outbox(store, "g1") if r.secret and r.to_addr == FRANCE)
    with pytest.raises(JudgeError, match="carries a password until it is sent: it goes again"):
        judge.resend("g1", welcome.id, gm_password=GM_PASSWORD, to="thief@x.test", now=NOW)
    again = judge.resend("g1", welcome.id, gm_password=GM_PASSWORD, now=NOW)
    assert again.secret == welcome.secret  # masked once sent, as the first one will be


@pytest.mark.parametrize(
    ("mail", "to", "message"),
    [
        (10_000, None, "game 'g1' has no mail 10000 (see: judge outbox g1)"),
        ("g2", None, "game 'g1' has no mail"),  # a mail of another game
        ("last", "Prussia", "unknown power 'Prussia'"),
        ("last", "not an@address", "'not an@address' is not a mail address"),
    ],
)
def test_what_cannot_be_resent(
    judge: Judge, store: Store, mail: int | str, to: str | None, message: str
) -> None:
    new_game(judge, "g2", powers=("France",))
    if mail == "g2":
        mail = outbox(store, "g2")[-1].id
    elif mail == "last":
        mail = outbox(store, "g1")[-1].id
    assert isinstance(mail, int)
    before = outbox(store)
    with pytest.raises(JudgeError, match=re.escape(message)):
        judge.resend("g1", mail, gm_password=GM_PASSWORD, to=to, now=NOW)
    assert outbox(store) == before


def test_a_past_phases_report_as_mailed(judge: Judge, store: Store) -> None:
    with pytest.raises(JudgeError, match="game 'g1' has no phase processed yet"):
        judge.report("g1", gm_password=GM_PASSWORD)
    judge.tick(T0 + hours(50))
    judge.tick(T0 + hours(100))
    results = replies_to(store, GERMANY, "results")
    phase, last = judge.report("g1", gm_password=GM_PASSWORD)
    assert phase == "F1901M" and last.startswith("Movement results for Fall of 1901.")
    phase, first = judge.report("g1", "s1901m", gm_password=GM_PASSWORD, lang="de")
    assert phase == "S1901M" and first in results[0].body  # as Germany's results mail had it
    assert judge.report("g1", "0", gm_password=GM_PASSWORD, lang="de") == (phase, first)
    with pytest.raises(JudgeError, match=r"phase S1902M of game 'g1' is not processed yet"):
        judge.report("g1", "S1902M", gm_password=GM_PASSWORD)
    with pytest.raises(JudgeError, match=r"no phase 'S1999M' \(processed: S1901M, F1901M\)"):
        judge.report("g1", "S1999M", gm_password=GM_PASSWORD)
    with pytest.raises(JudgeError, match="unknown language 'fr'"):
        judge.report("g1", gm_password=GM_PASSWORD, lang="fr")


def test_the_orders_so_far(judge: Judge, store: Store) -> None:
    judge.handle_mail(make_mail(FRANCE, signon("France") + "A Par - Bur\n"), NOW)
    judge.handle_mail(
        make_mail(FRANCE, signon("France") + "A Par - Pic\nF Bre H\n"), NOW + hours(1)
    )
    found = judge.current_orders("g1", gm_password=GM_PASSWORD)
    assert (found.game, found.phase, found.deadline) == ("g1", "S1901M", T0 + hours(48))
    france = next(p for p in found.powers if p.power == "France")
    assert france == PowerOrders("France", ("A PAR - PIC", "F BRE H"), NOW + hours(1), True)
    assert PowerOrders("Germany", (), None, True) in found.powers
    assert len(found.powers) == 7
    assert judge.current_orders("g1", "F", gm_password=GM_PASSWORD).powers == (france,)
