"""A whole duplicate séance played at random, through the services, for rehearsals, demos, the
benchmarks and the end-to-end tests (``simulate_tournament --format duplicate``).

``duplicate_simulate`` draws the movement, deals the étuis, publishes the positions and, when
asked, enters every étui's travelling sheet as a scorer would (one line per table that played
it, a valid Garde score), confirms it as an arbitre and closes the séance. Scores are drawn
from the cards' point of view: each étui has a count around which its tables' results vary, so
the same cards give close scores, as at a real duplicate; every score is a real Garde at 4
(``score_deal``), which the entry check accepts by construction.
"""

import random

from django.db import transaction

from scoring.engine import Camp, Contract, DealInput, InvalidDeal, possible_points, score_deal
from scoring.engine.deal import TARGETS
from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.services import (
    LineEntry,
    TravellingEntry,
    boards_make,
    session_close,
    travelling_sheet_confirm,
    travelling_sheet_save,
)
from scoring.simulation_staff import simulation_accounts
from tournaments.models import Session, Tournament
from tournaments.services_duplicate import session_movement_build, session_publish

BOUTS_WEIGHTS = (8, 32, 42, 18)
PETIT_AU_BOUT_SHARE = 0.05


def random_garde(rng: random.Random, bouts: int, centre: float) -> int:
    """A Garde's per-defender score with ``bouts`` in the attack, its points near ``centre``
    (in half-points), as ``score_deal`` computes it."""
    possible = sorted(possible_points(4, Contract.GARDE)[bouts].half_points)
    wanted = round(rng.gauss(centre, 10))
    half = min(possible, key=lambda h: (abs(h - wanted), h))
    petit = None
    if rng.random() < PETIT_AU_BOUT_SHARE:
        petit = (
            Camp.ATTACK if bouts and rng.random() < 0.6 else (Camp.DEFENCE if bouts < 3 else None)
        )
    deal = DealInput(
        players=4, contract=Contract.GARDE, bouts=bouts, points=half // 2, petit_au_bout=petit
    )
    try:
        return score_deal(deal).amount
    except InvalidDeal:
        return score_deal(
            DealInput(players=4, contract=Contract.GARDE, bouts=bouts, points=half // 2)
        ).amount


def random_scores(rng: random.Random, count: int) -> list[int]:
    """``count`` scores of one étui: the same cards, so one count of bouts, points nearby."""
    bouts = rng.choices(range(4), BOUTS_WEIGHTS)[0]
    centre = rng.gauss(2 * TARGETS[bouts] + 4, 16)
    return [random_garde(rng, bouts, centre) for _ in range(count)]


def session_sheets_simulate(*, session: Session, rng: random.Random, close: bool = True) -> int:
    """Enter and confirm every étui's travelling sheet (and close the séance); returns how
    many sheets were confirmed."""
    scorer, arbitre = simulation_accounts(session.tournament)
    plays = board_plays(session)
    count = 0
    with transaction.atomic():
        for board in session.boards.order_by("number"):
            tables = plays.get(board.board_set, [])
            scores = random_scores(rng, len(tables))
            entry = TravellingEntry(
                tuple(
                    LineEntry(position=play.position, table=play.table, score=score)
                    for play, score in zip(tables, scores, strict=True)
                )
            )
            sheet = travelling_sheet_save(board=board, entry=entry, user=scorer)
            travelling_sheet_confirm(sheet=sheet, user=arbitre)
            count += 1
        if close:
            session_close(session=session, user=arbitre)
    return count


def duplicate_simulate(
    *, tournament: Tournament, user, seed: int = 0, sheets: bool = False, number: int = 1
) -> Session:
    """Séance ``number`` of a duplicate tournament drawn, dealt and published; played when
    ``sheets``."""
    session = session_movement_build(tournament=tournament, user=user, number=number, seed=seed)
    boards_make(session=session, user=user, seed=seed)
    session_publish(session=session, user=user)
    if sheets:
        session_sheets_simulate(session=session, rng=random.Random(seed))
    return session
