"""A whole quadrettes séance played at random, through the services
(``simulate_tournament --format quadrettes``): the oppositions drawn (each quadrette's attacker
its member with the lowest number), the étuis dealt taker South, the positions published and,
when asked, every étui's lines (one per table) entered, confirmed by an arbitre, the séance
closed. Scores as the individuel's simulation draws them: real Gardes at 4, close on the same
cards.
"""

import random

from django.db import transaction

from scoring.formats.duplicate.services import (
    LineEntry,
    TravellingEntry,
    boards_make,
    session_close,
    travelling_sheet_confirm,
    travelling_sheet_save,
)
from scoring.formats.duplicate.simulation import random_scores
from scoring.formats.quadrettes.reads import quadrette_plays
from scoring.simulation_staff import simulation_accounts
from tournaments.models import Session, Tournament
from tournaments.services_duplicate import session_publish
from tournaments.services_quadrettes import quadrettes_movement_build


def quadrettes_sheets_simulate(*, session: Session, rng: random.Random, close: bool = True) -> int:
    scorer, arbitre = simulation_accounts(session.tournament)
    plays = quadrette_plays(session)
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


def quadrettes_simulate(
    *, tournament: Tournament, user, seed: int = 0, sheets: bool = False, number: int = 1
) -> Session:
    session = quadrettes_movement_build(tournament=tournament, user=user, number=number, seed=seed)
    boards_make(session=session, user=user, seed=seed)
    session_publish(session=session, user=user)
    if sheets:
        quadrettes_sheets_simulate(session=session, rng=random.Random(seed))
    return session
