"""Read-only admin for the books: nobody adds, changes or deletes here (chips move through services).

Club managers see their own clubs' books only; superusers see every club's. Extra pages: a CSV export
of the filtered entries, a trial balance per club and a statement per account.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.utils import unquote
from django.contrib.admin.views.main import ERROR_FLAG
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Q, QuerySet, Subquery, Sum
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.text import Truncator, smart_split, unescape_string_literal
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from club.admin import across_pages_rows
from club.admin_site import (
    MAX_SEARCH_WORDS,
    PEOPLE_IN_A_FILTER,
    ClubScopedAdmin,
    ClubsOfTheRowsFilter,
    admin_clubs_for,
    admin_sees_a_club,
    filter_id,
)
from club.choices import choice_label
from club.confusables import invisible_characters
from club.csv_stream import csv_response, csv_text
from club.errors import ServiceError
from club.models import INVISIBLE_MESSAGE, Club, Membership

from .labels import ACCOUNT_KIND_WORDS, journal_memo_words, journal_words, user_label
from .models import Account, Adjustment, Checkpoint, ChipRequest, Entry, Journal, ReconciliationRun
from .selectors import STATEMENT_PAGE, account_statement, statement_cursor, trial_balance, trial_balance_clubs
from .services import adjustment_approve, adjustment_refuse

KEY_SHOWN = 24  # characters of an idempotency key shown in a list; the whole key is in the tooltip
BOOKS_STAND = _(
    "The books cannot be changed or deleted: every journal and its entries stand as they were booked."
    " A mistake is put right by a new journal (a reversal of a deal's journal from its report, a grant"
    " or a revoke), which the books then show too."
)
BOOKS_STAND_TITLE = _("Not allowed")


def titled(title: str, base: type[admin.FieldListFilter] = admin.ChoicesFieldListFilter) -> type:
    """A field filter with its own title: two fields called "kind" must not both read "By kind"."""

    class TitledFilter(base):  # type: ignore[valid-type, misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.title = title

    return TitledFilter


def short_key(key: str) -> str:
    return format_html('<span title="{}">{}</span>', key, Truncator(key).chars(KEY_SHOWN))


class ClubScopedReadOnlyAdmin(ClubScopedAdmin):
    """The books are view only, with no bulk action at all (not even "delete selected")."""

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return {}


class BooksStandAdmin(ClubScopedReadOnlyAdmin):
    """Accounts, journals and entries: an address that would change or delete one (typed, or kept from
    another site) is refused (403) with why and a link back to the row, not with the site's bare
    "Not allowed" page, which spoke of a club's settings and old forms to the auditor of a club's
    books."""

    def _books_stand(self, request: HttpRequest, object_id: str) -> TemplateResponse | None:
        obj = self.get_object(request, unquote(object_id))
        if obj is None or not self.has_view_permission(request, obj):
            return None  # Django's own answer: no such row, or not the reader's to see
        opts = self.model._meta
        context = {
            **self.admin_site.each_context(request),
            "title": BOOKS_STAND_TITLE,
            "books_stand": BOOKS_STAND,
            "row": obj,
            "row_url": reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk]),
            "opts": opts,
        }
        return TemplateResponse(request, "admin/ledger/books_stand.html", context, status=403)

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        if (
            request.method == "POST"
            and object_id is not None
            and (answer := self._books_stand(request, object_id))
        ):
            return answer
        return super().changeform_view(request, object_id, form_url, extra_context)

    def delete_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if (answer := self._books_stand(request, object_id)) is not None:
            return answer
        return super().delete_view(request, object_id, extra_context)


class EntryInline(admin.TabularInline):
    """A journal's lines on its page. Visible to whoever may see the journal: club managers hold no
    Django model permissions (the admin follows the club role), and an auditor who cannot see what a
    journal moved cannot audit it."""

    model = Entry
    fields = ("account", "amount", "balance_after")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Entry]:
        return super().get_queryset(request).select_related("account__member__user")

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is None:
            return admin_sees_a_club(request)
        return admin_clubs_for(request.user).filter(pk=obj.club_id).exists()

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


#: A member's username and display name as read (any case, look-alike letters), beside the plain
#: fields of a search, as the site's own search reads names (``club.models.LooksLike``).
MEMBER_LOOKS_LIKE = (
    "member__user__username_skeleton__looks_like",
    "member__user__display_skeleton__looks_like",
)


@admin.register(Account)
class AccountAdmin(BooksStandAdmin):
    list_display = ("id", "kind", "member_label", "table", "balance", "club", "statement_link")
    # RelatedOnly: a plain club filter would list every club of the site, invite-only ones too.
    list_filter = (("club", ClubsOfTheRowsFilter), ("kind", titled(_("account kind"))))
    search_fields = (
        "member__user__username",
        "member__user__display_name",
        "=table__id",
        *MEMBER_LOOKS_LIKE,
    )
    list_select_related = ("club", "member__user", "table")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Account]:
        # The member comes along: an account's page, its history and the refusal to change it are
        # titled with it, and read "member #2" (a membership id no page shows). All of the list's
        # (Django's change list skips ``list_select_related`` when the queryset already has some).
        return super().get_queryset(request).select_related(*self.list_select_related)

    @admin.display(description=_("member"), ordering="member__user__username")
    def member_label(self, obj: Account) -> str:
        return user_label(obj.member.user) if obj.member_id else ""

    @admin.display(description=_("statement"))
    def statement_link(self, obj: Account) -> str:
        return format_html(
            '<a href="{}">{}</a>', reverse("admin:ledger_account_statement", args=[obj.pk]), _("statement")
        )

    def get_urls(self) -> list[URLPattern]:
        return [
            path(
                "<int:pk>/statement/",
                self.admin_site.admin_view(self.statement_view),
                name="ledger_account_statement",
            ),
            path(
                "trial-balance/<int:club_id>/",
                self.admin_site.admin_view(self.trial_balance_view),
                name="ledger_trial_balance",
            ),
            path(
                "trial-balance/",
                self.admin_site.admin_view(self.trial_balance_index_view),
                name="ledger_trial_balance_index",
            ),
            *super().get_urls(),
        ]

    def statement_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        account = get_object_or_404(Account.objects.select_related("club", "member__user"), pk=pk)
        self.check_club(request, account.club)
        page = account_statement(
            account=account,
            before=statement_cursor(request.GET.get("before")),
            limit=STATEMENT_PAGE * 4,
        )
        context = {
            **self.admin_site.each_context(request),
            "title": _("Statement of %(account)s") % {"account": account},
            "account": account,
            "page": page,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/ledger/statement.html", context)

    def trial_balance_view(self, request: HttpRequest, club_id: int) -> HttpResponse:
        club = get_object_or_404(Club, pk=club_id)
        self.check_club(request, club)
        tb = trial_balance(club=club, page=request.GET.get("page"))
        context = {
            **self.admin_site.each_context(request),
            "title": _("Trial balance of %(club)s") % {"club": club},
            "tb": tb,
            "kind_totals": [
                (Account.Kind(kind).label, total, ACCOUNT_KIND_WORDS[Account.Kind(kind)])
                for kind, total in tb.by_kind.items()
            ],
            "accounts_url": f"{reverse('admin:ledger_account_changelist')}?club__id__exact={club.pk}",
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/ledger/trial_balance.html", context)

    def trial_balance_index_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_view_permission(request):
            raise PermissionDenied
        context = {
            **self.admin_site.each_context(request),
            "title": _("Trial balances"),
            "clubs_page": trial_balance_clubs(
                clubs=admin_clubs_for(request.user),
                page=request.GET.get("page"),
                query=request.GET.get("q", ""),
            ),
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/ledger/trial_balance_index.html", context)


#: The journals' own search fields as lookups (``JournalAdmin.search_fields``).
JOURNAL_SEARCH = (
    "idempotency_key__iexact",
    "idempotency_key__icontains",
    "memo__icontains",
    "actor__username__icontains",
    "actor__username_skeleton__looks_like",
)


@admin.register(Journal)
class JournalAdmin(BooksStandAdmin):
    # What a reader needs first (when, what kind, how much, who, why) fits a 1280 px screen; the
    # long machine columns come last and the idempotency key is cut short (whole in its tooltip and
    # on the journal's page).
    list_display = (
        "id",
        "created_at",
        "kind",
        "amount",
        "actor",
        "memo_shown",
        "club",
        "deal_link",
        "short_key",
    )
    list_filter = (
        ("club", ClubsOfTheRowsFilter),
        ("kind", titled(_("journal kind"))),
        ("created_at", admin.DateFieldListFilter),
    )
    # As JOURNAL_SEARCH reads them; and the username or display name of a member whose accounts a
    # journal moved (``get_search_results``).
    search_fields = ("=idempotency_key", "idempotency_key", "memo", "actor__username")
    list_select_related = ("club", "actor", "deal__session")
    # The page says each thing once, in words: the stored memo (a deal's booking trail,
    # "ante 5 stack:2→bank") and the bare deal stood above their worded lines under the same labels.
    fields = (
        "created_at",
        "club",
        "kind",
        "deal_link",
        "actor",
        "memo_shown",
        "reversal_of",
        "idempotency_key",
    )
    readonly_fields = ("deal_link", "memo_shown")
    date_hierarchy = "created_at"
    inlines = [EntryInline]

    @admin.display(description=_("memo"), ordering="memo")
    def memo_shown(self, obj: Journal) -> str:
        # Only a deal's journals hold the booking's trail; any other memo is a person's own words.
        return journal_words(obj)

    @admin.display(description=_("deal"), ordering="deal_id")
    def deal_link(self, obj: Journal) -> str:
        """The deal page this journal books an action of (a running deal's page opens when it ends)."""
        if obj.deal_id is None:
            return ""
        label = _("%(table)s · deal %(n)s") % {"table": obj.deal.session.title, "n": obj.deal.number}
        if obj.deal.finished_at is None:
            return str(label)
        return format_html('<a href="{}">{}</a>', reverse("deal_page", args=[obj.deal_id]), label)

    show_full_result_count = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Journal]:
        # A subquery per shown row (after the page is cut), not an aggregate over every journal.
        moved = (
            Entry.objects.filter(journal=OuterRef("pk"), amount__gt=0)
            .values("journal")
            .annotate(s=Sum("amount"))
            .values("s")[:1]
        )
        return super().get_queryset(request).annotate(moved=Subquery(moved))

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Journal], search_term: str
    ) -> tuple[QuerySet[Journal], bool]:
        """Django's search (each word in some field), where a word may also be part of the username (or
        display name) of a member whose accounts the journal moved. As a search field that was a join
        of each journal to its entries and their people, DISTINCT over the lot for the page, its count
        and the date bar: seconds a search in a club of a hundred thousand journals. The member's journals are
        read through his entries instead (a semi-join), and no journal comes twice."""
        words = list(islice(smart_split(search_term), MAX_SEARCH_WORDS + 1))
        if not words or len(words) > MAX_SEARCH_WORDS:
            # Nothing to search, or too many words: the site's answer (club.admin_site).
            return super().get_search_results(request, queryset, search_term)
        condition = Q()
        for bit in words:
            word = unescape_string_literal(bit) if bit.startswith(('"', "'")) and bit[0] == bit[-1] else bit
            # By the name the pages show him by too ("Вера (@vera)"), as the entries' search finds him.
            members = Entry.objects.filter(
                Q(account__member__user__username__icontains=word)
                | Q(account__member__user__display_name__icontains=word)
                | Q(account__member__user__username_skeleton__looks_like=word)
                | Q(account__member__user__display_skeleton__looks_like=word)
            )
            condition &= Q.create([(lookup, word) for lookup in JOURNAL_SEARCH], connector=Q.OR) | Q(
                pk__in=members.values("journal_id")
            )
        return queryset.filter(condition), False

    @admin.display(description=_("amount"))
    def amount(self, obj: Journal) -> int | None:
        """The chips the journal moved: the sum of its positive lines."""
        return getattr(obj, "moved", None)

    @admin.display(description=_("idempotency key"), ordering="idempotency_key")
    def short_key(self, obj: Journal) -> str:
        return short_key(obj.idempotency_key)


class EntryMemberFilter(admin.SimpleListFilter):
    title = _("member")
    parameter_name = "member"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        """ "Vera (@vera)": the username tells two Veras apart; the club's name is added only for someone
        who sees several clubs (a bare club id read like a count)."""
        clubs = admin_clubs_for(request.user)
        among = (
            Membership.objects.filter(club__in=clubs, ledger_accounts__isnull=False)
            .distinct()
            .select_related("user", "club")
        )
        members = list(among.order_by("user__username", "club__name")[: PEOPLE_IN_A_FILTER + 1])
        if len(members) > PEOPLE_IN_A_FILTER:
            # Hundreds of names are no help (and were cut at 500): the search box finds a person,
            # the filter keeps the one chosen, if any (club.admin.MemberFilter).
            chosen = filter_id(self.value())
            members = list(among.filter(pk=chosen)) if chosen is not None else []
        several = clubs.count() > 1
        choices = [
            (str(m.pk), f"{user_label(m.user)} · {m.club.name}" if several else user_label(m.user))
            for m in members
        ]
        return sorted(choices, key=lambda choice: choice[1].casefold())

    def has_output(self) -> bool:
        # Applied whenever the address names a member, listed or not (club.admin.MemberFilter).
        return bool(self.value()) or super().has_output()

    def queryset(self, request: HttpRequest, queryset: QuerySet[Entry]) -> QuerySet[Entry]:
        value = self.value()
        chosen = filter_id(value)
        if chosen is not None:
            return queryset.filter(account__member_id=chosen)
        if value:
            return queryset.none()
        return queryset


@admin.register(Entry)
class EntryAdmin(BooksStandAdmin):
    club_path = "journal__club"
    list_display = ("id", "created", "account", "amount", "balance_after", "journal_link", "short_key")
    list_filter = (
        ("journal__club", ClubsOfTheRowsFilter),
        ("journal__kind", titled(_("journal kind"))),
        ("account__kind", titled(_("account kind"))),
        EntryMemberFilter,
        ("journal__created_at", admin.DateFieldListFilter),
    )
    search_fields = (
        "=journal__idempotency_key",
        "account__member__user__username",
        "account__member__user__display_name",
        "=account__id",
        *(f"account__{lookup}" for lookup in MEMBER_LOOKS_LIKE),
    )
    list_select_related = ("journal", "account__member__user")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Entry]:
        # An entry's page names its account's member, as the list does (it read "member #2").
        return super().get_queryset(request).select_related(*self.list_select_related)

    # Newest first, as the journals' list: the model's order (oldest first, for statements' running
    # balances) opened a year-old club's list on its first entries. The export stays oldest first.
    ordering = ("-id",)
    show_full_result_count = False
    change_list_template = "admin/ledger/entry/change_list.html"

    @admin.display(description=_("time"), ordering="journal__created_at")
    def created(self, obj: Entry) -> Any:
        return obj.journal.created_at

    @admin.display(description=_("journal"), ordering="journal_id")
    def journal_link(self, obj: Entry) -> str:
        return format_html(
            '<a href="{}">{}</a>', reverse("admin:ledger_journal_change", args=[obj.journal_id]), obj.journal
        )

    @admin.display(description=_("idempotency key"), ordering="journal__idempotency_key")
    def short_key(self, obj: Entry) -> str:
        return short_key(obj.journal.idempotency_key)

    def get_urls(self) -> list[URLPattern]:
        return [
            path("export.csv", self.admin_site.admin_view(self.export_csv), name="ledger_entry_export"),
            *super().get_urls(),
        ]

    def export_csv(self, request: HttpRequest) -> HttpResponseBase:
        """The entries of the change list, with its filters and search, as CSV."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        try:
            queryset = self.get_changelist_instance(request).get_queryset(request)
        except IncorrectLookupParameters:
            # What the change list itself does with a filter it cannot apply.
            return HttpResponseRedirect(f"{reverse('admin:ledger_entry_changelist')}?{ERROR_FLAG}=1")
        # Read now: the rows are written after the view has returned. The manager's zone, as the
        # pages and the member's statement say the times (it wrote UTC).
        zone = timezone.get_current_timezone()
        return csv_response(
            request,
            filename="ledger-entries.csv",
            rows=queryset.select_related("journal", "account__member__user"),
            order=("id",),
            # In the manager's words, as the moderation log's and the statement's CSV are.
            header=[
                _("entry"),
                _("time"),
                _("club"),
                _("journal"),
                _("kind"),
                _("idempotency key"),
                _("account"),
                _("account kind"),
                _("member"),
                _("table"),
                _("amount"),
                _("balance after"),
                _("memo"),
                # A reversal's memo may be a manager's note alone: which journal it moves back.
                _("reversal of"),
            ],
            cells=lambda e: [
                e.pk,
                timezone.localtime(e.journal.created_at, zone).isoformat(),
                e.journal.club_id,
                e.journal_id,
                csv_text(choice_label(Journal, "kind", e.journal.kind)),
                csv_text(e.journal.idempotency_key),
                e.account_id,
                csv_text(choice_label(Account, "kind", e.account.kind)),
                csv_text(e.account.member.user.username if e.account.member_id else ""),
                e.account.table_id or "",
                e.amount,
                e.balance_after,
                # In words, as the journals' pages say it: a deal's memo is its booking trail.
                csv_text(journal_words(e.journal)),
                e.journal.reversal_of_id or "",
            ],
        )


@admin.register(ReconciliationRun)
class ReconciliationRunAdmin(admin.ModelAdmin):
    list_display = ("started_at", "finished_at", "ok", "accounts_checked", "journals_checked")
    list_filter = ("ok",)

    def has_module_permission(self, request: HttpRequest) -> bool:
        return request.user.is_active and request.user.is_superuser

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.is_active and request.user.is_superuser

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Checkpoint)
class CheckpointAdmin(ReconciliationRunAdmin):
    """The seals of the hash chain (ledger/services/chain.py): for the site's operators only."""

    list_display = ("id", "sealed_at", "journals", "entries", "hash")
    list_filter = ()


class DecisionActionForm(ActionForm):
    # No max_length on the field: Django answers an invalid action form with "No action selected."
    # and does nothing. The browser stops at 500; the service keeps the first 500 of a longer note.
    note = forms.CharField(
        label=_("Note (a refusal needs one)"),
        required=False,
        widget=forms.TextInput(attrs={"maxlength": "500"}),
    )
    # When the list was shown: "approve all N across the pages" refuses a selection holding a grant
    # filed after it (``AdjustmentAdmin._as_shown``). No label: Django's action bar writes it.
    shown_at = forms.CharField(
        label="", required=False, widget=forms.HiddenInput, initial=lambda: timezone.now().isoformat()
    )


@admin.register(Adjustment)
class AdjustmentAdmin(ClubScopedReadOnlyAdmin):
    """Grants and revokes waiting for a second manager, and the decided ones."""

    list_display = (
        "created_at",
        "club",
        "kind",
        "amount",
        "member_label",
        "asked_by",
        "reason_shown",
        "status",
        "decided_label",
    )
    # A view-only page shows the model's fields: the reason among them in the reader's words.
    fields = (
        "created_at",
        "club",
        "kind",
        "amount",
        "member_label",
        "asked_by",
        "reason_shown",
        "status",
        "decided_label",
        "decided_at",
        "note",
        "journal",
        "request_key",
    )
    list_filter = (
        "status",
        ("club", ClubsOfTheRowsFilter),
        ("kind", titled(_("adjustment kind"))),
    )
    list_select_related = ("club", "member__user", "requested_by", "decided_by")
    # A member by name: the decided grants pile up, and a club of hundreds of members had its
    # manager look for one member's page by page.
    search_fields = ("member__user__username", "member__user__display_name", *MEMBER_LOOKS_LIKE)
    action_form = DecisionActionForm
    actions = ["approve_selected", "refuse_selected"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Adjustment]:
        # The member comes along: an adjustment's page is titled with his name. All of the list's
        # (Django's change list skips ``list_select_related`` when the queryset already has some).
        return super().get_queryset(request).select_related(*self.list_select_related)

    @admin.display(description=_("member"))
    def member_label(self, obj: Adjustment) -> str:
        return user_label(obj.member.user)

    @admin.display(description=_("reason"))
    def reason_shown(self, obj: Adjustment) -> str:
        """The site's own reason (a request granted without a note: "Asked for by the member", stored
        in the answering manager's language) in the reader's words, as the club page says it; a
        manager's own as he wrote it."""
        return journal_memo_words(kind=Journal.Kind.GRANT, memo=obj.reason, deal_id=None)

    @admin.display(description=_("asked by"))
    def asked_by(self, obj: Adjustment) -> str:
        return user_label(obj.requested_by)

    @admin.display(description=_("decided by"))
    def decided_label(self, obj: Adjustment) -> str:
        return user_label(obj.decided_by) if obj.decided_by_id else ""

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return admin.ModelAdmin.get_actions(self, request)

    def _as_shown(self, request: HttpRequest, queryset: QuerySet[Adjustment]) -> QuerySet[Adjustment] | None:
        """The adjustments an action is about, if they are the ones the manager saw (else None, with
        a message). "All N across the pages" (Django's select-across) is the list as it stands when
        the action runs: a grant another manager filed after the list was shown was approved with the
        rest, unseen (review 121). Such a selection is refused whole; nothing is decided."""
        return across_pages_rows(
            self,
            request,
            queryset,
            lambda when: Q(status=Adjustment.Status.PENDING, created_at__gt=when),
            lambda count: ngettext(
                "Nothing was done: %(count)d adjustment of those selected across the pages was filed "
                "after the list was shown. Look at the list again and select anew.",
                "Nothing was done: %(count)d adjustments of those selected across the pages were filed "
                "after the list was shown. Look at the list again and select anew.",
                count,
            ),
        )

    def _decide(self, request: HttpRequest, queryset: QuerySet[Adjustment], approve: bool) -> None:
        note = (request.POST.get("note") or "").strip()
        if invisible_characters(note, multiline=True, joined_emoji=True):
            # An action form Django finds invalid is answered "No action selected.": say it here.
            self.message_user(request, str(INVISIBLE_MESSAGE), messages.ERROR)
            return
        rows = self._as_shown(request, queryset)
        if rows is None:
            return
        for adjustment in rows:
            # Named as the list shows it: its row id, which the list does not show, named none.
            who = user_label(adjustment.member.user)
            named = f"{adjustment.get_kind_display()} {adjustment.amount} · {who}"
            try:
                if approve:
                    adjustment_approve(adjustment_id=adjustment.pk, actor=request.user)
                else:
                    adjustment_refuse(adjustment_id=adjustment.pk, actor=request.user, note=note)
            except ServiceError as exc:
                self.message_user(
                    request, f"{named}: {exc.message}", messages.INFO if exc.done else messages.ERROR
                )
            else:
                outcome = _("approved") if approve else _("refused")
                self.message_user(request, f"{named}: {outcome}")

    @admin.action(description=_("Approve the selected (as the second manager)"))
    def approve_selected(self, request: HttpRequest, queryset: QuerySet[Adjustment]) -> None:
        self._decide(request, queryset, approve=True)

    @admin.action(description=_("Refuse the selected (the note beside says why)"))
    def refuse_selected(self, request: HttpRequest, queryset: QuerySet[Adjustment]) -> None:
        self._decide(request, queryset, approve=False)


@admin.register(ChipRequest)
class ChipRequestAdmin(ClubScopedReadOnlyAdmin):
    list_display = ("created_at", "club", "member_label", "amount", "note", "status", "answer")
    list_filter = ("status", ("club", ClubsOfTheRowsFilter))
    list_select_related = ("club", "member__user")
    # As the adjustments'.
    search_fields = ("member__user__username", "member__user__display_name", *MEMBER_LOOKS_LIKE)

    def get_queryset(self, request: HttpRequest) -> QuerySet[ChipRequest]:
        # As an adjustment's: a request's page is titled with the member's name.
        return super().get_queryset(request).select_related(*self.list_select_related)

    @admin.display(description=_("member"))
    def member_label(self, obj: ChipRequest) -> str:
        return user_label(obj.member.user)
