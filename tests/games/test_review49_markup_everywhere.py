"""Review 49: every string a person types (display name, club name and description, table title,
grant memo and a refused grant's note, ban reason, report comment, chip request note and its
answer) shown as text on every page, htmx part and admin page that shows it: never as markup."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from club import services as club_services
from club.models import Club, Membership, User
from games.models import Deal
from games.services.reports import report_create
from ledger.models import ChipRequest
from ledger.services import chips_grant
from ledger.services.adjustments import adjustment_refuse, chips_adjust, chips_request, chips_request_answer

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db

EVIL = "<b data-x=\"pwn\">'&amp;"
RAW = re.compile(r"<b data-x=|data-x=\"pwn\"|&amp;amp;amp;")


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_typed_markup_is_text_on_every_page(make_user, make_club, settings):
    owner = make_user("olga", display_name="Olga " + EVIL)
    owner.is_staff = True
    owner.save()
    club = make_club(owner, "Club " + EVIL, join_policy=Club.JoinPolicy.OPEN)
    club.description = "About " + EVIL
    club.save()
    people = []
    for name in ("vera", "gleb", "dasha", "ivan"):
        user = make_user(name, display_name=name + EVIL)
        club_services.membership_join(club=club, user=user)
        chips_grant(membership=Membership.objects.get(club=club, user=user), amount=1000, actor=owner,
                    reason="start " + EVIL)
        people.append(user)
    from games.services import table_session_create

    table = table_session_create(
        club=club, actor=owner, title="Table " + EVIL, preset="classic", seat_count=4,
        stake=5, buy_in_min=100, buy_in_max=500,
    )
    sit_all(table, people)
    deal = play_deal_as_people(start_deal(table), people)
    report = report_create(deal_id=deal.pk, user=people[0], reason="other", comment="Why " + EVIL)
    asker = make_user("pyotr", display_name="Pyotr" + EVIL)
    club_services.membership_join(club=club, user=asker)
    asking = Membership.objects.get(club=club, user=asker)
    ask = chips_request(member=asking, amount=50, note="Please " + EVIL)
    banned = make_user("boris", display_name="Boris" + EVIL)
    club_services.membership_join(club=club, user=banned)
    club_services.membership_ban(membership=Membership.objects.get(club=club, user=banned), actor=owner,
                                 reason="Cheat " + EVIL)
    second = make_user("sam", display_name="Sam" + EVIL)
    club_services.membership_join(club=club, user=second)
    asking = Membership.objects.get(club=club, user=second)
    ask2 = chips_request(member=asking, amount=60, note="More " + EVIL)
    chips_request_answer(request_id=ask2.pk, actor=owner, grant=False, answer="No " + EVIL,
                         idempotency_key="r49-answer")
    assert ChipRequest.objects.count() == 2
    # Four eyes: a second manager's big grants, one refused with a note, one waiting.
    deputy = make_user("misha", display_name="Misha" + EVIL)
    club_services.membership_join(club=club, user=deputy)
    club_services.membership_set_role(
        membership=Membership.objects.get(club=club, user=deputy), actor=owner, role=Membership.Role.MANAGER
    )
    to_vera = Membership.objects.get(club=club, user=people[0])
    big = club.four_eyes_above + 1
    refused = chips_adjust(member=to_vera, kind="grant", amount=big, actor=deputy, reason="Big " + EVIL,
                           idempotency_key="r49-big-1").adjustment
    assert refused is not None
    adjustment_refuse(adjustment_id=refused.pk, actor=owner, note="Refused " + EVIL)
    waiting = chips_adjust(member=to_vera, kind="grant", amount=big, actor=deputy, reason="Waits " + EVIL,
                           idempotency_key="r49-big-2").adjustment
    assert waiting is not None

    slug = club.slug
    member_pages = [
        reverse("home"),
        club.get_absolute_url(),
        reverse("club_history", args=[slug]),
        reverse("deal_page", args=[deal.pk]),
        reverse("deal_replay", args=[deal.pk]),
        reverse("deal_replay", args=[deal.pk]) + "?step=3",
        reverse("fairness") + f"?deal={deal.pk}",
        reverse("club_leaderboard", args=[slug]),
        reverse("club_player", args=[slug, people[1].username]),
        reverse("table_page", args=[table.pk]),
        reverse("ledger_my_chips", args=[slug]),
        reverse("profile"),
    ]
    manager_pages = [
        *member_pages,
        reverse("table_ledger", args=[table.pk]),
        reverse("report_list", args=[slug]),
        reverse("report_review", args=[report.pk]),
        reverse("collusion_list", args=[slug]),
        reverse("club_settings", args=[slug]),
        reverse("admin:index"),
        reverse("admin:club_membership_changelist"),
        reverse("admin:club_auditlog_changelist"),
        reverse("admin:club_club_changelist"),
        reverse("admin:ledger_journal_changelist"),
        reverse("admin:ledger_entry_changelist"),
        reverse("admin:ledger_account_changelist"),
        reverse("admin:ledger_chiprequest_changelist"),
        reverse("admin:games_tablesession_changelist"),
        reverse("admin:games_deal_changelist"),
        reverse("admin:games_dealaction_changelist"),
        reverse("admin:games_seat_changelist"),
        reverse("admin:club_membership_change", args=[Membership.objects.get(club=club, user=banned).pk]),
        reverse("admin:club_club_change", args=[club.pk]),
        reverse("admin:games_tablesession_change", args=[table.pk]),
        reverse("admin:games_deal_change", args=[deal.pk]),
        reverse("admin:ledger_chiprequest_change", args=[ask.pk]),
        reverse("admin:ledger_adjustment_changelist"),
        reverse("admin:ledger_adjustment_change", args=[refused.pk]),
        reverse("admin:ledger_adjustment_change", args=[waiting.pk]),
    ]
    found = []
    shown = 0
    chips = reverse("ledger_my_chips", args=[slug])
    readers = (
        (people[1], member_pages),
        (owner, manager_pages),
        (deputy, [club.get_absolute_url(), reverse("ledger_my_chips", args=[slug])]),
        (asker, [club.get_absolute_url(), chips]),
        (second, [chips]),
        (banned, [club.get_absolute_url(), reverse("home")]),
    )
    for user, pages in readers:
        client = _client(user)
        for url in pages:
            for htmx in (False, True):
                response = client.get(url, HTTP_HX_REQUEST="true") if htmx else client.get(url)
                if response.status_code != 200:
                    if not htmx:
                        found.append((user.username, url, response.status_code))
                    continue
                text = response.content.decode()
                shown += "&lt;b data-x=" in text
                if RAW.search(text):
                    at = RAW.search(text).start()
                    found.append((user.username, url, htmx, text[max(0, at - 120): at + 60]))
    assert Deal.objects.filter(pk=deal.pk, finished_at__isnull=False).exists()
    assert not found, found
    assert shown > 40  # the typed text is there, as text
