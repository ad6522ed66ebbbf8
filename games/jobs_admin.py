"""The admin of the background jobs: failed-for-good tasks, for the managers of their club (a task
with no club, such as a nightly job over every club, is shown to superusers)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from club.admin_site import ClubScopedAdmin

from .models import TASK_LABELS, JobFailure


class TaskFilter(admin.SimpleListFilter):
    """The failed jobs of one task, each named by what it does (not by its Celery code)."""

    title = _("task")
    parameter_name = "task"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        tasks = model_admin.get_queryset(request).order_by("task").values_list("task", flat=True).distinct()
        return [(task, str(TASK_LABELS.get(task, task))) for task in tasks]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(task=self.value()) if self.value() else queryset

    def has_output(self) -> bool:
        return True  # shown, with its "All", while no job has failed, as the field's filter was


@admin.register(JobFailure)
class JobFailureAdmin(ClubScopedAdmin):
    list_display = ("failed_at", "task_label", "club", "error_shown", "retries")
    list_filter = (TaskFilter,)
    list_select_related = ("club",)
    date_hierarchy = "failed_at"
    fields = ("task_label", "task_id", "club", "arguments", "error", "retries", "failed_at", "traceback")
    readonly_fields = fields

    @admin.display(description=_("task"), ordering="task")
    def task_label(self, obj: JobFailure) -> str:
        return obj.task_label

    @admin.display(description=_("error"))
    def error_shown(self, obj: JobFailure) -> str:
        # The request is not at hand here: get_list_display swaps in the error's text for operators.
        return obj.error_words

    @staticmethod
    def _operator(request: HttpRequest) -> bool:
        return request.user.is_active and request.user.is_superuser and request.user.is_staff

    def get_list_display(self, request: HttpRequest) -> Any:
        shown = super().get_list_display(request)
        if not self._operator(request):
            return shown
        return ["error" if name == "error_shown" else name for name in shown]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if self._operator(request):
            return super().get_fields(request, obj)
        # A club's managers: what failed, when and the kind of error; the error's own text, the
        # task's arguments and its traceback (server addresses, roles, the code's paths) are the
        # operators'.
        return self._words(["task_label", "club", "error_shown", "retries", "failed_at"])

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return [*super().get_readonly_fields(request, obj), "error_shown"]

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.club_id is None:
            return request.user.is_active and request.user.is_superuser and request.user.is_staff
        return super().has_view_permission(request, obj)
