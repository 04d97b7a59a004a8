"""Realistic fake tournaments for demos, manual checks and benchmarks.

Uses the services, so a simulated tournament is exactly what an organiser would have made by
hand. Names are drawn from a seeded generator: the same seed gives the same field.
"""

import datetime
import random

from django.db import transaction
from django.utils import timezone

from . import services, services_seating
from .actions import Action
from .models import Player, Registration, Tournament
from .models.formats import TRAITS, PlayUnit, TeamsFrom

LAST_NAMES = [
    "Martin",
    "Bernard",
    "Thomas",
    "Petit",
    "Robert",
    "Richard",
    "Durand",
    "Dubois",
    "Moreau",
    "Laurent",
    "Simon",
    "Michel",
    "Lefebvre",
    "Leroy",
    "Roux",
    "David",
    "Bertrand",
    "Morel",
    "Fournier",
    "Girard",
    "Bonnet",
    "Dupont",
    "Lambert",
    "Fontaine",
    "Rousseau",
    "Vincent",
    "Muller",
    "Lefevre",
    "Faure",
    "Andre",
    "Mercier",
    "Blanc",
    "Guerin",
    "Boyer",
    "Garnier",
    "Chevalier",
    "Francois",
    "Legrand",
    "Gauthier",
    "Garcia",
    "Perrin",
    "Robin",
    "Clement",
    "Morin",
    "Nicolas",
    "Henry",
    "Roussel",
    "Mathieu",
    "Gautier",
    "Masson",
    "Marchand",
    "Duval",
    "Denis",
    "Dumont",
    "Marie",
    "Lemaire",
    "Noel",
    "Meyer",
    "Dufour",
    "Meunier",
    "Brun",
    "Blanchard",
    "Giraud",
    "Joly",
    "Riviere",
    "Lucas",
    "Brunet",
    "Gaillard",
    "Barbier",
    "Arnaud",
    "Martinez",
    "Gerard",
    "Roche",
]
FIRST_NAMES = [
    "Marie",
    "Jean",
    "Pierre",
    "Michel",
    "Anne",
    "Philippe",
    "Nathalie",
    "Alain",
    "Isabelle",
    "Patrick",
    "Sylvie",
    "Nicolas",
    "Catherine",
    "Christophe",
    "Martine",
    "Daniel",
    "Christine",
    "Bernard",
    "Françoise",
    "Eric",
    "Monique",
    "Frédéric",
    "Valérie",
    "Laurent",
    "Sandrine",
    "Stéphane",
    "Véronique",
    "Pascal",
    "Sophie",
    "David",
    "Céline",
    "Olivier",
    "Chantal",
    "Thierry",
    "Brigitte",
    "Julien",
    "Hélène",
    "Sébastien",
    "Claire",
    "Gilles",
    "Agnès",
    "Didier",
    "Josiane",
    "Hervé",
    "Odile",
]
CLUBS = [
    "Tarot Club de Lyon",
    "Les Bouts de Nantes",
    "Excuse Club Toulouse",
    "Petit au Bout Lillois",
    "Tarot Club Bordelais",
    "Les Gardes de Rennes",
    "Cercle du Tarot de Paris",
    "Chelem Club Strasbourg",
]


@transaction.atomic
def tournament_simulate(
    *,
    slug: str,
    players: int,
    user,
    team_size: int = 1,
    seed: int = 0,
    name: str | None = None,
    checked_in: bool = True,
    positions: int = 0,
    format: str = Tournament.Format.LIBRE,
) -> Tournament:
    """A tournament with ``players`` registered players (checked in), in teams when asked,
    and its first ``positions`` positions seated and published."""
    if players < 1:
        raise ValueError("players must be positive")
    traits = TRAITS[format]
    sizes = traits.team_sizes
    if team_size not in sizes:
        raise ValueError("team_size is 1, 2 or 4 (3 for the triplettes, 4 to 6 for a match)")
    if players % team_size:
        raise ValueError(f"{players} players cannot form teams of {team_size}")
    rng = random.Random(seed)
    kind = {1: Tournament.Kind.INDIVIDUAL, 2: Tournament.Kind.TEAMS_2, 4: Tournament.Kind.TEAMS_4}
    if traits.teams_from == TeamsFrom.TEAMS_PAGE:  # the teams come with the game
        kind = dict.fromkeys(sizes, Tournament.Kind.INDIVIDUAL)
    tournament = services.tournament_create_unchecked(
        user=user,
        name=name or f"Tournoi simulé {slug}",
        slug=slug,
        date=datetime.date.today(),
        venue=rng.choice(["Salle des fêtes", "Maison des associations", "Club house"]),
        kind=kind[team_size],
        format=format,
        positions=max(5, positions) if traits.plays_in == PlayUnit.POSITIONS else positions,
    )
    clubs = [services.club_get_or_create(name=n, user=user) for n in CLUBS]
    # Simulated players take 9-digit licences starting with 9.
    taken = set(Player.objects.filter(licence__startswith="9").values_list("licence", flat=True))
    # Licences come from their own generator, so that a collision with an earlier simulation
    # never shifts the names: the same seed gives the same field.
    licence_rng = random.Random(seed)
    new_players, registrations = [], []
    for _ in range(players):
        licence = None
        while licence is None or licence in taken:
            licence = f"9{licence_rng.randrange(10**8):08d}"
        taken.add(licence)
        new_players.append(
            Player(
                licence=licence,
                last_name=rng.choice(LAST_NAMES),
                first_name=rng.choice(FIRST_NAMES),
                club=rng.choice(clubs),
            )
        )
    Player.objects.bulk_create(new_players)
    saved = Player.objects.filter(licence__in=[p.licence for p in new_players])
    by_licence = {p.licence: p for p in saved}
    now = timezone.now()
    for number, player in enumerate(new_players, start=1):
        registrations.append(
            Registration(
                tournament=tournament,
                player=by_licence[player.licence],
                number=number,
                last_name=player.last_name,
                first_name=player.first_name,
                club=player.club,
                checked_in=checked_in,
                checked_in_at=now if checked_in else None,
            )
        )
    Registration.objects.bulk_create(registrations)
    services.audit_log(
        action=Action.TOURNAMENT_SIMULATED,
        user=user,
        tournament=tournament,
        data={"players": players, "team_size": team_size, "seed": seed},
    )
    if team_size > 1:
        regs = list(tournament.registrations.order_by("number"))
        for i in range(0, len(regs), team_size):
            services.team_create(
                tournament=tournament,
                user=user,
                name=f"{traits.team_noun} {i // team_size + 1}",
                members=regs[i : i + team_size],
            )
    if traits.plays_in != PlayUnit.POSITIONS:
        return tournament  # its movement is a séance's (services_duplicate, _triplettes)
    for number in range(1, positions + 1):
        round_ = services_seating.round_seat_players(
            tournament=tournament, number=number, user=user, seed=seed + 1 if number == 1 else None
        )
        services_seating.round_publish(round=round_, user=user)
    return tournament
