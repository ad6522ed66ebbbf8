"""Member pages of the ledger: "My chips" and the managers' grant form. Views parse, call one service or
selector, and render; an htmx request gets the partial, a plain one the whole page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from club.errors import ServiceError
from club.models import Club, Membership
from club.selectors import membership_get

from .charts import balance_chart_svg
from .forms import GrantForm
from .selectors import StatementPage, account_statement, balance_series, statement_cursor, wallet_get
from .services import chips_grant_result


@login_required
@require_http_methods(["GET", "HEAD"])
def my_chips(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    membership = membership_get(club=club, user=request.user)
    if membership is None:
        raise Http404(_("You are not a member of this club."))
    if membership.status == Membership.Status.BANNED:
        # As everywhere on the site, a banned member is told so (and sees nothing of the club's books).
        return render(
            request,
            "ledger/refused.html",
            {"club": club, "message": _("You are banned from this club.")},
            status=403,
        )
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
    }
    if getattr(request, "htmx", False) and before is not None:
        return render(request, "ledger/my_chips.html#statement-rows", context)
    context["chart"] = balance_chart_svg(balance_series(account=wallet) if wallet else [])
    return render(request, "ledger/my_chips.html", context)


@login_required
@require_POST
def chips_grant_view(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    mine = membership_get(club=club, user=request.user)
    if mine is None or not mine.is_manager:
        raise Http404(_("Only the club's managers can grant chips."))
    form = GrantForm(request.POST, club=club)
    if form.is_valid():
        member = form.cleaned_data["member"]
        try:
            result = chips_grant_result(
                membership=member,
                amount=form.cleaned_data["amount"],
                actor=request.user,
                reason=form.cleaned_data["reason"],
                idempotency_key=f"grant:form:{form.cleaned_data['token']}",
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
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
                        "granted": True,
                    },
                )
            names = {"amount": form.cleaned_data["amount"], "member": member.user.shown_name}
            if result.created:
                messages.success(request, _("%(amount)s chips granted to %(member)s.") % names)
            else:
                # The same form sent again (a double click, a browser retry): the grant stands once.
                messages.info(
                    request,
                    _("These %(amount)s chips were already granted to %(member)s; nothing was booked twice.")
                    % names,
                )
            return redirect(club.get_absolute_url())
    if getattr(request, "htmx", False):
        return render(
            request,
            "ledger/_club_chips.html#grant-form",
            {"club": club, "membership": mine, "user": request.user, "grant_form": form},
            status=422,
        )
    for error in form.non_field_errors():
        messages.error(request, error)
    for name, errors in form.errors.items():
        if name != "__all__":
            messages.error(request, f"{form[name].label}: {' '.join(errors)}")
    return redirect(club.get_absolute_url())
