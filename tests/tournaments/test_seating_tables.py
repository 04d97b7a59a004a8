import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.seating import Remainder, table_sizes


@pytest.mark.parametrize(
    ("players", "remainder", "expected"),
    [
        (4, "3", (4,)),
        (3, "3", (3,)),
        (5, "3", None),
        (6, "3", (3, 3)),
        (7, "3", (4, 3)),
        (10, "3", (4, 3, 3)),
        (26, "3", (4, 4, 4, 4, 4, 3, 3)),
        (1, "3", None),
        (2, "3", None),
        (0, "3", None),
        (5, "5", (5,)),
        (9, "5", (5, 4)),
        (11, "5", None),
        (7, "5", None),
        (15, "5", (5, 5, 5)),
        (19, "5", (5, 5, 5, 4)),
    ],
)
def test_table_sizes(players, remainder, expected):
    assert table_sizes(players, remainder) == expected


@given(st.integers(min_value=1, max_value=2000), st.sampled_from(list(Remainder)))
def test_table_sizes_seat_everyone_with_fewest_odd_tables(players, remainder):
    sizes = table_sizes(players, remainder)
    odd = 3 if remainder is Remainder.THREE else 5
    if sizes is None:
        # Impossible means no mix of 4s and odd tables adds up.
        assert all((players - odd * k) % 4 or players < odd * k for k in range(players // odd + 1))
        return
    assert sum(sizes) == players
    assert set(sizes) <= {4, odd}
    assert sizes.count(odd) <= 3


def test_seating_package_imports_no_django():
    code = (
        "import sys, tournaments.seating; "
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')]; "
        "sys.exit(1 if bad else 0)"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True)
    assert result.returncode == 0, result.stderr
