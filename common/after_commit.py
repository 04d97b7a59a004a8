"""Work done once a transaction commits, once for each key the transaction named.

``AfterCommit(run)``: ``.add(key)``, inside a transaction, asks for ``run(key)`` once the
outermost transaction commits (``transaction.on_commit``), once per key however many times the
transaction adds it; never if it rolls back. Outside a transaction, at once.

How: one batch of keys per transaction and connection, handed to ``on_commit`` when the first
key is added and filled by the next ones. Django holds the batch until the commit, and forgets it
when the transaction, or the savepoint in which it was handed over, rolls back; nothing else
holds it (here only a weak reference), so it is gone with it and the next ``add`` hands over a
new batch rather than fill one that will never run. A batch that ran is done: the next ``add``
hands over a new one too. A key added in a savepoint later rolled back to a batch handed over
before it is still run: once more than needed, never less.

About no domain: keys and ``run`` are the caller's. Writes nothing by itself.
"""

import logging
import weakref
from collections.abc import Callable, Hashable

from django.db import transaction

logger = logging.getLogger(__name__)


class _Batch:
    """The keys a transaction named, run once it commits (the callback ``on_commit`` holds)."""

    def __init__(self, run: Callable[[Hashable], None], name: str):
        self.run = run
        self.keys: dict[Hashable, None] = {}  # in the order added
        self.done = False
        self.__qualname__ = name  # what Django logs if it fails

    def __call__(self):
        self.done = True  # a write made meanwhile hands over a new batch
        for key in self.keys:
            try:
                self.run(key)
            except Exception:
                # The write is committed and answered: one key's failure stops no other's.
                logger.exception("%s(%r) failed after commit", self.__qualname__, key)


class AfterCommit:
    """``run(key)`` once per key, after the transaction that added it commits."""

    def __init__(self, run: Callable[[Hashable], None], *, using: str | None = None):
        self.run = run
        self.using = using
        self.name = getattr(run, "__qualname__", repr(run))
        # connection -> its pending batch (weakly: Django's list of callbacks holds it).
        self._batches: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def pending(self) -> tuple[Hashable, ...]:
        """The keys waiting for the current transaction of this thread's connection to commit."""
        batch = self._batch()
        return () if batch is None else tuple(batch.keys)

    def add(self, key: Hashable) -> None:
        batch = self._batch()
        if batch is not None:
            batch.keys[key] = None
            return
        batch = _Batch(self.run, self.name)
        batch.keys[key] = None
        self._batches[transaction.get_connection(self.using)] = weakref.ref(batch)
        transaction.on_commit(batch, using=self.using, robust=True)  # at once outside one

    def _batch(self) -> _Batch | None:
        """The batch still waiting on this connection, if any."""
        ref = self._batches.get(transaction.get_connection(self.using))
        batch = ref() if ref is not None else None
        return None if batch is None or batch.done else batch
