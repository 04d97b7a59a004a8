"""``common.after_commit``: work run once per key after the transaction that asked for it
commits; never for one rolled back, and a savepoint rolled back leaves nothing behind that would
stop the next write's run."""

import pytest
from django.db import transaction

from common.after_commit import AfterCommit

pytestmark = pytest.mark.django_db


@pytest.fixture
def done():
    return []


@pytest.fixture
def after(done):
    return AfterCommit(done.append)


def test_once_per_key_after_the_commit(after, done, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        for key in (1, 2, 1, 1):
            after.add(key)
        assert done == [] and after.pending() == (1, 2)  # not before the commit
    assert len(callbacks) == 1
    assert done == [1, 2]
    assert after.pending() == ()


def test_nothing_for_a_transaction_rolled_back(after, done, django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        after.add(1)
        raise RuntimeError("failed")
    assert callbacks == [] and done == []
    assert after.pending() == ()  # the next transaction starts afresh
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        after.add(2)
    assert len(callbacks) == 1 and done == [2]


def test_a_savepoint_rolled_back_does_not_swallow_the_next_key(
    after, done, django_capture_on_commit_callbacks
):
    """The batch handed over inside the savepoint went with it: the key added after it starts
    a new one, which runs at the commit."""
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        with pytest.raises(RuntimeError), transaction.atomic():
            after.add(1)
            raise RuntimeError("the savepoint rolls back")
        assert after.pending() == ()
        after.add(2)
    assert len(callbacks) == 1
    assert done == [2]


def test_a_key_added_before_a_savepoint_rolled_back_still_runs(
    after, done, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        after.add(1)
        with pytest.raises(RuntimeError), transaction.atomic():
            after.add(2)  # into the batch handed over outside: run once more than needed
            raise RuntimeError("the savepoint rolls back")
        after.add(3)
    assert len(callbacks) == 1
    assert done == [1, 2, 3]


def test_a_write_made_while_the_batch_runs_hands_over_a_new_one(
    done, django_capture_on_commit_callbacks
):
    def run(key):
        done.append(key)
        if key == 1:
            after.add(2)  # a write committed by the work itself

    after = AfterCommit(run)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        after.add(1)
    assert len(callbacks) == 2 and done == [1, 2]


def test_one_key_failing_stops_no_other(done, django_capture_on_commit_callbacks):
    def run(key):
        if key == 1:
            raise RuntimeError("database gone")
        done.append(key)

    after = AfterCommit(run)
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        after.add(1)
        after.add(2)
    assert done == [2]


@pytest.mark.django_db(transaction=True)
def test_with_real_commits_and_savepoints(after, done):
    after.add(0)  # outside a transaction: at once
    assert done == [0]
    with transaction.atomic():
        with pytest.raises(RuntimeError), transaction.atomic():
            after.add(1)
            raise RuntimeError("the savepoint rolls back")
        after.add(2)
        after.add(2)
        assert done == [0]
    assert done == [0, 2]
    with pytest.raises(RuntimeError), transaction.atomic():
        after.add(3)
        raise RuntimeError("rolled back")
    with transaction.atomic():
        after.add(4)
    assert done == [0, 2, 4]
