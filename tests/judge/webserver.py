"""The web pages served as a judge runs them: ``adjudicator judge web`` in a process of its own
on a free loopback port (for the real-browser and load tests)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

SERVER_SECRET = "b" * 40
STOP_SECONDS = 30
"""A hang guard for the server's stop, not a pause."""
ENTRY = "from adjudicator.cli.main import entry_point; entry_point()"


def free_port() -> int:
    """A port nothing listens on now (the kernel's choice: free per xdist worker)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def judge_command(*args: str) -> list[str]:
    """``adjudicator judge ARGS`` as a command line of this interpreter."""
    return [sys.executable, "-c", ENTRY, "judge", *args]


@contextmanager
def running_web(
    db_url: str, log: Path, *options: str, workers: int = 1, env: dict[str, str] | None = None
) -> Iterator[str]:
    """``judge [OPTIONS] web`` over ``db_url`` until the block ends; its base URL. The server's
    standard output (uvicorn's access log) goes to ``log`` as it comes, its error output at
    the end."""
    pytest.importorskip("uvicorn")
    port = free_port()
    command = judge_command(
        *options, "web", "--db", db_url, "--port", str(port), "--workers", str(workers)
    )
    environ = {**os.environ, "ADJUDICATOR_JUDGE_WEB_SECRET": SERVER_SECRET, **(env or {})}
    said: list[str] = []
    with log.open("w") as out:
        process = subprocess.Popen(
            command, stdout=out, stderr=subprocess.PIPE, env=environ, text=True
        )
    try:
        assert process.stderr is not None
        # uvicorn says when it listens and when each worker is ready: read its lines until
        # then (no sleep, no race); with workers the socket listens once a worker has started
        for line in process.stderr:
            said.append(line)
            started = sum("Application startup complete" in s for s in said)
            if started >= workers and any("Uvicorn running on" in s for s in said):
                break
        else:
            pytest.fail("the server did not start:\n" + "".join(said))
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            rest = process.communicate(timeout=STOP_SECONDS)[1] or ""
        except subprocess.TimeoutExpired:
            process.kill()
            rest = process.communicate()[1] or ""
        with log.open("a") as out:
            out.write("".join(said) + rest)


def run_judge(args: Sequence[str], env: dict[str, str] | None = None) -> str:
    """``adjudicator judge ARGS`` run to its end; its standard output (fails on an error)."""
    done = subprocess.run(
        judge_command(*args),
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
