"""Administration of the ledger. Bid bans are made here until arbitration creates them from
incidents; score sheets are read-only here (they change through the sheet pages only, so that
every change is a version with its audit entry)."""

from django.contrib import admin

from .models import BidBan, ScoreSheet


@admin.register(BidBan)
class BidBanAdmin(admin.ModelAdmin):
    list_display = ["round", "registration", "deal_number", "reason", "created_by", "created_at"]
    list_filter = ["round__tournament"]
    raw_id_fields = ["round", "registration"]
    readonly_fields = ["created_by", "created_at"]

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):
    list_display = ["table", "version", "status", "entered_by", "confirmed_by", "entered_at"]
    list_filter = ["status", "round__tournament"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
