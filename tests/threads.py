"""Two writers at once on PostgreSQL, in a chosen order: the first is held at a point of its
transaction (after it took its locks, before it commits) while the second runs, and PostgreSQL
itself says whether the second waits for the first (``pg_blocking_pids``).

No sleep decides who goes first: the order is forced with events, and the only waiting is a
poll of a condition with a deadline. For the tests of the services' locks; it knows nothing of
tarot, and on SQLite (one writer at a time, threads not sharing the test database) it is not
used.
"""

import threading
import time

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

TIMEOUT = 20  # seconds: generous, a deadline for a failure, never a wait for success
POLL = 0.005


class Worker(threading.Thread):
    """Run an action in a thread with its own connection, keeping its outcome (``ok`` with the
    value, ``refused`` with the ``ValidationError``, ``crash`` with anything else) and the
    PostgreSQL backend serving it."""

    def __init__(self, action):
        super().__init__(daemon=True)
        self.action = action
        self.outcome = None
        self.pid = None

    def run(self):
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                self.pid = cursor.fetchone()[0]
            self.outcome = ("ok", self.action())
        except ValidationError as exc:
            self.outcome = ("refused", exc)
        except Exception as exc:  # noqa: BLE001 - what the tests must never see
            self.outcome = ("crash", exc)
        finally:
            connections.close_all()


class Checkpoint:
    """Wrap ``owner.name`` (through ``monkeypatch``) to count the calls that begin and end.

    With ``hold``, the first call to end waits there, its transaction open and its locks held,
    until ``release``; ``reached`` is set when it gets there. Other calls go through.
    """

    def __init__(self, monkeypatch, owner, name: str, *, hold: bool = False):
        real = getattr(owner, name)
        self.begun = self.ended = 0
        self.reached = threading.Event()
        self._released = threading.Event()
        self._count = threading.Lock()

        def checkpoint(*args, **kwargs):
            with self._count:
                self.begun += 1
            result = real(*args, **kwargs)
            with self._count:
                self.ended += 1
                held = hold and self.ended == 1
            if held:
                self.reached.set()
                if not self._released.wait(TIMEOUT):
                    raise RuntimeError(f"{name} was held and never released")
            return result

        monkeypatch.setattr(owner, name, checkpoint)

    def release(self):
        self._released.set()


def blocked_by(waiter: Worker, holder: Worker) -> bool:
    """Whether PostgreSQL shows ``waiter`` waiting for a lock that ``holder`` holds."""
    if waiter.pid is None or holder.pid is None:
        return False
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s = ANY(pg_blocking_pids(%s))", [holder.pid, waiter.pid])
        return cursor.fetchone()[0]


def _hold_first(first, held: Checkpoint) -> Worker:
    one = Worker(first)
    one.start()
    deadline = time.monotonic() + TIMEOUT
    while not held.reached.is_set():
        if not one.is_alive() or time.monotonic() > deadline:
            held.release()
            one.join(TIMEOUT)
            pytest.fail(f"the first action never reached its checkpoint: {one.outcome}")
        time.sleep(POLL)
    return one


def _finish(held: Checkpoint, *workers: Worker) -> list:
    held.release()
    for worker in workers:
        worker.join(TIMEOUT)
        assert not worker.is_alive(), "a thread is still running: a deadlock?"
    return [worker.outcome for worker in workers]


def second_waits_for_first(first, second, *, held: Checkpoint, got_through) -> list:
    """Start ``first`` and hold it at ``held``'s point, then start ``second``; once PostgreSQL
    shows ``second`` blocked by ``first``, let ``first`` go. Returns both outcomes.

    Fails if ``got_through()`` turns true while ``first`` is held (``second`` went past the
    point its lock should have stopped it at), or if ``second`` is never blocked.
    """
    one = _hold_first(first, held)
    two = Worker(second)
    try:
        two.start()
        deadline = time.monotonic() + TIMEOUT
        while not blocked_by(two, one):
            if got_through():
                pytest.fail("the second action went on while the first held its lock")
            if not two.is_alive():
                pytest.fail(f"the second action ended while the first held: {two.outcome}")
            if time.monotonic() > deadline:
                pytest.fail("the second action was never blocked by the first")
            time.sleep(POLL)
        # Checked again: it could have gone past the point, then blocked further on.
        assert not got_through(), "the second action went on while the first held its lock"
    finally:
        outcomes = _finish(held, one, two)
    return outcomes


def second_runs_beside_first(first, second, *, held: Checkpoint) -> list:
    """Start ``first`` and hold it at ``held``'s point, then run ``second`` to its end while
    ``first`` is still held. Returns both outcomes.

    Fails if PostgreSQL shows ``second`` blocked by ``first`` (it queued behind it).
    """
    one = _hold_first(first, held)
    two = Worker(second)
    try:
        two.start()
        deadline = time.monotonic() + TIMEOUT
        while two.is_alive():
            if blocked_by(two, one):
                pytest.fail("the second action waits for the first")
            if time.monotonic() > deadline:
                pytest.fail("the second action did not finish")
            time.sleep(POLL)
    finally:
        outcomes = _finish(held, one, two)
    return outcomes
