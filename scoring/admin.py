"""Administration of the ledger. Bid bans and penalties come from the arbitre's decisions
(arbitration); an administrator may add a bid ban here. Score sheets are read-only here: they
change through the sheet pages only, so that every change is a version with its audit entry."""

from django.contrib import admin

from scoring.models import BidBan, Penalty, ScoreSheet


@admin.register(BidBan)
class BidBanAdmin(admin.ModelAdmin):
    list_display = [
        "tournament",
        "position",
        "deal_number",
        "registration",
        "reason",
        "cancelled_at",
    ]
    list_filter = ["tournament"]
    raw_id_fields = ["tournament", "registration"]
    readonly_fields = ["created_by", "created_at", "cancelled_at", "cancelled_by"]

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin):
    list_display = ["tournament", "registration", "points", "reason", "cancelled_at"]
    list_filter = ["tournament"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):
    list_display = ["table", "version", "status", "entered_by", "confirmed_by", "entered_at"]
    list_filter = ["status", "round__tournament"]
    # In the order the page always showed them (the shared columns come first in the model).
    fields = [
        "round",
        "table",
        "version",
        "status",
        "visas",
        "short_reason",
        "reason",
        "warnings",
        "entered_by",
        "confirmed_by",
        "confirmed_at",
    ]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
