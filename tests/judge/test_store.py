"""The game store, the same tests on SQLite and on PostgreSQL (``store`` is parametrised)."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import sys
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from adjudicator.judge.schema import MIGRATIONS, Migration
from adjudicator.judge.store import (
    ConstraintError,
    GameRow,
    OutboxRow,
    PhaseRow,
    PlayerRow,
    SchemaVersionError,
    Store,
    StoreError,
    SubmissionRow,
    open_store,
)

if TYPE_CHECKING:
    from multiprocessing.synchronize import Barrier

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def game_row(name: str = "alpha", **changes: Any) -> GameRow:
    row = GameRow(
        name=name,
        map_name="standard",
        preset="datc-2023",
        rules_json="{}",
        status="forming",
        movement_minutes=2880,
        retreat_minutes=1440,
        adjustment_minutes=1440,
        grace_minutes=60,
        process_early=True,
        gm_email="gm@example.org",
        gm_password_hash="scrypt$...",
        deadline=None,
        phase_seq=None,
        result=None,
        created_at=T0,
    )
    return replace(row, **changes)


def player_row(power: str, game: str = "alpha", email: str | None = None) -> PlayerRow:
    return PlayerRow(
        game=game,
        power=power,
        email=email or f"{power.lower()}@example.org",
        lang="en",
        password_hash="",
        status="invited",
        wait=False,
        draw=False,
        joined_at=None,
    )


def phase_row(seq: int, phase: str = "S1901M", game: str = "alpha") -> PhaseRow:
    return PhaseRow(game, seq, phase, f'{{"phase": "{phase}"}}', T0 + timedelta(days=seq))


def submission(power: str, text: str, game: str = "alpha", seq: int = 0) -> SubmissionRow:
    return SubmissionRow(0, game, seq, power, None, text, f'["{text}"]', T0, None)


def outbox_row(message_id: str, to: str = "a@example.org", game: str | None = "alpha") -> OutboxRow:
    return OutboxRow(0, message_id, to, "Subject", "Body", None, T0, None, game, "reply")


def setup_game(store: Store, powers: tuple[str, ...] = ("England", "France")) -> None:
    with store.transaction() as tx:
        tx.create_game(game_row())
        for power in powers:
            tx.add_player(player_row(power))
        tx.add_phase(phase_row(0))


# --- games, players, phases --------------------------------------------------------------


def test_a_new_store_has_the_latest_schema_and_nothing_in_it(store: Store) -> None:
    assert store.schema_version == len(MIGRATIONS)
    with store.transaction() as tx:
        assert tx.list_games() == []
        assert tx.get_game("alpha") is None
        assert tx.unsent_mail(10) == []


def test_games_are_created_read_and_updated(store: Store) -> None:
    with store.transaction() as tx:
        tx.create_game(game_row("beta"))
        tx.create_game(game_row("alpha", status="active", process_early=False))
    with store.transaction() as tx:
        assert tx.get_game("beta") == game_row("beta")
        assert [g.name for g in tx.list_games()] == ["alpha", "beta"]
        assert [g.name for g in tx.list_games("active")] == ["alpha"]
        deadline = T0 + timedelta(days=2)
        tx.update_game("beta", status="paused", deadline=deadline, paused_remaining_seconds=90)
    with store.transaction() as tx:
        assert tx.get_game("beta") == game_row(
            "beta", status="paused", deadline=deadline, paused_remaining_seconds=90
        )


def test_a_game_name_is_unique(store: Store) -> None:
    with store.transaction() as tx:
        tx.create_game(game_row())
    with pytest.raises(ConstraintError, match=r"(?i)unique"), store.transaction() as tx:
        tx.create_game(game_row())


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"colour": "red"}, "colour of a row of games: no such field"),
        ({"name": "other"}, "name of a row of games: history is never rewritten"),
        ({"status": "sleeping"}, "unknown game status 'sleeping'"),
    ],
)
def test_bad_updates_are_refused_by_name(
    store: Store, changes: dict[str, object], message: str
) -> None:
    with store.transaction() as tx:
        tx.create_game(game_row())
    with pytest.raises(StoreError, match=message), store.transaction() as tx:
        tx.update_game("alpha", **changes)


def test_updating_a_missing_game_is_an_error(store: Store) -> None:
    missing = pytest.raises(StoreError, match="no row of games with name='nope'")
    with missing, store.transaction() as tx:
        tx.update_game("nope", status="active")


def test_players_are_added_found_by_address_and_updated(store: Store) -> None:
    setup_game(store, ("France", "England"))
    with store.transaction() as tx:
        tx.add_player(player_row("Germany", email="england@example.org"))
        assert [p.power for p in tx.players("alpha")] == ["England", "France", "Germany"]
        found = tx.player_by_email("alpha", "ENGLAND@Example.org")
        assert [p.power for p in found] == ["England", "Germany"]
        assert tx.player_by_email("alpha", "nobody@example.org") == []
        tx.update_player("alpha", "France", status="active", wait=True, joined_at=T0)
    with store.transaction() as tx:
        france = tx.get_player("alpha", "France")
        assert france == replace(player_row("France"), status="active", wait=True, joined_at=T0)
        assert france is not None and france.wait is True and france.draw is False


def test_phases_are_appended_and_never_rewritten(store: Store) -> None:
    setup_game(store)
    with store.transaction() as tx:
        report = '{"en": "Report"}'
        tx.update_phase("alpha", 0, processed_at=T0, orders_json="{}", reports_json=report)
        tx.add_phase(phase_row(1, "F1901M"))
    with store.transaction() as tx:
        phases = tx.phases("alpha")
        assert [(p.seq, p.phase) for p in phases] == [(0, "S1901M"), (1, "F1901M")]
        assert phases[0].processed_at == T0 and phases[0].reports_json == '{"en": "Report"}'
        assert tx.current_phase("alpha") == phase_row(1, "F1901M")
        assert tx.current_phase("other") is None
    for row in (phase_row(1, "X"), phase_row(5, "X")):  # rewrite, or a gap
        out_of_turn = pytest.raises(StoreError, match="out of turn: the next is 2")
        with out_of_turn, store.transaction() as tx:
            tx.add_phase(row)
    rewrite = pytest.raises(StoreError, match=r"position_json .* history is never rewritten")
    with rewrite, store.transaction() as tx:
        tx.update_phase("alpha", 0, position_json="{}")
    with store.transaction() as tx:
        assert tx.get_phase("alpha", 0) == replace(
            phase_row(0), processed_at=T0, orders_json="{}", reports_json='{"en": "Report"}'
        )


# --- submissions ------------------------------------------------------------------------


def test_a_resubmission_replaces_the_latest_and_history_is_kept(store: Store) -> None:
    setup_game(store)
    with store.transaction() as tx:
        first = tx.add_submission(submission("England", "F LON - NTH"))
        other = tx.add_submission(submission("France", "A PAR - BUR"))
        second = tx.add_submission(submission("England", "F LON - ENG"))
        third = tx.add_submission(submission("England", "F LON H"))
    with store.transaction() as tx:
        latest = tx.latest_submissions("alpha", 0)
        assert sorted(latest) == ["England", "France"]
        assert latest["England"].id == third and latest["England"].raw_text == "F LON H"
        assert latest["England"].replaced_id == second
        assert latest["France"].id == other and latest["France"].replaced_id is None
        history = tx.submissions("alpha", 0)
        assert [(s.id, s.replaced_id) for s in history if s.power == "England"] == [
            (first, None),
            (second, first),
            (third, second),
        ]
        assert tx.latest_submissions("alpha", 1) == {}


def test_a_submission_for_an_unknown_power_or_phase_is_refused(store: Store) -> None:
    setup_game(store)
    for row in (submission("Italy", "A ROM H"), submission("England", "F LON H", seq=3)):
        with pytest.raises(ConstraintError, match=r"(?i)foreign key"), store.transaction() as tx:
            tx.add_submission(row)


# --- mails and the outbox ---------------------------------------------------------------


def test_a_mail_is_recorded_once_per_message_id(store: Store) -> None:
    raw = b"From: a@example.org\r\n\r\n\x00\xff binary survives"
    with store.transaction() as tx:
        first = tx.record_mail("<m1@example.org>", T0, "a@example.org", raw)
        assert first is not None
        assert tx.record_mail("<m1@example.org>", T0, "b@example.org", b"other") is None
    with store.transaction() as tx:
        assert tx.record_mail("<m1@example.org>", T0, "a@example.org", raw) is None
        tx.set_mail_outcome(first, "alpha", "orders")
    with store.transaction() as tx:
        mail = tx.get_mail(first)
        assert mail is not None
        assert (mail.raw, mail.sender, mail.game, mail.outcome) == (
            raw,
            "a@example.org",
            "alpha",
            "orders",
        )
        assert tx.mail_by_message_id("<m1@example.org>") == mail
        assert tx.mails() == [mail] and tx.mails("alpha") == [mail] and tx.mails("beta") == []


def test_the_outbox_queues_lists_unsent_and_marks_sent(store: Store) -> None:
    with store.transaction() as tx:
        ids = [tx.queue_mail(outbox_row(f"<o{i}@judge>")) for i in range(3)]
    with store.transaction() as tx:
        assert [row.id for row in tx.unsent_mail(2)] == ids[:2]
        tx.mark_sent(ids[0], T0)
        tx.mark_sent(ids[0], T0 + timedelta(hours=1))  # a second mark keeps the first time
    with store.transaction() as tx:
        assert [row.id for row in tx.unsent_mail(10)] == ids[1:]
        sent = tx.outbox("alpha")[0]
        assert sent == replace(outbox_row("<o0@judge>"), id=ids[0], sent_at=T0)
        with pytest.raises(StoreError, match="no outbox mail with id 999"):
            tx.mark_sent(999, T0)


def test_an_outbox_message_id_is_unique(store: Store) -> None:
    with pytest.raises(ConstraintError), store.transaction() as tx:
        tx.queue_mail(outbox_row("<same@judge>"))
        tx.queue_mail(outbox_row("<same@judge>"))
    with store.transaction() as tx:
        assert tx.outbox() == []


def test_press_is_kept(store: Store) -> None:
    setup_game(store)
    with store.transaction() as tx:
        tx.add_press("alpha", 0, "England", ["France"], "Hello", T0)
        tx.add_press("alpha", 0, "France", "all", "To all", T0)
    with store.transaction() as tx:
        press = tx.press("alpha")
        assert [(p.from_power, p.to, p.body, p.sent_at) for p in press] == [
            ("England", ("France",), "Hello", T0),
            ("France", "all", "To all", T0),
        ]


# --- transactions and times -------------------------------------------------------------


class Crash(Exception):
    pass


def test_a_transaction_that_raises_leaves_nothing(store: Store) -> None:
    with pytest.raises(Crash), store.transaction() as tx:
        tx.create_game(game_row())
        tx.add_player(player_row("England"))
        tx.add_phase(phase_row(0))
        tx.record_mail("<m@example.org>", T0, "a@example.org", b"raw")
        tx.queue_mail(outbox_row("<o@judge>"))
        raise Crash
    with store.transaction() as tx:
        assert tx.list_games() == [] and tx.players("alpha") == [] and tx.phases("alpha") == []
        assert tx.mails() == [] and tx.outbox() == []
        # the same Message-ID is new again: the rolled-back mail was never recorded
        assert tx.record_mail("<m@example.org>", T0, "a@example.org", b"raw") is not None


def test_transactions_do_not_nest_and_a_tx_ends_with_its_block(store: Store) -> None:
    with store.transaction() as tx, pytest.raises(StoreError, match="do not nest"):
        store.transaction()
    with pytest.raises(StoreError, match="transaction has ended"):
        tx.get_game("alpha")


@pytest.mark.parametrize(
    "moment",
    [
        datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=UTC),
        datetime(2026, 3, 1, 14, 0, 0, 1, tzinfo=timezone(timedelta(hours=2))),
        datetime(1, 1, 1, tzinfo=UTC) + timedelta(days=700000, microseconds=999999),
    ],
)
def test_times_come_back_exactly_as_aware_utc(store: Store, moment: datetime) -> None:
    with store.transaction() as tx:
        tx.create_game(game_row(deadline=moment, created_at=moment))
    with store.transaction() as tx:
        game = tx.get_game("alpha")
    assert game is not None and game.deadline == moment and game.created_at == moment
    assert game.deadline.tzinfo is UTC and game.deadline.utcoffset() == timedelta(0)
    assert game.deadline.microsecond == moment.microsecond


def test_a_naive_time_is_refused(store: Store) -> None:
    naive = pytest.raises(StoreError, match=r"naive time 2026-03-01T12:00:00 .* datetime\.now")
    with naive, store.transaction() as tx:
        tx.create_game(game_row(created_at=datetime(2026, 3, 1, 12, 0)))


# --- migrations -------------------------------------------------------------------------

NEXT = len(MIGRATIONS) + 1
"""The version of a migration of the tests' own, after the released ones."""

VERSION_2 = Migration(
    NEXT,
    "test only: a note on each game, and a table",
    (
        "ALTER TABLE games ADD COLUMN note TEXT",
        "CREATE TABLE notes (game TEXT NOT NULL REFERENCES games (name), body TEXT NOT NULL)",
    ),
)


def test_an_older_database_is_upgraded_keeping_its_rows(empty_database_url: str) -> None:
    with open_store(empty_database_url) as store:
        setup_game(store)
    with open_store(empty_database_url, migrations=(*MIGRATIONS, VERSION_2)) as store:
        assert store.schema_version == NEXT
        with store.transaction() as tx:
            assert tx.get_game("alpha") == game_row()
            tx.execute("INSERT INTO notes (game, body) VALUES (?, ?)", ("alpha", "a note"))
            tx.execute("UPDATE games SET note = ? WHERE name = ?", ("hello", "alpha"))
            assert tx.execute("SELECT note FROM games") == [("hello",)]
            versions = tx.execute("SELECT version, description FROM schema_version ORDER BY 1")
            assert [v for v, _ in versions] == list(range(1, NEXT + 1))
    # opening again changes nothing
    with open_store(empty_database_url, migrations=(*MIGRATIONS, VERSION_2)) as store:
        assert store.schema_version == NEXT


def test_a_failing_migration_leaves_the_database_as_it_was(empty_database_url: str) -> None:
    with open_store(empty_database_url) as store:
        setup_game(store)
    broken = replace(VERSION_2, statements=(*VERSION_2.statements, "CREATE TABLE broken ("))
    with pytest.raises(StoreError):
        open_store(empty_database_url, migrations=(*MIGRATIONS, broken))
    with open_store(empty_database_url) as store:
        assert store.schema_version == len(MIGRATIONS)
        with store.transaction() as tx:
            # the first statements of the failed migration were rolled back with it
            assert "note" not in str(tx.execute("SELECT * FROM games LIMIT 0"))
            tx.execute("CREATE TABLE notes (body TEXT)")


def test_a_database_from_a_newer_release_is_refused(empty_database_url: str) -> None:
    with open_store(empty_database_url, migrations=(*MIGRATIONS, VERSION_2)):
        pass
    newer = rf"schema version {NEXT}, newer than .* knows \({len(MIGRATIONS)}\)"
    with pytest.raises(SchemaVersionError, match=newer):
        open_store(empty_database_url)


def test_migrations_must_be_numbered_in_order(tmp_path: Path) -> None:
    versions = ", ".join(str(n) for n in [*range(1, NEXT), NEXT + 1])
    with pytest.raises(ValueError, match=rf"numbered 1, 2, 3, ... in order, not \[{versions}\]"):
        open_store(
            f"sqlite:///{tmp_path / 'x.db'}",
            migrations=(*MIGRATIONS, replace(VERSION_2, version=NEXT + 1)),
        )


# --- URLs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url", ["games.db", "mysql://user@host/db", "sqlite://", "sqlite:///", "sqlite:games.db"]
)
def test_an_unknown_url_is_refused_with_the_accepted_forms(url: str) -> None:
    with pytest.raises(StoreError) as raised:
        open_store(url)
    message = str(raised.value)
    assert f"unknown database URL {url!r}" in message
    assert "sqlite:///games.db" in message and "postgresql://user@host/dbname" in message


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("mysql://judge:s3cret@host/db", "mysql://judge:***@host/db"),
        ("mysql://judge@host/db?password=s3cret&x=1", "mysql://judge@host/db?password=***&x=1"),
    ],
)
def test_a_password_in_a_url_is_never_quoted(url: str, shown: str) -> None:
    with pytest.raises(StoreError) as raised:
        open_store(url)
    assert "s3cret" not in str(raised.value) and repr(shown) in str(raised.value)


def test_a_sqlite_file_that_cannot_be_opened_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "no such folder" / "games.db"
    with pytest.raises(StoreError, match="cannot open the SQLite database"):
        open_store(f"sqlite:///{missing}")
    not_a_database = tmp_path / "notes.txt"
    not_a_database.write_text("hello " * 1000)
    with pytest.raises(StoreError, match=r"notes\.txt: file is not a database"):
        open_store(f"sqlite:///{not_a_database}")


def test_a_file_database_uses_wal_and_foreign_keys(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    with open_store(f"sqlite:///{path}") as store, store.transaction() as tx:
        assert tx.execute("PRAGMA foreign_keys") == [(1,)]
    with sqlite3.connect(path) as plain:
        assert plain.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_postgresql_server_that_cannot_be_reached_is_named_without_password() -> None:
    pytest.importorskip("psycopg")
    url = "postgresql://judge:s3cret@/games?host=/nonexistent-folder"
    with pytest.raises(StoreError) as raised:
        open_store(url)
    message = str(raised.value)
    assert message.startswith("cannot connect to postgresql://judge:***@/games?host=/nonexistent")
    assert "s3cret" not in message


def test_postgresql_without_psycopg_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg now raises ImportError
    with pytest.raises(StoreError, match=r"pip install 'adjudicator\[postgresql\]'"):
        open_store("postgresql://judge@/games")


# --- two processes at once ----------------------------------------------------------------

ROUNDS = 40


def append_submissions(url: str, power: str, start: Barrier) -> None:
    """One process: ``ROUNDS`` transactions, each locking the game, reading the latest
    submission and appending one that replaces it."""
    with open_store(url) as store:
        start.wait(timeout=60)
        for i in range(ROUNDS):
            with store.transaction() as tx:
                assert tx.lock_game("alpha") is not None
                tx.latest_submissions("alpha", 0)
                tx.add_submission(submission(power, f"{power} {i}"))


def test_two_processes_at_once_lose_no_submission(store: Store, store_url: str) -> None:
    setup_game(store)
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(2)
    # the other process and this one (one spawned interpreter fewer: the same two at once)
    worker = context.Process(target=append_submissions, args=(store_url, "England", start))
    worker.start()
    try:
        append_submissions(store_url, "England", start)
    finally:
        worker.join(timeout=120)
    assert worker.exitcode == 0
    with store.transaction() as tx:
        history = tx.submissions("alpha", 0)
    assert len(history) == 2 * ROUNDS
    # the lock serialised them: one unbroken chain, each row replacing the one before it
    assert [s.replaced_id for s in history] == [None, *(s.id for s in history[:-1])]


def crash_mid_transaction(url: str) -> None:
    """One process: queue a mail and commit, then die inside the next transaction."""
    store = open_store(url)
    with store.transaction() as tx:
        tx.queue_mail(outbox_row("<committed@judge>"))
    with store.transaction() as tx:
        tx.queue_mail(outbox_row("<never-committed@judge>"))
        tx.create_game(game_row("lost"))
        os._exit(3)  # a crash: no rollback, no close, no cleanup


def test_a_process_that_dies_mid_transaction_keeps_what_it_committed(store_url: str) -> None:
    context = multiprocessing.get_context("spawn")
    worker = context.Process(target=crash_mid_transaction, args=(store_url,))
    worker.start()
    worker.join(timeout=120)
    assert worker.exitcode == 3
    with open_store(store_url) as store, store.transaction() as tx:
        # the committed mail waits to be sent, the rest is gone, and nothing stays locked
        assert [row.message_id for row in tx.unsent_mail(10)] == ["<committed@judge>"]
        assert tx.get_game("lost") is None
        tx.create_game(game_row("lost"))
