"""What the duplicate's staff and public pages show of a quadrettes séance (fft-duplicate.md
§4): the oppositions by position (each home table's defence, the visiting attacker, the série),
each quadrette's attacker for the séance, how many copies of each étui to prepare and where the
étuis and the attackers go next, an étui's lines (one per table), and the match points.
The tournament's format (``Quadrettes``) hands these to the duplicate's pages
(``scoring.formats.duplicate.views``, ``views_board``)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.formats.quadrettes.forms import AttackerForm
from scoring.formats.quadrettes.reads import (
    quadrette_copies,
    quadrette_plays,
    quadrette_relays,
    session_attackers,
    session_movement,
)
from tournaments.models import Registration, Session, Table, Team
from tournaments.models.formats import Movement
from tournaments.permissions import Role, role_required
from tournaments.services_quadrettes import quadrettes_problem, session_attacker_set
from tournaments.services_triplettes import present_teams


def movement_facts(tournament, session) -> dict:
    members = present_teams(tournament)
    problem = quadrettes_problem(members, tournament.positions)
    positions, playing, relays, copies = {}, {}, {}, {}
    if session.pk:
        movement = session_movement(session)
        relays, copies = quadrette_relays(session, movement), quadrette_copies(movement)
        for table in (
            Table.objects.filter(round__session=session)
            .select_related("round", "ns_team", "ew_team")
            .order_by("round__number", "number")
        ):
            positions.setdefault(table.round.number, {})[table.number] = {
                "set": table.board_set,
                "home": table.ns_team,
                "visitor": table.ew_team,
                "relay": relays.get(table.round.number, {}).get(table.number),
            }
            playing.setdefault(table.round.number, set()).add(table.ns_team_id)
    attackers = session_attackers(session) if session.pk else {}
    people = Registration.objects.in_bulk(attackers.values())
    teams = []
    for team, present in members.items():
        teams.append(
            {
                "team": team,
                "members": sorted(present, key=lambda r: r.number),
                "attacker": people.get(attackers.get(team.pk)),
                "byes": [k for k, ids in playing.items() if team.pk not in ids],
            }
        )
    return {
        "teams": len(members),
        "players": sum(len(present) for present in members.values()),
        "problem": problem.messages[0] if problem else "",
        "positions": positions,
        "copies": max(copies.values(), default=0),
        "quadrettes": teams,
    }


def board_lines(board) -> list[dict]:
    """An étui's tables (every home table of its position): the visiting attacker's quadrette
    and name, the home defence."""
    plays = quadrette_plays(board.session).get(board.board_set, [])
    teams = Team.objects.in_bulk({t for p in plays for t in (p.home, p.visitor)})
    attackers = session_attackers(board.session)
    people = Registration.objects.in_bulk(attackers.values())
    return [
        {
            "attack": teams[play.visitor],
            "defence": teams[play.home],
            "attacker": people.get(attackers.get(play.visitor)),
        }
        for play in plays
    ]


@require_POST
@role_required(Role.ARBITRE)
def attacker_save(request, tournament, session, team):
    if tournament.seating_movement != Movement.OPPOSITIONS:  # an attacker for each opposition
        messages.info(request, _("Only the quadrettes name an attacker for a séance."))
        return redirect("manage:tournament", slug=tournament.slug)
    found = get_object_or_404(Session, tournament=tournament, number=session)
    quadrette = get_object_or_404(Team, tournament=tournament, number=team)
    registration = Registration.objects.filter(
        tournament=tournament, pk=AttackerForm.read(request.POST)["attacker"]
    ).first()
    if registration is None:
        messages.error(request, _("Choose the attacker among the quadrette's members."))
    else:
        try:
            session_attacker_set(
                session=found, team=quadrette, registration=registration, user=request.user
            )
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        else:
            messages.success(
                request,
                _("%(name)s attacks for %(team)s in séance %(k)s.")
                % {"name": registration.name, "team": quadrette.name, "k": found.number},
            )
    return redirect("scoring:duplicate", slug=tournament.slug, session=found.number)
