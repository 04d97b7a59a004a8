"""Gunicorn settings for production: ``gunicorn config.wsgi -c config/gunicorn.conf.py``.

Command-line options (``--bind``, ``--workers``…) and ``GUNICORN_CMD_ARGS`` override these.
Threaded workers: a request waiting on PostgreSQL leaves the process free for the polls of
the public pages, which are short; several processes use the cores.
"""

import multiprocessing

bind = "127.0.0.1:8001"
workers = 2 * multiprocessing.cpu_count()
worker_class = "gthread"
threads = 4
timeout = 30
graceful_timeout = 20
keepalive = 5
