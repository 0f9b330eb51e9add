"""Fixtures of the judge's tests: a game store on each database the judge supports.

``store`` (and ``store_url``) run a test twice: on a SQLite file and on PostgreSQL. The
PostgreSQL server is, in order of preference:

1. the one ``ADJUDICATOR_TEST_POSTGRES_URL`` names (a ``postgresql://`` URL of a user allowed to
   create databases): the run gets a database of its own, dropped at the end;
2. a throwaway cluster this session starts itself with ``initdb`` and ``pg_ctl`` (found on
   ``PATH`` or under ``/usr/lib/postgresql/*/bin``), listening only on a socket in a temporary
   folder, stopped and removed at the end. As root it runs as the ``postgres`` system user
   (PostgreSQL refuses to run as root).

When neither works the PostgreSQL half skips, saying why, except on CI (``CI`` is set), where it
fails: CI must not pass by skipping them. Each test gets an empty schema of its own.
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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import pytest

from adjudicator.judge.store import Store, open_store

if TYPE_CHECKING:
    from tests.judge.smtp import SmtpServer

POSTGRES_URL_VARIABLE = "ADJUDICATOR_TEST_POSTGRES_URL"
PG_USER = "postgres"
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
    """A database of this test run on a PostgreSQL server; hands out one empty schema per
    test."""

    url: str

    def fresh_url(self) -> str:
        """The URL of a new empty schema (the connection's ``search_path``)."""
        import psycopg

        schema = f"judge_test_{secrets.token_hex(6)}"
        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute(f"CREATE SCHEMA {schema}")
        return with_query(self.url, options=f"-c search_path={schema}")


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
        self.folder = Path(tempfile.mkdtemp(prefix="adj-pg-", dir="/tmp"))
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
    cluster = _Cluster(*binaries)
    try:
        yield PostgresServer(cluster.url)
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database, on each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
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
