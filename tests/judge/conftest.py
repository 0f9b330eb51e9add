"""Fixtures of the judge's tests: a game store on each database the judge supports.

``store`` (and ``store_url``) run a test twice: on a SQLite file and on PostgreSQL. The
PostgreSQL server is, in order of preference:

1. the one ``ADJUDICATOR_TEST_POSTGRES_URL`` names (a ``postgresql://`` URL of a user allowed to
   create databases): the run gets a database of its own, dropped at the end;
2. a throwaway cluster this session starts itself with ``initdb`` and ``pg_ctl`` (found on
   ``PATH`` or under ``/usr/lib/postgresql/*/bin``), listening only on a socket in a temporary
   folder (in memory, under ``/dev/shm``, when there is room), stopped and removed at the end.
   As root it runs as the ``postgres`` system user (PostgreSQL refuses to run as root).

The suite runs in several processes (pytest-xdist, ``-n auto`` in ``pyproject.toml``), each a
session of its own: each starts its own cluster in its own folder, on its own socket (or gets its
own database on the server ``ADJUDICATOR_TEST_POSTGRES_URL`` names), so no two workers ever share
a database, a schema or a port, and :class:`PreparedSchema` may end every other connection to
its database between tests.

When neither works the PostgreSQL half skips, saying why, except on CI (``CI`` is set), where it
fails: CI must not pass by skipping them.

Every test starts on an empty database of the latest schema. On SQLite it is a new file, in memory
when the machine allows (:func:`scratch_parent`). On PostgreSQL, creating the tables would cost
more than most tests (about 50 ms of DDL each): the run creates them once and empties them before
each test (:class:`PreparedSchema`); only the migration tests, which must start from nothing, get
a schema with no tables at all (``empty_database_url``).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import pytest

from adjudicator.judge.schema import MIGRATIONS
from adjudicator.judge.store import Store, open_store

if TYPE_CHECKING:
    from tests.judge.smtp import SmtpServer

POSTGRES_URL_VARIABLE = "ADJUDICATOR_TEST_POSTGRES_URL"
PG_USER = "postgres"
STORE_FIXTURES = ("store_url", "empty_database_url")
"""The fixtures parametrised by backend, ``sqlite`` or ``postgresql``."""
SERVER_TIMEOUT_SECONDS = 60
"""At most this long for initdb and for the server to start or stop (a bound, not a pause)."""


def unavailable(reason: str) -> NoReturn:
    """Skip the PostgreSQL half, or fail it on CI."""
    if os.environ.get("CI"):
        pytest.fail(f"the PostgreSQL tests must run on CI, but {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {reason}")


def with_query(url: str, **params: str) -> str:
    """``url`` with query parameters added (or replaced)."""
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    query.update(params)
    return urlunsplit(parts._replace(query=urlencode(query, quote_via=quote)))


def with_database(url: str, dbname: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{dbname}"))


@dataclass
class PostgresServer:
    """A database of this test run on a PostgreSQL server, which hands out empty schemas."""

    url: str

    def fresh_url(self) -> str:
        """The URL of a new empty schema (the connection's ``search_path``)."""
        import psycopg

        schema = f"judge_test_{secrets.token_hex(6)}"
        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute(f"CREATE SCHEMA {schema}")
        return with_query(self.url, options=f"-c search_path={schema}")


MEMORY_FOLDER = Path("/dev/shm")
MEMORY_NEEDED = 1 << 30
"""The test databases live in memory when there is a tmpfs with this much room (they take some
50 MB)."""


def scratch_parent() -> str:
    """Where the test databases go: in memory if the machine allows, else ``/tmp``. Nothing of
    them needs a disk, as they are thrown away at the end; on one, every SQLite commit waits for
    the disk (fsync), and removing the cluster at the end waits seconds for its writeback."""
    with contextlib.suppress(OSError):
        if os.access(MEMORY_FOLDER, os.W_OK) and (
            shutil.disk_usage(MEMORY_FOLDER).free >= MEMORY_NEEDED
        ):
            return str(MEMORY_FOLDER)
    return "/tmp"


class PreparedSchema:
    """One schema of the latest version for the whole run, emptied before each test that uses it.

    Emptied with DELETE, not TRUNCATE: TRUNCATE gives every table new files, which costs as much as
    creating the schema again, while deleting a test's few rows takes about a millisecond. The
    identity sequences go back to their start, so that ids count from 1 as in a new schema, and
    every query of the store that returns several rows orders them, so the space the deleted rows
    leave changes no result. Before emptying, any connection a test left open is ended, so that
    none can hold a lock or commit a row into the next test; after it, :meth:`_check_empty` makes
    sure the next test starts on exactly the schema it would get new."""

    def __init__(self, server: PostgresServer) -> None:
        import psycopg

        self.url = server.fresh_url()
        open_store(self.url).close()
        self._admin = psycopg.connect(self.url, autocommit=True)
        # a bound on waiting for a lock that a stuck connection holds (a bound, not a pause)
        self._admin.execute(f"SET lock_timeout = '{SERVER_TIMEOUT_SECONDS}s'")
        self._tables = self._table_names()
        self._check_empty()

    def _table_names(self) -> list[str]:
        """The tables of rows (all but ``schema_version``), newest first: the judge's tables
        reference only tables created before them (or themselves), so deleting in this order
        deletes every referencing row before the row it references."""
        return [
            table
            for (table,) in self._admin.execute(
                "SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace"
                " AND relkind = 'r' AND relname <> 'schema_version' ORDER BY oid DESC"
            )
        ]

    def emptied_url(self) -> str:
        """The schema's URL, with every row of the tests before gone."""
        self._admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            " AND backend_type = 'client backend'"
        )
        with self._admin.transaction():
            for table in self._tables:
                self._admin.execute(f"DELETE FROM {table}")
            self._admin.execute(
                "SELECT setval(format('%I.%I', schemaname, sequencename), 1, false)"
                " FROM pg_sequences WHERE schemaname = current_schema() AND last_value IS NOT NULL"
            )
        self._check_empty()
        return self.url

    def _check_empty(self) -> None:
        """The schema is as new: the same tables at the latest version, no rows, no id used."""
        assert self._table_names() == self._tables, "a test changed the schema"
        rows = " UNION ALL ".join(f"SELECT COUNT(*) FROM {table}" for table in self._tables)
        assert all(count == 0 for (count,) in self._admin.execute(rows)), "rows left behind"
        ((versions, latest),) = self._admin.execute(
            "SELECT COUNT(*), MAX(version) FROM schema_version"
        )
        assert versions == latest == len(MIGRATIONS), "a test changed the schema's version"
        used = self._admin.execute(
            "SELECT sequencename FROM pg_sequences"
            " WHERE schemaname = current_schema() AND last_value IS NOT NULL"
        ).fetchall()
        assert used == [], f"sequences not reset: {used}"

    def close(self) -> None:
        self._admin.close()


def _binaries() -> tuple[str, str] | None:
    found = shutil.which("initdb"), shutil.which("pg_ctl")
    if found[0] and found[1]:
        return found[0], found[1]
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda p: [int(x) for x in Path(p).parent.name.split(".") if x.isdigit()],
    )
    for directory in reversed(versions):
        initdb, pg_ctl = Path(directory, "initdb"), Path(directory, "pg_ctl")
        if initdb.is_file() and pg_ctl.is_file():
            return str(initdb), str(pg_ctl)
    return None


class _Cluster:
    """A throwaway PostgreSQL cluster in a temporary folder, on a Unix socket only."""

    def __init__(self, initdb: str, pg_ctl: str) -> None:
        self.pg_ctl = pg_ctl
        self.user: str | None = None
        if os.geteuid() == 0:
            try:
                pwd.getpwnam(PG_USER)
            except KeyError:
                unavailable(f"running as root, and there is no {PG_USER!r} user to run initdb")
            self.user = PG_USER
        # a short path: a Unix socket's path has at most ~100 bytes
        self.folder = Path(tempfile.mkdtemp(prefix="adj-pg-", dir=scratch_parent()))
        if self.user is not None:
            shutil.chown(self.folder, user=self.user)
        self.data = self.folder / "data"
        self._run(initdb, "-D", str(self.data), "-U", PG_USER, "--auth=trust", "-N")
        options = f"-k {self.folder} -c listen_addresses='' -F"
        log = str(self.folder / "server.log")
        self._run(pg_ctl, "-D", str(self.data), "-o", options, "-l", log, "-w", "start")
        self.url = f"postgresql://{PG_USER}@/postgres?host={quote(str(self.folder), safe='/')}"

    def _run(self, *command: str) -> None:
        try:
            subprocess.run(
                command,
                check=True,
                capture_output=True,
                text=True,
                user=self.user,
                timeout=SERVER_TIMEOUT_SECONDS,
            )
        except subprocess.CalledProcessError as error:
            output = (error.stdout + error.stderr).strip().splitlines()[-3:]
            self.remove()
            unavailable(f"{Path(command[0]).name} failed: {' / '.join(output)}")
        except (OSError, subprocess.TimeoutExpired) as error:
            self.remove()
            unavailable(f"{Path(command[0]).name} could not run: {error}")

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            subprocess.run(
                [self.pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop"],
                check=False,
                capture_output=True,
                user=self.user,
                timeout=SERVER_TIMEOUT_SECONDS,
            )
        self.remove()

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


class _EarlyCluster:
    """The throwaway cluster, started in a background thread as soon as collection shows that a
    selected test will need it: initdb and the server's start take a second or two of another
    process, which then overlap the tests before the first that uses PostgreSQL. What the start
    raises (the skip or failure of :func:`unavailable`) is raised again where the cluster is
    taken, in the fixture."""

    def __init__(self) -> None:
        self._starting: Future[_Cluster] | None = None

    def start(self, session: pytest.Session) -> None:
        if session.config.option.collectonly or os.environ.get(POSTGRES_URL_VARIABLE):
            return
        if not any(map(_needs_postgresql, session.items)):
            return
        binaries = _binaries()
        if binaries is not None:  # else the fixture says why there is no cluster
            pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="postgres-start")
            self._starting = pool.submit(_Cluster, *binaries)
            pool.shutdown(wait=False)  # the thread ends with the start

    def take(self, binaries: tuple[str, str]) -> _Cluster:
        """The cluster started early, or one started now if none was."""
        starting, self._starting = self._starting, None
        return _Cluster(*binaries) if starting is None else starting.result()

    def stop_untaken(self) -> None:
        """Stop a cluster no test took (the run ended before its first PostgreSQL test)."""
        starting, self._starting = self._starting, None
        if starting is not None:
            with contextlib.suppress(Exception, pytest.skip.Exception, pytest.fail.Exception):
                starting.result().stop()


def _needs_postgresql(item: pytest.Item) -> bool:
    """Whether the test uses the server: directly, or as the PostgreSQL half of ``store_url``."""
    callspec = getattr(item, "callspec", None)
    backends = {callspec.params.get(name) for name in STORE_FIXTURES} if callspec else set()
    return "postgresql" in backends or "postgres_server" in getattr(item, "fixturenames", ())


_early_cluster = _EarlyCluster()


def pytest_collection_finish(session: pytest.Session) -> None:
    _early_cluster.start(session)


def pytest_sessionfinish(session: pytest.Session) -> None:
    _early_cluster.stop_untaken()


@pytest.fixture(autouse=True)
def svg_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Results mails carry their board as SVG in the judge's tests, as a judge without the png
    extra sends it: a PNG costs a quarter second of resvg a phase and language, and the board
    does not depend on the store or the mail. ``test_pictures.py`` overrides this fixture and
    checks the PNG."""
    monkeypatch.setattr("adjudicator.judge.pictures.png_available", lambda: False)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    try:
        import psycopg
    except ImportError:
        unavailable("psycopg is not installed (pip install -e '.[dev]')")
    external = os.environ.get(POSTGRES_URL_VARIABLE)
    if external:
        dbname = f"adjudicator_test_{secrets.token_hex(6)}"
        try:
            with psycopg.connect(external, autocommit=True) as admin:
                admin.execute(f"CREATE DATABASE {dbname}")
        except psycopg.Error as error:
            unavailable(f"cannot create a database on {POSTGRES_URL_VARIABLE}: {error}")
        yield PostgresServer(with_database(external, dbname))
        with psycopg.connect(external, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {dbname} WITH (FORCE)")
        return
    binaries = _binaries()
    if binaries is None:
        unavailable("no initdb/pg_ctl on PATH or under /usr/lib/postgresql/*/bin")
    cluster = _early_cluster.take(binaries)
    try:
        yield PostgresServer(cluster.url)
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def prepared_schema(postgres_server: PostgresServer) -> Iterator[PreparedSchema]:
    prepared = PreparedSchema(postgres_server)
    try:
        yield prepared
    finally:
        prepared.close()


@pytest.fixture(scope="session")
def sqlite_folder() -> Iterator[Path]:
    """The run's folder of SQLite databases, in memory if the machine allows, removed at the end."""
    folder = Path(tempfile.mkdtemp(prefix="adj-sqlite-", dir=scratch_parent()))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def sqlite_database_folder(sqlite_folder: Path) -> Iterator[Path]:
    """A new empty folder for one test's SQLite database (and its -wal and -shm files)."""
    folder = Path(tempfile.mkdtemp(dir=sqlite_folder))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest) -> str:
    """The URL of a database that :func:`open_store` opens empty, at the latest schema, on each
    backend: a new SQLite file, or the run's PostgreSQL schema, emptied."""
    if request.param == "sqlite":
        folder: Path = request.getfixturevalue("sqlite_database_folder")
        return f"sqlite:///{folder / 'games.db'}"
    prepared: PreparedSchema = request.getfixturevalue("prepared_schema")
    return prepared.emptied_url()


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database_url(request: pytest.FixtureRequest) -> str:
    """The URL of a database with no tables at all, on each backend: for the migration tests,
    which build the schema themselves."""
    if request.param == "sqlite":
        folder: Path = request.getfixturevalue("sqlite_database_folder")
        return f"sqlite:///{folder / 'games.db'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.fresh_url()


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    """An open store on an empty database of the latest schema, on each backend."""
    with open_store(store_url) as opened:
        yield opened


# ---------------------------------------------------------------------- mail (J2)
@pytest.fixture
def smtp_server() -> Iterator[SmtpServer]:
    """A real SMTP server (aiosmtpd) on 127.0.0.1 and a free port, keeping every message it
    receives, parsed (``tests/judge/smtp.py``)."""
    from tests.judge.smtp import running_smtp_server  # aiosmtpd only for the tests that mail

    with running_smtp_server() as server:
        yield server
