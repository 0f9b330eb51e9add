"""A tick running while order mails arrive for the same game loses no order (issue 9): two
processes at once, on both databases.

A process of its own handles a stream of order mails (every power in turn, each mail a new
Message-ID and orders that differ from the power's previous ones); the test's process runs
``tick`` past the deadline while the stream flows. The game's lock (SQLite: the write lock that
``BEGIN IMMEDIATE`` takes; PostgreSQL: ``SELECT ... FOR UPDATE`` on the game's row) serialises
them, so every mail lands wholly before the phase closes (its orders are among those
adjudicated) or wholly after (its orders are stored for, and answered in, the next phase), and
each gets exactly one reply. Without the lock, PostgreSQL stores late mails in the phase already
adjudicated (their orders lost) and SQLite fails the tick with "database is locked": both fail
this test.
"""

from __future__ import annotations

import json
import multiprocessing
from typing import TYPE_CHECKING

from adjudicator.base.model import Phase
from adjudicator.judge.service import Judge
from adjudicator.judge.store import Store, open_store
from adjudicator.judge.texts import phase_words
from tests.judge.judging import (
    LENGTHS,
    PLAYERS,
    T0,
    cheap_passwords,
    config,
    hours,
    make_mail,
    new_game,
    signon,
)

if TYPE_CHECKING:
    from multiprocessing.queues import Queue
    from multiprocessing.synchronize import Barrier, Event

__all__ = ["cheap_passwords"]

TICK_AT = T0 + hours(LENGTHS.movement / 60) + hours(LENGTHS.grace / 60 + 1)
"""Past the first deadline and its grace: the tick processes Spring 1901."""

AFTER_TICK = 7
"""Mails the stream still sends once the tick has returned: some surely land in the new phase."""
MAX_MAILS = 2000
"""A bound on the stream, should the tick never finish (the test then fails, it does not hang)."""
WAIT_SECONDS = 120
"""At most this long for a process to start or finish (a bound, not a pause)."""

VARIANTS: dict[str, tuple[str, str]] = {
    "Austria": ("A Vie H\nA Bud H\nF Tri H", "A Vie S A Bud\nA Bud S A Vie\nF Tri H"),
    "England": ("F Lon H\nF Edi H\nA Lvp H", "F Lon H\nF Edi H\nA Lvp S F Edi"),
    "France": ("A Par H\nA Mar H\nF Bre H", "A Par S F Bre\nA Mar H\nF Bre H"),
    "Germany": ("A Ber H\nA Mun H\nF Kie H", "A Ber S A Mun\nA Mun S A Ber\nF Kie H"),
    "Italy": ("A Rom H\nA Ven H\nF Nap H", "A Rom S A Ven\nA Ven S A Rom\nF Nap S A Rom"),
    "Russia": (
        "A Mos H\nA War H\nF Sev H\nF Stp/sc H",
        "A Mos S A War\nA War S A Mos\nF Sev H\nF Stp/sc H",
    ),
    "Turkey": ("A Con H\nA Smy H\nF Ank H", "A Con S F Ank\nA Smy S A Con\nF Ank S A Con"),
}
"""Two complete order sets per power that move no unit, so both are as valid in Fall 1901 as in
Spring; a power's consecutive mails alternate between them, so a mail stored in a phase after it
was adjudicated would show as a latest submission that differs from the orders adjudicated."""

POWERS = tuple(VARIANTS)


def message_id(n: int) -> str:
    return f"<race-{n}@players.test>"


def order_mail(n: int) -> bytes:
    power = POWERS[n % len(POWERS)]
    orders = VARIANTS[power][(n // len(POWERS)) % 2]
    return make_mail(PLAYERS[power][0], signon(power) + orders, message_id=message_id(n))


def mail_stream(
    url: str, start: Barrier, flowing: Event, tick_done: Event, sent: Queue[int]
) -> None:
    """One process: order mails, one after the other, from before the tick starts until
    ``AFTER_TICK`` mails after it has returned; the number sent goes to ``sent``."""
    n = 0
    try:
        with open_store(url) as store:
            judge = Judge(store, config())
            start.wait(timeout=WAIT_SECONDS)
            after = 0
            while after < AFTER_TICK:
                if n >= MAX_MAILS:
                    raise RuntimeError(f"the tick did not finish within {MAX_MAILS} mails")
                ticked = tick_done.is_set()  # read before the mail: it starts after the tick
                outcome = judge.handle_mail(order_mail(n), TICK_AT)
                if outcome != "orders":
                    raise RuntimeError(f"mail {n} was {outcome!r}, not orders")
                n += 1
                if n == len(POWERS):  # every power has orders in: the tick may start
                    flowing.set()
                after += ticked
    finally:
        flowing.set()  # a stream that failed must not leave the tick waiting
        sent.put(n)  # nor the test, which then sees its exit code


def test_a_tick_while_order_mails_arrive_loses_no_order(store: Store, store_url: str) -> None:
    judge = Judge(store, config())
    new_game(judge)
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(2)
    flowing, tick_done = context.Event(), context.Event()
    sent: Queue[int] = context.Queue()
    stream = context.Process(target=mail_stream, args=(store_url, start, flowing, tick_done, sent))
    stream.start()
    try:
        # this process ticks, once the other one's mails flow
        start.wait(timeout=WAIT_SECONDS)
        assert flowing.wait(timeout=WAIT_SECONDS), "the mail stream never began"
        report = judge.tick(TICK_AT)
    finally:
        tick_done.set()  # a failed tick must not leave the stream running to its bound
        count = sent.get(timeout=WAIT_SECONDS)
        stream.join(timeout=WAIT_SECONDS)
    assert stream.exitcode == 0
    assert report.processed == ("g1: S1901M -> F1901M",)

    with store.transaction() as tx:
        mails = {m.message_id: m for m in tx.mails()}
        replies = [o for o in tx.outbox("g1") if o.kind == "reply"]
        results = [o for o in tx.outbox("g1") if o.kind == "results"]
        phases = tx.phases("g1")
        submissions = tx.submissions("g1")
        latest_spring = tx.latest_submissions("g1", 0)

    # every mail recorded once, read as orders, answered exactly once
    ids = [message_id(n) for n in range(count)]
    assert set(mails) == set(ids)
    assert all(mails[i].outcome == "orders" for i in ids)
    assert sorted(r.in_reply_to or "" for r in replies) == sorted(ids)
    # Spring 1901 adjudicated once (results to seven players and the game master), Fall waits
    assert [p.phase for p in phases] == ["S1901M", "F1901M"]
    assert phases[0].processed_at is not None and phases[1].processed_at is None
    assert len(results) == len(PLAYERS) + 1

    # each mail stored exactly one submission, in Spring or in Fall
    by_mail = {s.mail_id: s for s in submissions}
    assert len(by_mail) == len(submissions) == count
    seq_of = {m.message_id: by_mail[m.id].seq for m in mails.values()}
    assert set(seq_of.values()) <= {0, 1}
    spring = [n for n in range(count) if seq_of[message_id(n)] == 0]
    fall = [n for n in range(count) if seq_of[message_id(n)] == 1]
    # serialised: the stream's mails before the tick in Spring, those after it in Fall
    assert spring == list(range(len(spring))) and fall == list(range(len(spring), count))
    assert spring and len(fall) >= AFTER_TICK
    # the orders adjudicated are exactly each power's last Spring mail: none came in too late
    adjudicated = json.loads(phases[0].orders_json or "{}")
    assert adjudicated == {p: json.loads(s.orders_json) for p, s in latest_spring.items()}
    # and each reply names the phase its orders were stored for
    phase_of_reply = {r.in_reply_to: r.body for r in replies}
    for n in range(count):
        power = POWERS[n % len(POWERS)]
        lang = PLAYERS[power][1]
        name = phase_words(Phase.parse(phases[seq_of[message_id(n)]].phase), lang)
        assert name in phase_of_reply[message_id(n)], (n, name)
