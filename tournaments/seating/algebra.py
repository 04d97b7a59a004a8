"""Small finite rings for the seating constructions: Z_K and the fields GF(p^e).

Elements are the integers 0..q-1 (for GF(p^e), the base-p digits of an integer are the
coefficients of a polynomial). Only what the constructions need: addition and multiplication.
Pure arithmetic; knows nothing about players or tables.
"""

from functools import lru_cache
from itertools import product


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, e) with q = p**e and p prime, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    e = 0
    while q % p == 0:
        q //= p
        e += 1
    return (p, e) if q == 1 else None


class Ring:
    """Z_K when ``modulus`` is None, else GF(p^e) reduced by the monic ``modulus`` polynomial."""

    def __init__(self, size: int, p: int = 0, modulus: tuple[int, ...] | None = None) -> None:
        self.size = size
        self.p = p
        self.modulus = modulus  # low-order coefficients of x^e, as in x^e = -sum(m_k x^k)

    @property
    def is_field(self) -> bool:
        return self.modulus is not None or prime_power(self.size) == (self.size, 1)

    def _digits(self, x: int) -> list[int]:
        digits = []
        for _ in range(len(self.modulus)):
            x, d = divmod(x, self.p)
            digits.append(d)
        return digits

    def _number(self, digits: list[int]) -> int:
        value = 0
        for d in reversed(digits):
            value = value * self.p + d
        return value

    def add(self, x: int, y: int) -> int:
        if self.modulus is None:
            return (x + y) % self.size
        dx, dy = self._digits(x), self._digits(y)
        return self._number([(a + b) % self.p for a, b in zip(dx, dy, strict=True)])

    def mul(self, x: int, y: int) -> int:
        if self.modulus is None:
            return x * y % self.size
        p, e = self.p, len(self.modulus)
        product_ = [0] * (2 * e - 1)
        for i, a in enumerate(self._digits(x)):
            for j, b in enumerate(self._digits(y)):
                product_[i + j] = (product_[i + j] + a * b) % p
        for k in range(2 * e - 2, e - 1, -1):  # reduce x^k with x^e = -modulus
            c = product_[k]
            if c:
                product_[k] = 0
                for j, m in enumerate(self.modulus):
                    product_[k - e + j] = (product_[k - e + j] - c * m) % p
        return self._number(product_[:e])


@lru_cache(maxsize=64)
def ring(size: int, field: bool) -> Ring | None:
    """GF(size) when ``field`` (None unless size is a prime power), else Z_size."""
    if not field:
        return Ring(size)
    pe = prime_power(size)
    if pe is None:
        return None
    p, e = pe
    if e == 1:
        return Ring(size)
    return Ring(size, p, _irreducible(p, e))


def _irreducible(p: int, e: int) -> tuple[int, ...]:
    """A monic irreducible polynomial of degree e over GF(p), as its low-order coefficients."""
    for low in product(range(p), repeat=e):
        if low[0] == 0:
            continue
        poly = (*low, 1)
        if not any(_divides(f, poly, p) for f in _monics(p, e // 2)):
            return low
    raise AssertionError("an irreducible polynomial of every degree exists")


def _monics(p, max_degree):
    for degree in range(1, max_degree + 1):
        for low in product(range(p), repeat=degree):
            yield (*low, 1)


def _divides(f, g, p):
    """Whether polynomial f divides g over GF(p) (coefficients low order first, f monic)."""
    rem = list(g)
    df = len(f) - 1
    for k in range(len(rem) - 1, df - 1, -1):
        c = rem[k]
        if c:
            for j in range(df + 1):
                rem[k - df + j] = (rem[k - df + j] - c * f[j]) % p
    return not any(rem[:df])
