"""Reports: a member reports a deal from its page; managers answer on the club's reports pages."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from club.errors import ServiceError, refusal_say
from club.models import Club, Membership
from club.selectors import membership_get
from club.views import post_only
from ledger.models import Journal
from ledger.selectors import deal_journal_lines

from . import history
from .forms import ReportForm, ResolveForm
from .models import CollusionFlag, DealPlayer, Report
from .presenter import table_context
from .services.collusion import collusion_decide
from .services.reports import report_create, report_resolve
from .views_history import _deal_for, deal_page_shown


@post_only(lambda deal_id: reverse("deal_page", args=[deal_id]))
@login_required
def report_file(request: HttpRequest, deal_id: int) -> HttpResponse:
    deal = _deal_for(request, deal_id)  # a stranger gets the deal page's 404, whether it exists or not
    form = ReportForm(request.POST)
    if not form.is_valid():
        # The page again, the form holding his reason and comment (review 123: they were lost), what
        # was wrong said beside the field: a flash message above said it a second time (review 129).
        return deal_page_shown(request, deal.pk, report_form=form)
    try:
        report_create(deal_id=deal.pk, user=request.user, **form.cleaned_data)
    except ServiceError as exc:
        refusal_say(request, exc)  # his report sent again (a retry, a second tab) stands: not in red
        if not exc.done:
            # The page again, the form holding his reason and comment (review 123: they were lost).
            return deal_page_shown(request, deal.pk, report_form=form)
    else:
        messages.success(request, _("Thank you: the club's managers will look into this deal."))
    return redirect("deal_page", deal_id=deal.pk)


def _manager_of(request: HttpRequest, club: Club) -> None:
    membership = membership_get(club=club, user=request.user)
    if membership is None or not membership.manages_now:  # not while suspended (review 149)
        raise Http404(_("Only the club's managers can read its reports."))


#: Rows per page of the reports and collusion lists (``?page=N``).
REPORTS_PAGE = 50
FLAGS_PAGE = 50


def _list_page(params: QueryDict) -> int:
    """``page``: odd values (letters, 0, negative, huge, other digits than ASCII) show the first
    page, as the club page's members pages do (a NUL is refused with a 400 before any view)."""
    raw = params.get("page") or ""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 6 and int(raw) > 0 else 1


def _list_status(params: QueryDict, statuses: list[tuple[str, str]]) -> str:
    """``status``: one of the list's statuses, or "" (every row) for anything else."""
    status = params.get("status", "")
    return status if status in dict(statuses) else ""


def _page_of(request: HttpRequest, rows: QuerySet, size: int, statuses: list[tuple[str, str]]) -> dict:
    """One page of a manager's list, filtered by ``?status=`` (an unknown status: every row). A club
    after a year has hundreds of reports and flags: the lists used to stop at the first 200 (100)
    without a word. One query a page: a row past the page says whether there is a next one."""
    status = _list_status(request.GET, statuses)
    if status:
        rows = rows.filter(status=status)
    page = _list_page(request.GET)
    start = (page - 1) * size
    shown = list(rows[start : start + size + 1])
    return {
        "rows": shown[:size],
        "page_number": page,
        "has_next": len(shown) > size,
        "status": status,
        "statuses": statuses,
    }


@login_required
def report_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    _manager_of(request, club)
    reports = (
        Report.objects.filter(deal__session__club=club)
        .select_related("deal__session", "reporter__user", "resolved_by")
        .order_by("status", "-created_at", "-id")
    )
    context = _page_of(request, reports, REPORTS_PAGE, list(Report.Status.choices))
    return render(request, "games/reports.html", {"club": club, "reports": context["rows"], **context})


def _review_context(request: HttpRequest, report: Report, form: ResolveForm) -> dict:
    deal = report.deal
    steps = history.deal_steps(deal)
    public = history.deal_public(deal)
    context = table_context(
        view=history.step_view(steps[-1], None), public=public, user_id=None, now=timezone.now()
    )
    context.update(
        report=report,
        deal_obj=deal,
        club=deal.session.club,
        form=form,
        replay=True,
        journals=deal_journal_lines(deal=deal),
    )
    return context


def _resolve_form(report: Report, data=None) -> ResolveForm:
    players = Membership.objects.filter(
        pk__in=DealPlayer.objects.filter(deal=report.deal, member__isnull=False).values("member")
    ).select_related("user")
    journals = Journal.objects.filter(deal=report.deal).select_related("reversed_by").order_by("id")
    return ResolveForm(data, members=players, journals=journals)


@login_required
def report_review(request: HttpRequest, report_id: int) -> HttpResponse:
    report = get_object_or_404(
        Report.objects.select_related("deal__session__club", "reporter__user", "resolved_by"), pk=report_id
    )
    _manager_of(request, report.deal.session.club)
    form = _resolve_form(report, request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                report_resolve(report_id=report.pk, actor=request.user, **form.service_values())
            except ServiceError as exc:
                if exc.done and exc.code == "report_answered":
                    # His own answer sent again: it stands; back to the list, as the first time (a
                    # ban of a member banned meanwhile is "done" too, but the report is still open).
                    refusal_say(request, exc)
                    return redirect("report_list", slug=report.deal.session.club.slug)
                form.add_error(None, exc.message)
                if exc.code == "report_answered":
                    # Answered meanwhile: the page shows that answer (what the reporter reads), not a
                    # form no answer can be given on any more.
                    report = Report.objects.select_related(
                        "deal__session__club", "reporter__user", "resolved_by"
                    ).get(pk=report.pk)
            else:
                messages.success(
                    request, _("The report is answered; the player who reported it can read your note.")
                )
                return redirect("report_list", slug=report.deal.session.club.slug)
        status = 422
    else:
        status = 200
    return render(request, "games/report.html", _review_context(request, report, form), status=status)


@login_required
def collusion_list(request: HttpRequest, slug: str) -> HttpResponse:
    """Pairs the nightly scan flagged, strongest first, with the deals that raised them."""
    club = get_object_or_404(Club, slug=slug)
    _manager_of(request, club)
    flags = (
        CollusionFlag.objects.filter(club=club)
        .select_related("first__user", "second__user")
        .order_by("status", "-score", "id")
    )
    context = _page_of(request, flags, FLAGS_PAGE, list(CollusionFlag.Status.choices))
    return render(request, "games/collusion.html", {"club": club, "flags": context["rows"], **context})


def _collusion_page(slug: str, **_kwargs: object) -> str:
    return reverse("collusion_list", args=[slug])


# As every other form's action (``post_only``): Django's bare ``require_POST`` answered a decision
# sent after the log-in had ended, which the log-in page sends back as a GET, with a blank 405.
@post_only(_collusion_page)
@login_required
def collusion_decide_view(request: HttpRequest, slug: str, flag_id: int, decision: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    _manager_of(request, club)
    flag = get_object_or_404(CollusionFlag, pk=flag_id, club=club)
    try:
        collusion_decide(flag_id=flag.pk, actor=request.user, decision=decision)
    except ServiceError as exc:
        refusal_say(request, exc)
    else:
        messages.success(
            request, _("Reported: it waits among the reports.") if decision == "report" else _("Dismissed.")
        )
    # Back to the page and filter the decision was made on (its form says which).
    query = urlencode(
        {
            key: value
            for key, value in (
                ("status", _list_status(request.POST, list(CollusionFlag.Status.choices))),
                ("page", _list_page(request.POST)),
            )
            if value and value != 1
        }
    )
    return redirect(f"{reverse('collusion_list', args=[club.slug])}{'?' + query if query else ''}#flags")
