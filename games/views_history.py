"""Pages about finished deals: history lists, a deal's page, its replay, exports, and fairness.

Every deal is visible to the active members of its club, and to nobody else (a 404, so a stranger
cannot even learn that a deal exists). Hands are shown as the end of the deal showed them; a player
also sees the hand he was dealt, even when he passed.
"""

from __future__ import annotations

import calendar
import io
import json
import zipfile
from datetime import UTC, datetime
from functools import lru_cache

from django.contrib.auth.decorators import login_required
from django.core.paginator import Page
from django.db.models import Exists, FilteredRelation, OuterRef, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from club.models import Club, Membership, User, named_in_clubs
from club.selectors import membership_get
from ledger.selectors import deal_journal_lines, table_ledger

from . import export_cache, history
from .engine.rules import PRESETS
from .engine.shuffle import commitment as commitment_of
from .engine.shuffle import shuffled_deck
from .forms import ReportForm
from .howto import preset_title
from .htmx_parts import htmx_part_wanted, htmx_varied
from .models import Deal, DealPlayer, Report, TableSession
from .prepared import Prepared, first_of
from .presenter import card, table_context
from .services.dealing import deal_state


def _require_member(request: HttpRequest, club: Club) -> Membership:
    return _active_or_404(membership_get(club=club, user=request.user))


def _active_or_404(membership: Membership | None) -> Membership:
    if membership is None or not membership.is_active:
        raise Http404(_("Only the club's members can see its deals."))
    return membership


_FINISHED_DEAL = Prepared(
    lambda deal_id: first_of(
        Deal.objects.select_related("session__club").filter(pk=deal_id, finished_at__isnull=False)
    )
)
_MY_REPORTS = Prepared(
    lambda deal_id, user_id: Report.objects.filter(deal_id=deal_id, reporter__user_id=user_id).order_by(
        "created_at"
    )
)


# The deal with the reader's membership of its club (``membership_get``'s row, joined: a membership is
# one per club and user): one round trip instead of two on every deal page.
_FINISHED_DEAL_AND_MINE = Prepared(
    lambda deal_id, user_id: first_of(
        Deal.objects.filter(pk=deal_id, finished_at__isnull=False)
        .annotate(
            my_membership=FilteredRelation(
                "session__club__memberships", condition=Q(session__club__memberships__user_id=user_id)
            )
        )
        .select_related("session__club", "my_membership")
    )
)


def _deal_and_membership(request: HttpRequest, deal_id: int) -> tuple[Deal, Membership]:
    if not request.user.is_authenticated:
        deal = _FINISHED_DEAL.first(deal_id)
        if deal is None:
            raise Http404("No Deal matches the given query.")
        return deal, _require_member(request, deal.session.club)
    deal = _FINISHED_DEAL_AND_MINE.first(deal_id, request.user.pk)
    if deal is None:
        raise Http404("No Deal matches the given query.")
    # No membership row: the join left nothing to set (the attribute is absent, not None).
    return deal, _active_or_404(getattr(deal, "my_membership", None))


def _deal_for(request: HttpRequest, deal_id: int) -> Deal:
    return _deal_and_membership(request, deal_id)[0]


def user_named(username: str) -> User | None:
    """The user a typed username names, as a log-in reads it: in any case and with look-alike
    letters ("Vera" for "vera"); None when nobody has it."""
    try:
        return User.objects.get_by_natural_key(username)
    except User.DoesNotExist:
        return None


def _page_number(request: HttpRequest) -> int:
    raw = request.GET.get("page", "1")
    if not (raw.isascii() and raw.isdigit()):
        return 1
    # "0" is a page before the first: Django's paginator answers any page out of range with the last,
    # however many digits it has (seven read as the first page, the newest deals), leading zeros or not.
    digits = raw.lstrip("0")
    return max(1, int(digits or "0")) if len(digits) < 7 else 10**7


def _upto(request: HttpRequest) -> datetime | None:
    """``?upto=``: microseconds since the epoch, the newest deal of the list as its first page read it."""
    raw = request.GET.get("upto", "")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 17):
        return None
    seconds, micro = divmod(int(raw), 1_000_000)
    return datetime.fromtimestamp(seconds, tz=UTC).replace(microsecond=micro)


def _upto_text(when: datetime | None) -> str:
    if when is None:
        return ""
    return str(calendar.timegm(when.utctimetuple()) * 1_000_000 + when.microsecond)


def _newest(page: Page) -> datetime | None:
    return page.paginator.object_list.values_list("finished_at", flat=True).first()


def _named_in_club(user: User, club: Club, reader: Membership) -> bool:
    """Whether the club shows ``user``'s name to ``reader``: its managers see those asking to join
    and those banned (the club page lists them for them); a plain member sees the members and those
    who played there. A plain member who typed the name of someone who had only asked to join read
    an empty list where a name nobody has read "No player has this username.": who applied."""
    if reader.manages_now:
        return User.objects.filter(pk=user.pk, pk__in=named_in_clubs([club.pk])).exists()
    played = Exists(DealPlayer.objects.filter(member=OuterRef("pk")))
    return (
        Membership.objects.filter(club=club, user=user)
        .filter(Q(status=Membership.Status.ACTIVE) | Q(played))
        .exists()
    )


@login_required
def club_history(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    reader = _require_member(request, club)
    player_name = (request.GET.get("player") or "").strip()[:150]
    player = user_named(player_name) if player_name else None
    if player is None and player_name.startswith("@"):
        # The site writes usernames as "@vera": typed so, it is his (unless someone has the "@").
        player = user_named(player_name[1:].strip()) if player_name[1:].strip() else None
    if player is not None and not _named_in_club(player, club, reader):
        # Someone of the site who never was of this club: told as a name nobody has, so the box tells
        # a member nothing about who else has an account (and he had read an empty list, unexplained).
        player = None
    session = None
    table = request.GET.get("table", "").strip()
    if table.isascii() and table.isdigit() and len(table) < 12:
        session = TableSession.objects.filter(club=club, pk=int(table)).first()
    preset = request.GET.get("preset", "")
    result = request.GET.get("result", "")
    # A player or a table that is not there matches no deal (not every deal, as if unfiltered).
    nothing = bool(player_name and player is None) or bool(table and session is None)
    upto = _upto(request)
    page = history.deal_history_page(
        club=club,
        session=session,
        player=player,
        preset=preset,
        result=result,
        page=_page_number(request),
        nothing=nothing,
        upto=upto,
    )
    if upto is None and page.object_list:
        # The links to other pages keep the list as this page read it: deals that finish meanwhile
        # would push rows already shown onto the next page (read twice) and out of the one before.
        upto = page.object_list[0].finished_at if page.number == 1 else _newest(page)
    context = {
        "club": club,
        "page": page,
        "upto": _upto_text(upto),
        "rows": history.deal_rows(page, viewer=request.user),
        "player": player_name,
        "table": session,
        # The table's file, offered once it has a finished deal (before, its link answered 404, a
        # browser's failed download): the rows shown are some, or else it is asked.
        "exportable": session is not None
        and (
            bool(page.object_list) or Deal.objects.filter(session=session, finished_at__isnull=False).exists()
        ),
        "preset": preset if preset in PRESETS else "",
        "result": result,
        "presets": [(name, preset_title(name)) for name in PRESETS],
        "unknown_player": bool(player_name and player is None),
        # A table the club has not (another club's is told as one that is not there): said, as a name
        # nobody has is; the empty list read "No deal yet." of a club that had played.
        "unknown_table": bool(table and session is None),
    }
    rows_only = htmx_part_wanted(request) and request.GET.get("page")
    template = "games/history.html#rows" if rows_only else "games/history.html"
    return htmx_varied(render(request, template, context))


@lru_cache(maxsize=8)
def _empty_report_form(language: str | None) -> str:
    """The deal page's empty report form as ``_form.html`` renders it, once per process and language:
    it holds nothing of the reader or the deal (fixed fields, translated labels and reasons), and its
    widgets' templates were a sixth of the page's time."""
    return render_to_string("_form.html", {"form": ReportForm()})


@login_required
def deal_page(request: HttpRequest, deal_id: int) -> HttpResponse:
    return deal_page_shown(request, deal_id)


def deal_page_shown(
    request: HttpRequest, deal_id: int, report_form: ReportForm | None = None
) -> HttpResponse:
    """The deal's page; ``report_form``: a refused report, shown again holding what was typed and
    its errors (review 123: the comment was lost), else the empty form."""
    deal, membership = _deal_and_membership(request, deal_id)
    # A finished deal's stored snapshot is its last state: the page shows it as the replay's last
    # step would, without replaying every move (the replay page does that); one action per seq.
    state = deal_state(deal)
    players = history.deal_players_seated(deal)
    seat = next((p.engine_seat for p in players if p.member_id == membership.pk), None)
    view = history.step_view(history.Step(deal.seq, None, state), seat)
    public = history.deal_public(deal, players)
    context = table_context(view=view, public=public, user_id=request.user.pk, now=timezone.now())
    dealt = history.dealt_hands(state)
    my_reports = _MY_REPORTS(deal.pk, request.user.pk)
    journals = deal_journal_lines(deal=deal)
    context.update(
        my_reports=my_reports,
        open_report=any(r.status == Report.Status.OPEN for r in my_reports),
        report_form_html=(
            _empty_report_form(translation.get_language())
            if report_form is None
            else render_to_string("_form.html", {"form": report_form})
        ),
        is_manager=membership.manages_now,
        deal_obj=deal,
        session=deal.session,
        club=deal.session.club,
        my_seat=seat,
        my_dealt=[card(c) for c in dealt[seat]] if seat is not None and dealt[seat] else [],
        players=players,
        journals=journals,
        # Chips moved back after the deal (a report's outcome): the table shows the deal as played.
        moved_back=any(j.reversal_of is not None for j in journals),
        steps=deal.seq,
        replay=True,
        # The frame's line under the seed links to the replay and the check, not to this page.
        deal_page=True,
        # Its file is its fairness record when no scenario can say it: "Download as a scenario file"
        # and "replays with python -m games.engine.replay" sent the reader to a command that refuses it.
        record_only=not history.scenario_can_say(state, deal),
    )
    return render(request, "games/deal.html", context)


@login_required
def deal_replay(request: HttpRequest, deal_id: int) -> HttpResponse:
    deal = _deal_for(request, deal_id)
    steps = history.deal_steps(deal)
    raw = request.GET.get("step", "0")
    last = len(steps) - 1
    if raw.isascii() and raw.isdigit():
        # A number past the end is the last step, however many digits it has (not read past six).
        digits = raw.lstrip("0") or "0"
        step_no = min(int(digits), last) if len(digits) < 6 else last
    else:
        step_no = 0
    step = steps[step_no]
    seat = history.viewer_seat(deal, request.user)
    public = history.deal_public(deal)
    # The log as it stood at this step.
    public["deal"]["log"] = [line for line in public["deal"]["log"] if line["seq"] <= step.seq]
    public["deal"]["seq"] = step.seq
    public["deal"]["deadline"] = None
    public["deal"]["seed"] = deal.seed if step_no == last else None
    context = table_context(
        view=history.step_view(step, seat), public=public, user_id=request.user.pk, now=timezone.now()
    )
    context.update(
        deal_obj=deal,
        club=deal.session.club,
        step=step_no,
        last=last,
        row=step.row,
        replay=True,
        # A step of a finished deal is nobody's turn now: "your turn" at the steps where the reader
        # was to move read as a call to move. It names him, as it names everyone else.
        my_turn=False,
    )
    template = "games/replay.html#frame" if htmx_part_wanted(request) else "games/replay.html"
    return htmx_varied(render(request, template, context))


def _json_download(data: object, filename: str) -> HttpResponse:
    response = HttpResponse(history.export_text(data), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def deal_export(request: HttpRequest, deal_id: int) -> HttpResponse:
    deal = _deal_for(request, deal_id)
    return _json_download(history.deal_export_or_record(deal), f"khrap-deal-{deal.pk}.json")


@login_required
def session_export(request: HttpRequest, session_id: int) -> HttpResponse:
    session = get_object_or_404(TableSession.objects.select_related("club"), pk=session_id)
    _require_member(request, session.club)
    made = export_cache.table_export(session, lambda: _table_file(session))
    if made is None:
        raise Http404(_("This table has no finished deal yet."))
    response = HttpResponse(made.content, content_type=made.content_type)
    response["Content-Disposition"] = f'attachment; filename="{made.filename}"'
    return response


def _table_file(session: TableSession) -> export_cache.ExportFile | None:
    runs = history.session_export(session)
    if not runs:
        return None
    if len(runs) == 1:
        text = history.export_text(runs[0]).encode()
        name = f"khrap-table-{session.pk}.json"
        return export_cache.ExportFile(text, "application/json; charset=utf-8", name)
    # The table changed between deals (players came and went): one scenario file per run of deals.
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for number, run in enumerate(runs, start=1):
            archive.writestr(f"khrap-table-{session.pk}-part-{number:03d}.json", history.export_text(run))
    return export_cache.ExportFile(buffer.getvalue(), "application/zip", f"khrap-table-{session.pk}.zip")


VECTOR_SEED = bytes(range(32))


def fairness(request: HttpRequest) -> HttpResponse:
    """How the shuffle works, its test vector, and a verifier that runs in the reader's browser."""
    deal_json = ""
    strings: dict[str, object] | None = None
    raw = request.GET.get("deal", "")
    asked = "deal" in request.GET
    if raw.isascii() and raw.isdigit() and len(raw) < 12 and request.user.is_authenticated:
        deal = (
            Deal.objects.select_related("session__club")
            .filter(pk=int(raw), finished_at__isnull=False)
            .first()
        )
        if deal is not None:
            membership = membership_get(club=deal.session.club, user=request.user)
            if membership is not None and membership.is_active:
                record = history.deal_export_or_record(deal)
                deal_json = history.export_text(record)
                # Review 152: each string beside its seat and player, and the reader's own seat,
                # which the page's script holds his browser's string to ("my string is at MY seat").
                strings = history.deal_strings_by_seat(deal, record, request.user)
    context = {
        # A deal asked for and not filled in (running, another club's, no such number, logged out):
        # the page said nothing and showed an empty box. The same words for every case, so a stranger
        # learns nothing of another club's deals.
        "deal_missing": asked and not deal_json,
        "vector_seed": VECTOR_SEED.hex(),
        "vector_commitment": commitment_of(VECTOR_SEED),
        "vector_deck": " ".join(shuffled_deck(VECTOR_SEED, 36)),
        "deal_json": deal_json,
        "deal_json_data": json.dumps(deal_json),
        "strings": strings,
    }
    return render(request, "games/fairness.html", context)


@login_required
def table_ledger_view(request: HttpRequest, session_id: int) -> HttpResponse:
    """A table's books for its club's managers: every account it opened, the movements by kind, and
    its trial balance (what came in, what went out, what it holds)."""
    session = get_object_or_404(TableSession.objects.select_related("club"), pk=session_id)
    membership = membership_get(club=session.club, user=request.user)
    if membership is None or not membership.manages_now:  # not while suspended (review 149)
        raise Http404(_("Only the club's managers can read a table's books."))
    books = table_ledger(table_id=session.pk)
    deals = Deal.objects.filter(session=session).order_by("number")
    return render(
        request,
        "games/table_ledger.html",
        {
            "session": session,
            "club": session.club,
            "books": books,
            "deals": deals,
            "balanced": books.came_in - books.went_out == books.held == books.credits - books.debits,
        },
    )
