"""The store and the judge in worker threads, for the web pages' handlers (a store is one
connection and one transaction at a time, and SQLite wants each closed in its own thread)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from adjudicator.judge.config import JudgeConfig
from adjudicator.judge.service import Judge
from adjudicator.judge.store import Store, open_store

T = TypeVar("T")


class Backend:
    """The store and the judge in worker threads: each thread opens a store of its own on
    first use."""

    def __init__(self, config: JudgeConfig, threads: int) -> None:
        self.config = config
        self._local = threading.local()
        self._threads = threads
        self._executor: ThreadPoolExecutor | None = None
        self._stores: list[Store] = []
        self._lock = threading.Lock()

    def _pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._local = threading.local()
                self._executor = ThreadPoolExecutor(
                    max_workers=self._threads, thread_name_prefix="judge-web"
                )
            return self._executor

    def _judge(self) -> Judge:
        judge: Judge | None = getattr(self._local, "judge", None)
        if judge is None:
            store = open_store(self.config.db_url)
            with self._lock:
                self._stores.append(store)
            judge = Judge(store, self.config)
            self._local.judge = judge
        return judge

    async def run(self, work: Callable[[Judge], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool(), lambda: work(self._judge()))

    def close(self) -> None:
        """Close every thread's store in its own thread (SQLite wants that), then the pool;
        the next request starts a new one."""
        with self._lock:
            executor, self._executor = self._executor, None
            stores, self._stores = self._stores, []
        if executor is None:
            return
        if stores:
            barrier = threading.Barrier(len(stores))
            local = self._local

            def close_mine() -> None:
                judge: Judge | None = getattr(local, "judge", None)
                if judge is not None:
                    judge.store.close()
                    local.judge = None
                with contextlib.suppress(threading.BrokenBarrierError):
                    barrier.wait(timeout=5)

            for _ in stores:
                executor.submit(close_mine)
        executor.shutdown(wait=True)
