"""The compare reports worked out ahead, while the pad is idle, so that the first page
of a pair answers at once: one pair at a time, in a worker process of low priority (a
report made by a thread of the pad would hold Python's interpreter lock for a second or
two, and every answer meanwhile would wait for it)."""

from __future__ import annotations

import contextlib
import functools
import itertools
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

from .comparing import Make, Reports, diff_json, edition_digest
from .games import Editions
from .handling import Activity

if TYPE_CHECKING:
    from skullking.edition import Edition

#: Seconds without a request after which the pad works a compare report out ahead
#: (making one takes a second or two, which would slow the answers in between).
IDLE_SECONDS = 5.0
#: Seconds the pad waits, as it stops, for a report being worked out ahead.
STOP_SECONDS = 10.0


def warm_reports(
    stop: threading.Event,
    idle: float | None = None,
    *,
    reports: Reports,
    activity: Activity,
    pairs: Iterable[tuple[str, str]] | None = None,
    make: Make | None = None,
) -> None:
    """Work the compare page's report of every ordered pair of bundled editions
    (``pairs``: of these) out ahead, so that the pad's first page of a pair answers at
    once, until ``stop`` is set: read back from the store where it was kept, else made
    once no request has come for ``idle`` seconds (:data:`IDLE_SECONDS`), one pair at
    a time, in a worker process of low priority (``make``: another way)."""
    idle = IDLE_SECONDS if idle is None else idle
    if pairs is None:
        pairs = itertools.permutations([edition["id"] for edition in reports.editions.bundled()], 2)
    worker = _Worker() if make is None else None
    try:
        for a, b in pairs:
            if stop.is_set():
                return
            try:
                if reports.known(a, b):
                    continue
                if not reports.stored(a, b):
                    activity.wait_quiet(stop, idle)
                if not stop.is_set():
                    reports.report(a, b, make or worker)
            except Exception:  # a pair that fails is worked out (and its error shown) when asked for
                continue
    finally:
        if worker is not None:
            worker.close()


class _Worker:
    """Makes compare reports in a process of its own, at a low priority, started with the
    first: the pad's thread then only waits for it. (Made by a thread of the pad, a
    report held Python's interpreter lock for a second or two, and every answer
    meanwhile waited for it: a kept report took 0.8 s to show.)"""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def __call__(self, a: Edition, b: Edition) -> str:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # (a fork of a process with threads may hang)
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=context, initializer=_worker_started, initargs=(os.getpid(),)
            )
        digests, text = self._pool.submit(_worker_report, a.id, b.id).result()
        if digests != (edition_digest(a), edition_digest(b)):  # (their files changed since the pad loaded them)
            raise RuntimeError(f"the worker's editions '{a.id}' and '{b.id}' are not the pad's")
        return text

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)


def _worker_started(pad: int) -> None:
    """A worker of :class:`_Worker`, for the pad of process id ``pad``: behind the pad
    for the processor, deaf to Ctrl+C (which stops the pad, and the pad stops its
    worker), and gone once the pad is (killed, it could not stop the worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(AttributeError, OSError):  # (no os.nice on Windows)
        os.nice(10)
    threading.Thread(target=_ends_with, args=(pad,), name="the pad's worker", daemon=True).start()


def _ends_with(pad: int) -> None:
    """End this process once its parent, the pad ``pad``, is gone."""
    while os.getppid() == pad:
        time.sleep(1)
    os._exit(0)


@functools.cache
def _worker_editions() -> Editions:
    return Editions()


def _worker_report(a: str, b: str) -> tuple[tuple[str, str], str]:
    """In a worker: the digests of the bundled editions ``a`` and ``b`` as it read them,
    and their report."""
    first, second = _worker_editions().get(a), _worker_editions().get(b)
    return (edition_digest(first), edition_digest(second)), diff_json(first, second)
