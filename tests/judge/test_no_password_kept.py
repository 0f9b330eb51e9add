"""No password kept in clear: a game played by mail through the command line and a real SMTP
server (as ``test_end_to_end.py`` plays one), with every way a password travels: the welcome
mails, ``SET PASSWORD`` (English and German), a wrong password, a mail base64-encoded with an
HTML twin, lines quoted back in a reply, the game master signing on by mail to ``REPLACE`` a
player and ``RESET PASSWORD``, and ``replace-player`` and ``reset-password`` on the command line.
Every mail is delivered; then every text and byte column of every table of the database is
searched for every password the game ever used. None may appear."""

from __future__ import annotations

import re
from email.message import EmailMessage
from pathlib import Path

from adjudicator.judge.store import open_store
from tests.judge.judging import GM, GM_PASSWORD, JUDGE_ADDRESS, PLAYERS, T0, cheap_passwords, hours
from tests.judge.judging import password as first_password
from tests.judge.scenario import PLAN
from tests.judge.smtp import SmtpServer
from tests.judge.test_end_to_end import Game, body, write_config

__all__ = ["cheap_passwords"]

ORDERS = dict(PLAN)["S1901M"]

_TABLES = {
    "sqlite": "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
    "postgresql": "SELECT tablename FROM pg_catalog.pg_tables"
    " WHERE schemaname = current_schema() ORDER BY tablename",
}


def raw_mail(sender: str, text: str, message_id: str, *, twin: bool = False) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = JUDGE_ADDRESS
    message["Subject"] = "orders"
    message["Message-ID"] = message_id
    if twin:  # as a mail program writes it: base64 text and an HTML twin
        message.set_content(text, cte="base64")
        html = "".join(f"<p>{line}</p>" for line in text.splitlines())
        message.add_alternative(f"<html><body>{html}</body></html>", subtype="html")
    else:
        message.set_content(text)
    return bytes(message)


def password_in(mail_body: str, label: str) -> str:
    found = re.search(rf"{label}: (\S+)\n", mail_body)
    assert found, mail_body
    return found.group(1)


def everything_stored(url: str) -> list[tuple[str, bytes]]:
    """Every value of every row of every table, as bytes (text as UTF-8), with its table."""
    found: list[tuple[str, bytes]] = []
    with open_store(url) as store, store.transaction() as tx:
        tables = [str(name) for (name,) in tx.execute(_TABLES[store.dialect])]
        assert {"games", "players", "mails", "outbox", "submissions", "press"} <= set(tables)
        for table in tables:
            for row in tx.execute(f"SELECT * FROM {table}"):
                for value in row:
                    if isinstance(value, bytes | bytearray | memoryview):
                        found.append((table, bytes(value)))
                    elif value is not None:
                        found.append((table, str(value).encode("utf-8")))
    return found


def test_no_password_the_game_used_is_kept(
    store_url: str, smtp_server: SmtpServer, tmp_path: Path
) -> None:
    inbox = smtp_server
    game = Game(store_url, write_config(tmp_path / "judge.toml", smtp_server.port))
    used = {GM_PASSWORD, "wrong-guess-9"}  # a wrong one must not be kept either
    game.run("create", "e2e", "--gm-email", GM, "--no-process-early", gm=True)
    for power, (address, lang) in PLAYERS.items():
        password = None if power == "Turkey" else first_password(power)
        extra = [] if password is None else ["--password", password]
        out = game.run("add-player", "e2e", power, address, "--lang", lang, *extra, gm=True)
        used.add(out.strip().rsplit(" ", 1)[1])  # Turkey's is a random one
    used |= {first_password(p) for p in PLAYERS if p != "Turkey"}
    game.run("start", "e2e", gm=True)
    game.now = T0 + hours(1)

    def mail(sender: str, text: str, *, twin: bool = False) -> str:
        message_id = f"<{len(used)}-{abs(hash(text))}@players.test>"
        raw = raw_mail(sender, text, message_id, twin=twin)
        return game.run("mail", stdin=raw).strip()

    france, germany, england = (PLAYERS[p][0] for p in ("France", "Germany", "England"))
    # passwords changed by mail, in English (base64, with an HTML twin) and in German
    assert mail(france, f"SIGNON F e2e pw-france\nSET PASSWORD fr-neu-1\n{ORDERS['France']}\n",
                twin=True) == "orders"  # fmt: skip
    assert mail(germany, "ANMELDEN Deutschland e2e pw-germany\nPASSWORT de-neu-2\n") == "commands"
    used |= {"fr-neu-1", "de-neu-2"}
    assert mail(france, f"SIGNON France e2e fr-neu-1\n{ORDERS['France']}\n") == "orders"
    # a wrong password, and password lines quoted back in replies
    assert mail(england, "SIGNON England e2e wrong-guess-9\nA Lvp H\n") == (
        "rejected: wrong password"
    )
    assert mail(france, "SIGNON Fe2e fr-neu-1 extra\n") == "rejected: unknown game"
    assert mail(france, "SIGNON F e2e fr-neu-1 extra\nHELP\n") == "commands"
    assert "SIGNON F e2e ******** ********\n" in body(inbox.to(france)[-1])
    # the game master by mail: a player replaced, a password reset (random passwords, mailed)
    master = f"SIGNON Me2e {GM_PASSWORD}\nREPLACE Russia russia2@players.test\n"
    assert mail(GM, master + "RESET PASSWORD Italy\nLIST\n") == "commands"
    gm_reply = body(inbox.to(GM)[-1])
    assert "Russia in game e2e has a new player, russia2@players.test" in gm_reply
    russia2 = password_in(body(inbox.to("russia2@players.test")[0]), "Your password")
    italy = password_in(body(inbox.to(PLAYERS["Italy"][0])[-1]), "Your password")
    used |= {russia2, italy}
    assert russia2 not in gm_reply and italy not in gm_reply
    assert mail("russia2@players.test", f"SIGNON R e2e {russia2}\nA Mos H\n") == ("orders")
    # the game master on the command line
    game.run("replace-player", "e2e", "Austria", "austria2@players.test", "--password",
             "at-neu-4", gm=True)  # fmt: skip
    out = game.run("reset-password", "e2e", "Turkey", gm=True)
    turkey = out.split("new password ")[1].split()[0]
    used |= {"at-neu-4", turkey}
    assert mail("austria2@players.test", f"SIGNON A e2e at-neu-4\n{ORDERS['Austria']}\n") == (
        "orders"
    )
    assert mail(PLAYERS["Turkey"][0], f"SIGNON T e2e {turkey}\n{ORDERS['Turkey']}\n") == "orders"
    assert "processed e2e: S1901M -> F1901M" in game.tick(50)  # results, and every mail sent

    # the players got their passwords ...
    assert "Your password: at-neu-4" in body(inbox.to("austria2@players.test")[0])
    (reset,) = [m for m in inbox.to(PLAYERS["Turkey"][0]) if "new password" in m["Subject"]]
    assert f"SIGNON T e2e {turkey}" in body(reset)
    # ... and the database keeps none of them
    stored = everything_stored(store_url)
    assert any(b"SIGNON F e2e ********" in value for table, value in stored if table == "mails")
    assert any(b"Your password: ********" in value for table, value in stored if table == "outbox")
    assert len(used) == 15  # the master's, a wrong one, 7 first, 2 changed, 4 new
    for secret in sorted(used):
        kept = [table for table, value in stored if secret.encode("utf-8") in value]
        assert kept == [], f"{secret!r} is kept in {kept}"
