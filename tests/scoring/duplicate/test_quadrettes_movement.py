"""A quadrettes séance's relay, copies and opening tables are the pure movement's
(``seating.duplicate_teams.schedule_movement``, ``copies_needed``, ``opening_tables``) on the
oppositions as drawn: read here from the tables alone, compared with what the séance page, the
cards and ``quadrette_relays`` give, and pinned on a second séance of 12 quadrettes with 8 étuis a
série (two groups of 6 tables: an étui waits at the last table of its group)."""

import random
from collections import defaultdict

import pytest
from django.urls import reverse

from scoring.formats.quadrettes.documents import cards_pdf
from scoring.formats.quadrettes.reads import quadrette_relays
from scoring.formats.quadrettes.simulation import quadrettes_sheets_simulate, quadrettes_simulate
from tests.support import flat_lines as _flat
from tests.support import page_texts as _text
from tournaments.models import Table
from tournaments.seating.duplicate_teams import copies_needed, opening_tables, schedule_movement

from .helpers import staff_of
from .test_quadrettes import quadrettes

pytestmark = pytest.mark.django_db


@pytest.fixture
def second():
    tournament = quadrettes(players=48, positions=4)
    tournament.boards_per_set = 8
    tournament.save()
    user = tournament.created_by
    first = quadrettes_simulate(tournament=tournament, user=user, seed=1)
    quadrettes_sheets_simulate(session=first, rng=random.Random(1), close=True)
    return quadrettes_simulate(tournament=tournament, user=user, seed=2, number=2)


def _drawn(session):
    """(positions, the oppositions by position in team numbers, which number the home tables)."""
    pairs = defaultdict(set)
    for position, série, home, visitor in Table.objects.filter(round__session=session).values_list(
        "round__number", "board_set", "ns_team__number", "ew_team__number"
    ):
        pairs[position].add((min(home, visitor), max(home, visitor), série))
    positions = sorted(pairs)
    return positions, [
        [{"A": a, "B": b, "set": s} for a, b, s in sorted(pairs[k])] for k in positions
    ]


def test_the_relay_copies_and_openings_are_the_pure_movements(client, second):
    positions, schedule = _drawn(second)
    assert positions == [5, 6, 7, 8]
    pure = schedule_movement(schedule, 8)
    relays = quadrette_relays(second)
    assert list(relays) == positions
    for position, tables in zip(positions, pure, strict=True):
        assert list(relays[position]) == list(tables) == list(range(1, 13))
        for table, found in tables.items():
            relay = relays[position][table]
            série = found["set"]
            assert relay.group == found["group"]
            assert relay.boards == tuple(
                ((série - 1) * 8 + board + 1, goes)
                for board, goes in zip(found["boards"], found["next"], strict=True)
            )
            assert relay.attacker_next == found["attacker_next"]
    assert relays[5][1].boards == (
        (1, 6), (2, 6), (3, 6), (4, 6), (5, 6), (6, None), (7, None), (8, None)
    )  # fmt: skip
    assert relays[5][12].boards == (
        (6, 11), (7, 11), (8, 11), (1, 11), (2, 11), (3, 11), (4, 11), (5, None)
    )  # fmt: skip
    assert all(relays[8][t].attacker_next is None for t in relays[8])
    copies = copies_needed(schedule, 8)
    assert copies == dict.fromkeys(range(1, 5), 2)
    client.force_login(staff_of(second.tournament)[1])
    page = client.get(reverse("scoring:duplicate", args=[second.tournament.slug, 2]))
    assert "Prepare 2 copies of each étui." in page.content.decode()
    preparation = _flat(_text(cards_pdf(second)[2])[0])
    for série, found in opening_tables(schedule, 8).items():
        first = (série - 1) * 8 + 1
        starts = " · ".join(
            f"étui {first + index}: {', '.join(map(str, tables))}"
            for index, tables in enumerate(found)
        )
        row = f"{série} {first}–{first + 7} {positions[série - 1]} {copies[série]} {starts}"
        assert row in preparation
    assert "1 1–8 5 2 étui 1: 1, 7 · étui 2: 2, 8 · " in preparation[4]
    assert preparation[4].endswith("étui 6: 6, 12 · étui 7: 6, 12 · étui 8: 6, 12")
