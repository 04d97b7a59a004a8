"""The name under which the worker found the document task before it moved beside what it runs
(``tournaments.jobs.render_document``): a job queued under this name still runs."""

from .jobs import render_document

__all__ = ["render_document"]
