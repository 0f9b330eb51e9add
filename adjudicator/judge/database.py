"""Connections to the two databases the judge stores games in, and the store's errors.

A :class:`Database` is one connection in autocommit mode, whose transactions are begun and ended
by explicit statements, the same on both databases. Everything the two drivers do differently is
here and nowhere else: the placeholder style (SQL is written with ``?``; psycopg wants ``%s``),
how a time is passed (ISO-8601 text for SQLite, a ``datetime`` for PostgreSQL), how a transaction
begins, and which driver errors mean a broken constraint.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from adjudicator.base.errors import AdjudicatorError

if TYPE_CHECKING:
    import psycopg

Dialect = Literal["sqlite", "postgresql"]

BUSY_TIMEOUT_SECONDS = 30
"""How long a SQLite transaction waits for another process's write lock before it fails."""


class StoreError(AdjudicatorError):
    """The game store cannot do what was asked: a bad URL, a database it cannot open or use, a
    row that breaks the rules of the store (a phase written out of turn, an unknown field)."""


class SchemaVersionError(StoreError):
    """The database's schema is newer than this code knows: it was written by a newer release."""


class ConstraintError(StoreError):
    """A write the database's constraints refuse: a game name or Message-ID already taken, a
    row naming a game, phase, power or mail that does not exist. The transaction is then
    unusable and rolls back when its block ends."""


class Database:
    """One connection, in autocommit mode: transactions are begun and ended by explicit
    statements, the same on both databases. SQL is written with ``?`` placeholders (and never a
    literal question mark); :meth:`execute` turns them into the driver's."""

    dialect: Dialect

    def __init__(self, where: str) -> None:
        self.where = where
        """The URL without its password, for messages."""

    def begin(self) -> None:
        raise NotImplementedError

    def execute(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def _param(self, value: object) -> object:
        if isinstance(value, datetime):
            if value.tzinfo is None or value.utcoffset() is None:
                raise StoreError(
                    f"a naive time {value.isoformat()} cannot be stored: pass a"
                    " timezone-aware datetime, e.g. datetime.now(UTC)"
                )
            return self._time_param(value.astimezone(UTC))
        return value

    def _time_param(self, value: datetime) -> object:
        return value


class SqliteDatabase(Database):
    """SQLite through the standard library's ``sqlite3``."""

    dialect: Dialect = "sqlite"

    def __init__(self, path: str, where: str) -> None:
        super().__init__(where)
        try:
            self.connection = sqlite3.connect(
                path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None
            )
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the SQLite database {where}: {error}") from None
        try:
            self.execute("PRAGMA foreign_keys = ON")
            self.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_SECONDS * 1000}")
            if path != ":memory:":
                # WAL: readers never wait for the writer, and a commit is one append
                self.execute("PRAGMA journal_mode = WAL")
        except StoreError:
            self.connection.close()
            raise

    def begin(self) -> None:
        # IMMEDIATE takes the write lock now, not at the first write: two transactions can then
        # never both read a game and then both fail to write it (SQLITE_BUSY mid-transaction)
        self.execute("BEGIN IMMEDIATE")

    def execute(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        try:
            cursor = self.connection.execute(sql, [self._param(p) for p in params])
            return cursor.fetchall()
        except sqlite3.Error as error:
            constraint = isinstance(error, sqlite3.IntegrityError)
            raise _database_error(error, self.where, constraint) from error

    def close(self) -> None:
        self.connection.close()

    def _time_param(self, value: datetime) -> object:
        # one fixed width (microseconds always written), so that text order is time order
        return value.isoformat(timespec="microseconds")


class PostgresDatabase(Database):
    """PostgreSQL through psycopg 3, imported only here: a SQLite judge never needs it."""

    dialect: Dialect = "postgresql"

    def __init__(self, url: str, where: str) -> None:
        super().__init__(where)
        try:
            import psycopg
        except ImportError:
            raise StoreError(
                f"the database {where} is PostgreSQL, which needs psycopg 3:"
                " pip install 'adjudicator[postgresql]'"
            ) from None
        self._errors = psycopg.Error
        self._constraint_errors = psycopg.IntegrityError
        try:
            self.connection: psycopg.Connection[tuple[Any, ...]] = psycopg.connect(
                url, autocommit=True
            )
        except psycopg.Error as error:
            raise StoreError(f"cannot connect to {where}: {error}") from None
        self.execute("SET TIME ZONE 'UTC'")

    def begin(self) -> None:
        self.execute("BEGIN")

    def execute(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        query = sql.replace("%", "%%").replace("?", "%s")
        try:
            cursor = self.connection.execute(query, [self._param(p) for p in params])
            return cursor.fetchall() if cursor.description is not None else []
        except self._errors as error:
            constraint = isinstance(error, self._constraint_errors)
            raise _database_error(error, self.where, constraint) from error

    def close(self) -> None:
        self.connection.close()


def _database_error(error: Exception, where: str, constraint: bool) -> StoreError:
    # psycopg's messages continue with DETAIL lines (which key, which row): keep them
    said = "; ".join(line.strip() for line in str(error).splitlines() if line.strip())
    kind = ConstraintError if constraint else StoreError
    return kind(f"{where}: {said or type(error).__name__}")


def redacted(url: str) -> str:
    """``url`` without its password, to quote in messages."""
    try:
        parts = urlsplit(url)
        if parts.password is None and "password=" not in parts.query:
            return url  # as given: a round trip through urlunsplit may change it
        if parts.password is not None:
            host = parts.netloc.rsplit("@", 1)[1]
            parts = parts._replace(netloc=f"{parts.username or ''}:***@{host}")
        query = parse_qsl(parts.query, keep_blank_values=True)
        if any(key == "password" for key, _ in query):
            hidden = [(key, "***" if key == "password" else value) for key, value in query]
            parts = parts._replace(query=urlencode(hidden, safe="/*"))
        return urlunsplit(parts)
    except ValueError:
        return "<a database URL that cannot be read>"


_URL_FORMS = (
    "sqlite:///games.db (a file in the current folder), sqlite:////srv/judge/games.db (an"
    " absolute path), sqlite:///:memory:, or postgresql://user@host/dbname"
    " (postgresql://user@/dbname?host=/run/postgresql for a local socket)"
)


def connect(url: str) -> Database:
    """A connection to the database ``url`` names, or a :class:`StoreError` listing the
    accepted forms."""
    where = redacted(url)
    if url.startswith("sqlite:///") and len(url) > len("sqlite:///"):
        return SqliteDatabase(url[len("sqlite:///") :], where)
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresDatabase(url, where)
    raise StoreError(f"unknown database URL {where!r}: use {_URL_FORMS}")
