"""The Django admin for clubs.

Owners and managers see the clubs they manage, read-only (``club.admin_site``); superusers see all.
Changes to people go through the services, here as admin actions, so each one is checked and audited.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME, ActionForm
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.views.main import ERROR_FLAG
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.forms import AdminPasswordChangeForm, SetUnusablePasswordMixin, UserChangeForm
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError
from django.db.models import BooleanField, ExpressionWrapper, Model, Prefetch, Q, QuerySet
from django.http import HttpRequest, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.template.response import TemplateResponse
from django.urls import URLPattern, URLResolver, path, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.text import format_lazy
from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import services
from .admin_site import (
    PEOPLE_IN_A_FILTER,
    AuditedSiteRecordsAdmin,
    ClubScopedAdmin,
    ClubsOfTheRowsFilter,
    admin_clubs_for,
    changed_fields,
    filter_id,
)
from .csv_stream import csv_response, csv_text
from .errors import ServiceError
from .fields import WallClockField, WholeNumberField
from .forms import KeptIfUntouched, LoadedField, club_form_loaded
from .models import (
    AUDIT_ACTION_LABELS,
    AuditLog,
    Club,
    Invite,
    Membership,
    User,
    invite_maker_manages,
    validate_visible_text,
)


def person(user: User | None) -> str:
    """How the admin names a person: display names are not unique, so the username goes beside it."""
    return user.name_and_username if user is not None else "—"


UNBANNED_OUT = _("A player whose ban is lifted may join the club again; until he does, he is not a member.")


class MemberFilter(admin.SimpleListFilter):
    """Filter by person, each named with his username ("Vera (@vera)"), among the clubs the user
    may see."""

    title = _("member")
    parameter_name = "member"
    user_path = "user"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        among = User.objects.filter(pk__in=model_admin.get_queryset(request).values(self.user_path))
        users = list(among.order_by("username")[: PEOPLE_IN_A_FILTER + 1])
        if len(users) > PEOPLE_IN_A_FILTER:
            # A club after a year has hundreds: a sidebar of 500 names (1,000 on the audit log, with
            # its two such filters) outweighed the page, and cut at 500 it silently left the rest
            # out. The search box finds a person; the filter keeps the one chosen, if any.
            chosen = filter_id(self.value())
            users = list(among.filter(pk=chosen)) if chosen is not None else []
        return [(str(u.pk), u.name_and_username) for u in users]

    def has_output(self) -> bool:
        # Django applies only the filters it shows: one that lists nobody (too many people) still
        # filters by the person of the address, or by nobody for a value that is no one's.
        return bool(self.value()) or super().has_output()

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        if not value:
            return queryset
        chosen = filter_id(value)
        if chosen is None:
            return queryset.none()
        return queryset.filter(**{f"{self.user_path}_id": chosen})


class ClubPeopleFilter(MemberFilter):
    """A person of the moderation log, chosen among the people of the clubs the reader sees (their
    memberships: an index probe per club), not found in the log: reading who acted (and on whom)
    read the club's whole log, twice, on every page of the list (100-360 ms at 109,000 lines).
    Someone in the log who was never a member (the site's operator) is found with the search box.
    The person the address names is kept if he is one of those, or in the rows the reader sees: any
    account's id typed there named him in the sidebar, a member of another club too (review 103)."""

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        clubs = admin_clubs_for(request.user).values("pk")
        among = User.objects.filter(pk__in=Membership.objects.filter(club_id__in=clubs).values("user_id"))
        users = list(among.order_by("username")[: PEOPLE_IN_A_FILTER + 1])
        if len(users) > PEOPLE_IN_A_FILTER:
            chosen = filter_id(self.value())
            in_rows = model_admin.get_queryset(request).filter(**{f"{self.user_path}_id": chosen})
            users = (
                list(User.objects.filter(pk=chosen))
                if chosen is not None and (among.filter(pk=chosen).exists() or in_rows.exists())
                else []
            )
        return [(str(u.pk), u.name_and_username) for u in users]


class TargetUserFilter(ClubPeopleFilter):
    title = _("on member")
    parameter_name = "target_user"
    user_path = "target_user"


class ActorFilter(ClubPeopleFilter):
    """Who did it: a manager (or the member himself)."""

    title = _("by")
    parameter_name = "actor"
    user_path = "actor"


class ActionFilter(admin.SimpleListFilter):
    """Audit actions by their translated labels, not their dotted codes."""

    title = _("action")
    parameter_name = "action"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        # The actions the site writes, a fixed list: the DISTINCT actions of the reader's rows read
        # the club's whole log on every page of the list. One chosen by the address is kept.
        used = set(AUDIT_ACTION_LABELS)
        if self.value():
            used.add(self.value())
        return sorted(
            ((code, str(AUDIT_ACTION_LABELS.get(code, code))) for code in used), key=lambda item: item[1]
        )

    def queryset(self, request: HttpRequest, queryset: QuerySet[AuditLog]) -> QuerySet[AuditLog]:
        return queryset.filter(action=self.value()) if self.value() else queryset


class ModerationFields(forms.Form):
    """What a ban or a suspension says to the member, and when it ends."""

    reason = forms.CharField(
        label=_("Reason"), max_length=500, required=False, validators=[validate_visible_text]
    )
    # Read as the club page's ban and suspension read it (``club.forms.BanForm``): an hour the clocks
    # pass twice is its first, one they skip is said so. Django's own field refused both in words
    # that said only "may be ambiguous or may not exist" (left behind by review 89).
    until = WallClockField(
        label=_("Until"),
        required=False,
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )


def moderation_form_errors(form: ModerationFields) -> list[str]:
    """What is wrong with the reason or the end typed beside a ban or a suspension, field by field."""
    texts: list[str] = []
    for name, errors in form.errors.as_data().items():
        for error in errors:
            if name == "until" and error.code in ("skipped_time", "ambiguous_timezone"):
                # A time the manager's clock skips: the words say so, name his time zone and what to
                # do ("not a date and time" left him nothing to change).
                texts.extend(error.messages)
            elif name == "until":
                texts.append(str(_("The end is not a date and time.")))
            elif name == "reason" and error.code == "max_length":
                params = error.params or {}
                texts.append(
                    str(_("The reason is too long (characters: %(length)d, at most: %(limit)d)."))
                    % {"length": params.get("show_value", 0), "limit": params.get("limit_value", 0)}
                )
            else:
                label = form.fields[name].label if name in form.fields else name
                for message in error.messages:
                    texts.append(str(_("%(field)s: %(error)s")) % {"field": label, "error": message})
    return texts


class ModerationActionForm(ActionForm):
    """Beside the action list, so a ban or a suspension is given with its reason and end. The two
    fields are only drawn and passed on here: Django answers an invalid action form with "No action
    selected.", so ``MembershipAdmin._moderation`` checks them (``ModerationFields``) and says what is
    wrong."""

    reason = forms.CharField(
        label=_("Reason"), required=False, widget=forms.TextInput(attrs={"maxlength": "500"})
    )
    until = forms.CharField(
        label=_("Until"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    # When the list was shown: a lift of a row ticked across the list's pages, which the page did not
    # show, refuses a ban or a suspension placed after it (the rows shown carry their own,
    # ``MembershipAdmin.ban``).
    # No label: Django's action bar writes a field's label beside it, hidden or not ("Shown at").
    shown_at = forms.CharField(
        label="", required=False, widget=forms.HiddenInput, initial=lambda: timezone.now().isoformat()
    )


def shown_at(request: HttpRequest) -> datetime | None:
    """When the list an action was sent from was shown (None if not said, or unreadable)."""
    try:
        when = datetime.fromisoformat(request.POST.get("shown_at", ""))
    except ValueError:
        return None
    return when if timezone.is_aware(when) else None


def across_pages_shown_at(model_admin: admin.ModelAdmin, request: HttpRequest) -> datetime | bool:
    """For an action on "all N across the pages" (Django's select-across, the list as it stands when
    the action runs): when the list was shown, for the caller to refuse rows created or changed since.
    True for rows ticked on the page (they are the rows the manager saw); False, with a message, when
    the time the list was shown cannot be read (nothing is to be done)."""
    if request.POST.get("select_across") != "1":
        return True
    when = shown_at(request)
    if when is None:
        model_admin.message_user(
            request,
            _("The ticked rows could not be read (the page was changed?): nothing was done."),
            messages.ERROR,
        )
        return False
    return when


def across_pages_rows(
    model_admin: admin.ModelAdmin,
    request: HttpRequest,
    queryset: QuerySet[Any],
    came: Callable[[datetime], Q],
    words: Callable[[int], str],
) -> QuerySet[Any] | None:
    """The rows an action is to act on, or None (with a message) when it is refused. Rows ticked on
    the page are the rows the manager saw. "All N across the pages" is refused whole, with ``words``,
    if it holds rows that ``came`` after the list was shown (``came(when)``); else it is the rows of
    that same read. Counted by one query and acted on by another, a row filed between the two (a
    member joining, a grant filed by another manager) was acted on unseen (review 149): one
    statement reads the selection and whether each row came since, and the action gets those rows,
    by id."""
    when = across_pages_shown_at(model_admin, request)
    if isinstance(when, bool):
        return queryset if when else None
    flagged = ExpressionWrapper(came(when), output_field=BooleanField())
    rows = list(queryset.annotate(came_since_shown=flagged).values_list("pk", "came_since_shown"))
    count = sum(1 for _pk, since in rows if since)
    if count:
        model_admin.message_user(request, words(count) % {"count": count}, messages.ERROR)
        return None
    return queryset.filter(pk__in=[pk for pk, _since in rows])


class SitePasswordChangeForm(AdminPasswordChangeForm):
    """Django's form for a superuser setting someone's password, with its help in the reader's
    language: Django builds that help by adding a lazy translation to a plain string when it is
    imported, so it is English for everyone, and its warning is not marked for translation."""

    usable_password_help_text = format_lazy(
        '{}<ul id="id_unusable_warning" class="messagelist"><li class="warning">{}</li></ul>',
        SetUnusablePasswordMixin.usable_password_help_text,
        _("If disabled, the current password for this user will be lost."),
    )


class SiteUserChangeForm(KeptIfUntouched, UserChangeForm):
    """Django's, checking a new name under the rows of the person's clubs held (in id order, as an
    entry into a club and a profile's rename hold them): checked without, an operator's rename and a
    look-alike's join at the same moment each passed before the other was written (review 91's race,
    on the profile). The admin's change view is one transaction: the rows stay held to its save.
    The person's own fields keep what he changed meanwhile (``KeptIfUntouched``), and so do the
    operators' own: another operator's switching the account off, taking its staff status or renaming
    it was put back by an unrelated save of a page opened before (review 103); so were its groups, its
    own permissions and its first and last name, and a group taken away meanwhile was given back
    (review 113)."""

    KEPT_IF_UNTOUCHED = (
        *KeptIfUntouched.KEPT_IF_UNTOUCHED,
        "username",
        "first_name",
        "last_name",
        "is_active",
        "is_staff",
        "is_superuser",
        "groups",
        "user_permissions",
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.instance.pk is not None and {"username", "display_name"} & set(self.changed_data):
            clubs = Membership.objects.filter(user_id=self.instance.pk).values("club_id")
            list(Club.objects.select_for_update(no_key=True).filter(pk__in=clubs).order_by("pk").values_list("pk"))
        return cleaned


@admin.register(User)
class SiteUserAdmin(AuditedSiteRecordsAdmin, UserAdmin):
    form = SiteUserChangeForm
    change_password_form = SitePasswordChangeForm
    fieldsets = (
        *UserAdmin.fieldsets,
        (_("Profile"), {"fields": ("display_name", "preferred_language", "time_zone")}),
    )
    list_display = ("username", "display_name", "email", "is_staff", "is_active", "date_joined")
    search_fields = (
        "username",
        "display_name",
        "email",
        # And as read (any case, look-alike letters), as the site's own search reads names.
        "username_skeleton__looks_like",
        "display_skeleton__looks_like",
    )
    # Shown, not edited: a page opened before the person's next log-in put the older time back, and
    # the last log-in is part of a password-reset link's hash, so a link that log-in spent worked again.
    readonly_fields = ("last_login", "date_joined")

    # A superuser's edits of people (staff and superuser flags, active, groups, password) were in
    # Django's own history only: the moderation log is what the site's people are audited by.
    audit_prefix = "user"

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: Any = None,
    ) -> HttpResponseBase:
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except IntegrityError:
            # Another account took the name (or a look-alike of it, in any case) after this form's
            # check, and the unique forms refused the row: asked again, the form says why (its
            # changes were rolled back with the row).
            return super().changeform_view(request, object_id, form_url, extra_context)

    def audit(self, request: HttpRequest, action: str, obj: Model, message: Any) -> None:
        services.audit_log_write(
            action=action,
            actor=request.user,  # type: ignore[arg-type]
            club=None,
            target_user=None if action == "user.deleted" else obj,  # type: ignore[arg-type]
            target=obj.username,  # type: ignore[attr-defined]
            data=changed_fields(message),
        )


class SiteGroupForm(KeptIfUntouched, forms.ModelForm):
    """A group's name and permissions keep what another operator saved meanwhile, as a person's page
    keeps his groups (review 113): a permission taken from the group was given back, to all its
    members, by a rename saved from a page opened before."""

    KEPT_IF_UNTOUCHED = ("name", "permissions")

    class Meta:
        model = Group
        fields = ("name", "permissions")


admin.site.unregister(Group)  # django.contrib.auth's, registered first (INSTALLED_APPS)


@admin.register(Group)
class SiteGroupAdmin(GroupAdmin):
    form = SiteGroupForm


class ClubAdminForm(forms.ModelForm):
    """A superuser's edit of a club: the checks of the owner's settings page (``club_settings_check``:
    a name that reads like another club's, chip limits in range), said on the form; the change itself
    is made by ``club_update`` (``ClubAdmin.save_model``), so it is audited like the owner's."""

    loaded = LoadedField()

    class Meta:
        model = Club
        fields = ("name", "description", "join_policy", *services.CHIP_LIMITS)
        # Chips are typed in the digits 0-9 only, as on the settings page ("５０" or "1_000" refused).
        field_classes = dict.fromkeys(services.CHIP_LIMITS, WholeNumberField)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.fields["loaded"].initial = club_form_loaded(self.instance)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            checked = {k: v for k, v in self.settings(cleaned).items() if k != "loaded"}
            services.club_settings_check(club=self.instance, **checked)
            if cleaned.get("loaded") is not None:
                # Said on the form, beside the values: after save_model Django would add "changed
                # successfully" under the refusal. club_update asks again under the lock.
                services.club_settings_merge(club=self.instance, wanted=checked, loaded=cleaned["loaded"])
        except ServiceError as exc:
            raise forms.ValidationError(exc.message) from None
        return cleaned

    @staticmethod
    def settings(cleaned: dict[str, Any]) -> dict[str, Any]:
        """The keyword arguments of ``club_update`` from the form's cleaned data."""
        return {
            "name": cleaned["name"],
            "description": cleaned.get("description") or "",
            "join_policy": cleaned["join_policy"],
            **{key: cleaned[key] for key in services.CHIP_LIMITS},
            "loaded": cleaned.get("loaded"),
        }


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    club_path = "pk"
    list_display = ("name", "slug", "join_policy", "owner_label", "created_by_label", "created_at")
    list_select_related = ("created_by",)
    list_filter = ("join_policy",)
    search_fields = ("name", "slug", "name_skeleton__looks_like")
    form = ClubAdminForm
    # default_preset is not one of the owner's settings (nothing offers it): shown, not edited.
    readonly_fields = ("slug", "default_game", "created_by", "created_at")

    def get_fields(self, request: HttpRequest, obj: Model | None = None) -> Any:
        fields = super().get_fields(request, obj)
        if not self.has_change_permission(request, obj):
            # The form's hidden check of what the editor loaded: a manager's read-only page showed it
            # as a line of its own, "Loaded: None".
            fields = [f for f in fields if f != "loaded"]
        return fields

    @admin.display(description=_("default game"))
    def default_game(self, obj: Club) -> str:
        from games.howto import preset_title  # the games app builds on this one

        return preset_title(obj.default_preset)

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        # The operator (superuser and staff) may fix a club's name, description or policy; people
        # change through the services. A superuser whose staff status was taken away (Django's way
        # of closing its admin to someone) reaches the admin only as his club's manager, read-only
        # as every manager (review 121: he edited his club's name and limits here).
        user = request.user
        return bool(user.is_active and user.is_superuser and user.is_staff)

    def save_model(self, request: HttpRequest, obj: Club, form: ClubAdminForm, change: bool) -> None:
        # Through the service, not obj.save(): checked again under the club's lock and audited.
        try:
            services.club_update(club=obj, actor=request.user, **form.settings(form.cleaned_data))
        except ServiceError as exc:
            if exc.code != "unchanged":
                # Refused under the lock (the owner saved a change after this form was checked): said
                # instead of Django's "changed successfully", and no change goes into the history.
                request._club_update_refused = exc.message  # type: ignore[attr-defined]

    def log_change(self, request: HttpRequest, obj: Model, message: Any) -> Any:
        if getattr(request, "_club_update_refused", None) is not None:
            return None
        return super().log_change(request, obj, message)

    def response_change(self, request: HttpRequest, obj: Club) -> HttpResponseBase:
        refused = getattr(request, "_club_update_refused", None)
        if refused is None:
            return super().response_change(request, obj)
        # The page again, with what is stored now: the refusal asks the operator to read it.
        self.message_user(request, refused, messages.ERROR)
        return HttpResponseRedirect(reverse("admin:club_club_change", args=[obj.pk]))

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        # The owner of each row, read once for the page: since a club can be handed over, its
        # founder ("created by") need not be whom it answers to.
        owners = Membership.objects.filter(role=Membership.Role.OWNER).select_related("user")
        return super().get_queryset(request).prefetch_related(Prefetch("memberships", owners, "owners"))

    @admin.display(description=_("owner"))
    def owner_label(self, obj: Club) -> str:
        owners = getattr(obj, "owners", None)
        if owners is None:
            owners = list(obj.memberships.filter(role=Membership.Role.OWNER).select_related("user"))
        return person(owners[0].user) if owners else ""

    @admin.display(description=_("created by"), ordering="created_by__username")
    def created_by_label(self, obj: Club) -> str:
        return person(obj.created_by)


class DormantFilter(admin.SimpleListFilter):
    """Members the nightly mark found without a deal for 90 days: the club page lists the first of
    them and links here for the rest."""

    title = _("Dormant members")
    parameter_name = "dormant"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("1", _("Yes")), ("0", _("No"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() == "1":
            return queryset.filter(status=Membership.Status.ACTIVE, dormant_since__isnull=False)
        if self.value() == "0":
            return queryset.filter(dormant_since__isnull=True)
        return queryset


@admin.register(Membership)
class MembershipAdmin(ClubScopedAdmin):
    list_display = ("member", "club", "role", "status", "ban", "suspension", "created_at", "updated_at")
    list_filter = ("status", "role", DormantFilter, ("club", ClubsOfTheRowsFilter), MemberFilter)
    search_fields = (
        "user__username",
        "user__display_name",
        "club__name",
        "user__username_skeleton__looks_like",
        "user__display_skeleton__looks_like",
        "club__name_skeleton__looks_like",
    )
    list_select_related = ("user", "club")
    # Without one, Django listed the rows newest first by id: a manager's two clubs interleaved, and
    # one club's people in the order they first came (review 113). By club, then by the username
    # (unique, as the filters and the rows name people).
    ordering = ("club__name", "user__username")
    fields = (
        "member",
        "club",
        "role",
        "status",
        "ban_reason",
        "banned_at",
        "ban_until",
        "suspended_until",
        "suspend_reason",
        "created_at",
        "updated_at",
    )
    readonly_fields = fields
    actions = [
        "approve_selected",
        "refuse_selected",
        "ban_selected",
        "unban_selected",
        "suspend_selected",
        "unsuspend_selected",
        "hand_over_selected",
    ]
    action_form = ModerationActionForm

    @admin.display(description=_("member"), ordering="user__username")
    def member(self, obj: Membership) -> str:
        return person(obj.user)

    @admin.display(description=_("ban"), ordering="banned_at")
    def ban(self, obj: Membership) -> str:
        """When, why and until when, for a banned member (a ban with an end read as one for good),
        and which ban the row shows, sent back with a lift (``seen``, as the club page's)."""
        return format_html(
            '{}<input type="hidden" name="seen-ban-{}" value="{}">', self._ban_text(obj), obj.pk, obj.ban_seen
        )

    def _ban_text(self, obj: Membership) -> str:
        if not obj.is_banned:
            return ""
        when = date_format(localtime(obj.banned_at), "SHORT_DATE_FORMAT") if obj.banned_at else ""
        until = ""
        if obj.ban_until is not None:
            end = date_format(localtime(obj.ban_until), "SHORT_DATETIME_FORMAT")
            until = _("until %(date)s") % {"date": end}
        reason = obj.ban_reason or str(_("no reason given"))
        return " · ".join(part for part in (when, reason, until) if part)

    @admin.display(
        description=Membership._meta.get_field("suspended_until").verbose_name, ordering="suspended_until"
    )
    def suspension(self, obj: Membership) -> str:
        """Until when and why, for a member kept away from the tables: his status reads "Active", and
        the list offered "Lift the suspension" without showing whom it would concern. With which
        suspension the row shows, as ``ban``."""
        text = ""
        if obj.is_suspended:
            until = date_format(localtime(obj.suspended_until), "SHORT_DATETIME_FORMAT")
            text = " · ".join(part for part in (until, obj.suspend_reason) if part)
        return format_html(
            '{}<input type="hidden" name="seen-suspension-{}" value="{}">', text, obj.pk, obj.suspension_seen
        )

    def _run(
        self,
        request: HttpRequest,
        queryset: QuerySet[Membership],
        service: Callable[..., Membership],
        done: Callable[[int], str],
        per_row: Callable[[Membership], dict[str, Any]] | None = None,
        **extra: Any,
    ) -> None:
        ok = 0
        for membership in queryset.select_related("user", "club"):
            try:
                own = per_row(membership) if per_row is not None else {}
                service(membership=membership, actor=request.user, **extra, **own)
            except ServiceError as exc:
                who = f"{membership.user.name_and_username}, {membership.club}"
                # What was asked already so (the action sent again) is news, not a failure.
                level = messages.INFO if exc.done else messages.ERROR
                self.message_user(request, f"{who}: {exc.message}", level)
            else:
                ok += 1
        if ok:
            self.message_user(request, done(ok) % {"count": ok}, messages.SUCCESS)

    def _moderation(self, request: HttpRequest) -> dict[str, Any] | None:
        """The reason and end date typed beside the action (None, with a message, when unreadable)."""
        form = ModerationFields(request.POST)
        if not form.is_valid():
            for text in moderation_form_errors(form):
                self.message_user(request, text, messages.ERROR)
            return None
        return {"reason": form.cleaned_data.get("reason") or "", "until": form.cleaned_data.get("until")}

    def _as_shown(self, request: HttpRequest, queryset: QuerySet[Membership]) -> QuerySet[Membership] | None:
        """The rows an action is about, if they are the rows the manager saw (else None, with a
        message). Rows ticked on the page are; "all N across the pages" (Django's select-across) is the
        list as it stands when the action runs, and banned or suspended with the rest a member who
        joined (or came back, or changed) after the list was shown, unseen (review 121). Such a
        selection is refused whole: nothing is done, and the manager looks at the list again."""
        return across_pages_rows(
            self,
            request,
            queryset,
            lambda when: Q(created_at__gt=when) | Q(updated_at__gt=when),
            lambda count: ngettext(
                "Nothing was done: %(count)d member of those selected across the pages joined the "
                "club or changed after the list was shown. Look at the list again and select anew.",
                "Nothing was done: %(count)d members of those selected across the pages joined the "
                "club or changed after the list was shown. Look at the list again and select anew.",
                count,
            ),
        )

    # The club page lists the first fifty requests to join and sends a manager here for the rest,
    # where nothing let him answer them (review 156). The club page's services answer them, so one
    # answered meanwhile (another manager, his own double click) is said so, not answered twice.
    @admin.action(description=_("Approve the selected requests to join"))
    def approve_selected(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        rows = self._as_shown(request, queryset)
        if rows is not None:
            self._run(
                request,
                rows,
                services.membership_approve,
                lambda n: ngettext(
                    "%(count)d request to join approved.", "%(count)d requests to join approved.", n
                ),
            )

    @admin.action(description=_("Refuse the selected requests to join"))
    def refuse_selected(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        rows = self._as_shown(request, queryset)
        if rows is not None:
            self._run(
                request,
                rows,
                services.membership_refuse,
                lambda n: ngettext(
                    "%(count)d request to join refused.", "%(count)d requests to join refused.", n
                ),
            )

    @admin.action(description=_("Ban the selected members (reason and end beside)"))
    def ban_selected(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        extra = self._moderation(request)
        rows = self._as_shown(request, queryset) if extra is not None else None
        if extra is not None and rows is not None:
            self._run(
                request,
                rows,
                services.membership_ban,
                lambda n: ngettext("%(count)d member banned.", "%(count)d members banned.", n),
                **extra,
            )

    @admin.action(description=_("Suspend the selected members from the tables (reason and end beside)"))
    def suspend_selected(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        extra = self._moderation(request)
        rows = self._as_shown(request, queryset) if extra is not None else None
        if extra is not None and rows is not None:
            self._run(
                request,
                rows,
                services.membership_suspend,
                lambda n: ngettext("%(count)d member suspended.", "%(count)d members suspended.", n),
                **extra,
            )

    @admin.action(description=_("Lift the suspension of the selected members"))
    def unsuspend_selected(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        when = shown_at(request)
        self._run(
            request,
            queryset,
            services.membership_unsuspend,
            lambda n: ngettext("%(count)d suspension lifted.", "%(count)d suspensions lifted.", n),
            # Which suspension the row showed: one placed since is refused, as on the club page (a row
            # the page did not show: by when the page was shown).
            per_row=lambda row: {"seen": request.POST.get(f"seen-suspension-{row.pk}"), "shown_at": when},
        )

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        actions = super().get_actions(request)
        user = request.user
        owns = Membership.objects.filter(
            user=user, role=Membership.Role.OWNER, status=Membership.Status.ACTIVE
        ).exists()
        confirmed = (
            request.method == "POST"
            and request.POST.get("action") == "hand_over_selected"
            and request.POST.get("confirm") == "1"
        )
        if not (owns or confirmed or (user.is_superuser and user.is_staff)):
            # Only an owner (or the operator) hands a club over: a manager was offered it to be refused.
            # The confirmation still reaches the service, which says why (review 141): pressed twice,
            # or in a second tab after the club went to someone else, its sender is no owner any more,
            # and Django answered "No action selected.", which told him nothing of his club.
            actions.pop("hand_over_selected", None)
        return actions

    @admin.action(description=_("Make the selected manager the club's owner"))
    def hand_over_selected(
        self, request: HttpRequest, queryset: QuerySet[Membership]
    ) -> TemplateResponse | None:
        """The club page's hand-over, for the site's operator too: he is no member of the club, so
        its page shows him nobody to act on (the club of an owner whose account is switched off)."""
        rows = list(queryset.select_related("user", "club")[:2])
        if len(rows) != 1:
            self.message_user(
                request, _("Tick one manager: the club he manages gets him as its owner."), messages.ERROR
            )
            return None
        target = rows[0]
        if request.POST.get("confirm") != "1":
            # A row the hand-over would refuse (a plain member, the owner himself, a banned one) is
            # refused here, with its reason: the page asked to confirm it, and only its button said
            # no (review 149). The hand-over asks again when confirmed.
            try:
                services.club_hand_over_check(membership=target, actor=request.user)
            except ServiceError as exc:
                self.message_user(request, exc.message, messages.INFO if exc.done else messages.ERROR)
                return None
            # Asked first, as the club page asks: one wrong line of the action list handed the club
            # over at once, and only its new owner could give it back (review 113).
            context = {
                **self.admin_site.each_context(request),
                "title": _("Make %(name)s the owner of %(club)s?")
                % {"name": target.user.name_and_username, "club": target.club.name},
                "name": target.user.name_and_username,
                "club": target.club.name,
                "membership": target,
                "opts": self.model._meta,
                "action_checkbox_name": ACTION_CHECKBOX_NAME,
            }
            return TemplateResponse(request, "admin/club/membership/hand_over.html", context)
        # Whether he was the owner, to say he stays a manager, as the club page says (review 139: he
        # read only who owned the club now, and not whether he still managed it).
        was_owner = Membership.objects.filter(
            club_id=target.club_id, user=request.user, role=Membership.Role.OWNER
        ).exists()
        try:
            services.club_hand_over(membership=target, actor=request.user)
        except ServiceError as exc:
            self.message_user(request, exc.message, messages.INFO if exc.done else messages.ERROR)
        else:
            values = {"name": target.user.shown_name, "club": target.club.name}
            if was_owner:
                text = _("%(name)s is now the owner of %(club)s; you stay one of its managers.") % values
            else:
                text = _("%(name)s is now the owner of %(club)s.") % values
            self.message_user(request, text, messages.SUCCESS)
        return None

    @admin.action(description=_("Lift the ban of the selected members"))
    def unban_selected(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        when = shown_at(request)
        self._run(
            request,
            queryset,
            services.membership_unban,
            # A lifted ban leaves him out of the club (status "left"): the manager read "ban lifted"
            # and looked for him among the members.
            lambda n: (
                ngettext("%(count)d ban lifted.", "%(count)d bans lifted.", n) + " " + str(UNBANNED_OUT)
            ),
            # Which ban the row showed (review 113: a ban placed after the list was loaded was lifted
            # unseen); a row the page did not show, by when the page was shown.
            per_row=lambda row: {"seen": request.POST.get(f"seen-ban-{row.pk}"), "shown_at": when},
        )


@admin.register(Invite)
class InviteAdmin(ClubScopedAdmin):
    list_display = (
        "club",
        "short_code",
        "created_by_label",
        "created_at",
        "expires_at",
        "uses",
        "max_uses",
        "revoked",
        "lets_people_in",
    )
    list_filter = ("revoked", ("club", ClubsOfTheRowsFilter))
    list_select_related = ("club", "created_by")
    exclude = ("code",)  # an invite code is a password: don't show it in lists and pages

    def get_queryset(self, request: HttpRequest) -> QuerySet[Invite]:
        # Whether each link's maker still manages the club, read with the rows (``Invite.maker_manages``).
        manages = ExpressionWrapper(invite_maker_manages(), output_field=BooleanField())
        return super().get_queryset(request).annotate(maker_manages_now=manages)

    @admin.display(description=_("lets people in"), boolean=True)
    def lets_people_in(self, obj: Invite) -> bool:
        # A link whose maker was demoted or left read as any other link not withdrawn (review 78).
        return obj.is_usable

    @admin.display(description=_("code"))
    def short_code(self, obj: Invite) -> str:
        return f"{obj.code[:6]}…"

    @admin.display(description=_("created by"), ordering="created_by__username")
    def created_by_label(self, obj: Invite) -> str:
        return person(obj.created_by)


@admin.register(AuditLog)
class AuditLogAdmin(ClubScopedAdmin):
    list_display = ("created_at", "club", "actor_label", "action_label", "target_label", "details")
    list_filter = (
        ActionFilter,
        ("club", ClubsOfTheRowsFilter),
        ActorFilter,
        TargetUserFilter,
        ("created_at", admin.DateFieldListFilter),
    )
    change_list_template = "admin/club/auditlog/change_list.html"

    def get_urls(self) -> list[URLPattern | URLResolver]:
        return [
            path("export.csv", self.admin_site.admin_view(self.export_csv), name="club_auditlog_export"),
            *super().get_urls(),
        ]

    def export_csv(self, request: HttpRequest) -> HttpResponseBase:
        """The moderation log as shown (its filters, search and dates), in words, as CSV."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        try:
            rows = self.get_changelist_instance(request).get_queryset(request)
        except IncorrectLookupParameters:
            return HttpResponseRedirect(f"{reverse('admin:club_auditlog_changelist')}?{ERROR_FLAG}=1")
        # Read now (the rows are written after the view has returned): the manager's zone, as the
        # page says the times (it wrote UTC).
        zone = timezone.get_current_timezone()
        return csv_response(
            request,
            filename="moderation-log.csv",
            rows=rows.select_related("club", "actor", "target_user"),
            order=("created_at", "id"),
            header=[_("time"), _("club"), _("who"), _("action"), _("on"), _("details")],
            cells=lambda row: [
                timezone.localtime(row.created_at, zone).isoformat(timespec="seconds"),
                csv_text(row.club.name if row.club else ""),
                csv_text(row.actor_label),
                csv_text(row.action_label),
                csv_text(row.target_label),
                csv_text(row.details_text),
            ],
        )

    search_fields = (
        "action",
        "target",
        "actor__username",
        "target_user__username",
        "target_user__display_name",
        "actor__username_skeleton__looks_like",
        "target_user__username_skeleton__looks_like",
        "target_user__display_skeleton__looks_like",
    )
    list_select_related = ("club", "actor", "target_user")
    date_hierarchy = "created_at"
    # The row's data is shown as labelled lines, never as raw JSON.
    fields = ("created_at", "club", "actor_label", "action_label", "target_label", "details")
    readonly_fields = fields

    @admin.display(description=_("who"), ordering="actor__username")
    def actor_label(self, obj: AuditLog) -> str:
        return obj.actor_label

    @admin.display(description=_("action"), ordering="action")
    def action_label(self, obj: AuditLog) -> str:
        return obj.action_label

    @admin.display(description=_("on"))
    def target_label(self, obj: AuditLog) -> str:
        return obj.target_label

    @admin.display(description=_("details"))
    def details(self, obj: AuditLog) -> str:
        items = obj.details()
        if not items:
            return "—"
        return format_html(
            '<dl class="audit-details">{}</dl>', format_html_join("", "<dt>{}</dt><dd>{}</dd>", items)
        )
