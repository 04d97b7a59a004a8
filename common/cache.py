"""A value computed once for everyone who asks at the same time, then read from the cache.

``compute_once(key, make)`` answers from the cache; on a miss, the first caller takes a short
lock (``cache.add``: atomic on every backend, across processes on a shared one such as Redis)
and computes, while those who arrive meanwhile wait for its result instead of each computing it
again. A lock left by a process that died expires after ``LOCK_SECONDS``; a waiter gives up
after ``WAIT_SECONDS`` and computes by itself rather than fail. ``compute_now`` computes values
that come together and stores them unconditionally, under the same locks (after a write that
changed what they read).

About no domain: keys and values are the caller's. Never writes anything but the cache.
"""

import time
import uuid
from collections.abc import Callable, Sequence
from typing import TypeVar

from django.core.cache import cache

T = TypeVar("T")

LOCK_SECONDS = 30
WAIT_SECONDS = 10.0
POLL_SECONDS = 0.02
_MISSING = object()


def compute_now(keys: Sequence[str], make: Callable[[], Sequence[T]], timeout: int) -> list[T]:
    """Compute ``make()`` (one value per key, computed together) and store them under ``keys``
    whatever the cache held; those asking ``compute_once`` for one of them meanwhile wait."""
    tokens = {key: _lock(key) for key in keys}
    try:
        values = list(make())
        cache.set_many(dict(zip(keys, values, strict=True)), timeout)
    finally:
        for key, token in tokens.items():
            _unlock(key, token)
    return values


def compute_once(key: str, make: Callable[[], T], timeout: int) -> T:
    """The value under ``key``, computed by ``make()`` on a miss by one caller at a time."""
    value = cache.get(key, _MISSING)
    if value is not _MISSING:
        return value
    deadline = time.monotonic() + WAIT_SECONDS
    while (token := _lock(key)) is None and time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)  # someone computes it: wait for their result
        value = cache.get(key, _MISSING)
        if value is not _MISSING:
            return value
    try:
        value = cache.get(key, _MISSING)  # computed between our miss and our lock
        if value is _MISSING:
            value = make()
            cache.set(key, value, timeout)
    finally:
        _unlock(key, token)
    return value


def _lock(key: str) -> str | None:
    """A token if we took the lock of ``key``, else None (someone holds it)."""
    token = uuid.uuid4().hex
    return token if cache.add(f"computing:{key}", token, LOCK_SECONDS) else None


def _unlock(key: str, token: str | None) -> None:
    # Only our own lock: one that expired and was taken again belongs to someone else.
    if token is not None and cache.get(f"computing:{key}") == token:
        cache.delete(f"computing:{key}")
