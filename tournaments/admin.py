"""The administration of tournaments, players, clubs, teams and accounts. Its name fields hold
the staff pages' rule (``common.forms.NameField``): no invisible or direction-changing
character in a name, whoever types it; a new or changed username passes the same rule as
everywhere (``tournaments.accounts``)."""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm

from common.forms import NameField

from .accounts import username_check_free
from .models import AuditEntry, Club, Player, Registration, StaffRole, Team, Tournament


class NamesAdmin(admin.ModelAdmin):
    """A model's admin whose name fields (``names``) are ``NameField``s."""

    names = frozenset({"name", "venue", "last_name", "first_name"})

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if db_field.name in self.names:
            kwargs["form_class"] = NameField
        return super().formfield_for_dbfield(db_field, request, **kwargs)


@admin.register(Tournament)
class TournamentAdmin(NamesAdmin):
    list_display = ("name", "date", "kind", "is_public")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(Player)
class PlayerAdmin(NamesAdmin):
    list_display = ("last_name", "first_name", "licence", "club")
    search_fields = ("last_name", "first_name", "licence")
    list_select_related = ("club",)


@admin.register(Registration)
class RegistrationAdmin(NamesAdmin):
    list_display = ("tournament", "number", "last_name", "first_name", "player", "checked_in")
    list_filter = ("tournament",)
    list_select_related = ("tournament", "player", "team")


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """Read only: the log is the record, and the tournament's change stamp counts its entries
    (tournaments.selectors.change_stamp): one deleted would let a later state reuse a stamp."""

    list_display = ("created_at", "action", "user", "tournament")
    list_filter = ("action",)
    readonly_fields = ("created_at", "action", "user", "tournament", "data")

    def has_delete_permission(self, request, obj=None):
        return False


admin.site.register(Club, NamesAdmin)
admin.site.register(Team, NamesAdmin)
admin.site.register(StaffRole)


class UsernameRuleMixin:
    """A username that reads as another account's is refused (``username_check_free``)."""

    def clean_username(self):
        username = self.cleaned_data.get("username")
        if username:
            username_check_free(username, account=self.instance)
        return username


class AccountCreationForm(UsernameRuleMixin, AdminUserCreationForm):
    pass


class AccountChangeForm(UsernameRuleMixin, UserChangeForm):
    pass


class AccountAdmin(UserAdmin, NamesAdmin):
    """Django's account admin: the username under the rule of every account, the first and
    last names under the names' (the username keeps Django's own field and validator, which
    take letters, digits and @.+-_ only)."""

    add_form = AccountCreationForm
    form = AccountChangeForm
    names = frozenset({"first_name", "last_name"})


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), AccountAdmin)
