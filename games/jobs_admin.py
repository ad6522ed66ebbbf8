"""The admin of the background jobs: failed-for-good tasks, for the managers of their club (a task
with no club, such as a nightly job over every club, is shown to superusers)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from club.admin_site import ClubScopedAdmin

from .models import JobFailure


@admin.register(JobFailure)
class JobFailureAdmin(ClubScopedAdmin):
    list_display = ("failed_at", "task_label", "club", "error", "retries")
    list_filter = ("task",)
    list_select_related = ("club",)
    date_hierarchy = "failed_at"
    fields = ("task", "task_id", "club", "arguments", "error", "retries", "failed_at", "traceback")
    readonly_fields = fields

    @admin.display(description=_("task"), ordering="task")
    def task_label(self, obj: JobFailure) -> str:
        return obj.task

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.club_id is None:
            return request.user.is_active and request.user.is_superuser and request.user.is_staff
        return super().has_view_permission(request, obj)
