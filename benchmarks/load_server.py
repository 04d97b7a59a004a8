"""The load test's servers: gunicorn in production settings on free local ports, Redis, CPU shares.

``production_env`` is the environment of a production run (DEBUG off, a generated secret, the
given database, static files collected into a temporary STATIC_ROOT and served by WhiteNoise,
plain HTTP on 127.0.0.1): every server started with it shares the secret, as the servers of one
site must. ``Gunicorn`` starts ``gunicorn config.wsgi -c config/gunicorn.conf.py`` with it,
waits until the server answers and always stops it (its log is kept for the report).
``RedisServer`` runs Debian's ``redis-server`` on a free port, keeping nothing on disk, for the
servers' shared cache (``REDIS_URL``); it does not install it. ``cpu_seconds`` reads /proc to
tell how the machine's cores were shared between the servers, Redis, PostgreSQL, the load
generator and everything else. No Django here.
"""

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CONFIG = ROOT / "config" / "gunicorn.conf.py"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def production_env(*, database_url: str, static_root: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        SECURE_COOKIES="0",
        DATABASE_URL=database_url,
        STATIC_ROOT=static_root,
        LOG_LEVEL="WARNING",
    )
    return env


def collectstatic(env: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


class Gunicorn:
    """``with Gunicorn(...) as server:`` a running server on ``server.port``, stopped after."""

    def __init__(self, env: dict[str, str], log: Path, extra: list[str]):
        self.env, self.log_path, self.extra = env, log, extra
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.command = [
            str(BIN / "gunicorn"),
            "config.wsgi",
            "--config",
            str(CONFIG),
            "--bind",
            f"127.0.0.1:{self.port}",
            *extra,
        ]

    def __enter__(self) -> "Gunicorn":
        self._log = open(self.log_path, "wb")  # noqa: SIM115 (closed in __exit__)
        self.process = subprocess.Popen(
            self.command,
            cwd=ROOT,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # a Ctrl-C reaches us, and we stop it in order
        )
        try:
            self._wait_ready(timeout=60)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                code = self.process.returncode
                raise RuntimeError(f"gunicorn exited with {code}:\n{self.tail()}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=5) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer within {timeout:.0f} s:\n{self.tail()}")

    def __exit__(self, *exc) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # the master stops its workers
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self._log.close()

    def pids(self) -> list[int]:
        """The master and its workers."""
        if self.process is None:
            return []
        return [self.process.pid, *_children(self.process.pid)]

    def tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


class RedisServer:
    """``with RedisServer(directory) as redis:`` a Redis on ``redis.url``, stopped after.

    Nothing is saved (``--save ''``, no append-only file): the cache holds only what can be
    computed again. Its memory is capped, the least recently used keys going first, as the
    README advises for production."""

    def __init__(self, directory: Path):
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError(
                "redis-server is not installed (two or more servers share a Redis cache): "
                "apt-get install -y redis-server"
            )
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log_path = directory / "redis.log"
        self.process: subprocess.Popen | None = None
        self.command = [
            binary,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(directory),
            "--maxmemory",
            "256mb",
            "--maxmemory-policy",
            "allkeys-lru",
        ]

    def __enter__(self) -> "RedisServer":
        self._log = open(self.log_path, "wb")  # noqa: SIM115 (closed in __exit__)
        self.process = subprocess.Popen(
            self.command, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True
        )
        deadline = time.monotonic() + 20
        while self.ask(b"PING") != b"+PONG":
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.__exit__(None, None, None)
                log = self.log_path.read_text(errors="replace")[-2000:]
                raise RuntimeError(f"redis-server did not start:\n{log}")
            time.sleep(0.1)
        return self

    def ask(self, command: bytes) -> bytes:
        """One inline command's answer (raw RESP), b"" when Redis does not answer."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=5) as sock:
                sock.sendall(command + b"\r\n")
                data = b""
                while not data.endswith(b"\r\n") or _bulk_incomplete(data):
                    chunk = sock.recv(65536)
                    if not chunk:
                        break
                    data += chunk
                return data.strip()
        except OSError:
            return b""

    def stats(self) -> dict[str, str]:
        """``INFO``'s fields (hits, misses, memory, evictions...)."""
        text = self.ask(b"INFO").decode(errors="replace")
        pairs = (line.split(":", 1) for line in text.splitlines() if ":" in line)
        return {name: value.strip() for name, value in pairs}

    def __exit__(self, *exc) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()

    def pids(self) -> list[int]:
        return [self.process.pid] if self.process is not None else []


def _bulk_incomplete(data: bytes) -> bool:
    """A bulk string answer (``$<length>``) not yet read to its end."""
    if not data.startswith(b"$"):
        return False
    header, _, rest = data.partition(b"\r\n")
    return len(rest) < int(header[1:]) + 2


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


def _process_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    # utime + stime, plus cutime + cstime: the backends PostgreSQL already reaped count too.
    return sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _postgres_pids() -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip().startswith("postgres"):
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def cpu_seconds(servers: list[Gunicorn], redis: RedisServer | None) -> dict[str, float]:
    """CPU time so far: the servers, Redis, PostgreSQL, this generator, the whole machine."""
    with open("/proc/stat") as stat:
        ticks = [int(value) for value in stat.readline().split()[1:]]
    idle = ticks[3] + ticks[4]  # idle + iowait
    return {
        "gunicorn": sum(_process_seconds(pid) for server in servers for pid in server.pids()),
        "redis": sum(_process_seconds(pid) for pid in redis.pids()) if redis else 0.0,
        "postgresql": sum(_process_seconds(pid) for pid in _postgres_pids()),
        "generator": _process_seconds(os.getpid()),
        "machine": (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK"),
    }
