"""Where the score pad's blocking work runs, so that a change never waits behind reads.

The pad answers on one event loop and does its blocking work (the database, scoring) in
threads. Reads and changes take threads from pools of their own
(:func:`in_thread`): however many reads are under way, a change finds a thread at once
and then waits only for other changes (SQLite takes one writer at a time, and the
pad's changes queue for it in turn: see :class:`~.store.Store`). What every read of a
page asks for and takes long to work out from every stored game, such as the
statistics, is worked out once for all the requests that ask while it is being worked
out (:class:`Flight`), in a thread of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextvars import ContextVar
from typing import Generic, ParamSpec, TypeVar

import anyio.to_thread
from anyio import CapacityLimiter
from anyio.lowlevel import RunVar

T = TypeVar("T")
P = ParamSpec("P")

#: Threads the changes of the pad's requests take at once (the reads take anyio's 40).
CHANGE_THREADS = 10

_changes: RunVar[CapacityLimiter] = RunVar("the pad's threads for changes")
_changing: ContextVar[bool] = ContextVar("a request that changes the games", default=False)


@contextlib.contextmanager
def changing() -> Iterator[None]:
    """The work of the request being answered is a change: :func:`in_thread` runs it in
    the threads for changes."""
    token = _changing.set(True)
    try:
        yield
    finally:
        _changing.reset(token)


async def in_thread(func: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``func(*args, **kwargs)`` run in a thread: one of the changes' when the request is
    a change (:func:`changing`), else one of the reads'."""
    limiter = None
    if _changing.get():
        try:
            limiter = _changes.get()
        except LookupError:
            limiter = CapacityLimiter(CHANGE_THREADS)
            _changes.set(limiter)
    return await anyio.to_thread.run_sync(functools.partial(func, *args, **kwargs), limiter=limiter)


class Flight(Generic[T]):
    """A value worked out by ``make`` (from the store), once for every request that asks
    while it is being worked out: a request joins the work under way when nothing
    changed since it began (``changes()``, a count that every change raises, says so),
    else the next, which begins once the one under way ends and so sees every change
    made before the request. The work is done in a thread of its own, one at a time, and
    nothing is kept once it is done: the next request after it asks again (so a change
    another program made to the database shows)."""

    def __init__(self, make: Callable[[], T], changes: Callable[[], int], name: str) -> None:
        self._make, self._changes = make, changes
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        self._guard = threading.Lock()
        self._last: Future[T] | None = None  # the work last asked for
        self._began: int | None = None  # the count of changes when it began (None: not yet)
        #: How many times the work was done (begun).
        self.made = 0

    async def get(self) -> T:
        """The value, worked out (or being worked out) since this request came."""
        with self._guard:
            last = self._last
            if last is None or last.done() or self._began not in (None, self._changes()):
                last = self._last = self._worker.submit(self._run)
                self._began = None
        # (one request that goes away must not cancel the work the others wait for)
        return await asyncio.shield(asyncio.wrap_future(last))

    def _run(self) -> T:
        with self._guard:
            self._began = self._changes()
            self.made += 1
        return self._make()
