"""The admin of the live tables: managers see their clubs' tables and deals, read-only.

A running deal's seed and state (every hand, the stock order) are never shown: a manager who could
read them could play with open cards. They appear once the deal is over, like at the table.
"""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from club.admin_site import ClubScopedAdmin

from .models import Deal, DealAction, Seat, TableSession


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ("position", "member", "bot_name", "status", "waiting", "sat_at", "left_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(TableSession)
class TableSessionAdmin(ClubScopedAdmin):
    list_display = ("title", "club", "preset", "stake", "seat_count", "status", "practice", "starts_at")
    list_filter = ("status", "practice", "preset")
    search_fields = ("title", "club__name")
    list_select_related = ("club",)
    exclude = ("rules",)
    inlines = [SeatInline]


@admin.register(Deal)
class DealAdmin(ClubScopedAdmin):
    club_path = "session__club"
    list_display = ("session", "number", "result", "seq", "started_at", "finished_at")
    list_filter = ("result",)
    search_fields = ("session__title",)
    list_select_related = ("session",)
    fields = (
        "session",
        "number",
        "dealer",
        "players",
        "commitment",
        "revealed_seed",
        "seq",
        "started_at",
        "finished_at",
        "result",
        "outcome",
    )
    readonly_fields = fields

    @admin.display(description=_("seed"))
    def revealed_seed(self, obj: Deal) -> str:
        return obj.seed if obj.is_over else str(_("hidden until the deal is over"))


@admin.register(DealAction)
class DealActionAdmin(ClubScopedAdmin):
    club_path = "deal__session__club"
    list_display = ("deal", "seq", "seat", "action", "actor", "created_at")
    list_filter = ("actor",)
    list_select_related = ("deal__session",)

    def get_queryset(self, request):
        # Actions of a running deal name the cards given up in exchanges: shown only once it is over.
        return super().get_queryset(request).filter(deal__finished_at__isnull=False)
