"""``common.cache``: a value computed once for everyone asking at the same time."""

import threading
import time

import pytest
from django.core.cache import cache

from common import cache as once


def test_callers_arriving_meanwhile_wait_for_the_one_computing():
    computed = []
    started = threading.Event()

    def make():
        started.set()
        time.sleep(0.3)  # long enough for the others to arrive while it runs
        computed.append(1)
        return "ranking"

    results = []
    first = threading.Thread(target=lambda: results.append(once.compute_once("k", make, 60)))
    first.start()
    assert started.wait(5)
    others = [
        threading.Thread(target=lambda: results.append(once.compute_once("k", make, 60)))
        for _ in range(4)
    ]
    for thread in others:
        thread.start()
    for thread in (first, *others):
        thread.join(10)
    assert computed == [1] and results == ["ranking"] * 5
    assert cache.get("computing:k") is None  # the lock is released


def test_a_lock_left_behind_delays_but_never_blocks(monkeypatch):
    monkeypatch.setattr(once, "WAIT_SECONDS", 0.1)
    cache.add("computing:k", "a process that died", 60)
    assert once.compute_once("k", lambda: "ranking", 60) == "ranking"
    assert cache.get("k") == "ranking"
    assert cache.get("computing:k") == "a process that died"  # not ours to remove


def test_compute_now_replaces_what_the_cache_held():
    cache.set("k", "old", 60)
    assert once.compute_now(["k", "l"], lambda: ["new", "other"], 60) == ["new", "other"]
    assert once.compute_once("k", lambda: "never called", 60) == "new"
    assert once.compute_once("l", lambda: "never called", 60) == "other"


def test_a_failed_computation_releases_the_lock():
    def broken():
        raise RuntimeError("database gone")

    with pytest.raises(RuntimeError):
        once.compute_once("k", broken, 60)
    with pytest.raises(RuntimeError):
        once.compute_now(["k"], broken, 60)
    assert cache.get("computing:k") is None and cache.get("k") is None
