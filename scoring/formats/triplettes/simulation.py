"""A whole triplettes séance played at random, through the services
(``simulate_tournament --format triplettes``): the Mitchell (or a Howell) drawn, the étuis
dealt, the positions published and, when asked, every étui's travelling sheet entered with the
expected attacker on each line (from the triplette on the taker's line at that table and
position), confirmed by an arbitre, the séance closed. Scores as the individuel's simulation
draws them (``simulation_duplicate.random_scores``): real Gardes at 4, close on the same cards.
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
from scoring.formats.triplettes.reads import expected_attackers_of, triplette_plays
from scoring.simulation_staff import simulation_accounts
from tournaments.models import Session, Tournament
from tournaments.services_duplicate import session_publish
from tournaments.services_triplettes import triplettes_movement_build


def triplettes_sheets_simulate(*, session: Session, rng: random.Random, close: bool = True) -> int:
    """Enter and confirm every étui's travelling sheet (and close the séance)."""
    scorer, arbitre = simulation_accounts(session.tournament)
    plays = triplette_plays(session)
    expected = expected_attackers_of(session.tournament)
    count = 0
    with transaction.atomic():
        for board in session.boards.order_by("number"):
            tables = plays.get(board.board_set, [])
            scores = random_scores(rng, len(tables))
            entry = TravellingEntry(
                tuple(
                    LineEntry(
                        position=play.position,
                        table=play.table,
                        score=score,
                        attacker=expected.get(
                            ((session.number, board.number), play.attack_team(board.taker))
                        ),
                    )
                    for play, score in zip(tables, scores, strict=True)
                )
            )
            sheet = travelling_sheet_save(board=board, entry=entry, user=scorer)
            travelling_sheet_confirm(sheet=sheet, user=arbitre)
            count += 1
        if close:
            session_close(session=session, user=arbitre)
    return count


def triplettes_simulate(
    *,
    tournament: Tournament,
    user,
    seed: int = 0,
    sheets: bool = False,
    number: int = 1,
    movement: str = Session.Movement.MITCHELL,
) -> Session:
    """Séance ``number`` of a triplettes tournament drawn (a Mitchell, or a Howell), dealt and
    published; played when ``sheets``."""
    session = triplettes_movement_build(
        tournament=tournament, user=user, number=number, seed=seed, movement=movement
    )
    boards_make(session=session, user=user, seed=seed)
    session_publish(session=session, user=user)
    if sheets:
        triplettes_sheets_simulate(session=session, rng=random.Random(seed))
    return session
