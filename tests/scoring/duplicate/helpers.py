"""Duplicate tournaments built for tests through the services, as an organiser would."""

from django.contrib.auth import get_user_model

from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.services import (
    LineEntry,
    TravellingEntry,
    boards_make,
    travelling_sheet_confirm,
    travelling_sheet_save,
)
from tournaments.models import StaffRole, Tournament
from tournaments.services_duplicate import session_movement_build, session_publish
from tournaments.simulation import tournament_simulate


def staff_of(tournament):
    """(organiser, scorer, arbitre, second arbitre) of the tournament."""
    users = get_user_model().objects
    organiser = tournament.created_by
    accounts = []
    for name, role in (
        ("dup-scorer", StaffRole.Role.SCORER),
        ("dup-arbitre", StaffRole.Role.ARBITRE),
        ("dup-arbitre-2", StaffRole.Role.ARBITRE),
    ):
        user = users.get_or_create(username=name)[0]
        StaffRole.objects.get_or_create(tournament=tournament, user=user, defaults={"role": role})
        accounts.append(user)
    return organiser, *accounts


def duplicate_tournament(players=20, positions=5, seed=1, slug="dup", **settings):
    organiser = get_user_model().objects.get_or_create(username="dup-organiser")[0]
    tournament = tournament_simulate(
        slug=slug,
        players=players,
        user=organiser,
        seed=seed,
        positions=positions,
        format=Tournament.Format.DUPLICATE,
    )
    for key, value in settings.items():
        setattr(tournament, key, value)
    tournament.save()
    return tournament


def drawn_session(tournament, number=1, seed=1):
    organiser = tournament.created_by
    session = session_movement_build(
        tournament=tournament, user=organiser, number=number, seed=seed
    )
    boards_make(session=session, user=organiser, seed=seed)
    session_publish(session=session, user=organiser)
    return session


def enter(board, scores, user, confirm_by=None):
    """The travelling sheet of ``board`` with ``scores`` in the order of its tables."""
    plays = board_plays(board.session)[board.board_set]
    entry = TravellingEntry(
        tuple(
            LineEntry(position=p.position, table=p.table, score=s)
            for p, s in zip(plays, scores, strict=False)
        )
    )
    sheet = travelling_sheet_save(board=board, entry=entry, user=user)
    if confirm_by is not None:
        sheet = travelling_sheet_confirm(sheet=sheet, user=confirm_by)
    return sheet
