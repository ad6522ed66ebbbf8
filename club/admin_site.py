"""The admin site of Khrap Club, and the one rule for who sees what in it.

Club owners and managers work in the admin for their own clubs: access follows the club role, so a
new manager needs no flag set by hand and a demoted one loses access at once. Superusers (with staff
status, as Django expects) see every club.
"""

from __future__ import annotations

import logging
from itertools import islice
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.utils import display_for_value
from django.contrib.admin.views.main import ERROR_FLAG, ChangeList
from django.contrib.auth.views import PasswordChangeView
from django.contrib.contenttypes.models import ContentType
from django.contrib.contenttypes.views import shortcut
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import DataError, router, transaction
from django.db.models import IntegerField, Model, OuterRef, QuerySet, Subquery
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, URLResolver, path, reverse
from django.utils import timezone
from django.utils.text import smart_split
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from .fields import BoundedUsernameField, plain_id
from .forms import CheckedPasswordChangeForm
from .models import Club, Membership, User
from .password_change import SentAgainIsDone
from .selectors import clubs_managed_by
from .services import audit_log_write, manager_suspended_words

#: Apps whose records are the site's, not a club's: an edit of them (a group's permissions, a login
#: lock-out lifted by deleting its attempts) changes who may do what everywhere, so it is audited.
SITE_RECORD_APPS = frozenset({"auth", "axes"})


def _is_site_record(model_or_iterable: Any) -> bool:
    models = model_or_iterable if isinstance(model_or_iterable, list | tuple) else [model_or_iterable]
    return any(model._meta.app_label in SITE_RECORD_APPS for model in models)


def _mixed(mixin: type, admin_class: type) -> type:
    """``admin_class`` with ``mixin`` first, under its own name (the admin's pages show it)."""
    return type(
        admin_class.__name__,
        (mixin, admin_class),
        {
            "__module__": admin_class.__module__,
            "__qualname__": admin_class.__qualname__,
            "__doc__": admin_class.__doc__,
        },
    )


#: The most people a filter of the admin's sidebar lists: beyond it, none (the search box finds one).
PEOPLE_IN_A_FILTER = 50


def filter_id(value: str | None) -> int | None:
    """A filter's id from the address: digits that fit a database id, else None."""
    if value and value.isascii() and value.isdigit() and len(value) <= 18:
        return int(value)
    return None


def admin_clubs_for(user: User) -> QuerySet[Club]:
    """The clubs a user may see in the admin: all for a superuser, else the ones he manages."""
    if not user.is_active:
        return Club.objects.none()
    if user.is_superuser and user.is_staff:
        return Club.objects.all()
    return clubs_managed_by(user=user)


def admin_sees_a_club(request: HttpRequest) -> bool:
    """Whether the reader sees any club in the admin. Asked for every model of the sidebar and the
    index (view, module, add): some thirty of an admin page's forty-odd queries were this one.
    Once per request."""
    sees = getattr(request, "_admin_sees_a_club", None)
    if sees is None:
        sees = admin_clubs_for(request.user).exists()
        request._admin_sees_a_club = sees  # type: ignore[attr-defined]
    return sees


def may_use_admin(user: Any) -> bool:
    if not (user.is_authenticated and user.is_active):
        return False
    return (user.is_superuser and user.is_staff) or clubs_managed_by(user=user).exists()


def _suspended_managing(user: User) -> list[str]:
    """Why a manager suspended from his clubs' tables manages none of them now, a sentence a club."""
    rows = (
        Membership.objects.filter(
            user=user,
            status=Membership.Status.ACTIVE,
            role=Membership.Role.MANAGER,
            suspended_until__gt=timezone.now(),
        )
        .select_related("club")
        .order_by("club__name")
    )
    return [f"{row.club.name}: {manager_suspended_words(row)}" for row in rows]


class ClubManagerAuthenticationForm(AdminAuthenticationForm):
    username = BoundedUsernameField(widget=forms.TextInput(attrs={"autofocus": True}))

    def confirm_login_allowed(self, user: User) -> None:
        if not may_use_admin(user):
            # A manager suspended from his club's tables manages it again once that ends: "log in
            # with the account that manages a club" told him his was the wrong one (review 156).
            suspended = _suspended_managing(user)
            raise ValidationError(
                " ".join(suspended)
                or _("This page is for club managers. Log in with the account that manages a club."),
                code="invalid_login",
            )


class AdminCheckedPasswordChangeForm(CheckedPasswordChangeForm):
    """The site's password change (the old password counted as a log-in counts it) as the admin
    draws its forms."""

    required_css_class = "required"  # as Django's AdminPasswordChangeForm


class AdminPasswordChangeView(SentAgainIsDone, PasswordChangeView):
    form_class = AdminCheckedPasswordChangeForm

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "request": self.request}


class KhrapAdminSite(admin.AdminSite):
    site_header = _("Khrap Club administration")
    site_title = _("Khrap Club")
    index_title = _("Your clubs")
    login_form = ClubManagerAuthenticationForm

    def has_permission(self, request: HttpRequest) -> bool:
        # Asked by each view and by its context (the sidebar, the header): once per request.
        allowed = getattr(request, "_admin_allowed", None)
        if allowed is None:
            allowed = may_use_admin(request.user)
            request._admin_allowed = allowed  # type: ignore[attr-defined]
        return allowed

    def login(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        """Django's log-in page, which a logged-in manager suspended from his club's tables reaches
        at his next click (he manages nothing meanwhile): it asked him to log in as "a different
        account", as if his were the wrong one (review 156). It says why, club by club."""
        if request.method == "GET" and request.user.is_authenticated and not self.has_permission(request):
            for words in _suspended_managing(request.user):
                messages.info(request, words)
        return super().login(request, extra_context)

    def register(self, model_or_iterable: Any, admin_class: type | None = None, **options: Any) -> None:
        """Every model admin on this site, whoever registers it (this project, django.contrib.auth,
        django-axes), answers odd query values with a 400 page, never a 500: an admin class without
        ``OddQueryValuesAdmin`` gets it mixed in under its own name."""
        admin_class = admin_class or admin.ModelAdmin
        if not issubclass(admin_class, ClubScopedAdmin | StaffOnlyAdmin):
            admin_class = _mixed(StaffOnlyAdmin, admin_class)
        if _is_site_record(model_or_iterable) and not issubclass(admin_class, AuditedSiteRecordsAdmin):
            audited = (
                AuditedLoginAttemptsAdmin
                if hasattr(admin_class, "cleanup_expired_attempts")
                else AuditedSiteRecordsAdmin
            )
            admin_class = _mixed(audited, admin_class)
        if not issubclass(admin_class, OddQueryValuesAdmin):
            admin_class = _mixed(OddQueryValuesAdmin, admin_class)
        super().register(model_or_iterable, admin_class, **options)

    def password_change(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """Django's page, with the old password checked as the log-in checks it: Django's own form let
        whoever held a manager's session guess the password without end (review 30), the way round
        the log-in's lock-out that the site's own page closed (``CheckedPasswordChangeForm``)."""
        defaults: dict[str, Any] = {
            "success_url": reverse("admin:password_change_done", current_app=self.name),
            "extra_context": {**self.each_context(request), **(extra_context or {})},
        }
        if self.password_change_template is not None:
            defaults["template_name"] = self.password_change_template
        request.current_app = self.name
        return AdminPasswordChangeView.as_view(**defaults)(request)

    def get_urls(self) -> list[URLPattern | URLResolver]:
        # Django's "view on site" shortcut redirects to any object's URL without asking whether the
        # user may see the object: fine for staff, not for every club owner (an invite's URL holds
        # its secret code). This one asks the object's ModelAdmin first.
        return [
            path(
                "r/<path:content_type_id>/<path:object_id>/",
                self.admin_view(self.view_on_site),
                name="view_on_site",
            )
            if getattr(url, "name", None) == "view_on_site"
            else url
            for url in super().get_urls()
        ]

    def view_on_site(self, request: HttpRequest, content_type_id: str, object_id: str) -> HttpResponse:
        try:
            obj = ContentType.objects.get(pk=content_type_id).get_object_for_this_type(pk=object_id)
        except (ObjectDoesNotExist, ValueError, ValidationError) as exc:
            raise Http404 from exc
        model_admin = self._registry.get(type(obj))
        if model_admin is None or not model_admin.has_view_permission(request, obj):
            raise Http404
        return shortcut(request, content_type_id, object_id)


logger = logging.getLogger("club.admin")

#: What a query-string value can raise on its way into a change list: a date before year 1 or after
#: 9999, a number no column holds (SQLite raises OverflowError, PostgreSQL a DataError), a value a
#: field cannot parse.
BAD_LOOKUP_ERRORS = (IncorrectLookupParameters, ValidationError, ValueError, OverflowError, DataError)


#: What Django's field filters append to their field's path (``RelatedFieldListFilter``:
#: ``club__id__exact`` and ``club__isnull``; choices and booleans ``__exact``; dates ``__gte`` and
#: ``__lt``; all values the bare path; empty values ``__isempty``). Nothing here leaves the field.
FIELD_FILTER_SUFFIXES = (
    "",
    "__exact",
    "__isnull",
    "__isempty",
    "__in",
    "__gte",
    "__gt",
    "__lte",
    "__lt",
    "__id__exact",
    "__pk__exact",
)


#: Words an admin search (a change list's ``q``, the autocomplete's ``term``) may hold. Each word adds
#: a condition over every search field and its joins: a thousand words, six kilobytes of address, kept
#: the database busy for most of a minute on one list, and anyone may found a club and reach the lists.
MAX_SEARCH_WORDS = 10


#: The models' names as the object of "Select %s to view", "View %s", "Add %s": Django puts the
#: name as it stands alone ("Просмотреть проводка", "Выберите сдача для просмотра"), where Russian
#: bends a feminine one ("проводку", "сдачу"). Only the names that bend; the others read right.
ACCUSATIVE_NAMES = {
    "games.tablesession": pgettext_lazy("accusative", "table session"),
    "games.deal": pgettext_lazy("accusative", "deal"),
    "ledger.adjustment": pgettext_lazy("accusative", "chip adjustment"),
    "ledger.journal": pgettext_lazy("accusative", "journal"),
    "ledger.chiprequest": pgettext_lazy("accusative", "request for chips"),
}
#: Django's page titles that name the model (its own catalogue translates them).
NAMED_TITLES = ("Select %s to view", "Select %s to change", "Select %s", "Add %s", "Change %s", "View %s")


def accusative_name(opts: Any) -> str:
    """The model's name as the object of a verb, in the reader's language."""
    name = ACCUSATIVE_NAMES.get(opts.label_lower)
    return str(name) if name is not None else str(opts.verbose_name)


def title_in_accusative(response: HttpResponse, opts: Any) -> HttpResponse:
    """The page's title (and its "Add" button and breadcrumb) with the model's name bent as the
    object it is; a title of another shape is left alone."""
    if not isinstance(response, TemplateResponse) or response.is_rendered or response.context_data is None:
        return response
    name = accusative_name(opts)
    response.context_data["accusative_name"] = name
    title = response.context_data.get("title")
    nominative = str(opts.verbose_name)
    for pattern in NAMED_TITLES:
        if title == gettext(pattern) % nominative:
            response.context_data["title"] = gettext(pattern) % name
            break
    return response


class OddQueryValuesAdmin(admin.ModelAdmin):
    """Change lists with odd query values (a NUL, a twenty-digit number, year 0 or past 9999 in a date
    hierarchy, a search of more than ``MAX_SEARCH_WORDS`` words): a 400 page or an empty list, never a
    500 or a long wait. The site gives it to every model admin registered on it
    (``KhrapAdminSite.register``), this project's and other apps' (auth, axes)."""

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Any], search_term: str
    ) -> tuple[QuerySet[Any], bool]:
        # Counted lazily: a long address is not split whole to learn it is too long.
        if sum(1 for _word in islice(smart_split(search_term), MAX_SEARCH_WORDS + 1)) > MAX_SEARCH_WORDS:
            match = getattr(request, "resolver_match", None)
            if match is None or match.url_name != "autocomplete":  # a JSON answer shows no message
                self.message_user(
                    request,
                    _("Search for at most %(count)d words at a time.") % {"count": MAX_SEARCH_WORDS},
                    messages.WARNING,
                )
            return queryset.none(), False
        return super().get_search_results(request, queryset, search_term)

    def get_object(self, request: HttpRequest, object_id: str, from_field: str | None = None) -> Any:
        # Django reads the address's id with ``int()``: "/١/change/" opened row 1 (review 159).
        field = self.model._meta.pk if from_field is None else self.model._meta.get_field(from_field)
        if isinstance(field, IntegerField) and not plain_id(object_id):
            return None
        return super().get_object(request, object_id, from_field)

    def response_action(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        # Django puts the ticked ids into ``pk__in`` as posted: "abc", "1.5", "²" or a number no
        # column holds raised in the query and every action of every list answered with a 500.
        pk = self.model._meta.pk
        for value in request.POST.getlist(helpers.ACTION_CHECKBOX_NAME):
            try:
                # ``to_python`` is ``int()``, which also read "١٢", "+12" and "1_2" as row 12 (review 159).
                if isinstance(pk, IntegerField) and not plain_id(value):
                    raise ValidationError("not an id written with the digits 0-9")
                pk.run_validators(pk.to_python(value))
            except (ValidationError, ValueError, TypeError, OverflowError):
                self.message_user(
                    request,
                    _("The ticked rows could not be read (the page was changed?): nothing was done."),
                    messages.ERROR,
                )
                return None
        self.ticked_rows_gone(request, queryset)
        return super().response_action(request, queryset)

    def ticked_rows_gone(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        """Said before an action runs on rows ticked in the list: nothing here (``ClubScopedAdmin``)."""

    def get_changelist_instance(self, request: HttpRequest) -> ChangeList:
        """Any error that a query value causes while the list is built becomes the admin's own
        ``IncorrectLookupParameters``; a savepoint keeps the request's transaction usable after a
        database refusal. Pages built on the change list (the ledger's CSV export) inherit this."""
        try:
            with transaction.atomic(using=router.db_for_read(self.model)):
                return super().get_changelist_instance(request)
        except BAD_LOOKUP_ERRORS as exc:
            logger.debug("admin %s: query values refused (%s: %s)", self.opts.label, type(exc).__name__, exc)
            raise IncorrectLookupParameters(exc) from exc

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        return title_in_accusative(
            super().changeform_view(request, object_id, form_url, extra_context), self.opts
        )

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        # Django answers bad values with a redirect to ?e=1, whose page blames the database
        # installation. Here they get a 400 that says what is wrong and links to the whole list.
        if ERROR_FLAG in request.GET:
            return self.bad_lookup_response(request)
        response = title_in_accusative(super().changelist_view(request, extra_context), self.opts)
        if isinstance(response, HttpResponseRedirect) and response.url == f"{request.path}?{ERROR_FLAG}=1":
            return self.bad_lookup_response(request)
        if isinstance(response, TemplateResponse) and not response.is_rendered:
            # Drawn here, so a value that fails only while the page is drawn (the date hierarchy of a
            # year past 9999) is caught too.
            try:
                with transaction.atomic(using=router.db_for_read(self.model)):
                    response.render()
            except BAD_LOOKUP_ERRORS as exc:
                logger.debug("admin %s: query values refused while drawing (%s)", self.opts.label, exc)
                return self.bad_lookup_response(request)
        return response

    def bad_lookup_response(self, request: HttpRequest) -> HttpResponse:
        context = {
            **self.admin_site.each_context(request),
            "title": _("These filters cannot be applied"),
            "opts": self.opts,
            "changelist_url": request.path,
        }
        return TemplateResponse(request, "admin/bad_lookup.html", context, status=400)


class StaffOnlyAdmin(admin.ModelAdmin):
    """The site's own records (people, groups, log-in lock-outs, the books' reconciliation runs and
    seals) for staff only, as Django's admin has them. A club's manager reaches the admin through his
    club, with or without the flag, and a superuser whose staff status was taken away (Django's way of
    closing its admin to someone) still manages his own club: Django's model permissions, all of them a
    superuser's, let him add operators and edit anyone (review 51). The site gives it to every model
    admin that is not a club's (``KhrapAdminSite.register``)."""

    def _staff(self, request: HttpRequest) -> bool:
        return bool(request.user.is_active and request.user.is_staff)

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self._staff(request) and super().has_module_permission(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._staff(request) and super().has_view_permission(request, obj)

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return self._staff(request) and super().has_add_permission(request, *args)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._staff(request) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._staff(request) and super().has_delete_permission(request, obj)


class AuditedSiteRecordsAdmin(admin.ModelAdmin):
    """Adds, changes and deletions of a site-wide record (a person, a group, a login lock-out record)
    go to the moderation log as well as Django's history: deleting a user's failed attempts lifts his
    lock-out, and the moderation log is what the site's people are audited by."""

    #: The action names written: "<prefix>.added", ".changed", ".deleted".
    audit_prefix = "record"

    def audit(self, request: HttpRequest, action: str, obj: Model, message: Any) -> None:
        _audit_record(request, action, obj, message)

    def log_addition(self, request: HttpRequest, obj: Model, message: Any) -> Any:
        entry = super().log_addition(request, obj, message)
        self.audit(request, f"{self.audit_prefix}.added", obj, message)
        return entry

    def log_change(self, request: HttpRequest, obj: Model, message: Any) -> Any:
        entry = super().log_change(request, obj, message)
        self.audit(request, f"{self.audit_prefix}.changed", obj, message)
        return entry

    def log_deletions(self, request: HttpRequest, queryset: Any) -> Any:
        for obj in queryset:
            self.audit(request, f"{self.audit_prefix}.deleted", obj, [])
        return super().log_deletions(request, queryset)


class AuditedLoginAttemptsAdmin(AuditedSiteRecordsAdmin):
    """django-axes' "clean up expired attempts": its own action read the time of a login attempt from
    the request (set only on a login), so in the admin it answered with a 500. Here it deletes the
    expired records, says how many in the reader's language, and logs the number (the deletion
    bypasses Django's history)."""

    @admin.action(description=_("Clean up expired attempts"))
    def cleanup_expired_attempts(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        request.axes_attempt_time = timezone.now()  # type: ignore[attr-defined]
        deleted = self.handler.clean_expired_user_attempts(request=request)  # type: ignore[attr-defined]
        if deleted:
            _audit_record(request, "record.deleted", None, [], count=deleted)
        self.message_user(
            request,
            ngettext(
                "%(count)d expired login attempt deleted.",
                "%(count)d expired login attempts deleted.",
                deleted,
            )
            % {"count": deleted},
            messages.SUCCESS,
        )


def changed_fields(message: Any) -> dict[str, Any]:
    """{"changed": "<field>, <field>"} from Django's change message (its labels, untranslated)."""
    fields: list[str] = []
    for part in message if isinstance(message, list) else []:
        fields.extend(str(name) for name in part.get("changed", {}).get("fields", []))
    return {"changed": ", ".join(fields)} if fields else {}


def _audit_record(request: HttpRequest, action: str, obj: Model | None, message: Any, count: int = 0) -> None:
    """One moderation-log row naming the record as "<kind>: <record>" (a login attempt reads as its
    username and address), with the fields changed as Django's change message names them."""
    data = changed_fields(message)
    if count:
        data["count"] = count
    if obj is None:
        target = str(_("expired login attempts"))
    else:
        who = " ".join(
            str(part) for part in (getattr(obj, "username", ""), getattr(obj, "ip_address", "")) if part
        )
        target = f"{obj._meta.verbose_name}: {who or obj}"
    audit_log_write(
        action=action,
        actor=request.user,  # type: ignore[arg-type]
        club=None,
        target=target[:200],
        data=data,
    )


#: Words for the model fields that have no verbose name of their own: Django labels those with the
#: field's name ("club", "created by", "leave after deal"), English in every language, in the
#: columns, the filters' titles and the read-only pages of the club-scoped lists.
FIELD_WORDS = {
    "club": _("club"),
    "user": _("member"),
    "created_by": _("created by"),
    "created_at": _("created at"),
    "actor": _("who"),
    "target_user": _("on"),
    "leave_after_deal": _("leaves after this deal"),
    "removed": _("stood up during the deal (default moves play the seat)"),
    "away_deals": _("deals away in a row"),
    "task_id": _("task id"),
    "request_key": _("form key"),
}


def _field_words_shown(name: str, field: Any, label: Any = None) -> Any:
    """A read-only column or line showing field ``name`` under its words (its value as Django shows
    it: a related row's name, a date in the reader's zone, a yes/no icon; a person as "Vera (@vera)")."""

    boolean = field.get_internal_type() == "BooleanField"
    person = field.is_relation and field.related_model is User

    def shown(obj: Model) -> Any:
        value = getattr(obj, name)
        if person and value is not None:
            # Display names are one club's: the operator and a manager of two clubs read two "Olga"s.
            return value.name_and_username
        # A read-only page shows a callable's value as it is (a date as ISO text): said as a column would.
        return value if boolean else display_for_value(value, "-")

    shown.__name__ = f"{name}_shown"
    shown.short_description = FIELD_WORDS[name] if label is None else label  # type: ignore[attr-defined]
    shown.admin_order_field = f"{name}__username" if person else name  # type: ignore[attr-defined]
    shown.boolean = boolean  # type: ignore[attr-defined]
    return shown


class ClubsOfTheRowsFilter(admin.RelatedOnlyFieldListFilter):
    """The "By club" filter: the clubs the reader sees that have rows in the list, as Django's
    related-only filter lists them. Django finds them as the DISTINCT club of every row the reader
    sees: in a club a year old that read every journal (every entry, every line of the log) on each
    page of the list, a third of a second and growing. Here each club the reader sees is asked for
    one row of its own (an index probe each; the lists' querysets are these clubs' rows)."""

    def field_choices(self, field: Any, request: HttpRequest, model_admin: Any) -> list[tuple[Any, str]]:
        # A first row, not EXISTS: PostgreSQL flattened EXISTS into a hash join over every row.
        one = (
            model_admin.model._default_manager.filter(**{self.field_path: OuterRef("pk")})
            .order_by()
            .values("pk")[:1]
        )
        clubs = admin_clubs_for(request.user).annotate(row=Subquery(one)).filter(row__isnull=False)
        ordering = self.field_admin_ordering(field, request, model_admin)
        return field.get_choices(
            include_blank=False, limit_choices_to={"pk__in": clubs.values("pk")}, ordering=ordering
        )


def titled_filter(title: Any, base: type) -> type:
    """Field filter ``base`` under its own title."""

    class TitledFilter(base):  # type: ignore[valid-type, misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.title = title

    TitledFilter.__name__ = TitledFilter.__qualname__ = f"Titled{base.__name__}"
    return TitledFilter


class ClubScopedAdmin(OddQueryValuesAdmin):
    """Rows of the clubs the user may see, view only: changes go through services (admin actions),
    so each one is checked and audited. ``club_path`` leads from the row to its club ("pk" for
    the Club admin itself)."""

    club_path = "club"

    #: Whether the list says that ticked rows left it since the page was shown (the seats' stand-up
    #: says it in its own words).
    says_ticked_rows_gone = True

    def ticked_rows_gone(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        """Warn of ticked rows that are no longer in the list (its filters, the reader's clubs): Django
        drops them from the action without a word. A grant refused by another manager meanwhile left
        the "pending" list, and its "Approve" said nothing: the manager took it as approved (review
        141). Nothing is done to such a row."""
        if not self.says_ticked_rows_gone or request.POST.get("select_across") == "1":
            return
        pk = self.model._meta.pk
        ticked = {pk.to_python(value) for value in request.POST.getlist(helpers.ACTION_CHECKBOX_NAME)}
        if not ticked:
            return
        gone = len(ticked) - queryset.filter(pk__in=ticked).count()
        if gone > 0:
            self.message_user(
                request,
                ngettext(
                    "%(count)d of the ticked rows is no longer in this list: it changed after the page was "
                    "shown. Look at the list again.",
                    "%(count)d of the ticked rows are no longer in this list: they changed after the page "
                    "was shown. Look at the list again.",
                    gone,
                )
                % {"count": gone},
                messages.WARNING,
            )

    def __init__(self, model: type[Model], admin_site: Any) -> None:
        super().__init__(model, admin_site)
        # The fields of FIELD_WORDS that Django would label with their bare name, and what shows
        # each one under its words instead; and every person, named with his username (Django shows
        # the display name alone, which is unique within one club only: review 103).
        self._worded: dict[str, Any] = {}
        for field in model._meta.concrete_fields:
            if field.name in FIELD_WORDS and str(field.verbose_name) == field.name.replace("_", " "):
                self._worded[field.name] = _field_words_shown(field.name, field)
            elif field.is_relation and field.related_model is User:
                self._worded[field.name] = _field_words_shown(field.name, field, field.verbose_name)

    def _words(self, names: Any) -> list[Any]:
        return [self._worded.get(name, name) if isinstance(name, str) else name for name in names]

    def get_list_display(self, request: HttpRequest) -> Any:
        return self._words(super().get_list_display(request))

    def get_list_display_links(self, request: HttpRequest, list_display: Any) -> Any:
        links = super().get_list_display_links(request, list_display)
        return self._words(links) if links else links

    def get_fields(self, request: HttpRequest, obj: Model | None = None) -> Any:
        return list(dict.fromkeys(self._words(super().get_fields(request, obj))))

    def get_readonly_fields(self, request: HttpRequest, obj: Model | None = None) -> Any:
        # Every worded field is read-only (shown by its callable), so no form ever holds a callable.
        readonly = self._words(super().get_readonly_fields(request, obj))
        excluded = set(self.get_exclude(request, obj) or ())
        worded = [shown for name, shown in self._worded.items() if name not in excluded]
        return [*readonly, *(shown for shown in worded if shown not in readonly)]

    def get_list_filter(self, request: HttpRequest) -> Any:
        """A related field's filter titled in words ("By club" read "По club")."""
        return [
            (item[0], titled_filter(self._worded[item[0]].short_description, item[1]))
            if isinstance(item, list | tuple) and item[0] in self._worded
            else item
            for item in super().get_list_filter(request)
        ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        qs = super().get_queryset(request)
        if request.user.is_superuser and request.user.is_staff:
            return qs
        return qs.filter(**{f"{self.club_path}__in": admin_clubs_for(request.user)})

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        """Only the query parameters the list's own filters write, exactly. Django also lets a URL
        filter on any field of the row, and an answer of "some rows" or "none" to
        ``?seed__startswith=ab`` reads a secret one digit at a time (a running deal's seed, a hand in
        its state); and a prefix such as ``club__`` would walk on from the filter's field to any
        relation (``club__created_by__password__startswith``, another club's invites through a
        member of both). Django's own check stays too."""
        if lookup not in self.filter_parameters(request):
            return False
        return super().lookup_allowed(lookup, value, request)

    def filter_parameters(self, request: HttpRequest | None) -> frozenset[str]:
        """The parameter names the list's filters and date hierarchy put in their links."""
        names: set[str] = set()
        if self.date_hierarchy:
            names.update(f"{self.date_hierarchy}__{part}" for part in ("year", "month", "day"))
        for item in self.get_list_filter(request) if request is not None else self.list_filter:
            if isinstance(item, type) and issubclass(item, admin.SimpleListFilter):
                names.add(item.parameter_name)
                continue
            path = item[0] if isinstance(item, list | tuple) else item
            names.update(f"{path}{suffix}" for suffix in FIELD_FILTER_SUFFIXES)
        return frozenset(names)

    def _club_id_of(self, obj: Model) -> Any:
        if self.club_path == "pk":
            return obj.pk
        *path, last = self.club_path.split("__")
        for part in path:
            obj = getattr(obj, part)
        return getattr(obj, f"{last}_id")

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        if obj is None:
            return admin_sees_a_club(request)
        club_id = self._club_id_of(obj)
        if club_id is None:
            # A row of no club (the moderation log's record of an operator's edit of a person): the
            # operators' list shows it, and its link answered 403 (review 51).
            user = request.user
            return bool(user.is_active and user.is_superuser and user.is_staff)
        return admin_clubs_for(request.user).filter(pk=club_id).exists()

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self.has_view_permission(request)

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def check_club(self, request: HttpRequest, club: Club) -> None:
        """Refuse an admin page about a club the user may not see: with the 404 of a number nobody
        has. A 403 there told another club's manager which accounts and clubs exist (review 79)."""
        if not admin_clubs_for(request.user).filter(pk=club.pk).exists():
            raise Http404
