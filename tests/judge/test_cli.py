"""``adjudicator judge ...``: the game master's commands, a Maildir polled, and refusals as one
line and an exit code, never a traceback."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from adjudicator.cli.main import main as adjudicator_main
from adjudicator.judge.cli import main
from adjudicator.judge.store import open_store
from tests.judge.judging import GM, GM_PASSWORD, JUDGE_ADDRESS, T0, cheap_passwords, make_mail

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
