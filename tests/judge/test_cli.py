"""``adjudicator judge ...``: the game master's commands, a Maildir polled, and refusals as one
line and an exit code, never a traceback."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adjudicator.cli.main import main as adjudicator_main
from adjudicator.judge.cli import main
from adjudicator.judge.store import open_store
from tests.judge.judging import GM, GM_PASSWORD, JUDGE_ADDRESS, T0, cheap_passwords, make_mail
from tests.judge.smtp import SmtpServer

__all__ = ["cheap_passwords"]

ENV = {"ADJUDICATOR_JUDGE_GM_PASSWORD": GM_PASSWORD}


@pytest.fixture
def setup(tmp_path: Path) -> list[str]:
    """``--db`` and ``--config`` of a judge whose SMTP server is not running (mail stays
    queued, which the commands must survive)."""
    config = tmp_path / "judge.toml"
    config.write_text(
        f'judge_address = "{JUDGE_ADDRESS}"\n\n[smtp]\nhost = "127.0.0.1"\nport = 9\n'
        'security = "none"\n',
        encoding="utf-8",
    )
    return ["--db", f"sqlite:///{tmp_path / 'games.db'}", "--config", str(config)]


def run(setup: list[str], *args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([*setup, *args], stdout=out, stderr=err, environ=ENV if env is None else env,
                clock=lambda: T0)  # fmt: skip
    return code, out.getvalue(), err.getvalue()


def test_create_add_start_status_export(setup: list[str]) -> None:
    assert run(setup, "create", "g", "--gm-email", GM, "--movement", "2d")[0] == 0
    code, out, _ = run(setup, "add-player", "g", "F", "fr@players.test")
    assert code == 0 and out.startswith("F in g: fr@players.test (en), password ")
    assert run(setup, "start", "g")[0] == 0
    code, out, _ = run(setup, "status", "g")
    assert "Deadline: Wed 4 Mar 2026 12:00 UTC" in out
    assert "France     fr@players.test (active): no orders yet" in out
    code, out, _ = run(setup, "export", "g")
    assert json.loads(out)["phases"][0]["name"] == "S1901M"
    assert "g " in run(setup, "list")[1]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["status", "nosuch"], 1, "adjudicator judge: no game named 'nosuch'\n"),
        (["deadline", "g", "tomorrow"], 2, "expected a time like 2026-12-24T18:00Z or +24h"),
        (["create", "x y", "--gm-email", GM], 1, "a game name is"),
    ],
)
def test_refusals_are_one_line(setup: list[str], args: list[str], code: int, message: str) -> None:
    run(setup, "create", "g", "--gm-email", GM)
    found, _out, err = run(setup, *args)
    assert found == code
    assert message in err
    assert "Traceback" not in err and err.count("\n") <= 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["create", "g", "--gm-email", GM, "--movement", "soon"], "a duration like 48h"),
        (["nosuchcommand"], "invalid choice: 'nosuchcommand'"),
        # a length no float holds once in minutes was an OverflowError traceback
        (["create", "g", "--gm-email", GM, "--grace", "9" * 400 + "d"], "(a year at most)"),
        (["create", "g", "--gm-email", GM, "--movement", "367d"], "(a year at most)"),
    ],
)
def test_usage_errors_go_to_the_callers_stream(
    setup: list[str], args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(setup, *args)
    *usage, last = err.splitlines()
    assert code == 2 and not out
    assert usage[0].startswith("usage: adjudicator judge")
    assert last.startswith("adjudicator judge") and message in last
    assert capsys.readouterr() == ("", "")  # nothing on the process's own streams


def test_export_to_a_folder_that_is_not_there(setup: list[str], tmp_path: Path) -> None:
    run(setup, "create", "g", "--gm-email", GM)
    run(setup, "add-player", "g", "France", "fr@players.test", "--password", "pw")
    run(setup, "start", "g")
    target = tmp_path / "no" / "such.json"
    code, _, err = run(setup, "export", "g", "-o", str(target))
    assert (code, err) == (
        2,
        f"adjudicator judge: cannot write {target}: No such file or directory\n",
    )


def test_game_master_password_required(setup: list[str]) -> None:
    code, _, err = run(setup, "create", "g", "--gm-email", GM, env={})
    assert code == 2 and "ADJUDICATOR_JUDGE_GM_PASSWORD" in err
    run(setup, "create", "g", "--gm-email", GM)
    code, _, err = run(setup, "start", "g", "--gm-password", "wrong")
    assert code == 1 and "wrong game master password" in err


def test_poll_a_maildir(setup: list[str], tmp_path: Path) -> None:
    run(setup, "create", "g", "--gm-email", GM)
    run(setup, "add-player", "g", "France", "fr@players.test", "--password", "pw")
    run(setup, "start", "g")
    maildir = tmp_path / "mail"
    for sub in ("new", "cur", "tmp"):
        (maildir / sub).mkdir(parents=True)
    (maildir / "new" / "1.mail").write_bytes(
        make_mail("fr@players.test", "SIGNON F g pw\nA Par - Bur\n")
    )
    code, out, err = run(setup, "poll", "--maildir", str(maildir))
    assert code == 0 and "handled 1 mails" in out
    assert "mail not sent yet" in err  # the SMTP server is down: the reply stays queued
    assert not list((maildir / "new").iterdir())
    assert [p.name for p in (maildir / "cur").iterdir()] == ["1.mail:2,S"]
    assert "France     fr@players.test (active): orders in" in run(setup, "status", "g")[1]
    code, _, err = run(setup, "poll", "--maildir", str(tmp_path / "nothing"))
    assert code == 2 and "is not a Maildir" in err


def test_the_judge_command_group_of_adjudicator(setup: list[str]) -> None:
    out = io.StringIO()
    assert adjudicator_main(["judge", *setup, "list"], stdout=out) == 0
    assert out.getvalue() == "no games\n"


def test_serve_ticks_until_stopped(setup: list[str]) -> None:
    run(setup, "create", "g", "--gm-email", GM)
    code, out, _ = run(setup, "serve", "--interval", "0.001", "--ticks", "2")
    assert code == 0 and out.count("nothing to do") == 2


@pytest.mark.parametrize("interval", ["0", "-1", "nan", "inf", "soon"])
def test_serve_refuses_an_interval_that_would_spin(setup: list[str], interval: str) -> None:
    code, out, err = run(setup, "serve", "--interval", interval, "--ticks", "1")
    assert code == 2 and not out  # no tick ran
    assert "expected a positive number of seconds" in err  # argparse's


def test_serve_outlives_a_tick_that_fails(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    url = f"sqlite:///{tmp_path / 'no' / 'such' / 'folder' / 'games.db'}"
    code = main(["--db", url, "serve", "--interval", "0.001", "--ticks", "2"], stdout=out,
                stderr=err, environ={}, clock=lambda: T0)  # fmt: skip
    assert code == 0
    failures = err.getvalue().splitlines()
    assert len(failures) == 2 and all("tick failed (cannot open" in f for f in failures)


def test_a_mail_the_database_cannot_take_is_left_to_the_mail_server(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    raw = make_mail("fr@players.test", "SIGNON F g pw\nA Par - Bur\n")
    url = f"sqlite:///{tmp_path / 'no' / 'such' / 'folder' / 'games.db'}"
    code = main(["--db", url, "mail"], stdout=out, stderr=err, stdin=io.BytesIO(raw),
                environ={}, clock=lambda: T0)  # fmt: skip
    assert code == 75  # EX_TEMPFAIL: delivered again later
    assert "the mail server will retry" in err.getvalue()


def test_options_after_the_command_as_a_mail_alias_writes_them(setup: list[str]) -> None:
    run(setup, "create", "g", "--gm-email", GM)
    run(setup, "add-player", "g", "France", "fr@players.test", "--password", "pw")
    run(setup, "start", "g")
    out, err = io.StringIO(), io.StringIO()
    raw = make_mail("fr@players.test", "SIGNON F g pw\nA Par - Bur\n")
    db, config = setup[1], setup[3]
    code = main(["mail", "--config", config, "--db", db], stdout=out, stderr=err,
                stdin=io.BytesIO(raw), environ={}, clock=lambda: T0)  # fmt: skip
    assert code == 0 and out.getvalue() == "orders\n"


# ---------------------------------------------------------------------- --now (issue 17)
def started_game(setup: list[str]) -> None:
    """Game ``g``, France's player alone, started at T0: its deadline is Wed 4 Mar 12:00."""
    run(setup, "create", "g", "--gm-email", GM)
    run(setup, "add-player", "g", "France", "fr@players.test", "--password", "pw")
    run(setup, "start", "g")


def test_tick_at_a_time_of_the_game_masters_choice(setup: list[str]) -> None:
    started_game(setup)
    assert run(setup, "tick")[1] == "nothing to do\n"  # the clock says T0
    code, out, _ = run(setup, "tick", "--now", "2026-03-04T11:59Z")
    assert (code, out) == (0, "reminded g: France\n")  # within 24 hours of the deadline
    code, out, _ = run(setup, "tick", "--now", "2026-03-04T12:00+00:00")
    assert (code, out) == (0, "processed g: S1901M -> F1901M\n")
    # the clock starts at the time given and runs on from it: the next deadline is 48 hours
    # after it, not after the real clock
    assert "Deadline: Fri 6 Mar 2026 12:00 UTC" in run(setup, "status", "g")[1]


def test_the_time_from_the_environment_and_before_the_command(setup: list[str]) -> None:
    started_game(setup)
    env = {**ENV, "ADJUDICATOR_JUDGE_NOW": "+2d"}  # two days from the clock: the deadline
    assert run(setup, "tick", env=env)[1] == "processed g: S1901M -> F1901M\n"
    out, err = io.StringIO(), io.StringIO()
    code = main(["--now", "2026-03-06T12:00Z", *setup, "process", "g"], stdout=out,
                stderr=err, environ=ENV, clock=lambda: T0)  # fmt: skip
    assert code == 0 and "processed g: F1901M -> S1902M" in out.getvalue()
    assert "mail not sent yet" in err.getvalue()  # no SMTP server: processed all the same
    assert "Deadline: Sun 8 Mar 2026 12:00 UTC" in run(setup, "status", "g")[1]


def test_a_mail_handled_at_another_time(setup: list[str]) -> None:
    started_game(setup)
    raw = make_mail("fr@players.test", "SIGNON F g pw\nA Par - Bur\n")
    out, err = io.StringIO(), io.StringIO()
    code = main([*setup, "mail", "--now", "2026-03-05T12:00Z"], stdout=out, stderr=err,
                stdin=io.BytesIO(raw), environ={}, clock=lambda: T0)  # fmt: skip
    assert code == 0 and out.getvalue() == "orders\n"
    with open_store(setup[1]) as store, store.transaction() as tx:
        (mail,) = tx.mails()
    assert mail.received_at == datetime(2026, 3, 5, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("args", "env", "message"),
    [
        (["--now", "2026-12-24T18:00"], {}, "the time '2026-12-24T18:00' needs a zone"),
        (["--now", "tomorrow"], {}, "expected a time like 2026-12-24T18:00Z or +24h"),
        ([], {"ADJUDICATOR_JUDGE_NOW": "24.12.2026"}, "expected a time like 2026-12-24T18:00Z"),
    ],
)
def test_a_time_that_cannot_be_read_is_refused(
    setup: list[str], args: list[str], env: dict[str, str], message: str
) -> None:
    started_game(setup)
    code, out, err = run(setup, "tick", *args, env={**ENV, **env})
    assert code == 2 and not out
    assert err.startswith("adjudicator judge: --now (or $ADJUDICATOR_JUDGE_NOW): ")
    assert message in err and err.count("\n") == 1


# ---------------------------------------------------------------------- what the judge did (17)
@pytest.fixture
def mailing(tmp_path: Path, smtp_server: SmtpServer) -> list[str]:
    """``--db`` and ``--config`` of a judge that mails through the loopback SMTP server."""
    config = tmp_path / "mailing.toml"
    config.write_text(
        f'judge_address = "{JUDGE_ADDRESS}"\n\n[smtp]\nhost = "127.0.0.1"\n'
        f'port = {smtp_server.port}\nsecurity = "none"\n',
        encoding="utf-8",
    )
    return ["--db", f"sqlite:///{tmp_path / 'mailing.db'}", "--config", str(config)]


def test_the_outbox_sent_by_hand_and_a_mail_sent_again(
    mailing: list[str], smtp_server: SmtpServer
) -> None:
    started_game(mailing)  # a welcome and a start notice for France, not sent yet
    code, out, _ = run(mailing, "outbox", "g")
    header, *lines = out.splitlines()
    assert code == 0 and header.split() == ["id", "kind", "queued", "sent", "to", "subject"]
    assert lines == [
        f"{1:>6}  notice   2026-03-02T12:00:00Z {'waiting':37} {'fr@players.test':32}"
        " Diplomacy game g: you play France",
        f"{2:>6}  notice   2026-03-02T12:00:00Z {'waiting':37} {'fr@players.test':32}"
        " Diplomacy notice g",
    ]
    code, out, err = run(mailing, "send", "--now", "2026-03-02T12:05Z")
    assert (code, err) == (0, "")
    assert out == (
        "sent 1 to fr@players.test: Diplomacy game g: you play France\n"
        "sent 2 to fr@players.test: Diplomacy notice g\n"
        "sent 2 mails\n"
    )
    assert [m["Subject"] for m in smtp_server.to("fr@players.test")] == [
        "Diplomacy game g: you play France", "Diplomacy notice g",
    ]  # fmt: skip
    assert "2026-03-02T12:05:00Z" in run(mailing, "outbox", "g")[1]
    assert run(mailing, "outbox", "g", "--unsent")[1] == "no mail\n"
    assert run(mailing, "send")[1] == "sent 0 mails\n"

    code, out, _ = run(mailing, "resend", "g", "2")
    assert (
        out == "queued mail 3, a copy of 2, to fr@players.test: Diplomacy notice g\nsent 1 mails\n"
    )
    first, again = smtp_server.to("fr@players.test")[1:]
    assert first.body == again.body and first["Message-ID"] != again["Message-ID"]
    code, out, _ = run(mailing, "resend", "g", "2", "--to", "other@players.test")
    assert code == 0 and len(smtp_server.to("other@players.test")) == 1

    code, out, _ = run(mailing, "outbox", "g", "--format", "json")
    data = json.loads(out)
    assert [(m["id"], m["to"], m["state"]) for m in data] == [
        (1, "fr@players.test", "sent"), (2, "fr@players.test", "sent"),
        (3, "fr@players.test", "sent"), (4, "other@players.test", "sent"),
    ]  # fmt: skip
    assert data[2]["body"] == data[1]["body"] and data[2]["queued"] == T0.isoformat()


def test_the_outbox_says_which_mail_a_delivery_is_sending(setup: list[str]) -> None:
    started_game(setup)
    with open_store(setup[1]) as store, store.transaction() as tx:
        tx.claim_mail(1, T0 + timedelta(minutes=2))  # a delivery sending it, or dead
    lines = run(setup, "outbox", "g")[1].splitlines()
    assert "being sent until 2026-03-02T12:02:00Z" in lines[1] and "waiting" in lines[2]
    # once the claim has run out, the mail is waiting for the next delivery
    assert "waiting" in run(setup, "outbox", "g", "--now", "2026-03-02T12:02Z")[1].splitlines()[1]
    assert json.loads(run(setup, "outbox", "g", "--format", "json")[1])[0]["state"] == "sending"


def test_the_outbox_shows_the_last_mails_unless_all(setup: list[str]) -> None:
    started_game(setup)
    for _ in range(40):
        run(setup, "resend", "g", "1")
    out = run(setup, "outbox", "g")[1].splitlines()
    assert out[0] == "(12 earlier mails not shown: --all shows them)"
    assert len(out) == 2 + 30 and out[-1].split()[0] == "42"
    assert len(run(setup, "outbox", "g", "--all")[1].splitlines()) == 1 + 42


def test_send_says_what_was_not_sent(setup: list[str]) -> None:
    started_game(setup)  # the SMTP server of ``setup`` is not running
    code, out, err = run(setup, "send")
    assert code == 1 and out == ""
    assert err.startswith("adjudicator judge: mail 1 to fr@players.test")
    assert "was not sent through 127.0.0.1:9" in err and "stays queued" in err
    assert err.count("\n") == 1
    assert "waiting" in run(setup, "outbox", "g")[1].splitlines()[1]


def test_report_and_orders(setup: list[str]) -> None:
    started_game(setup)
    raw = make_mail("fr@players.test", "SIGNON F g pw\nA Par - Bur\nF Bre - Mao\n")
    main([*setup, "mail", "--now", "2026-03-02T13:00Z"], stdout=io.StringIO(),
         stderr=io.StringIO(), stdin=io.BytesIO(raw), environ={}, clock=lambda: T0)  # fmt: skip
    code, out, _ = run(setup, "orders", "g")
    assert (code, out) == (
        0,
        "g S1901M, deadline 2026-03-04T12:00:00Z\n"
        "France: received 2026-03-02T13:00:00Z\n  A PAR - BUR\n  F BRE - MAO\n",
    )
    run(setup, "tick", "--now", "2026-03-04T12:00Z")
    assert run(setup, "orders", "g", "France")[1].endswith("France: no orders yet\n")
    code, out, _ = run(setup, "report", "g")
    assert code == 0 and out.startswith("Movement results for Spring of 1901.")
    assert "France: Army Paris -> Burgundy." in out
    code, german, _ = run(setup, "report", "g", "S1901M", "--lang", "de")
    assert code == 0 and german.startswith("Ergebnisse der Bewegung") and german != out


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["resend", "g", "99"], 1, "game 'g' has no mail 99 (see: judge outbox g)"),
        (["resend", "g", "one"], 2, "expected a mail's id (a number), not 'one'"),
        (["resend", "g", "1", "--to", "Prussia"], 1, "unknown power 'Prussia'"),
        (["report", "g"], 1, "game 'g' has no phase processed yet"),
        (["report", "g", "S1901M", "--lang", "fr"], 2, "invalid choice: 'fr'"),
        (["orders", "g", "Prussia"], 1, "unknown power 'Prussia'"),
        (["outbox", "g", "--gm-password", "guess"], 1, "wrong game master password"),
        (["outbox", "nosuch"], 1, "no game named 'nosuch'"),
    ],
)
def test_what_the_views_refuse(setup: list[str], args: list[str], code: int, message: str) -> None:
    started_game(setup)
    found, out, err = run(setup, *args)
    assert (found, out) == (code, "")
    assert message in err.splitlines()[-1] and "Traceback" not in err


def test_replace_player_and_reset_password(setup: list[str]) -> None:
    run(setup, "create", "g", "--gm-email", GM)
    run(setup, "add-player", "g", "France", "fr@players.test", "--password", "pw")
    run(setup, "start", "g")
    code, out, err = run(setup, "replace-player", "g", "F", "new@players.test", "--lang", "de")
    assert code == 0, err
    assert out.startswith("F in g: now new@players.test (de), password ")
    new = out.split("password ")[1].split()[0]
    status = run(setup, "status", "g")[1]
    assert "France     new@players.test (active)" in status and "fr@players.test" not in status
    code, out, _ = run(setup, "reset-password", "g", "France", "--password", "frisch-3")
    assert (code, out) == (0, "France in g: new password frisch-3 (mailed to the player)\n")
    assert new != "frisch-3"
    code, out, _ = run(setup, "reset-password", "g", "France")
    assert code == 0 and len(out.split("new password ")[1].split()[0]) >= 12


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["add-player", "g", "England", "en@players.test", "--password", "two words"],
         "adjudicator judge: the password is refused: a password cannot contain a space"),
        (["replace-player", "g", "France", "x@players.test", "--password", "a b"],
         "SIGNON line splits at blanks"),
        (["reset-password", "g", "France", "--password", " "], "a password may not be empty"),
        (["replace-player", "g", "Italy", "x@players.test"],
         "Italy in game 'g' has no player to replace: give it one with add-player"),
        (["reset-password", "g", "Italy"], "Italy in game 'g' has no player: add one"),
    ],
)  # fmt: skip
def test_a_password_no_signon_can_carry_is_refused(
    setup: list[str], args: list[str], message: str
) -> None:
    run(setup, "create", "g", "--gm-email", GM)
    run(setup, "add-player", "g", "France", "fr@players.test", "--password", "pw")
    code, out, err = run(setup, *args)
    assert (code, out) == (1, "")
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_create_refuses_a_game_master_password_with_a_space(setup: list[str]) -> None:
    env = {"ADJUDICATOR_JUDGE_GM_PASSWORD": "two words"}
    code, _, err = run(setup, "create", "g", "--gm-email", GM, env=env)
    assert code == 1
    assert err.startswith("adjudicator judge: the game master's password is refused: a password")
    assert run(setup, "list")[1] == "no games\n"
