"""The accounts every simulation enters and confirms with (``simulate_tournament``, the demo,
the benchmarks): a scorer and an arbitre, two accounts so that four-eyes holds, created with
the roles they need in the tournament. Whatever the format."""

from tournaments.accounts import account_get_or_create
from tournaments.models import StaffRole, Tournament

SCORER = "simulation-scorer"
ARBITRE = "simulation-arbitre"


def _account(tournament: Tournament, username: str, role: str):
    user, created = account_get_or_create(username)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    staff, _ = StaffRole.objects.get_or_create(
        tournament=tournament, user=user, defaults={"role": role}
    )
    if StaffRole.RANK[staff.role] < StaffRole.RANK[role]:
        staff.role = role
        staff.save(update_fields=["role"])
    return user


def simulation_accounts(tournament: Tournament):
    """The scorer and the arbitre who enter and confirm simulated sheets (created if needed)."""
    return (
        _account(tournament, SCORER, StaffRole.Role.SCORER),
        _account(tournament, ARBITRE, StaffRole.Role.ARBITRE),
    )
