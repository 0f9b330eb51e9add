"""``adjudicator judge ...``: the game master's commands, a Maildir polled, and refusals as one
line and an exit code, never a traceback."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from adjudicator.cli.main import main as adjudicator_main
from adjudicator.judge.cli import main
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
