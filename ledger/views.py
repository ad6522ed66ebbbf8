"""Member pages of the ledger: "My chips" and the managers' grant form. Views parse, call one service or
selector, and render; an htmx request gets the partial, a plain one the whole page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from club.csv_stream import csv_response, csv_text
from club.errors import ServiceError, refusal_say
from club.forms import form_problem
from club.models import Club, Membership
from club.selectors import club_and_membership_or_404, membership_get
from club.templatetags.sentences import moment
from club.views import club_page, club_page_again, post_only

from .charts import balance_chart_svg
from .forms import AnswerForm, ChipRequestForm, GrantForm
from .labels import journal_words
from .models import Adjustment, ChipRequest, Entry
from .selectors import (
    BalanceSeries,
    StatementPage,
    account_statement,
    balance_series,
    chips_at_tables,
    deciding_managers,
    first_back,
    managers_suspended,
    nobody_decides,
    statement_cursor,
    wallet_get,
)
from .services import adjustment_approve, adjustment_refuse, chips_adjust, chips_request, chips_request_answer


def _own_books(request: HttpRequest, slug: str) -> tuple[Club, Membership | None]:
    """The club and the reader's membership, None when he is banned; a 404 to a non-member."""
    # The club and the membership in one query (the club page's).
    club, membership = club_and_membership_or_404(slug=slug, user=request.user)
    if membership is None:
        raise Http404(_("You are not a member of this club."))
    return club, None if membership.status == Membership.Status.BANNED else membership


def _banned(request: HttpRequest, club: Club) -> HttpResponse:
    # As everywhere on the site, a banned member is told so (and sees nothing of the club's books).
    return render(
        request,
        "ledger/refused.html",
        {"club": club, "message": _("You are banned from this club.")},
        status=403,
    )


@login_required
@require_http_methods(["GET", "HEAD"])
def my_chips(request: HttpRequest, slug: str) -> HttpResponse:
    club, membership = _own_books(request, slug)
    if membership is None:
        return _banned(request, club)
    wallet = wallet_get(membership=membership)
    before = statement_cursor(request.GET.get("before"))
    page = (
        account_statement(account=wallet, before=before)
        if wallet
        else StatementPage(lines=[], next_before=None)
    )
    context = {
        "club": club,
        "membership": membership,
        "wallet": wallet,
        "page": page,
        "balance": wallet.balance if wallet else 0,
        # A page from a cursor (an old "Load more" address, one typed) past the oldest entry is
        # not a statement with no movement: it offers the way back to the newest.
        "from_cursor": before is not None,
    }
    if getattr(request, "htmx", False) and before is not None:
        return render(request, "ledger/my_chips.html#statement-rows", context)
    context["at_tables"] = chips_at_tables(membership=membership)
    series = balance_series(account=wallet) if wallet else BalanceSeries(points=[], start=0)
    context["chart"] = balance_chart_svg(series.points, start=series.start)
    return render(request, "ledger/my_chips.html", context)


@login_required
@require_http_methods(["GET", "HEAD"])
def my_statement_csv(request: HttpRequest, slug: str) -> HttpResponseBase:
    """Every movement of the member's chips in the club, oldest first, with the balance after each, as
    CSV (times in the member's time zone, words in his language)."""
    club, membership = _own_books(request, slug)
    if membership is None:
        return _banned(request, club)
    wallet = wallet_get(membership=membership)
    zone = timezone.get_current_timezone()
    return csv_response(
        request,
        filename=f"chips-{club.slug}.csv",
        rows=Entry.objects.filter(account_id=wallet.pk if wallet else None).select_related("journal"),
        order=("id",),
        header=[_lazy("Time"), _lazy("What"), _lazy("Memo"), _lazy("Chips"), _lazy("Balance")],
        cells=lambda e: [
            timezone.localtime(e.journal.created_at, zone).isoformat(timespec="seconds"),
            csv_text(str(e.journal.get_kind_display())),
            csv_text(journal_words(e.journal)),
            e.amount,
            e.balance_after,
        ],
    )


def _nobody_to_decide(*, club: Club, asker: Any, member: Membership) -> str:
    """What to add when a grant filed for a second manager is one nobody in the club could decide
    (the owner alone in his club); else nothing."""
    managers = deciding_managers(club=club)
    if not nobody_decides(managers=managers, asker_id=asker.pk, member_user_id=member.user_id):
        return ""
    back = first_back(
        suspended=managers_suspended(club=club), asker_id=asker.pk, member_user_id=member.user_id
    )
    if back is not None:
        # The club has another manager, suspended: "no other manager, make one" sent the owner to
        # name a manager he did not need (review 156).
        return " " + _(
            "Nobody can approve it before %(until)s: %(name)s, who could, is suspended from the club's "
            "tables until then."
        ) % {"until": moment(back.suspended_until), "name": back.user.shown_name}
    return " " + _(
        "Nobody can approve it yet: the club has no other manager. Make a member you trust a manager "
        "(“Make manager” in the list of members), and he can approve it."
    )


def _grant_unheard(request: HttpRequest, slug: str) -> HttpResponse:
    """An htmx grant whose commit went unheard (``commit_unheard``): the form as it was sent, its
    token kept, saying so. Sent again as it is, chips already booked are not booked twice (its
    idempotency key); a new form would have booked them again."""
    club = get_object_or_404(Club, slug=slug)
    mine = membership_get(club=club, user=request.user)
    if mine is None or not mine.is_manager:
        raise Http404(_("Only the club's managers can grant chips."))
    unheard = _(
        "The database did not confirm this: the chips may or may not have been booked. Send the form "
        "again as it is to make sure: chips already booked are not booked twice."
    )
    context = {
        "club": club,
        "membership": mine,
        "user": request.user,
        "grant_form": GrantForm(request.POST, club=club),
        "unheard": unheard,
    }
    return render(request, "ledger/_club_chips.html#grant-form", context)


@post_only(club_page, _grant_unheard)
@login_required
def chips_grant_view(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    mine = membership_get(club=club, user=request.user)
    if mine is None or not mine.is_manager:
        raise Http404(_("Only the club's managers can grant chips."))
    form = GrantForm(request.POST, club=club)
    if form.is_valid():
        member = form.cleaned_data["member"]
        kind = form.cleaned_data.get("kind") or "grant"
        try:
            done = chips_adjust(
                member=member,
                kind=kind,
                amount=form.cleaned_data["amount"],
                actor=request.user,
                reason=form.cleaned_data["reason"],
                idempotency_key=f"{kind}:form:{form.cleaned_data['token']}",
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            names = {"amount": form.cleaned_data["amount"], "member": member.user.shown_name}
            refused = done.adjustment is not None and done.adjustment.status == Adjustment.Status.REFUSED
            if refused:
                # The same form again after a second manager refused what it filed: "wait for a
                # second manager's approval" sent its manager looking for a grant still waiting.
                names |= {"manager": done.adjustment.decided_by.shown_name, "note": done.adjustment.note}
                text = (
                    ngettext(
                        "Taking back this %(amount)s chip from %(member)s was refused by %(manager)s "
                        "(“%(note)s”); nothing was booked.",
                        "Taking back these %(amount)s chips from %(member)s was refused by %(manager)s "
                        "(“%(note)s”); nothing was booked.",
                        names["amount"],
                    )
                    if kind == "revoke"
                    else ngettext(
                        "This %(amount)s chip for %(member)s was refused by %(manager)s (“%(note)s”); "
                        "nothing was booked.",
                        "These %(amount)s chips for %(member)s were refused by %(manager)s (“%(note)s”); "
                        "nothing was booked.",
                        names["amount"],
                    )
                ) % names
            elif done.adjustment is not None and done.adjustment.status == Adjustment.Status.WITHDRAWN:
                # The same form again after he left (which withdrew it, review 121) and came back:
                # "waits for a second manager's approval" sent its manager looking for it.
                text = (
                    ngettext(
                        "%(member)s left the club, which withdrew this grant of %(amount)s chip; "
                        "nothing was booked.",
                        "%(member)s left the club, which withdrew this grant of %(amount)s chips; "
                        "nothing was booked.",
                        names["amount"],
                    )
                    % names
                )
            elif done.adjustment is not None and done.journal is None:
                text = (
                    # A take back in a grant's words read as chips on their way to him (review 101).
                    ngettext(
                        "Taking back %(amount)s chip from %(member)s waits for a second manager's approval.",
                        "Taking back %(amount)s chips from %(member)s waits for a second manager's approval.",
                        names["amount"],
                    )
                    if kind == "revoke"
                    else ngettext(
                        "%(amount)s chip for %(member)s waits for a second manager's approval.",
                        "%(amount)s chips for %(member)s wait for a second manager's approval.",
                        names["amount"],
                    )
                ) % names
                text += _nobody_to_decide(club=club, asker=request.user, member=member)
            elif done.repeated and kind == "revoke":
                # The same form sent again (a double click, a browser retry): it stands once.
                text = (
                    ngettext(
                        "This %(amount)s chip was already taken back from %(member)s; "
                        "nothing was booked twice.",
                        "These %(amount)s chips were already taken back from %(member)s; "
                        "nothing was booked twice.",
                        names["amount"],
                    )
                    % names
                )
            elif done.repeated:
                text = (
                    ngettext(
                        "This %(amount)s chip was already granted to %(member)s; nothing was booked twice.",
                        "These %(amount)s chips were already granted to %(member)s; "
                        "nothing was booked twice.",
                        names["amount"],
                    )
                    % names
                )
            elif kind == "revoke":
                text = (
                    ngettext(
                        "%(amount)s chip taken back from %(member)s.",
                        "%(amount)s chips taken back from %(member)s.",
                        names["amount"],
                    )
                    % names
                )
            else:
                text = (
                    ngettext(
                        "%(amount)s chip granted to %(member)s.",
                        "%(amount)s chips granted to %(member)s.",
                        names["amount"],
                    )
                    % names
                )
            if getattr(request, "htmx", False):
                # The swapped form says so itself; a flash message would wait for the next page.
                return render(
                    request,
                    "ledger/_club_chips.html#grant-form",
                    {
                        "club": club,
                        "membership": mine,
                        "user": request.user,
                        "grant_form": GrantForm(club=club),
                        "granted": text,
                    },
                )
            messages.info(request, text) if done.repeated else messages.success(request, text)
            return redirect(club.get_absolute_url())
    if getattr(request, "htmx", False):
        return render(
            request,
            "ledger/_club_chips.html#grant-form",
            {"club": club, "membership": mine, "user": request.user, "grant_form": form},
            status=422,
        )
    # The club page again, the form holding what was typed (review 123: its reason was lost), with
    # its token: sent again, it books once. Its refusal is said there, beside the field (or atop the
    # form): a flash message as well said it twice on the same page (review 129).
    return club_page_again(request, club, grant_form=form)


def _manager_club(request: HttpRequest, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    mine = membership_get(club=club, user=request.user)
    if mine is None or not mine.is_manager:
        raise Http404(_("Only the club's managers can do this."))
    return club


@post_only(club_page)
@login_required
def adjustment_decide(request: HttpRequest, slug: str, pk: int, decision: str) -> HttpResponse:
    """A second manager approves (the journal is booked) or refuses (with a note) a waiting grant."""
    if decision not in ("approve", "refuse"):
        raise Http404(_("Approve or refuse."))  # a mistyped word must not count as a refusal
    club = _manager_club(request, slug)
    adjustment = get_object_or_404(Adjustment, pk=pk, club=club)
    form = AnswerForm(request.POST)
    try:
        if decision == "approve":
            adjustment_approve(adjustment_id=adjustment.pk, actor=request.user)
            messages.success(request, _("Approved: the chips are booked."))
        else:
            if not form.is_valid():
                # The note's own fault (an invisible character, too long): dropped, the service
                # answered "Say why it is refused." to a manager who had said why.
                raise ServiceError(form_problem(form))
            adjustment_refuse(
                adjustment_id=adjustment.pk, actor=request.user, note=form.cleaned_data["answer"]
            )
            messages.success(request, _("Refused: nothing was booked."))
    except ServiceError as exc:
        refusal_say(request, exc)
        if decision == "refuse" and not exc.done:
            # The club page again, the refusal's note kept in its form (review 123: it was lost).
            kept = {"form": "adjustment", "pk": adjustment.pk, "answer": request.POST.get("answer", "")}
            return club_page_again(request, club, answer_kept=kept)
    return redirect(f"{club.get_absolute_url()}#chips-waiting")


@post_only(club_page)
@login_required
def chips_request_view(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    mine = membership_get(club=club, user=request.user)
    if mine is None:
        raise Http404(_("You are not a member of this club."))
    form = ChipRequestForm(request.POST)
    try:
        if not form.is_valid():
            # Each field's own reason: a note pasted with an invisible character was told "Ask for a
            # whole number of chips." beside the whole number he had typed.
            raise ServiceError(form_problem(form))
        chips_request(member=mine, **form.cleaned_data)
    except ServiceError as exc:
        refusal_say(request, exc)
        if not exc.done:
            # The club page again, the form holding what was typed (review 123: its note was lost).
            kept = {name: request.POST.get(name, "") for name in ("amount", "note")}
            return club_page_again(request, club, ask_kept=kept)
    else:
        messages.success(request, _("Your request is with the club's managers."))
    return redirect(club.get_absolute_url())


@post_only(club_page)
@login_required
def chips_request_answer_view(request: HttpRequest, slug: str, pk: int, decision: str) -> HttpResponse:
    if decision not in ("grant", "refuse"):
        raise Http404(_("Grant or refuse."))
    club = _manager_club(request, slug)
    chip_request = get_object_or_404(ChipRequest, pk=pk, club=club)
    form = AnswerForm(request.POST)
    try:
        if not form.is_valid():
            raise ServiceError(form_problem(form))
        answered = chips_request_answer(
            request_id=chip_request.pk,
            actor=request.user,
            grant=decision == "grant",
            answer=form.cleaned_data["answer"],
            amount=form.cleaned_data["amount"],
            idempotency_key=f"chip_request:{chip_request.pk}",
        )
    except ServiceError as exc:
        refusal_say(request, exc)
        if not exc.done:
            # The club page again, the answer's note and chips kept in its form (review 123).
            kept = {"form": decision, "pk": chip_request.pk}
            kept |= {name: request.POST.get(name, "") for name in ("answer", "amount")}
            return club_page_again(request, club, answer_kept=kept)
    else:
        waiting = answered.adjustment is not None and answered.adjustment.status == Adjustment.Status.PENDING
        text = _("Answered: a second manager must approve this grant.") if waiting else _("Answered.")
        if waiting:
            text += _nobody_to_decide(club=club, asker=request.user, member=answered.member)
        messages.success(request, text)
    return redirect(f"{club.get_absolute_url()}#chips-waiting")
