"""Stats pages: a club's leaderboard and a player's page. Members of the club only (a 404 for
anyone else, as for its deals); every query value is checked, odd ones fall back to the defaults."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from club.models import Club, Membership

from . import stats_read
from .models import DealPlayer
from .stats_charts import hand_svg, net_chart_svg, success_chart_svg
from .views_history import _require_member, user_named


def _choice(request: HttpRequest, name: str, allowed: dict, default: str) -> str:
    value = request.GET.get(name, default)
    return value if value in allowed else default


#: Players the board reads to find a member placed below the ones it shows.
PLACES_READ = 100_000


@login_required
def leaderboard(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    _require_member(request, club)
    period = _choice(request, "period", stats_read.PERIODS, "week")
    sort = _choice(request, "sort", stats_read.COLUMNS, stats_read.DEFAULT_SORT)
    order = _choice(request, "order", {"asc": 1, "desc": 1}, "asc" if sort == "player" else "desc")
    # The whole board: a member placed below the cut is told the board stops there, and his place
    # (his own page has none: in a big club he could not learn where he stood).
    shown = stats_read.LEADERBOARD_SIZE
    board = stats_read.leaderboard(
        club=club, period=period, sort=sort, descending=order == "desc", size=PLACES_READ
    )
    rows = board[: shown + 1]
    below = next(
        (row for row in board[shown:] if row.member.user_id == request.user.pk),
        None,
    )
    columns = [
        {
            "key": key,
            "label": label,
            "sorted": key == sort,
            "order": order,
            # A click on the sorted column turns it round; on another, its natural order.
            "next": ("asc" if order == "desc" else "desc")
            if key == sort
            else ("asc" if key == "player" else "desc"),
        }
        for key, label in stats_read.column_labels(club).items()
    ]
    context = {
        "club": club,
        "rows": rows[:shown],
        "shown": shown if len(rows) > shown else None,
        "my_place": {"rank": below.rank, "count": len(board)} if below is not None else None,
        "columns": columns,
        "period": period,
        "periods": list(stats_read.PERIOD_LABELS.items()),
        "sort": sort,
        "order": order,
    }
    return render(request, "games/leaderboard.html", context)


@login_required
def player_page(request: HttpRequest, slug: str, username: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    _require_member(request, club)
    # Typed into the address bar in another case ("Vera" for "vera"), the name is still his.
    user = user_named(username[:150])
    membership = (
        Membership.objects.select_related("user").filter(club=club, user=user).first()
        if user is not None
        else None
    )
    # Someone who only asked to join (or was refused) never played here: his page would tell the
    # members who applied. Former members keep the page of the deals they played.
    if membership is None or (
        membership.status != Membership.Status.ACTIVE
        and not DealPlayer.objects.filter(member=membership).exists()
    ):
        raise Http404(_("No such player in this club."))
    period = _choice(request, "period", stats_read.PERIODS, "all")
    totals = stats_read.player_totals(membership=membership, period=period)
    hand = stats_read.player_winning_hand(membership=membership)
    success = stats_read.player_success_by_status(membership=membership)
    context = {
        "club": club,
        "player": membership,
        "period": period,
        "periods": list(stats_read.PERIOD_LABELS.items()),
        "totals": totals,
        # His counters under the leaderboard's headings: in a Frap club, its game's words.
        "labels": stats_read.column_labels(club),
        "snore_rate": stats_read.snore_rate(totals),
        "net_chart": net_chart_svg(stats_read.player_net_series(membership=membership)),
        "success_chart": success_chart_svg(success),
        "success_caption": stats_read.success_caption(success),
        "hand_chart": hand_svg(hand["cards"], hands=hand["hands"], latest=hand["latest"]),
    }
    return render(request, "games/player.html", context)
