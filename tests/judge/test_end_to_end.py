"""A whole game by mail, through the command line and a real SMTP server on loopback.

The game master creates a game and seven players sign on; orders arrive by mail (Germany's in
German, France's first with errors and then corrected, Italy's late in the grace period, Russia's
never); ``tick`` processes each phase past its deadline and the results go out by SMTP. Fall 1901
has a retreat phase, Winter 1901 builds and a civil-disorder removal; the game runs two years
(``tests/judge/scenario.py``). Every mail each player receives is checked. Then the stored game
is replayed phase by phase with ``adjudicator adjudicate`` from the stored orders, and exported
and replayed with ``adjudicator replay``.
"""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Callable
from datetime import datetime
from email.message import EmailMessage
from pathlib import Path

from adjudicator.cli.main import main as adjudicator_main
from adjudicator.judge.cli import main as judge_main
from adjudicator.judge.store import open_store
from adjudicator.state.position import Position
from tests.judge.judging import (
    GM,
    GM_PASSWORD,
    JUDGE_ADDRESS,
    PLAYERS,
    T0,
    cheap_passwords,
    hours,
    password,
)
from tests.judge.scenario import PLAN
from tests.judge.smtp import ReceivedMail, SmtpServer

__all__ = ["cheap_passwords"]

PLAN_ORDERS = dict(PLAN)


# ---------------------------------------------------------------------- driving the judge
class Game:
    """The judge's command line against one database and configuration, at a chosen time."""

    def __init__(self, url: str, config_path: Path) -> None:
        self.url = url
        self.config = config_path
        self.now = T0

    def run(self, *args: str, stdin: bytes | None = None, gm: bool = False) -> str:
        out, err = io.StringIO(), io.StringIO()
        words = ["--db", self.url, "--config", str(self.config), *args]
        env = {"ADJUDICATOR_JUDGE_GM_PASSWORD": GM_PASSWORD} if gm else {}
        clock: Callable[[], datetime] = lambda: self.now  # noqa: E731
        code = judge_main(
            words,
            stdout=out,
            stderr=err,
            stdin=io.BytesIO(stdin or b""),
            environ=env,
            clock=clock,
        )
        assert code == 0, err.getvalue()
        return out.getvalue()

    def mail(self, power: str, body: str, *, subject: str = "orders") -> str:
        address, _ = PLAYERS[power]
        message = EmailMessage()
        message["From"] = address
        message["To"] = JUDGE_ADDRESS
        message["Subject"] = subject
        message["Message-ID"] = f"<{power}-{self.now.timestamp()}-{len(body)}@players.test>"
        message.set_content(body)
        return self.run("mail", stdin=bytes(message)).strip()

    def orders(self, power: str, text: str) -> str:
        word = "ANMELDEN" if PLAYERS[power][1] == "de" else "SIGNON"
        return self.mail(power, f"{word} {power} e2e {password(power)}\n{text}\n")

    def tick(self, at_hours: float) -> str:
        self.now = T0 + hours(at_hours)
        return self.run("tick")


def write_config(path: Path, port: int) -> Path:
    path.write_text(
        f'judge_address = "{JUDGE_ADDRESS}"\njudge_name = "E2E Judge"\n\n'
        f'[smtp]\nhost = "127.0.0.1"\nport = {port}\nsecurity = "none"\n',
        encoding="utf-8",
    )
    return path


def subjects(inbox: SmtpServer, address: str) -> list[str]:
    return [m["Subject"] for m in inbox.to(address)]


def body(mail: ReceivedMail) -> str:
    return mail.body.replace("\r\n", "\n")


# ---------------------------------------------------------------------- the game
def test_a_two_year_game_by_mail(store_url: str, smtp_server: SmtpServer, tmp_path: Path) -> None:
    # The boards go as SVG (tests/judge/conftest.py's svg_boards; test_pictures.py checks PNG).
    inbox = smtp_server
    game = Game(store_url, write_config(tmp_path / "judge.toml", smtp_server.port))
    game.run(
        "create", "e2e", "--gm-email", GM, "--movement", "48h", "--retreat", "24h",
        "--adjustment", "24h", "--grace", "2h", "--no-process-early", gm=True,
    )  # fmt: skip
    for power, (address, lang) in PLAYERS.items():
        game.run("add-player", "e2e", power, address, "--lang", lang, "--password",
                 password(power), gm=True)  # fmt: skip
    assert "deadline" in game.run("start", "e2e", gm=True)

    # Spring 1901 ---------------------------------------------------------------------------
    game.now = T0 + hours(1)
    for power in ("Austria", "England", "Turkey", "Germany"):
        assert game.orders(power, PLAN_ORDERS["S1901M"][power]) == "orders"
    wrong = "A Par - Brgundy\nF Bre - Mao\nA Mar - Spa\nA Mun - Ruh\n"
    assert game.orders("France", wrong) == "rejected: orders with errors"
    assert game.orders("France", PLAN_ORDERS["S1901M"]["France"]) == "orders"
    assert "reminded e2e: Italy" in game.tick(30)  # 18 hours before the deadline
    # the deadline: Italy and Russia have sent nothing, so the grace period runs, and they are
    # told (once: the next tick in the grace period tells nobody again)
    assert game.tick(48).split("\n")[:2] == ["late notice e2e: Italy", "late notice e2e: Russia"]
    assert game.tick(48.5).strip() == "nothing to do"
    game.now = T0 + hours(49)
    assert game.orders("Italy", PLAN_ORDERS["S1901M"]["Italy"]) == "orders"  # late, in grace
    assert "processed e2e: S1901M -> F1901M" in game.tick(50)

    # Fall 1901, its retreats, Winter 1901, then 1902 --------------------------------------
    at = 50.0
    for phase, deadline_hours in (("F1901M", 48), ("F1901R", 24), ("W1901A", 24),
                                  ("S1902M", 48), ("F1902M", 48)):  # fmt: skip
        game.now = T0 + hours(at + 1)
        for power, text in PLAN_ORDERS[phase].items():
            assert game.orders(power, text) == "orders", (phase, power)
        at += deadline_hours + 2  # Russia never orders: each phase waits out the grace
        assert f"processed e2e: {phase} -> " in game.tick(at)
    assert "Phase: Spring 1903" in game.run("status", "e2e", gm=True)

    check_mails(inbox)
    check_replay(store_url, tmp_path)
    check_export(game, tmp_path)


def check_mails(inbox: SmtpServer) -> None:
    check_subjects(inbox)
    check_bodies(inbox)


def check_subjects(inbox: SmtpServer) -> None:
    """Every player got exactly the mails the game called for, and the game master too."""
    results = [f"e2e {phase}" for phase, _ in PLAN]
    for power, (address, lang) in PLAYERS.items():
        got = subjects(inbox, address)
        assert got[0].endswith(f"e2e: {'Sie spielen' if lang == 'de' else 'you play'} "
                               f"{'Deutschland' if lang == 'de' else power}")  # fmt: skip
        kinds = [s.split(" e2e")[0] for s in got]
        result_subjects = [s for s in got if "results" in s or "Ergebnisse" in s]
        assert [s.split(" ", 2)[2] for s in result_subjects] == results, (power, got)
        replies = [s for s in got if s.startswith("Re:")]
        ordered = sum(1 for _phase, orders in PLAN if power in orders)
        extra = 1 if power == "France" else 0  # the mail with errors
        assert len(replies) == ordered + extra, (power, got)
        reminders = [s for s in got if "reminder" in s or "Erinnerung" in s]
        assert len(reminders) == (1 if power in ("Italy", "Russia") else 0), (power, kinds)
        late = [s for s in got if "late notice" in s or "verspätet" in s]
        assert len(late) == (1 if power in ("Italy", "Russia") else 0), (power, kinds)
        notices = [s for s in got if s not in late and ("notice" in s or "Mitteilung" in s)]
        assert len(notices) == 1  # the start of the game
        # nothing else: welcome, start, one reply per mail, reminders, late notices, six results
        assert len(got) == 1 + len(notices) + len(replies) + len(reminders) + len(late) + len(
            results
        )
    gm = subjects(inbox, GM)
    assert [s for s in gm if "late notice" in s] == ["Diplomacy late notice e2e S1901M"]
    assert [s for s in gm if "results" in s] == [f"Diplomacy results {r}" for r in results]


def check_bodies(inbox: SmtpServer) -> None:
    """What the replies, late notices and results say, in English and German."""
    france = inbox.to(PLAYERS["France"][0])
    rejected = body(france[2])
    assert "NOT accepted" in rejected
    assert "unknown province 'Brgundy'" in rejected
    assert "    A Par - Brgundy\n            ^" in rejected
    assert "'A MUN - RUH' is an order for Germany; you play France" in rejected
    accepted = body(france[3])
    assert "Your orders were accepted:\n  A PAR - BUR\n  F BRE - MAO\n  A MAR - SPA" in accepted
    assert france[3]["In-Reply-To"].startswith("<France-")

    germany = inbox.to(PLAYERS["Germany"][0])
    german_reply = body(germany[2])
    assert "Ihre Befehle wurden angenommen:\n  A MUN - RUH\n  A BER - MUN\n  F KIE - HOL" in (
        german_reply
    )
    german_results = [body(m) for m in germany if "Ergebnisse" in m["Subject"]]
    assert german_results[0].startswith("Ergebnisse der Bewegungsphase Frühjahr 1901.")
    assert "Ohne Befehle (NMR): Russland." in german_results[0]

    russia = inbox.to(PLAYERS["Russia"][0])
    late = next(body(m) for m in russia if "late notice" in str(m["Subject"]))
    assert "no orders from Russia have arrived" in late
    assert "was Wed 4 Mar 2026 12:00 UTC" in late and "until Wed 4 Mar 2026 14:00 UTC;" in late

    # every results mail carries the board of the phase that was due (issue 18)
    for mail in (m for m in france if "results" in m["Subject"]):
        [picture] = list(mail.message.iter_attachments())
        phase = str(mail["Subject"]).split()[3]
        assert picture.get_filename() == f"e2e-{phase}.svg"
        assert picture.get_content_type() == "image/svg+xml"
    english_results = [body(m) for m in france if "results" in m["Subject"]]
    spring, fall, retreat, winter = english_results[:4]
    assert spring.startswith("Movement results for Spring of 1901.")
    assert "Orders missing (NMR): Russia." in spring
    assert "Next phase: Fall 1901 (Movement)." in spring
    assert "Orders missing (NMR): Italy, Russia." in fall
    assert "Next phase: Fall 1901 (Retreat)." in fall
    assert "Retreat results for Fall of 1901." in retreat
    assert winter.startswith("Adjustment results for Winter of 1901.")
    assert "Italy: Removes the army in Tyrolia.  (*civil disorder*)" in winter
    assert "France: Builds an army in Paris." in winter
    assert "Orders missing (NMR): Italy." in winter
    german_winter = german_results[3]
    assert "Italien: Abbau der Armee in Tirol.  (*Anarchie*)" in german_winter
    assert "Next phase: Spring 1903 (Movement)." in english_results[-1]
    for message in inbox.to(PLAYERS["Russia"][0]):
        assert str(message["Auto-Submitted"]).startswith("auto-")
        assert (
            str(message["From"]).endswith(JUDGE_ADDRESS + ">")
            or str(message["From"]) == JUDGE_ADDRESS
        )


def check_replay(store_url: str, tmp_path: Path) -> None:
    """Each stored phase, adjudicated again by ``adjudicator adjudicate`` from its stored
    position and orders, gives the next stored position."""
    with open_store(store_url) as store, store.transaction() as tx:
        phases = tx.phases("e2e")
    assert [p.phase for p in phases] == [phase for phase, _ in PLAN] + ["S1903M"]
    for index, (current, following) in enumerate(itertools.pairwise(phases)):
        position = tmp_path / f"position{index}.json"
        position.write_text(current.position_json, encoding="utf-8")
        orders = json.loads(current.orders_json or "{}")
        lines = [f"{power}: {order}" for power, items in orders.items() for order in items]
        orders_file = tmp_path / f"orders{index}.txt"
        orders_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
        output = tmp_path / f"next{index}.json"
        code = adjudicator_main(
            ["adjudicate", str(position), str(orders_file), "-o", str(output)],
            stdout=io.StringIO(),
        )
        assert code == 0
        replayed = Position.loads(output.read_text("utf-8"), path=str(output))
        stored = Position.loads(following.position_json, path="stored.json")
        assert replayed == stored, current.phase


def check_export(game: Game, tmp_path: Path) -> None:
    exported = tmp_path / "e2e.json"
    game.run("export", "e2e", "-o", str(exported))
    out = io.StringIO()
    assert adjudicator_main(["replay", "--no-progress", str(exported)], stdout=out) == 0
    assert "matched (6 phases)" in out.getvalue()


# ---------------------------------------------------------------------- END by mail (issue 17)
def test_the_game_master_ends_a_game_by_mail(
    store_url: str, smtp_server: SmtpServer, tmp_path: Path
) -> None:
    inbox = smtp_server
    game = Game(store_url, write_config(tmp_path / "judge.toml", smtp_server.port))
    game.run("create", "e2e", "--gm-email", GM, gm=True)
    for power in ("England", "Germany", "Russia"):
        address, lang = PLAYERS[power]
        game.run("add-player", "e2e", power, address, "--lang", lang, "--password",
                 password(power), gm=True)  # fmt: skip
    game.run("start", "e2e", gm=True)
    game.now = T0 + hours(1)
    message = EmailMessage()
    message["From"] = GM
    message["To"] = JUDGE_ADDRESS
    message["Subject"] = "the end"
    message["Message-ID"] = "<gm-end@players.test>"
    message.set_content(f"SIGNON Me2e {GM_PASSWORD}\nEND DRAW E, G Russia\nSIGNOFF\n")
    assert game.run("mail", stdin=bytes(message)).strip() == "commands"

    (reply,) = [m for m in inbox.to(GM) if m["Subject"] == "Re: the end"]
    assert reply["In-Reply-To"] == "<gm-end@players.test>"
    assert body(reply).startswith(
        "Game e2e has ended. The game ended in a draw between England, Germany, Russia.\n"
    )
    for power, text in [
        ("England", "The game has ended. The game ended in a draw between England, Germany,"
                    " Russia."),
        ("Germany", "Die Partie ist beendet. Die Partie endete remis zwischen England,"
                    " Deutschland, Russland."),
    ]:  # fmt: skip
        # the welcome and the start notice went out with this mail's delivery, before it
        *_, notice = inbox.to(PLAYERS[power][0])
        assert notice["Subject"] == ("Diplomacy Mitteilung e2e" if power == "Germany" else
                                     "Diplomacy notice e2e")  # fmt: skip
        assert body(notice) == text + "\n"
    assert "Result: draw: England, Germany, Russia" in game.run("status", "e2e", gm=True)
    # the game takes no more orders
    assert game.orders("England", "F Lon - Nth").startswith("rejected: not running")
