"""Load test: gunicorn and PostgreSQL under arbitres entering sheets and viewers polling pages.

    DATABASE_URL=postgres://… python -m benchmarks.load [options]      (or: make loadtest)

Builds a fresh public tournament (unique slug ``load-<date>-<time>-<hex>``) of ``--players``
players with ``--positions`` positions seated and published, ``--arbitres`` arbitre accounts,
and a random valid sheet for every table; collects the static files into a temporary directory;
starts ``--servers`` gunicorn instances (``config/gunicorn.conf.py``, DEBUG off, one generated
SECRET_KEY, plain HTTP on 127.0.0.1, each on a free port) and, with two or more (or
``--redis``), a ``redis-server`` on a free port for their shared cache (``REDIS_URL``; Debian's
package, not installed by the script); logs the arbitres in (warm-up); then for ``--duration``
seconds, every client sending its requests to the servers in turn (round robin, as a load
balancer does), each starting with another:

- each arbitre confirms a sheet another arbitre entered (four-eyes) or opens the next free
  table's sheet, types it and saves it through the real form (CSRF token, the form's token and
  base_version); ``--double`` of the saves and confirmations are sent twice at once;
- each viewer arrives within the first 10 s, opens the standings or the seating (half each),
  with its CSS and scripts, then polls the live fragment every ``--poll`` seconds
  (``?fragment=1&stamp=…``, 204 when nothing changed), as htmx does (the pages themselves poll
  every PUBLIC_REFRESH_SECONDS, 15: the default ``--poll 13-17`` is that pace, 2-5 a stress);
- around every confirmation, a watcher on each server checks that the official standings'
  next poll shows it (``load_fresh``): a stale answer is an error;
- with ``--tables N``, the first N tables enter their deals at the table instead of on paper
  (the tournament's switch on; the arbitres leave them alone): each table's two phones arrive
  within the first minute, open the table's page through its secret, the taker's posts each
  deal (JSON), a player of the other camp approves it, ``--double`` of them sent again with
  the same client_key (a retry, or two taps at once) (``load_tables``).

Then it waits for what is in flight, stops gunicorn, checks the database against what the
clients saw accepted, prints requests, rates and latencies per kind and per server, errors, the
CPU taken by gunicorn, Redis, PostgreSQL, the generator and other processes, Redis's hits and
memory, and a PASS/FAIL line per target;
deletes what it created (unless ``--keep``) and exits 1 when a target is missed (2 on a usage
error). Targets: 95th percentile under ``--target-ms`` (300) for
every kind of request of the run and for all of them; no error (a status other than the one
expected, a timeout, a broken connection, a page that does not show what was done); no lost,
duplicated, altered or unexpected sheet and no lost confirmation; every server fresh after
every confirmation; no table entry lost or doubled (each recorded once, approved as seen, on
its table's score sheet once). The logins are a warm-up: their errors count, their latency (a
deliberately slow password hash) does not.

Options:
  --duration S    seconds of load (60)            --players N    players (400)
  --arbitres N    arbitre accounts (20)           --viewers N    public viewers (200)
  --servers N     gunicorn instances (1)          --redis        a shared Redis with one server
  --workers N     processes per instance (4)      --threads N    threads per process (conf: 4)
  --positions K   positions seated (5)            --poll A-B     viewers' poll interval (13-17)
  --pace X        arbitres' pauses scaled by X (1; 0: none)
  --double P      share of forms sent twice at once (0.1)
  --target-ms T   the 95th percentile target (300)
  --no-latency-target   report the latencies without failing on them (CI: a shared machine's
                  latency is noise; errors and lost sheets still fail the run)
  --tables N      tables entering at the table (0)  --table-deals K  deals each enters (1)
  --seed K        seed of the sheets and pauses (1)   --keep   keep the tournament afterwards
Needs PostgreSQL (refuses SQLite). ``CONN_MAX_AGE`` and other settings pass through the
environment to gunicorn (``REDIS_URL`` too, with one server and no ``--redis``).
"""

import argparse
import asyncio
import os
import secrets
import sys
import tempfile
import time
from collections import deque
from contextlib import ExitStack
from pathlib import Path

from .load_clients import Ledger, Settings, arbitre, login, new_rng, viewer, viewer_pages
from .load_fresh import Freshness
from .load_http import Browser, Recorder
from .load_report import report
from .load_server import Gunicorn, RedisServer, collectstatic, cpu_seconds, production_env
from .load_tables import table_clients, tables_report


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__)
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--arbitres", type=int, default=20)
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--servers", type=int, default=1)
    parser.add_argument("--redis", action="store_true")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--poll", default="13-17")
    parser.add_argument("--pace", type=float, default=1.0)
    parser.add_argument("--double", type=float, default=0.1)
    parser.add_argument("--target-ms", type=float, default=300)
    parser.add_argument("--no-latency-target", action="store_true")
    parser.add_argument("--tables", type=int, default=0)
    parser.add_argument("--table-deals", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args(argv)
    try:
        low, high = (float(part) for part in args.poll.split("-"))
    except ValueError:
        parser.error("--poll is two numbers of seconds, as 2-5")
    if not 0 < low <= high:
        parser.error("--poll: 0 < A <= B")
    if args.arbitres < 2:
        parser.error("--arbitres: at least 2 (four-eyes: another arbitre confirms)")
    if args.players < 3 or args.duration <= 0 or args.workers < 1 or args.servers < 1:
        parser.error("--players at least 3, --duration, --servers and --workers positive")
    if args.tables < 0 or args.table_deals < 1:
        parser.error("--tables: 0 or more; --table-deals: 1 or more")
    args.poll = (low, high)
    return args


def database_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://", "pgsql://")):
        print(
            "benchmarks.load measures the production setup: set DATABASE_URL to a PostgreSQL "
            "database, e.g. postgres://tarot:password@127.0.0.1:5432/tarot "
            f"(got {url.split('://')[0] + '://…' if url else 'nothing: SQLite'}).",
            file=sys.stderr,
        )
        sys.exit(2)
    return url


async def load(args, prepared, servers: list[Gunicorn], redis: RedisServer | None) -> dict:
    """Log the arbitres in, run the load for the duration, wait for what is in flight."""
    warmup, recorder = Recorder(), Recorder()
    ports = [server.port for server in servers]
    settings = Settings(slug=prepared.tournament.slug, pace=args.pace, double=args.double)
    settings.poll, settings.arrival = args.poll, min(10.0, args.duration / 3)
    settings.freshness = Freshness(prepared.tournament.slug, ports, recorder)
    ledger = Ledger(free=deque(prepared.tables[len(prepared.table_clients) :]))
    browsers = [Browser("127.0.0.1", ports, warmup, start=i) for i in range(len(prepared.accounts))]
    gate = asyncio.Semaphore(4)  # people log in a few at a time, not all in one millisecond

    async def log_in(browser, account):
        async with gate:
            return await login(browser, *account)

    started = time.perf_counter()
    logged = await asyncio.gather(*map(log_in, browsers, prepared.accounts))
    warmup_seconds = time.perf_counter() - started
    stop = asyncio.Event()
    tasks = []
    for browser, (username, _), ok in zip(browsers, prepared.accounts, logged, strict=True):
        browser.recorder = recorder
        if ok:
            rng = new_rng(args.seed, username)
            work = arbitre(browser, username, ledger, settings, stop, rng)
            tasks.append(asyncio.create_task(work))
    for i, page in enumerate(viewer_pages(args.viewers)):
        # Half the viewers on each page: spread them so that each server gets both kinds.
        browser = Browser("127.0.0.1", ports, recorder, start=i // 2)
        rng = new_rng(args.seed, f"viewer{i}")
        tasks.append(asyncio.create_task(viewer(browser, page, settings, stop, rng)))
    tables, phones = table_clients(prepared.table_clients, ports, recorder, settings, args)
    tasks += [asyncio.create_task(phone(stop, new_rng(args.seed, name))) for name, phone in phones]
    cpu_before, started = cpu_seconds(servers, redis), time.perf_counter()
    await asyncio.sleep(args.duration)
    stop.set()
    done, pending = await asyncio.wait(tasks, timeout=60)
    elapsed = time.perf_counter() - started
    cpu_after = cpu_seconds(servers, redis)
    for task in pending:
        task.cancel()
        recorder.error("generator", "a client still busy 60 s after the end: cancelled")
    for task in done:
        if task.exception() is not None:
            recorder.error("generator", f"client crashed: {task.exception()!r}")
    return {
        "warmup": warmup,
        "warmup_seconds": warmup_seconds,
        "recorder": recorder,
        "ledger": ledger,
        "tables": tables,
        "elapsed": elapsed,
        "cpu": {key: cpu_after[key] - cpu_before[key] for key in cpu_before},
        "logged_in": sum(logged),
        "sessions": [b.cookies["sessionid"] for b in browsers if "sessionid" in b.cookies],
        "ports": ports,
        "freshness": settings.freshness,
        "redis": redis.stats() if redis else None,
    }


def start_servers(args, stack: ExitStack, tmp: Path, env: dict) -> tuple[list, RedisServer | None]:
    """Redis first when wanted (the servers' shared cache), then the gunicorn instances, each
    stopped by ``stack``."""
    redis = None
    if args.servers > 1 or args.redis:
        redis = stack.enter_context(RedisServer(tmp))
        env["REDIS_URL"] = redis.url
        print(f"redis-server on 127.0.0.1:{redis.port} (the servers' shared cache)", flush=True)
    extra = ["--workers", str(args.workers)]
    if args.threads:
        extra += ["--threads", str(args.threads)]
    servers = []
    for i in range(args.servers):
        server = stack.enter_context(Gunicorn(env, tmp / f"gunicorn-{i + 1}.log", extra))
        servers.append(server)
        print(f"gunicorn on 127.0.0.1:{server.port} ({' '.join(server.command[1:])})", flush=True)
    cache = "Redis" if env.get("REDIS_URL") else "one per process"
    print(
        f"CONN_MAX_AGE={env.get('CONN_MAX_AGE', 'as settings')}, cache: {cache}; "
        f"load for {args.duration:g} s…",
        flush=True,
    )
    return servers, redis


def prepare(args, slug: str):
    """The run's tournament, its arbitres' sheets and its tables' deals; None when it has fewer
    tables than ``--tables``."""
    from .load_setup import tables_prepare, tournament_prepare

    started = time.perf_counter()
    prepared = tournament_prepare(
        slug=slug,
        players=args.players,
        arbitres=args.arbitres,
        positions=args.positions,
        seed=args.seed,
    )
    prepared.table_clients = tables_prepare(
        tournament=prepared.tournament,
        plans=prepared.tables,
        count=args.tables,
        deals=args.table_deals,
        seed=args.seed,
    )
    if len(prepared.table_clients) < args.tables:
        print(f"--tables {args.tables}: only {len(prepared.tables)} tables seated.")
        return None
    print(
        f"Tournament {slug}: {args.players} players, {args.positions} position(s) seated "
        f"and published ({len(prepared.tables)} tables, {args.tables} entering at the "
        f"table), {args.arbitres} arbitres, in {time.perf_counter() - started:.1f} s",
        flush=True,
    )
    return prepared


def tables_passed(prepared, result) -> bool:
    """The table entries checked in the database against what the phones were told."""
    from .load_setup import tables_verify

    print()
    found = tables_verify(plans=prepared.table_clients, ledger=result["tables"])
    return tables_report(prepared.table_clients, result["tables"], found)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    url = database_url()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from .load_setup import tournament_remove, verify

    call_command("migrate", verbosity=0)
    slug = f"load-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(2)}"
    sessions = []
    try:
        prepared = prepare(args, slug)
        if prepared is None:
            return 2
        with tempfile.TemporaryDirectory(prefix="tarot-load-") as tmp:
            env = production_env(database_url=url, static_root=str(Path(tmp) / "static"))
            collectstatic(env)
            with ExitStack() as stack:
                servers, redis = start_servers(args, stack, Path(tmp), env)
                result = asyncio.run(load(args, prepared, servers, redis))
                sessions = result["sessions"]
                log_tail = "\n".join(f"[:{s.port}]\n{s.tail()}" for s in servers)
        connection.close()  # idle through the run: a fresh one for the check
        on_paper = prepared.tables[len(prepared.table_clients) :]  # the arbitres' tables
        verdict = verify(tournament=prepared.tournament, tables=on_paper, ledger=result["ledger"])
        passed = report(args, result, verdict, log_tail)
        if prepared.table_clients:
            passed = tables_passed(prepared, result) and passed
            print(f"\n{'PASS' if passed else 'FAIL'} (with the table entries)")
    finally:
        if args.keep:
            print(f"Kept tournament {slug} (--keep).")
        else:
            tournament_remove(slug=slug, sessions=sessions)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
