"""The read API's limit: so many requests per client address in a window, counted in Django's
cache (``settings.API_RATE``, e.g. "120/min"; empty: no limit). The address is the one
``config.security.client_address`` believes through ``TRUSTED_PROXIES``, never a header the
client writes. With ``REDIS_URL`` the count is shared by every process and server; without,
each process counts its own (the settings' one-server case).

Counted with ``cache.add`` then ``cache.incr``, both atomic on every backend: requests arriving
together each get their own number, where a list read and written back (ninja's
``SimpleRateThrottle``) would lose some. Fixed windows: a client may send up to twice the
limit across a window's end, which is enough against scraping a ranking in a loop. Nothing is
kept on the throttle object, which every thread of a process shares. Must not read the
database.
"""

import time

from django.conf import settings
from django.core.cache import cache
from ninja.throttling import BaseThrottle

from config.security import client_address

_UNITS = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hour": 3600, "d": 86400, "day": 86400}


def parse_rate(rate: str) -> tuple[int, int] | None:
    """ "120/min" -> (120, 60); None for an empty rate (no limit)."""
    if not rate:
        return None
    count, unit = rate.split("/", 1)
    return int(count), _UNITS[unit.strip()]


class AddressThrottle(BaseThrottle):
    def allow_request(self, request) -> bool:
        rate = parse_rate(settings.API_RATE)
        if rate is None:
            return True
        limit, seconds = rate
        window = int(time.time()) // seconds
        key = f"api-throttle:{client_address(request) or 'unknown'}:{window}"
        cache.add(key, 0, seconds + 1)
        try:
            count = cache.incr(key)
        except ValueError:  # the window's count expired between the two calls
            cache.add(key, 1, seconds + 1)
            count = 1
        return count <= limit

    def wait(self) -> float | None:
        rate = parse_rate(settings.API_RATE)
        if rate is None:
            return None
        seconds = rate[1]
        return seconds - time.time() % seconds
