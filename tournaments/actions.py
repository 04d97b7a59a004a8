"""The audit actions of ``tournaments``: what an ``AuditEntry`` says was done, and its label.

Every service writes its entry with one of these (``services.audit_log`` refuses an action no
app declared); ``scoring.actions`` and ``arbitration.actions`` declare theirs and register them
(their ``Extension.audit_actions``). The value is what the database and the exports keep.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Action(models.TextChoices):
    TOURNAMENT_CREATED = "tournament.created", _("Tournament created")
    TOURNAMENT_UPDATED = "tournament.updated", _("Tournament settings changed")
    TOURNAMENT_SIMULATED = "tournament.simulated", _("Demonstration results simulated")
    ROLE_GRANTED = "tournament.role.granted", _("Role given")
    ROLE_REVOKED = "tournament.role.revoked", _("Role removed")
    ACCOUNT_CREATED = "tournament.account.created", _("Account created for the day")
    ACCOUNT_LINK = "tournament.account.link", _("New one-time link given")
    CLUB_CREATED = "club.created", _("Club created")
    PLAYER_UPDATED = "player.updated", _("Player directory record changed")
    PLAYER_MERGED = "player.merged", _("Duplicate player merged in the directory")
    REGISTRATION_MERGED = "registration.merged", _("Registration moved to the merged player")
    REGISTRATION_CREATED = "registration.created", _("Player registered")
    REGISTRATION_UPDATED = "registration.updated", _("Registration changed")
    REGISTRATION_DELETED = "registration.deleted", _("Registration deleted")
    REGISTRATION_IMPORTED = "registration.imported", _("Players imported")
    REGISTRATION_EXCLUDED = "registration.excluded", _("Player withdrawn")
    EXCLUSION_UNDONE = "registration.exclusion_undone", _("Withdrawal undone")
    REGISTRATION_RESTORED = "registration.restored", _("Withdrawn player restored")
    CHECKED_IN = "registration.checked_in", _("Player checked in")
    CHECKED_OUT = "registration.checked_out", _("Check-in undone")
    CHECKED_IN_ALL = "registration.checked_in_all", _("Every player checked in")
    CHECK_IN_ALL_UNDONE = "registration.checked_in_all_undone", _("“All present” undone")
    FEES_SET = "tournament.fees_set", _("Entry fees changed")
    REGISTRATION_PAID = "registration.paid", _("Entry fee paid")
    REGISTRATION_UNPAID = "registration.unpaid", _("Entry fee payment taken back")
    TEAM_CREATED = "team.created", _("Team created")
    TEAM_UPDATED = "team.updated", _("Team changed")
    TEAM_DELETED = "team.deleted", _("Team deleted")
    ROUND_GENERATED = "round.generated", _("Seating drawn")
    MOVEMENT_BUILT = "session.movement_built", _("Duplicate movement drawn")
    SESSION_UPDATED = "session.updated", _("Séance changed")
    ROUND_SWAPPED = "round.swapped", _("Players swapped")
    ROUND_CORRECTED = "round.corrected", _("Seating corrected by an arbitre")
    ROUND_PUBLISHED = "round.published", _("Seating published")
    ROUND_UNPUBLISHED = "round.unpublished", _("Seating unpublished")
    ROUND_SWAP_UNDONE = "round.swap_undone", _("Swap undone")
