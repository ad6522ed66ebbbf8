"""The Django admin for clubs.

Owners and managers see the clubs they manage, read-only (``club.admin_site``); superusers see all.
Changes to people go through the services, here as admin actions, so each one is checked and audited.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import services
from .admin_site import ClubScopedAdmin
from .errors import ServiceError
from .models import AuditLog, Club, Invite, Membership, User


@admin.register(User)
class SiteUserAdmin(UserAdmin):
    fieldsets = (
        *UserAdmin.fieldsets,
        (_("Profile"), {"fields": ("display_name", "preferred_language", "time_zone")}),
    )
    list_display = ("username", "display_name", "email", "is_staff", "is_active", "date_joined")
    search_fields = ("username", "display_name", "email")


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    club_path = "pk"
    list_display = ("name", "slug", "join_policy", "created_by", "created_at")
    list_filter = ("join_policy",)
    search_fields = ("name", "slug")
    readonly_fields = ("slug", "created_by", "created_at")

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        # Superusers may fix a club's name, description or policy; people change through the services.
        return request.user.is_active and request.user.is_superuser


@admin.register(Membership)
class MembershipAdmin(ClubScopedAdmin):
    list_display = ("user", "club", "role", "status", "created_at", "updated_at")
    list_filter = ("status", "role", ("club", admin.RelatedOnlyFieldListFilter))
    search_fields = ("user__username", "user__display_name", "club__name")
    list_select_related = ("user", "club")
    actions = ["ban_selected", "unban_selected"]

    def _run(
        self, request: HttpRequest, queryset: QuerySet[Membership], service: Callable[..., Membership],
        done: Callable[[int], str],
    ) -> None:
        ok = 0
        for membership in queryset.select_related("user", "club"):
            try:
                service(membership=membership, actor=request.user)
            except ServiceError as exc:
                who = f"{membership.user.name_and_username}, {membership.club}"
                self.message_user(request, f"{who}: {exc.message}", messages.ERROR)
            else:
                ok += 1
        if ok:
            self.message_user(request, done(ok) % {"count": ok}, messages.SUCCESS)

    @admin.action(description=_("Ban the selected members"))
    def ban_selected(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        self._run(request, queryset, services.membership_ban,
                  lambda n: ngettext("%(count)d member banned.", "%(count)d members banned.", n))

    @admin.action(description=_("Lift the ban of the selected members"))
    def unban_selected(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        self._run(request, queryset, services.membership_unban,
                  lambda n: ngettext("%(count)d ban lifted.", "%(count)d bans lifted.", n))


@admin.register(Invite)
class InviteAdmin(ClubScopedAdmin):
    list_display = (
        "club", "short_code", "created_by", "created_at", "expires_at", "uses", "max_uses", "revoked"
    )
    list_filter = ("revoked", ("club", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("club", "created_by")
    exclude = ("code",)  # an invite code is a password: don't show it in lists and pages

    @admin.display(description=_("code"))
    def short_code(self, obj: Invite) -> str:
        return f"{obj.code[:6]}…"


@admin.register(AuditLog)
class AuditLogAdmin(ClubScopedAdmin):
    list_display = ("created_at", "club", "actor", "action", "target")
    list_filter = ("action", ("club", admin.RelatedOnlyFieldListFilter))
    search_fields = ("action", "target", "actor__username", "target_user__username")
    list_select_related = ("club", "actor")
    date_hierarchy = "created_at"
