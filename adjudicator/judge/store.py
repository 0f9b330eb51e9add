"""The game store: games, players, phases, mails, submissions and the outbox, in SQLite or
PostgreSQL.

``open_store(url)`` opens (and creates or upgrades, :mod:`adjudicator.judge.schema`) the
database a URL names:

- ``sqlite:///games.db``: a file, relative to the current folder (``sqlite:////srv/games.db``
  for an absolute path), the embedded default;
- ``sqlite:///:memory:``: a database that lives as long as the ``Store`` (tests);
- ``postgresql://user@host/dbname``, ``postgresql://user@/dbname?host=/socket/dir``: anything
  psycopg 3 accepts (``pip install 'adjudicator[postgresql]'``).

Every read and write happens in a transaction (``with store.transaction() as tx:``), committed
when the block ends and rolled back when it raises. On SQLite a transaction takes the database's
write lock when it begins (``BEGIN IMMEDIATE``: one writer at a time, others wait up to 30 s); on
PostgreSQL ``tx.lock_game(name)`` locks the game's row (``SELECT ... FOR UPDATE``), so that two
processes handling the same game take turns. History is appended: phases, submissions, mails
and outbox rows are never deleted, and a phase's position is never rewritten.

Times are timezone-aware UTC datetimes in and out (stored as ISO-8601 text on SQLite,
``timestamptz`` on PostgreSQL); a naive datetime is refused.

>>> from datetime import UTC, datetime
>>> store = open_store("sqlite:///:memory:")
>>> with store.transaction() as tx:
...     tx.record_mail("<1@example.org>", datetime(2026, 1, 1, tzinfo=UTC), "a@b.org", b"...")
...     tx.record_mail("<1@example.org>", datetime(2026, 1, 1, tzinfo=UTC), "a@b.org", b"...")
1
>>> store.close()
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass, fields, replace
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Generic, Literal, TypeVar

from adjudicator.judge.database import (
    ConstraintError,
    Database,
    Dialect,
    SchemaVersionError,
    StoreError,
    connect,
)
from adjudicator.judge.passwords import MASK
from adjudicator.judge.schema import MIGRATIONS, Migration, current_version, upgrade

__all__ = [
    "ConstraintError",
    "GameRow",
    "MailRow",
    "OutboxRow",
    "PhaseRow",
    "PlayerRow",
    "PressRow",
    "SchemaVersionError",
    "Store",
    "StoreError",
    "SubmissionRow",
    "Tx",
    "open_store",
]

GAME_STATUSES = ("forming", "active", "paused", "finished")
PLAYER_STATUSES = ("invited", "active", "resigned")
OUTBOX_KINDS = ("reply", "results", "reminder", "notice")

_MIGRATION_LOCK = 0x6A75646765
"""PostgreSQL advisory-lock key held while the schema is created or upgraded, so that two
processes opening a new database at once do not both create the tables."""


# --- rows ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game and its settings."""

    name: str
    map_name: str
    preset: str
    """The rules preset's name; ``rules_json`` holds the rules themselves."""
    rules_json: str
    status: str
    """``forming``, ``active``, ``paused`` or ``finished``."""
    movement_minutes: int
    retreat_minutes: int
    adjustment_minutes: int
    grace_minutes: int
    process_early: bool
    """Process the phase as soon as every power has orders in and none asked to wait."""
    gm_email: str
    gm_password_hash: str
    deadline: datetime | None
    phase_seq: int | None
    """The current phase's ``seq``; ``None`` before the game starts."""
    result: str | None
    created_at: datetime
    paused_remaining_seconds: int | None = None
    """While paused: how much time the phase had left, restored on resume."""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One power in one game and who plays it."""

    game: str
    power: str
    email: str
    lang: str
    password_hash: str
    """A :mod:`~adjudicator.judge.passwords` hash; empty while no password is set (nothing
    matches an empty hash)."""
    status: str
    """``invited``, ``active`` or ``resigned``."""
    wait: bool
    draw: bool
    joined_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class PhaseRow:
    """One phase of a game: the position it starts from and, once processed, what happened."""

    game: str
    seq: int
    """0, 1, 2, ... in the order the phases were played."""
    phase: str
    """The phase's short name, e.g. ``S1901M``."""
    position_json: str
    deadline: datetime | None
    processed_at: datetime | None = None
    orders_json: str | None = None
    """The orders adjudicated, per power, in canonical form."""
    results_json: str | None = None
    reports_json: str | None = None
    """The results report in each language the judge speaks: a JSON object keyed by language
    code (``{"en": "...", "de": "..."}``), as mailed."""
    nmr_json: str | None = None
    """The powers that missed the deadline."""


@dataclass(frozen=True, slots=True)
class SubmissionRow:
    """One set of orders a power sent for a phase. A resubmission is a new row pointing at the
    one it replaces; the latest counts."""

    id: int
    """Assigned by the store on insert (the value given to ``add_submission`` is ignored)."""
    game: str
    seq: int
    power: str
    mail_id: int | None
    raw_text: str
    orders_json: str
    """The orders as read, in canonical form (a JSON list of strings)."""
    received_at: datetime
    replaced_id: int | None = None


@dataclass(frozen=True, slots=True)
class MailRow:
    """One incoming mail, kept as received."""

    id: int
    message_id: str
    received_at: datetime
    sender: str
    raw: bytes
    game: str | None
    outcome: str
    """What the judge did with it, in a few words (``orders``, ``rejected: ...``,
    ``ignored: loop``); empty until decided."""


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """One mail to send, written in the transaction of the change it reports."""

    id: int
    """Assigned by the store on insert (the value given to ``queue_mail`` is ignored)."""
    message_id: str
    to_addr: str
    subject: str
    body: str
    in_reply_to: str | None
    created_at: datetime
    sent_at: datetime | None
    game: str | None
    kind: str
    """``reply``, ``results``, ``reminder`` or ``notice``."""
    claimed_until: datetime | None = None
    """While a delivery is sending the mail: until when the others leave it alone (should
    that delivery die, the mail is tried again once this time has passed)."""
    secret: str | None = None
    picture_seq: int | None = None
    """For a results mail: the phase (``seq``) whose board picture it carries, drawn when it is
    sent (:mod:`adjudicator.judge.pictures`)."""
    picture_lang: str | None = None
    """The language of that picture's title and legend."""
    """A password the body carries (a welcome mail's, a new one's) until the mail is sent:
    :meth:`Tx.mark_sent` then replaces it in the body by ``********`` and clears this."""


@dataclass(frozen=True, slots=True)
class PressRow:
    """One press message between powers (or to all)."""

    id: int
    game: str
    seq: int
    from_power: str
    to: tuple[str, ...] | Literal["all"]
    body: str
    sent_at: datetime


R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class _Table(Generic[R]):
    """How the rows of one table are read and written."""

    name: str
    make: Callable[..., R]
    columns: tuple[str, ...]
    keys: tuple[str, ...]
    """The columns that name a row; ``update`` never changes them."""
    fixed: tuple[str, ...] = ()
    """Further columns ``update`` refuses to change: history."""
    times: frozenset[str] = frozenset()
    bools: frozenset[str] = frozenset()
    generated_id: bool = False

    def select(self) -> str:
        return f"SELECT {', '.join(self.columns)} FROM {self.name}"

    def row(self, values: Sequence[object]) -> R:
        decoded = [
            _time(value) if column in self.times else bool(value) if column in self.bools else value
            for column, value in zip(self.columns, values, strict=True)
        ]
        return self.make(*decoded)


def _table(name: str, row: type[Any], keys: tuple[str, ...], **options: Any) -> _Table[Any]:
    columns = tuple(f.name for f in fields(row))
    return _Table(name, row, columns, keys, **options)


_GAMES: _Table[GameRow] = _table(
    "games",
    GameRow,
    ("name",),
    times=frozenset({"deadline", "created_at"}),
    bools=frozenset({"process_early"}),
)
_PLAYERS: _Table[PlayerRow] = _table(
    "players",
    PlayerRow,
    ("game", "power"),
    times=frozenset({"joined_at"}),
    bools=frozenset({"wait", "draw"}),
)
_PHASES: _Table[PhaseRow] = _table(
    "phases",
    PhaseRow,
    ("game", "seq"),
    fixed=("phase", "position_json"),
    times=frozenset({"deadline", "processed_at"}),
)
_SUBMISSIONS: _Table[SubmissionRow] = _table(
    "submissions", SubmissionRow, ("id",), times=frozenset({"received_at"}), generated_id=True
)
_MAILS: _Table[MailRow] = _table(
    "mails", MailRow, ("id",), times=frozenset({"received_at"}), generated_id=True
)
_OUTBOX: _Table[OutboxRow] = _table(
    "outbox",
    OutboxRow,
    ("id",),
    times=frozenset({"created_at", "sent_at", "claimed_until"}),
    generated_id=True,
)


def _time(value: object) -> datetime | None:
    """A stored time as an aware UTC datetime (SQLite gives text, PostgreSQL a datetime)."""
    if value is None:
        return None
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if not isinstance(value, datetime):
        raise StoreError(f"a stored time is {value!r}, neither text nor a timestamp")
    return value.astimezone(UTC)


# --- the store -----------------------------------------------------------------------------


def open_store(
    url: str, *, migrations: Sequence[Migration] = MIGRATIONS, now: datetime | None = None
) -> Store:
    """Open the database ``url`` names, creating its tables or upgrading an older schema to the
    latest version, in one transaction. Raises :class:`StoreError` for a URL of no known form or
    a database that cannot be opened, :class:`SchemaVersionError` for a database written by a
    newer release. ``migrations`` is for tests; ``now`` is when the upgrade is recorded."""
    database = connect(url)
    store = Store(url, database)
    try:
        with store.transaction() as tx:
            if database.dialect == "postgresql":
                tx.execute("SELECT pg_advisory_xact_lock(?)", (_MIGRATION_LOCK,))
            upgrade(tx, migrations, now or datetime.now(UTC), database.where)
    except BaseException:
        database.close()
        raise
    return store


class Store:
    """An open game store: one connection, one transaction at a time."""

    def __init__(self, url: str, database: Database) -> None:
        self.url = url
        self.dialect: Dialect = database.dialect
        self._database = database
        self._in_transaction = False
        self._closed = False

    @property
    def schema_version(self) -> int:
        """The version of the database's schema."""
        self._check_open()
        return current_version(self._database)

    def transaction(self) -> AbstractContextManager[Tx]:
        """``with store.transaction() as tx:`` commits when the block ends, rolls back when it
        raises; nothing of a rolled-back transaction remains."""
        self._check_open()
        if self._in_transaction:
            raise StoreError("a transaction is already open on this store (they do not nest)")
        return self._transaction()

    @contextmanager
    def _transaction(self) -> Iterator[Tx]:
        self._database.begin()
        self._in_transaction = True
        tx = Tx(self._database)
        try:
            yield tx
        except BaseException:
            tx._end()
            self._rollback()
            raise
        else:
            tx._end()
            try:
                self._database.execute("COMMIT")
            except StoreError:
                # a failed COMMIT may leave SQLite's transaction open: end it, then report
                self._rollback()
                raise
        finally:
            self._in_transaction = False

    def _rollback(self) -> None:
        # a connection that is gone cannot roll back (the server already has): the error that
        # brought us here says more than the failed ROLLBACK would
        with suppress(StoreError):
            self._database.execute("ROLLBACK")

    def close(self) -> None:
        """Close the connection (idempotent)."""
        if not self._closed:
            self._closed = True
            self._database.close()

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError(f"the store {self._database.where} is closed")

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self._database.where!r})"


class Tx:
    """One transaction: every method reads or writes inside it. Not usable after its block."""

    def __init__(self, database: Database) -> None:
        self._database = database
        self._open = True

    @property
    def dialect(self) -> Dialect:
        return self._database.dialect

    def execute(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        """Run one SQL statement (``?`` placeholders) and return its rows."""
        if not self._open:
            raise StoreError("this transaction has ended: use the store inside its with block")
        return self._database.execute(sql, params)

    def _end(self) -> None:
        self._open = False

    # --- games -------------------------------------------------------------------------

    def lock_game(self, name: str) -> GameRow | None:
        """The game, locked until the transaction ends (PostgreSQL: ``FOR UPDATE``; SQLite's
        transaction already holds the database's write lock)."""
        lock = " FOR UPDATE" if self.dialect == "postgresql" else ""
        return self._one(_GAMES, f"{_GAMES.select()} WHERE name = ?{lock}", (name,))

    def create_game(self, row: GameRow) -> None:
        _check_choice("game status", row.status, GAME_STATUSES)
        self._insert(_GAMES, row)

    def update_game(self, name: str, /, **changes: object) -> None:
        if "status" in changes:
            _check_choice("game status", changes["status"], GAME_STATUSES)
        self._update(_GAMES, (name,), changes)

    def get_game(self, name: str) -> GameRow | None:
        return self._one(_GAMES, f"{_GAMES.select()} WHERE name = ?", (name,))

    def list_games(self, status: str | None = None) -> list[GameRow]:
        if status is None:
            return self._all(_GAMES, f"{_GAMES.select()} ORDER BY name")
        return self._all(_GAMES, f"{_GAMES.select()} WHERE status = ? ORDER BY name", (status,))

    # --- players -----------------------------------------------------------------------

    def add_player(self, row: PlayerRow) -> None:
        _check_choice("player status", row.status, PLAYER_STATUSES)
        self._insert(_PLAYERS, row)

    def update_player(self, game: str, power: str, /, **changes: object) -> None:
        if "status" in changes:
            _check_choice("player status", changes["status"], PLAYER_STATUSES)
        self._update(_PLAYERS, (game, power), changes)

    def players(self, game: str) -> list[PlayerRow]:
        """The game's players, by power."""
        sql = f"{_PLAYERS.select()} WHERE game = ? ORDER BY power"
        return self._all(_PLAYERS, sql, (game,))

    def get_player(self, game: str, power: str) -> PlayerRow | None:
        sql = f"{_PLAYERS.select()} WHERE game = ? AND power = ?"
        return self._one(_PLAYERS, sql, (game, power))

    def player_by_email(self, game: str, email: str) -> list[PlayerRow]:
        """The powers ``email`` plays in the game (the address compared without case)."""
        sql = f"{_PLAYERS.select()} WHERE game = ? AND LOWER(email) = LOWER(?) ORDER BY power"
        return self._all(_PLAYERS, sql, (game, email))

    # --- phases ------------------------------------------------------------------------

    def add_phase(self, row: PhaseRow) -> None:
        """Append the game's next phase: ``row.seq`` must follow the last one (0 first)."""
        ((last,),) = self.execute("SELECT MAX(seq) FROM phases WHERE game = ?", (row.game,))
        expected = 0 if last is None else last + 1
        if row.seq != expected:
            raise StoreError(
                f"phase {row.seq} of game {row.game!r} is out of turn: the next is {expected}"
                " (phases are appended, never rewritten)"
            )
        self._insert(_PHASES, row)

    def update_phase(self, game: str, seq: int, /, **changes: object) -> None:
        """Set a phase's deadline or, once processed, its orders, results and reports (its
        starting position never changes)."""
        self._update(_PHASES, (game, seq), changes)

    def phases(self, game: str) -> list[PhaseRow]:
        """Every phase of the game, in order."""
        return self._all(_PHASES, f"{_PHASES.select()} WHERE game = ? ORDER BY seq", (game,))

    def get_phase(self, game: str, seq: int) -> PhaseRow | None:
        sql = f"{_PHASES.select()} WHERE game = ? AND seq = ?"
        return self._one(_PHASES, sql, (game, seq))

    def current_phase(self, game: str) -> PhaseRow | None:
        """The game's last phase (the one being played, or the last played), or ``None``."""
        sql = f"{_PHASES.select()} WHERE game = ? ORDER BY seq DESC LIMIT 1"
        return self._one(_PHASES, sql, (game,))

    # --- submissions -------------------------------------------------------------------

    def add_submission(self, row: SubmissionRow) -> int:
        """Store a power's orders for a phase; the new row's id. It replaces the power's latest
        submission for the phase (``replaced_id`` is filled in when not given)."""
        if row.replaced_id is None:
            found = self.execute(
                "SELECT MAX(id) FROM submissions WHERE game = ? AND seq = ? AND power = ?",
                (row.game, row.seq, row.power),
            )
            row = replace(row, replaced_id=found[0][0])
        return self._insert(_SUBMISSIONS, row)

    def latest_submissions(self, game: str, seq: int) -> dict[str, SubmissionRow]:
        """Each power's latest submission for the phase."""
        sql = (
            f"{_SUBMISSIONS.select()} WHERE id IN (SELECT MAX(id) FROM submissions"
            " WHERE game = ? AND seq = ? GROUP BY power) ORDER BY power"
        )
        return {row.power: row for row in self._all(_SUBMISSIONS, sql, (game, seq))}

    def submissions(self, game: str, seq: int | None = None) -> list[SubmissionRow]:
        """Every submission of the game (or of one phase), in the order received."""
        if seq is None:
            sql = f"{_SUBMISSIONS.select()} WHERE game = ? ORDER BY id"
            return self._all(_SUBMISSIONS, sql, (game,))
        sql = f"{_SUBMISSIONS.select()} WHERE game = ? AND seq = ? ORDER BY id"
        return self._all(_SUBMISSIONS, sql, (game, seq))

    # --- mails -------------------------------------------------------------------------

    def record_mail(
        self, message_id: str, received_at: datetime, sender: str, raw: bytes
    ) -> int | None:
        """Keep an incoming mail; its id, or ``None`` when a mail with this Message-ID was
        recorded before (it must then change nothing)."""
        found = self.execute(
            "INSERT INTO mails (message_id, received_at, sender, raw, game, outcome)"
            " VALUES (?, ?, ?, ?, NULL, '') ON CONFLICT (message_id) DO NOTHING RETURNING id",
            (message_id, received_at, sender, bytes(raw)),
        )
        return int(found[0][0]) if found else None

    def set_mail_outcome(self, mail_id: int, game: str | None, outcome: str) -> None:
        self._update(_MAILS, (mail_id,), {"game": game, "outcome": outcome})

    def get_mail(self, mail_id: int) -> MailRow | None:
        return self._one(_MAILS, f"{_MAILS.select()} WHERE id = ?", (mail_id,))

    def mail_by_message_id(self, message_id: str) -> MailRow | None:
        return self._one(_MAILS, f"{_MAILS.select()} WHERE message_id = ?", (message_id,))

    def mails(self, game: str | None = None) -> list[MailRow]:
        """Every mail recorded (or those about one game), in the order received."""
        if game is None:
            return self._all(_MAILS, f"{_MAILS.select()} ORDER BY id")
        return self._all(_MAILS, f"{_MAILS.select()} WHERE game = ? ORDER BY id", (game,))

    # --- outbox ------------------------------------------------------------------------

    def queue_mail(self, row: OutboxRow) -> int:
        """Put a mail in the outbox; its id. It is sent by the deliver step after commit."""
        _check_choice("outbox kind", row.kind, OUTBOX_KINDS)
        return self._insert(_OUTBOX, row)

    def unsent_mail(self, limit: int = 100) -> list[OutboxRow]:
        """The oldest ``limit`` mails not yet sent."""
        sql = f"{_OUTBOX.select()} WHERE sent_at IS NULL ORDER BY id LIMIT ?"
        return self._all(_OUTBOX, sql, (limit,))

    def claimable_mail(self, now: datetime, limit: int = 100) -> list[OutboxRow]:
        """The oldest ``limit`` unsent mails that no delivery is sending at ``now``: never
        claimed, released, or claimed by a delivery whose time ran out."""
        sql = (
            f"{_OUTBOX.select()} WHERE sent_at IS NULL"
            " AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY id LIMIT ?"
        )
        return self._all(_OUTBOX, sql, (now, limit))

    def claim_mail(self, outbox_id: int, until: datetime) -> None:
        """Mark a mail as being sent, so that other deliveries leave it alone until ``until``."""
        self._update(_OUTBOX, (outbox_id,), {"claimed_until": until})

    def release_mail(self, outbox_id: int) -> None:
        """A mail that could not be sent now: the next delivery may take it at once."""
        self._update(_OUTBOX, (outbox_id,), {"claimed_until": None})

    def mark_sent(self, outbox_id: int, sent_at: datetime) -> None:
        """Record that a mail was sent; a mail already marked keeps its first time. A password
        the mail carried (``secret``) has done its work: it is replaced in the body by
        ``********`` and forgotten, in the same statement."""
        found = self.execute(
            "UPDATE outbox SET sent_at = ?,"
            " body = CASE WHEN secret IS NULL OR secret = '' THEN body"
            " ELSE REPLACE(body, secret, ?) END, secret = NULL"
            " WHERE id = ? AND sent_at IS NULL RETURNING id",
            (sent_at, MASK, outbox_id),
        )
        if not found and not self.execute("SELECT id FROM outbox WHERE id = ?", (outbox_id,)):
            raise StoreError(f"no outbox mail with id {outbox_id}")

    def addressees(self, game: str, kind: str, subject: str) -> set[str]:
        """The addresses a mail of ``kind`` with exactly ``subject`` was queued to for the game
        (without reading the mails' bodies)."""
        found = self.execute(
            "SELECT DISTINCT to_addr FROM outbox WHERE game = ? AND kind = ? AND subject = ?",
            (game, kind, subject),
        )
        return {str(address) for (address,) in found}

    def replies_since(self, to_addr: str, since: datetime) -> int:
        """How many replies to ``to_addr`` (without case) were queued at ``since`` or later."""
        found = self.execute(
            "SELECT COUNT(*) FROM outbox WHERE kind = 'reply' AND LOWER(to_addr) = LOWER(?)"
            " AND created_at >= ?",
            (to_addr, since),
        )
        return int(found[0][0])

    def reply_chars_since(self, to_addr: str, since: datetime) -> int:
        """The characters of the replies to ``to_addr`` (without case) queued at ``since`` or
        later."""
        found = self.execute(
            "SELECT COALESCE(SUM(LENGTH(body)), 0) FROM outbox WHERE kind = 'reply'"
            " AND LOWER(to_addr) = LOWER(?) AND created_at >= ?",
            (to_addr, since),
        )
        return int(found[0][0])

    def outbox(self, game: str | None = None) -> list[OutboxRow]:
        """Every outgoing mail (or those about one game), sent or not, in the order queued."""
        if game is None:
            return self._all(_OUTBOX, f"{_OUTBOX.select()} ORDER BY id")
        return self._all(_OUTBOX, f"{_OUTBOX.select()} WHERE game = ? ORDER BY id", (game,))

    # --- press -------------------------------------------------------------------------

    def add_press(
        self,
        game: str,
        seq: int,
        from_power: str,
        to: Sequence[str] | Literal["all"],
        body: str,
        sent_at: datetime,
    ) -> int:
        """Keep one press message; its id."""
        recipients = "all" if to == "all" else list(to)
        found = self.execute(
            "INSERT INTO press (game, seq, from_power, recipients_json, body, sent_at)"
            " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (game, seq, from_power, json.dumps(recipients), body, sent_at),
        )
        return int(found[0][0])

    def press(self, game: str) -> list[PressRow]:
        """The game's press, in the order sent."""
        found = self.execute(
            "SELECT id, game, seq, from_power, recipients_json, body, sent_at FROM press"
            " WHERE game = ? ORDER BY id",
            (game,),
        )
        return [
            PressRow(key, game, seq, sender, _recipients(recipients), body, _aware(sent_at))
            for key, game, seq, sender, recipients, body, sent_at in found
        ]

    # --- the generic parts -------------------------------------------------------------

    def _one(self, table: _Table[R], sql: str, params: Sequence[object] = ()) -> R | None:
        found = self.execute(sql, params)
        return table.row(found[0]) if found else None

    def _all(self, table: _Table[R], sql: str, params: Sequence[object] = ()) -> list[R]:
        return [table.row(values) for values in self.execute(sql, params)]

    def _insert(self, table: _Table[Any], row: object) -> int:
        columns = [c for c in table.columns if not (table.generated_id and c == "id")]
        values = [getattr(row, c) for c in columns]
        marks = ", ".join("?" * len(columns))
        sql = f"INSERT INTO {table.name} ({', '.join(columns)}) VALUES ({marks})"
        if not table.generated_id:
            self.execute(sql, values)
            return 0
        return int(self.execute(f"{sql} RETURNING id", values)[0][0])

    def _update(
        self, table: _Table[Any], key: Sequence[object], changes: Mapping[str, object]
    ) -> None:
        unknown = sorted(set(changes) - set(table.columns))
        frozen = sorted(set(changes) & {*table.keys, *table.fixed, "id"})
        if unknown or frozen:
            raise StoreError(
                f"cannot update {', '.join(unknown + frozen)} of a row of {table.name}:"
                f" {'no such field' if unknown else 'history is never rewritten'}"
                f" (fields: {', '.join(table.columns)})"
            )
        if not changes:
            return
        assignments = ", ".join(f"{column} = ?" for column in changes)
        where = " AND ".join(f"{column} = ?" for column in table.keys)
        sql = f"UPDATE {table.name} SET {assignments} WHERE {where} RETURNING 1"
        if not self.execute(sql, [*changes.values(), *key]):
            named = ", ".join(f"{c}={v!r}" for c, v in zip(table.keys, key, strict=True))
            raise StoreError(f"no row of {table.name} with {named}")


def _check_choice(what: str, value: object, choices: Sequence[str]) -> None:
    if value not in choices:
        raise StoreError(f"unknown {what} {value!r}: one of {', '.join(choices)}")


def _aware(value: object) -> datetime:
    found = _time(value)
    if found is None:
        raise StoreError("a stored time that may not be empty is empty")
    return found


def _recipients(text: str) -> tuple[str, ...] | Literal["all"]:
    value = json.loads(text)
    return "all" if value == "all" else tuple(str(power) for power in value)
