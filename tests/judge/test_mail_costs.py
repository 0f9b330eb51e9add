"""What one mail from a stranger may cost the judge (issue 17): the shapes that once cost
seconds of CPU, megabytes of reply, thousands of password hashes or notices, each with the
figure it must stay under.

Each shape is a mail at several sizes. The figures that can be counted are counted in the
default run: the reply's characters and the mails queued per mail byte, the password hashes
per mail, the longest value and the number of times the standard library's header parser is
given. The CPU figure is a ratio (``pytest -m thorough``): the shape at ``n`` and at ``8 n``
bytes, CPU time of this process, best of three; linear is about 8, quadratic 64, and a ratio
above :data:`MAX_RATIO` fails (a loaded machine slows both sizes alike).
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from email.headerregistry import HeaderRegistry
from typing import Any

import pytest
from hypothesis import strategies as st

from adjudicator.judge import passwords
from adjudicator.judge.mailin import read_mail
from adjudicator.judge.service import Judge
from adjudicator.judge.session import MAX_INFO_CHARS, MAX_PASSWORD_CHECKS
from adjudicator.judge.store import Store, open_store
from tests.fuzz.explore import MODES, Mode, fuzz
from tests.judge.judging import (
    PLAYERS,
    T0,
    cheap_passwords,
    config,
    hours,
    make_mail,
    new_game,
    outbox,
    signon,
)

__all__ = ["cheap_passwords"]

FRANCE = PLAYERS["France"][0]
STRANGER = "stranger@elsewhere.test"
NOW = T0 + hours(1)

REPLY_FIXED = MAX_INFO_CHARS + 8_000
"""Characters a reply may have whatever the mail's size: the game information (HELP, LIST,
HISTORY) and a few fixed sentences."""
REPLY_PER_BYTE = 2.0
"""Characters of reply per byte of mail beyond that: orders echoed, one note per line."""
MAX_RATIO = 20.0
"""The most a mail eight times larger may cost, in times the smaller one's CPU."""


@pytest.fixture
def judge() -> Iterator[Judge]:
    """A judge on SQLite in memory with one game (``g1``) that has played six phases."""
    store = open_store("sqlite:///:memory:")
    found = Judge(store, config())
    new_game(found)
    for step in range(6):
        found.process_now("g1", gm_password="gm-secret", now=T0 + hours(step + 1))
    yield found
    store.close()


def queued_for(store: Store, before: int) -> list[Any]:
    return outbox(store)[before:]


def handled(judge: Judge, raw: bytes) -> tuple[str, list[Any]]:
    """The mail's outcome and the mails it queued."""
    before = len(outbox(judge.store))
    outcome = judge.handle_mail(raw, NOW)
    return outcome, queued_for(judge.store, before)


# ---------------------------------------------------------------------- the shapes
def lines_mail(sender: str, head: str, line: str) -> Callable[[int], bytes]:
    """A mail of ``head`` and then ``line`` repeated to about ``n`` bytes."""

    def make(n: int) -> bytes:
        return make_mail(sender, head + line * max(1, n // len(line)))

    return make


def header_mail(name: str, value: Callable[[int], str]) -> Callable[[int], bytes]:
    def make(n: int) -> bytes:
        head = f"From: {FRANCE}\r\nMessage-ID: <h{n}@players.test>\r\n{name}: {value(n)}\r\n"
        return (head + "\r\n" + signon("France") + "A Par H\r\n").encode()

    return make


def from_mail(name: str) -> bytes:
    """A mail whose From has a display name of ``name``."""
    head = f"From: {name} <{FRANCE}>\r\nMessage-ID: <f{len(name)}@players.test>\r\n"
    return (head + "\r\nHELP\r\n").encode()


def nested_mail(eol: bytes, kind: str) -> Callable[[int], bytes]:
    """Parts nested in parts, as deep as ``n`` bytes allow, a plain part at the bottom."""

    def make(n: int) -> bytes:
        head = f"From: {FRANCE}\r\nMessage-ID: <n{n}{kind}@players.test>\r\n".encode()
        level = (
            b"Content-Type: multipart/mixed; boundary=b%d" + eol + eol + b"--b%d" + eol
            if kind == "multipart"
            else b"Content-Type: message/rfc822" + eol + eol
        )
        depth = max(1, n // len(level))
        body = b"".join(level.replace(b"%d", str(i).encode()) for i in range(depth))
        return head + body + b"Content-Type: text/plain" + eol + eol + b"HELP" + eol

    return make


def parts_mail(eol: bytes) -> Callable[[int], bytes]:
    def make(n: int) -> bytes:
        head = f"From: {FRANCE}\r\nMessage-ID: <p{n}@players.test>\r\n".encode()
        part = b"--b" + eol + b"Content-Type: text/plain" + eol + eol + b"x" + eol
        count = max(1, n // len(part))
        start = b"Content-Type: multipart/mixed; boundary=b" + eol + eol
        return head + start + part * count + b"--b--" + eol

    return make


@dataclass(frozen=True)
class Shape:
    make: Callable[[int], bytes]
    n: int = 8_000
    """Bytes of the smaller mail of the CPU ratio (the larger is eight times that)."""


SHAPES: dict[str, Shape] = {
    # the standard library's header parser: quadratic in parameters, asked six times a part
    "content-type-params": Shape(
        header_mail("Content-Type", lambda n: 'text/plain; a=";' * (n // 5))
    ),
    "content-type-unclosed-quote": Shape(
        header_mail("Content-Type", lambda n: 'text/plain; a="' + ";" * n)
    ),
    "content-type-rfc2231": Shape(
        header_mail("Content-Type", lambda n: "text/plain" + "; title*0*=x" * (n // 12))
    ),
    "content-disposition-params": Shape(
        header_mail("Content-Disposition", lambda n: 'inline; a=";' * (n // 12))
    ),
    "transfer-encoding-comments": Shape(
        header_mail("Content-Transfer-Encoding", lambda n: "(a" * (n // 2))
    ),
    "from-quotes": Shape(lambda n: from_mail('"a' * (n // 2))),
    # MIME parts cut by their boundary lines, whatever ends a line
    "parts-lf": Shape(parts_mail(b"\n"), 64_000),
    "parts-lone-cr": Shape(parts_mail(b"\r"), 64_000),
    "nested-multipart-lf": Shape(nested_mail(b"\n", "multipart")),
    "nested-multipart-lone-cr": Shape(nested_mail(b"\r", "multipart")),
    "nested-messages": Shape(nested_mail(b"\r\n", "message")),
    # commands that need no sign-on, asked once per line
    "help-lines": Shape(lines_mail(STRANGER, "", "HELP\n")),
    "list-lines": Shape(lines_mail(STRANGER, "", "LIST g1\n")),
    "history-lines": Shape(lines_mail(STRANGER, "", "HISTORY g1\n")),
    "list-many-games": Shape(
        lambda n: make_mail(STRANGER, "".join(f"LIST g{i}\n" for i in range(max(1, n // 9))))
    ),
    # commands of a signed-on player, once per line
    "signon-lines": Shape(lines_mail(FRANCE, "", signon("France"))),
    "password-lines": Shape(lines_mail(FRANCE, signon("France"), "SET PASSWORD pw-france\n")),
    "press-lines": Shape(lines_mail(FRANCE, signon("France"), "PRESS\nhello\nENDPRESS\n")),
    "orders-lines": Shape(lines_mail(FRANCE, signon("France"), "A Par - Bur\n")),
    "garbage-lines": Shape(lines_mail(FRANCE, signon("France"), "xq zz ## !!\n")),
    "bad-command-lines": Shape(lines_mail(STRANGER, "", "RESIGN France\n")),
    "stray-end-lines": Shape(lines_mail(STRANGER, "", "ENDPRESS\n")),
    "list-signed-on": Shape(lines_mail(FRANCE, signon("France"), "LIST\n")),
}

SIZES = (1_000, 8_000, 64_000)


# ---------------------------------------------------------------------- counted figures
@pytest.mark.parametrize("name", SHAPES)
def test_the_reply_and_the_mails_queued_grow_at_most_linearly(judge: Judge, name: str) -> None:
    """Reply characters <= REPLY_FIXED + REPLY_PER_BYTE per mail byte; at most one reply and
    one press notice per other player; every mail answered (none dropped)."""
    for size in SIZES:
        raw = SHAPES[name].make(size)
        outcome, queued = handled(judge, raw)
        replies = [row for row in queued if row.kind == "reply"]
        # a From longer than a mail line (998 characters) is no sender: nobody to answer
        unanswerable = name == "from-quotes" and size > 998
        assert len(replies) == (0 if unanswerable else 1), (name, size, outcome)
        chars = sum(len(row.body) for row in queued)
        assert chars <= REPLY_FIXED + REPLY_PER_BYTE * len(raw), (name, size, chars, len(raw))
        assert len(queued) <= 1 + len(PLAYERS) - 1, (name, size, len(queued))
        if name not in ("orders-lines", "garbage-lines", "press-lines"):  # nothing echoed
            assert chars <= REPLY_FIXED, (name, size, chars)


class CountingRegistry(HeaderRegistry):
    """The standard library's header parser, counting what it is given."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[str, str]] = []

    def __call__(self, name: str, value: str) -> Any:
        self.calls.append((name.lower(), value))
        return super().__call__(name, value)


HEADER_SHAPES = [name for name in SHAPES if SHAPES[name].n == 8_000 and "lines" not in name]


@pytest.mark.parametrize("name", HEADER_SHAPES)
def test_the_header_parser_sees_short_values_each_once(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Whatever a header holds, the parser is given at most a short, rewritten value of each
    MIME header, and each (header, value) once: its quadratic cost stays a small constant."""
    registry = CountingRegistry()
    real = __import__("adjudicator.judge.mimeheaders", fromlist=["BoundedPolicy"]).BoundedPolicy
    original = real.for_mail

    def counted(cls: type, *args: Any) -> Any:
        policy = original(*args)
        object.__setattr__(policy, "header_factory", registry)
        return policy

    monkeypatch.setattr(real, "for_mail", classmethod(counted))
    read = read_mail(SHAPES[name].make(64_000))
    assert read.sender in (FRANCE, STRANGER) or name == "from-quotes"
    structured = [(n, v) for n, v in registry.calls if n.startswith("content-")]
    assert all(len(value) <= 700 for _, value in structured)
    assert len(registry.calls) == len(set(registry.calls))
    assert all(len(value) <= 4_000 for _, value in registry.calls)


def test_a_header_too_long_is_not_read_and_said() -> None:
    read = read_mail(SHAPES["content-type-params"].make(64_000))
    assert read.text.startswith("SIGNON France g1")
    assert "a header 'Content-Type' longer than 4,000 characters was not read" in read.problems


@pytest.mark.parametrize("name", ["parts-lf", "parts-lone-cr"])
def test_boundary_lines_are_counted_after_any_line_end(name: str) -> None:
    read = read_mail(SHAPES[name].make(1_000_000))
    assert "the mail has more than 400 lines starting with '--'; the rest was not read" in (
        read.problems
    )


@pytest.mark.parametrize(
    "name", ["nested-multipart-lf", "nested-multipart-lone-cr", "nested-messages"]
)
def test_a_thousand_nested_parts_are_answered_not_dropped(judge: Judge, name: str) -> None:
    raw = SHAPES[name].make(100_000)
    read = read_mail(raw)
    assert read.sender == FRANCE
    assert (
        "the mail has more than 20 nested or multipart parts; the rest were not opened"
        in read.problems
    )
    outcome, queued = handled(judge, raw)
    assert [row.to_addr for row in queued if row.kind == "reply"] == [FRANCE], outcome


def test_one_mail_costs_at_most_a_few_password_hashes(
    judge: Judge, monkeypatch: pytest.MonkeyPatch
) -> None:
    hashes: list[int] = []
    real = passwords._scrypt

    def counted(*args: Any) -> bytes:
        hashes.append(1)
        return real(*args)

    monkeypatch.setattr(passwords, "_scrypt", counted)
    for name in ("signon-lines", "password-lines"):
        hashes.clear()
        raw = SHAPES[name].make(64_000)
        outcome, queued = handled(judge, raw)
        assert len(hashes) <= MAX_PASSWORD_CHECKS, (name, len(hashes))
        if name == "password-lines":
            assert outcome.startswith("rejected: too many password checks")
            [reply] = queued
            assert f"more than {MAX_PASSWORD_CHECKS} password checks" in reply.body
    # one SIGNON per game, each power's in turn: four check, the fifth is refused
    body = "".join(signon(power) + "LIST\n" for power in list(PLAYERS)[:5])
    outcome, _ = handled(judge, make_mail(FRANCE, body))
    assert outcome.startswith("rejected: too many password checks")


def test_a_master_command_is_carried_out_once_per_mail(judge: Judge) -> None:
    body = "SIGNON M g1 gm-secret\n" + "PROCESS\n" * 300 + "SET DEADLINE +1h\n" * 300
    _, queued = handled(judge, make_mail(STRANGER, body))
    results = [row for row in queued if row.kind == "results"]
    notices = [row for row in queued if row.kind == "notice"]
    assert len(results) == len(notices) == len(PLAYERS) + 1  # the players and the master
    [reply] = [row for row in queued if row.kind == "reply"]
    assert "PROCESS was given more than once (line 2, 3, 4 ... 301); it is carried out once" in (
        reply.body
    )
    assert "DEADLINE was given more than once (line 302, 303, 304 ... 601)" in reply.body


def test_a_repeated_command_is_answered_once_and_said(judge: Judge) -> None:
    _, [reply] = handled(judge, make_mail(STRANGER, "HELP\nHELP\nLIST g1\nHELP\nLIST g1\n"))
    assert reply.body.count("Commands (one per line") == 1
    assert reply.body.count("Game g1: active") == 1
    assert "HELP was asked for more than once (line 1, 2, 4); it is answered once per mail." in (
        reply.body
    )
    assert "LIST was asked for more than once (line 3, 5)" in reply.body


def test_history_holds_the_latest_phases_that_fit_and_says_how_to_see_the_rest(
    judge: Judge, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("adjudicator.judge.session.MAX_INFO_CHARS", 3_000)
    _, [reply] = handled(judge, make_mail(STRANGER, "HISTORY g1\n"))
    assert len(reply.body) < 3_500
    assert "phases are left out: a reply holds at most 3,000 characters. HISTORY g1 S1901M" in (
        reply.body
    )
    assert "results for Fall of 1903" in reply.body
    assert "results for Spring of 1901" not in reply.body
    _, [reply] = handled(judge, make_mail(STRANGER, "HISTORY g1 S1901M\n"))
    assert "results for Spring of 1901" in reply.body
    assert "results for Fall of 1903" not in reply.body
    assert "HISTORY g1 F1901M shows the phases from F1901M on" in reply.body
    _, [reply] = handled(judge, make_mail(STRANGER, "HISTORY g1 S1950M\n"))
    assert "Game g1 has no processed phase 'S1950M'; the phases played: S1901M, F1901M" in (
        reply.body
    )


def test_replies_to_one_address_are_capped_in_characters_per_hour(
    judge: Judge, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("adjudicator.judge.session.MAX_REPLY_CHARS_PER_HOUR", 50_000)
    answered = 0
    for _ in range(20):
        outcome, queued = handled(judge, make_mail(STRANGER, "HELP\nHISTORY g1\nLIST g1\n"))
        if queued:
            answered += 1
        else:
            assert "characters of replies to the sender this hour" in outcome
    assert 0 < answered < 20


def test_many_presses_make_one_notice_per_player(judge: Judge) -> None:
    body = signon("France") + "PRESS TO G\nfirst\nENDPRESS\n" + "PRESS\nhello\nENDPRESS\n" * 500
    _, queued = handled(judge, make_mail(FRANCE, body))
    notices = [row for row in queued if row.kind == "notice"]
    assert sorted(row.to_addr for row in notices) == sorted(
        email for power, (email, _) in PLAYERS.items() if power != "France"
    )
    german = next(row for row in notices if row.to_addr == PLAYERS["Germany"][0])
    assert german.body.startswith("Nachricht von Frankreich:\n\nfirst\n\n-----\n\nhello")
    assert german.body.count("hello") == 500


# ---------------------------------------------------------------------- replies that said little
def test_a_mail_with_only_signon_says_who_is_signed_on_and_what_stands(judge: Judge) -> None:
    judge.handle_mail(make_mail(FRANCE, signon("France") + "A Par - Bur\n"), NOW)
    _, [reply] = handled(judge, make_mail(FRANCE, signon("France")))
    body = reply.body
    assert "You are signed on as France in game g1 (Spring 1904 (Movement))" in body, body
    assert "Your earlier orders stand:\n  A PAR - BUR" in body
    assert "Units still without orders" in body
    assert "Deadline:" in body


def test_text_before_signon_is_skipped_and_the_orders_after_it_count(judge: Judge) -> None:
    body = "Hello judge,\nhere are my orders.\n" + signon("France") + "A Par - Bur\n"
    outcome, [reply] = handled(judge, make_mail(FRANCE, body))
    assert outcome == "orders"
    assert "Text before SIGNON was skipped (line 1, 2): 'Hello judge,'" in reply.body
    assert "no SIGNON line" not in reply.body


def test_a_mail_without_signon_quotes_its_first_line(judge: Judge) -> None:
    _, [reply] = handled(judge, make_mail(FRANCE, "Hello judge\nA Par - Bur\n"))
    assert "Your mail has no SIGNON line" in reply.body
    assert "(The first line read, line 1: 'Hello judge')" in reply.body


# ---------------------------------------------------------------------- CPU
def cpu_seconds(call: Callable[[], object]) -> float:
    """CPU seconds of one ``call``: the best of three."""
    best = math.inf
    gc.collect()
    gc.disable()
    try:
        for _ in range(3):
            started = time.process_time()
            call()
            best = min(best, time.process_time() - started)
    finally:
        gc.enable()
    return max(best, 0.002)  # below the timer's resolution, a ratio means nothing


@pytest.mark.thorough
@pytest.mark.parametrize("name", SHAPES)
def test_eight_times_the_mail_costs_about_eight_times_the_cpu(judge: Judge, name: str) -> None:
    shape = SHAPES[name]
    counter = iter(range(1_000_000))

    def handle(size: int) -> Callable[[], object]:
        raw = shape.make(size)
        # a new Message-ID each time, so that every run is handled, not found a duplicate
        return lambda: judge.handle_mail(
            raw.replace(b"Message-ID: <", f"Message-ID: <{next(counter)}.".encode(), 1), NOW
        )

    short = cpu_seconds(handle(shape.n))
    long = cpu_seconds(handle(8 * shape.n))
    assert long / short < MAX_RATIO, f"{name}: {short * 1000:.1f} ms -> {long * 1000:.1f} ms"


# ---------------------------------------------------------------------- fuzzing
FRAGMENTS = [
    signon("France"), "SIGNON France g1 wrong\n", "SIGNON M g1 gm-secret\n", signon("Germany"),
    "HELP\n", "LIST\n", "LIST g1\n", "LIST nosuch\n", "HISTORY g1\n", "HISTORY g1 S1901M\n",
    "PRESS\n", "PRESS TO G\n", "ENDPRESS\n", "hello\n", "A Par - Bur\n", "F Bre - Mao\n",
    "SET PASSWORD pw-france\n", "WAIT\n", "DRAW\n", "RESIGN\n", "SIGNOFF\n", "PROCESS\n",
    "xq zz ## !!\n", "RESIGN France\n", "Hello judge,\n", "\n", "> quoted\n", "-- \n",
]  # fmt: skip


@st.composite
def command_mails(draw: st.DrawFn) -> bytes:
    """A mail of command, order and garbage lines, some repeated many times."""
    lines = draw(
        st.lists(
            st.tuples(st.sampled_from(FRAGMENTS), st.sampled_from([1, 1, 2, 50, 400])),
            max_size=30,
        )
    )
    sender = draw(st.sampled_from([FRANCE, STRANGER, PLAYERS["Germany"][0]]))
    return make_mail(sender, "".join(line * count for line, count in lines))


@pytest.mark.parametrize("mode", MODES)
def test_any_mix_of_commands_stays_within_the_figures(
    judge: Judge, monkeypatch: pytest.MonkeyPatch, mode: Mode
) -> None:
    hashes: list[int] = []
    real = passwords._scrypt

    def counted(*args: Any) -> bytes:
        hashes.append(1)
        return real(*args)

    monkeypatch.setattr(passwords, "_scrypt", counted)

    def check(raw: bytes) -> None:
        hashes.clear()
        _, queued = handled(judge, raw)
        assert len(hashes) <= MAX_PASSWORD_CHECKS
        assert len([row for row in queued if row.kind == "reply"]) <= 1
        # a reply, one round of a phase's results (the players and the master), press notices
        assert len(queued) <= 2 * len(PLAYERS) + 2
        replies = sum(len(row.body) for row in queued if row.kind == "reply")
        assert replies <= REPLY_FIXED + REPLY_PER_BYTE * len(raw)

    fuzz(mode, 30, check, command_mails())
