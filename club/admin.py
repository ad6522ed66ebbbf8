"""The Django admin for clubs.

Access needs ``is_staff`` (a superuser grants it; becoming a manager does not). A staff user who is not
a superuser sees only the clubs they manage (``clubs_managed_by``) and everything in them, read-only:
changes to people go through the services, here as admin actions, so each one is checked and audited.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from . import selectors, services
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


class ClubScopedAdmin(admin.ModelAdmin):
    """Superusers see everything; other staff see the rows of the clubs they manage, read-only."""

    club_field = "club"

    def _managed(self, request: HttpRequest) -> QuerySet[Club]:
        return selectors.clubs_managed_by(user=request.user)

    def _club_id_of(self, obj: Model) -> int | None:
        return obj.pk if self.club_field == "pk" else getattr(obj, f"{self.club_field}_id")

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        qs = super().get_queryset(request)
        if request.user.is_superuser:
            return qs
        return qs.filter(**{f"{self.club_field}__in": self._managed(request)})

    def _may_see(self, request: HttpRequest, obj: Model | None) -> bool:
        user = request.user
        if not (user.is_active and user.is_staff):
            return False
        if user.is_superuser:
            return True
        managed = self._managed(request)
        if obj is None:
            return managed.exists()
        return managed.filter(pk=self._club_id_of(obj)).exists()

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self._may_see(request, None)

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return self._may_see(request, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    club_field = "pk"
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

    def _run(self, request: HttpRequest, queryset: QuerySet[Membership], service, done: str) -> None:
        ok = 0
        for membership in queryset.select_related("user", "club"):
            try:
                service(membership=membership, actor=request.user)
            except ServiceError as exc:
                who = f"{membership.user} @ {membership.club}"
                self.message_user(request, f"{who}: {exc.message}", messages.ERROR)
            else:
                ok += 1
        if ok:
            self.message_user(request, done % {"count": ok}, messages.SUCCESS)

    @admin.action(description=_("Ban the selected members"))
    def ban_selected(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        self._run(request, queryset, services.membership_ban, gettext("%(count)d member(s) banned."))

    @admin.action(description=_("Lift the ban of the selected members"))
    def unban_selected(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        self._run(request, queryset, services.membership_unban, gettext("%(count)d ban(s) lifted."))


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
