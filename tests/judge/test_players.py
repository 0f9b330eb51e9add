"""A power's player replaced, a password reset (on the command line's service and by the game
master's mail), the one rule for passwords, and what the judge keeps of them: incoming mails
redacted, a password a mail carries forgotten once the mail is sent, a quoted password line
masked in the reply."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from email.message import EmailMessage

import pytest

from adjudicator.judge.mailout import deliver
from adjudicator.judge.passwords import MAX_NEW_PASSWORD_CHARS, check_password
from adjudicator.judge.records import JudgeError
from adjudicator.judge.redact import REDACTED_NOTE
from adjudicator.judge.service import GameSettings, Judge
from adjudicator.judge.store import MailRow, OutboxRow, Store
from tests.judge.judging import (
    GM,
    GM_PASSWORD,
    JUDGE_ADDRESS,
    PLAYERS,
    T0,
    RecordingSender,
    cheap_passwords,
    config,
    hours,
    last_reply,
    make_mail,
    new_game,
    outbox,
    replies_to,
    signon,
)

__all__ = ["cheap_passwords"]

FRANCE = PLAYERS["France"][0]
GERMANY = PLAYERS["Germany"][0]
ENGLAND = PLAYERS["England"][0]
NEW = "newfrance@players.test"
NOW = T0 + hours(1)


@pytest.fixture
def judge(store: Store) -> Iterator[Judge]:
    found = Judge(store, config())
    new_game(found)
    yield found


def mails(store: Store) -> list[MailRow]:
    with store.transaction() as tx:
        return tx.mails()


def player(store: Store, power: str) -> tuple[str, str, str, bool, bool]:
    with store.transaction() as tx:
        row = tx.get_player("g1", power)
    assert row is not None
    return row.email, row.lang, row.status, row.wait, row.draw


def master_mail(body: str, signon_line: str = f"SIGNON Mg1 {GM_PASSWORD}") -> bytes:
    return make_mail(GM, f"{signon_line}\n{body}")


def orders_accepted(judge: Judge, sender: str, line: str, orders: str = "A Par H") -> bool:
    return judge.handle_mail(make_mail(sender, f"{line}\n{orders}\n"), NOW) == "orders"


def welcome_to(store: Store, address: str) -> OutboxRow:
    (found,) = [o for o in replies_to(store, address, "notice") if "you play" in o.subject
                or "Sie spielen" in o.subject]  # fmt: skip
    return found


# ---------------------------------------------------------------------- replacing a player
def test_an_abandoned_power_gets_a_new_player(judge: Judge, store: Store) -> None:
    judge.handle_mail(make_mail(FRANCE, signon("France") + "RESIGN\n"), NOW)
    assert player(store, "France")[2] == "resigned"
    new = judge.replace_player(
        "g1", "F", NEW, gm_password=GM_PASSWORD, lang="de", password="nouveau-1", now=NOW
    )
    assert new == "nouveau-1"
    assert player(store, "France") == (NEW, "de", "active", False, False)
    welcome = welcome_to(store, NEW)
    assert welcome.subject == "Diplomacy Partie g1: Sie spielen Frankreich"
    assert "Ihr Passwort: nouveau-1" in welcome.body
    assert "Die Partie steht bei Frühjahr 1901 (Bewegung). Abgabeschluss: Mi 4. Mär 2026" in (
        welcome.body
    )
    assert welcome.secret == "nouveau-1"  # until it is sent
    (gone,) = [o for o in replies_to(store, FRANCE, "notice") if "no longer" in o.body]
    assert "You no longer play France in game g1" in gone.body
    told = [o for o in outbox(store) if "has a new player" in o.body or "neuen Person" in o.body]
    assert sorted(o.to_addr for o in told) == sorted(
        address for power, (address, _) in PLAYERS.items() if power != "France"
    )
    assert all(NEW not in o.body and FRANCE not in o.body for o in told)
    assert "Partie g1: Frankreich wird jetzt von einer neuen Person gespielt." in next(
        o.body for o in told if o.to_addr == GERMANY
    )
    # the new player orders with the new password; the old one no longer signs on
    assert orders_accepted(judge, NEW, "ANMELDEN F g1 nouveau-1")
    assert not orders_accepted(judge, FRANCE, "SIGNON F g1 pw-france")


def test_an_active_power_replaced_loses_its_votes(judge: Judge, store: Store) -> None:
    judge.handle_mail(make_mail(FRANCE, signon("France") + "WAIT\nDRAW\n"), NOW)
    assert player(store, "France")[3:] == (True, True)
    new = judge.replace_player("g1", "France", NEW, gm_password=GM_PASSWORD, now=NOW)
    assert len(new) >= 12 and " " not in new  # a random one
    assert player(store, "France") == (NEW, "en", "active", False, False)
    assert f"Your password: {new}" in welcome_to(store, NEW).body
    assert orders_accepted(judge, NEW, f"SIGNON Fg1 {new}")


@pytest.mark.parametrize(
    ("power", "email", "given", "message"),
    [
        ("Atlantis", NEW, None, "unknown power 'Atlantis'"),
        ("France", "nobody", None, "'nobody' is not a mail address"),
        ("France", NEW, "two words", "cannot contain a space or other blank"),
        ("France", NEW, "", "may not be empty"),
    ],
)
def test_what_replace_refuses(
    judge: Judge, store: Store, power: str, email: str, given: str | None, message: str
) -> None:
    before = outbox(store)
    with pytest.raises(JudgeError, match=message):
        judge.replace_player("g1", power, email, gm_password=GM_PASSWORD, password=given, now=NOW)
    assert outbox(store) == before and player(store, "France")[0] == FRANCE


def test_replace_needs_a_player_and_a_running_game(store: Store) -> None:
    judge = Judge(store, config())
    new_game(judge, powers=("England",))
    with pytest.raises(JudgeError, match="France in game 'g1' has no player to replace"):
        judge.replace_player("g1", "France", NEW, gm_password=GM_PASSWORD, now=NOW)
    with pytest.raises(JudgeError, match="wrong game master password"):
        judge.replace_player("g1", "England", NEW, gm_password="guess", now=NOW)
    judge.end_game("g1", "solo", ["England"], gm_password=GM_PASSWORD, now=NOW)
    with pytest.raises(JudgeError, match="game 'g1' has ended"):
        judge.replace_player("g1", "England", NEW, gm_password=GM_PASSWORD, now=NOW)


# ---------------------------------------------------------------------- resetting a password
def test_a_reset_password_goes_to_the_player_only(judge: Judge, store: Store) -> None:
    before = len(outbox(store))
    new = judge.reset_password("g1", "Germany", gm_password=GM_PASSWORD, now=NOW)
    (mail,) = outbox(store)[before:]
    assert mail.to_addr == GERMANY and mail.secret == new
    assert mail.subject == "Diplomacy Partie g1: ein neues Passwort für Deutschland"
    assert f"Ihr Passwort: {new}\n" in mail.body and f"ANMELDEN G g1 {new}" in mail.body
    assert not orders_accepted(judge, GERMANY, "ANMELDEN G g1 pw-germany", "A Mun H")
    assert orders_accepted(judge, GERMANY, f"ANMELDEN G g1 {new}", "A Mun H")
    given = judge.reset_password("g1", "G", gm_password=GM_PASSWORD, password="mein-2", now=NOW)
    assert given == "mein-2"
    with pytest.raises(JudgeError, match="cannot contain a space"):
        judge.reset_password("g1", "G", gm_password=GM_PASSWORD, password="a b", now=NOW)


# ---------------------------------------------------------------------- by the master's mail
def test_the_game_master_replaces_and_resets_by_mail(judge: Judge, store: Store) -> None:
    body = f"REPLACE France {NEW} de\nRESET PASSWORD England\n"
    assert judge.handle_mail(master_mail(body), NOW) == "commands"
    reply = last_reply(store, GM)
    assert (
        f"France in game g1 has a new player, {NEW}: the welcome mail with the password goes to"
        " that address only, and the other players are told." in reply
    )
    assert f"England in game g1 has a new password: it was mailed to {ENGLAND}" in reply
    welcome, reset = welcome_to(store, NEW), replies_to(store, ENGLAND, "notice")[-1]
    new_france = welcome.body.split("Ihr Passwort: ")[1].split("\n")[0]
    new_england = reset.body.split("Your password: ")[1].split("\n")[0]
    assert new_france not in reply and new_england not in reply  # passwords go to players only
    assert player(store, "France")[:2] == (NEW, "de")
    assert orders_accepted(judge, NEW, f"ANMELDEN F g1 {new_france}")
    assert judge.handle_mail(make_mail(ENGLAND, f"SIGNON E g1 {new_england}\nLIST\n"), NOW) == (
        "commands"
    )


def test_a_german_game_master_replaces_keeping_the_language(judge: Judge, store: Store) -> None:
    body = f"ERSETZEN Deutschland {NEW}\nPASSWORT ZURÜCKSETZEN Frankreich\n"
    judge.handle_mail(master_mail(body, f"ANMELDEN Spielleiter g1 {GM_PASSWORD}"), NOW)
    reply = last_reply(store, GM)
    assert f"Deutschland in der Partie g1 wird jetzt von {NEW} gespielt" in reply
    assert f"Frankreich in der Partie g1 hat ein neues Passwort: es ging an {FRANCE}" in reply
    assert player(store, "Germany")[:2] == (NEW, "de")  # the old player's language


@pytest.mark.parametrize(
    ("raw", "outcome", "phrase"),
    [
        (
            master_mail(f"REPLACE Atlantis {NEW}\n"),
            "rejected: refused",
            "Not done: unknown power 'Atlantis'",
        ),
        (
            master_mail(f"REPLACE France {NEW} fr\n"),
            "rejected: refused",
            "Not done: unknown language 'fr': one of en, de.",
        ),
        (
            master_mail("RESET PASSWORD\n"),
            "commands",  # the problem is listed; nothing is done
            "RESET PASSWORD needs the power",
        ),
        (
            make_mail(FRANCE, signon("France") + "RESET PASSWORD England\n"),
            "rejected: not the game master",
            "Only the game master of g1 can do that (RESET).",
        ),
    ],
)
def test_what_the_game_master_cannot_do_with_players_by_mail(
    judge: Judge, store: Store, raw: bytes, outcome: str, phrase: str
) -> None:
    before = [(p, player(store, p)) for p in PLAYERS]
    found = judge.handle_mail(raw, NOW)
    assert found == outcome
    assert phrase in last_reply(store, raw.split(b"From: ")[1].split(b"\n")[0].decode().strip())
    assert [(p, player(store, p)) for p in PLAYERS] == before


# ---------------------------------------------------------------------- the rule
@pytest.mark.parametrize(
    ("given", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("two words", "blank"),
        ("tab\there", "blank"),
        ("x" * (MAX_NEW_PASSWORD_CHARS + 1), "long"),
        ("zero\u200bwidth", "unprintable"),
        ("bell\x07", "unprintable"),
    ],
)
def test_check_password_names_the_rule_broken(given: str, reason: str) -> None:
    with pytest.raises(ValueError, match=r"^a password ") as raised:
        check_password(given)
    assert getattr(raised.value, "reason", None) == reason


def test_check_password_takes_one_word() -> None:
    for good in ("x", "pw-france", "Geheimnis-ÄÖÜß", "x" * MAX_NEW_PASSWORD_CHARS):
        check_password(good)


def test_add_player_and_create_refuse_a_password_no_signon_can_carry(store: Store) -> None:
    judge = Judge(store, config())
    with pytest.raises(JudgeError, match="the game master's password is refused: a password"
                       " cannot contain a space"):  # fmt: skip
        judge.create_game(
            "g2", gm_email=GM, gm_password="two words", settings=GameSettings(), now=T0
        )
    new_game(judge, start=False, powers=())
    with pytest.raises(JudgeError, match="SIGNON line splits at blanks"):
        judge.add_player("g1", "France", FRANCE, gm_password=GM_PASSWORD, password="a b", now=T0)
    assert judge.list_games() == ["g1               forming   standard   -"]
    with store.transaction() as tx:
        assert tx.players("g1") == []


@pytest.mark.parametrize(
    ("sender", "line", "phrase"),
    [
        (FRANCE, "SET PASSWORD " + "x" * 200, "The new password is longer than 128 characters."),
        (FRANCE, "SET PASSWORD zero\u200bwidth", "The new password has a control or invisible"),
        (GERMANY, "PASSWORT " + "x" * 200, "Das neue Passwort ist länger als 128 Zeichen."),
        (FRANCE, "SET PASSWORD", "SET PASSWORD needs the new password"),
    ],
)
def test_set_password_refuses_with_a_clear_reply(
    judge: Judge, store: Store, sender: str, line: str, phrase: str
) -> None:
    power = "Germany" if sender == GERMANY else "France"
    judge.handle_mail(make_mail(sender, signon(power) + line + "\n"), NOW)
    reply = last_reply(store, sender)
    assert phrase in reply
    assert "Nothing was changed" in reply or "Nichts wurde geändert" in reply or "needs" in reply
    orders = "A Mun H" if power == "Germany" else "A Par H"
    assert orders_accepted(judge, sender, signon(power).strip(), orders)  # the password stands


# ---------------------------------------------------------------------- what is kept
def html_twin_mail(text: str, message_id: str) -> bytes:
    """A mail as a mail program writes it: the text base64-encoded, and an HTML twin."""
    message = EmailMessage()
    message["From"] = FRANCE
    message["To"] = JUDGE_ADDRESS
    message["Subject"] = "orders"
    message["Message-ID"] = message_id
    message.set_content(text, cte="base64")
    html = "".join(f"<p>{line}</p>" for line in text.splitlines())
    message.add_alternative(f"<html><body>{html}</body></html>", subtype="html")
    return bytes(message)


def test_an_incoming_mail_is_kept_without_its_passwords(judge: Judge, store: Store) -> None:
    text = "SIGNON F g1 pw-france\nSET PASSWORD fr-new-7\nA Par - Bur\n"
    raw = html_twin_mail(text, "<twin@players.test>")
    assert base64.b64encode(b"SIGNON F g1 pw-france")[:12] in raw  # the password, encoded
    assert judge.handle_mail(raw, NOW) == "orders"
    (kept,) = [m for m in mails(store) if m.message_id == "<twin@players.test>"]
    assert b"pw-france" not in kept.raw and b"fr-new-7" not in kept.raw
    assert base64.b64encode(b"SIGNON F g1 pw-france")[:12] not in kept.raw
    head, _, body = kept.raw.partition(b"\n" + REDACTED_NOTE.encode() + b"\n\n")
    assert b"Message-ID: <twin@players.test>" in head and b"From: " + FRANCE.encode() in head
    assert body.decode().splitlines()[:3] == [
        "SIGNON F g1 ********",
        "SET PASSWORD ********",
        "A Par - Bur",
    ]
    assert b"<html>" not in kept.raw  # the HTML twin is not kept
    # the same mail again is still recognised by its Message-ID
    assert judge.handle_mail(raw, NOW + hours(1)) == "duplicate"
    assert orders_accepted(judge, FRANCE, "SIGNON F g1 fr-new-7")


def test_a_mail_without_message_id_is_still_recognised_when_delivered_again(
    judge: Judge, store: Store
) -> None:
    raw = make_mail(FRANCE, signon("France") + "A Par H\n").replace(b"Message-ID:", b"X-Old-Id:")
    assert judge.handle_mail(raw, NOW) == "orders"
    assert judge.handle_mail(raw, NOW) == "duplicate"
    assert all(b"pw-france" not in m.raw for m in mails(store))


def test_a_header_block_without_its_blank_line_keeps_no_body_line(
    judge: Judge, store: Store
) -> None:
    raw = f"From: {FRANCE}\nSubject: x\nSIGNON F g1 pw-france\nA Par H\n".encode()
    judge.handle_mail(raw, NOW)
    (kept,) = mails(store)
    assert kept.raw.startswith(f"From: {FRANCE}\nSubject: x\n\n[adjudicator:".encode())
    assert b"pw-france" not in kept.raw


@pytest.mark.parametrize(
    "line",
    [
        "SIGNON Fg1 pw-france extra",  # read as power Fg1, game pw-france: no such game
        "SIGNON F g1 pw-france extra",  # a word too many
        "SIGNON France g1 pw-france\nSET PASSWORD fr new",
    ],
)
def test_a_reply_never_quotes_a_password_back(judge: Judge, store: Store, line: str) -> None:
    judge.handle_mail(make_mail(FRANCE, f"{line}\nA Par H\n"), NOW)
    reply = last_reply(store, FRANCE)
    assert "********" in reply
    assert "pw-france" not in reply and " fr new" not in reply
    assert all("pw-france" not in o.body for o in replies_to(store, FRANCE, "reply"))


def test_a_password_a_mail_carries_is_forgotten_once_the_mail_is_sent(
    judge: Judge, store: Store
) -> None:
    new = judge.reset_password("g1", "France", gm_password=GM_PASSWORD, now=NOW)
    waiting = [o for o in outbox(store) if o.secret is not None]
    assert len(waiting) == 8 and {o.secret for o in waiting} >= {new, "pw-france"}
    sender = RecordingSender()
    deliver(store, sender, config(), NOW)
    sent = [m for m in sender.sent if m["To"] == FRANCE and "new password" in str(m["Subject"])]
    assert f"Your password: {new}" in sent[0].get_content()  # the player got it
    assert all(o.secret is None and o.sent_at is not None for o in outbox(store))
    (kept,) = [o for o in outbox(store) if "new password" in o.subject]
    assert "Your password: ********\n" in kept.body and "SIGNON F g1 ********" in kept.body
    assert not [o for o in outbox(store) if new in o.body or "pw-france" in o.body]
