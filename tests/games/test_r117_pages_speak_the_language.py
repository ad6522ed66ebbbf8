"""Review 117: every page a player, a manager and a visitor see, rendered in Russian and in Bulgarian,
holds none of the sentences the same page says in English (text, and the titles, labels and
placeholders a screen reader or a hover reads, and the data-* attributes the scripts put on the page:
"the site refused this", a clock's words). A string added to a template or a view without
gettext, or without its translations, shows up here as the English sentence it left on the page."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.services.reports import report_create
from ledger.services.adjustments import chips_adjust, chips_request

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db

_TAGS = re.compile(r"(?s)<script.*?</script>|<style.*?</style>|<!--.*?-->")
_READ_ATTRIBUTES = re.compile(r'\s(?:title|aria-label|placeholder|alt|data-[\w-]+)="([^"]*)"')
#: A word as a sentence has it: letters, maybe a capital first, maybe a mark after it (not a code,
#: a hash or a command line).
_WORD = re.compile(r"[A-Za-z][a-z]+[.,:;!?’']*\w*")


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _sentences(html: str, names: set[str]) -> set[str]:
    """The page's text pieces and read attributes that are English sentences: three words or more,
    not counting the people's names (``names``: a list of players is no sentence)."""
    html = _TAGS.sub(" ", html)
    pieces = re.split(r"<[^>]*>", html) + _READ_ATTRIBUTES.findall(html)
    found = set()
    for piece in pieces:
        text = " ".join(unescape(piece).split())
        words = [t for t in text.split() if _WORD.fullmatch(t) and t.rstrip(",.;:") not in names]
        if len(words) >= 3 and not re.search(r"[А-Яа-яЁё]", text):
            found.add(text)
    return found


def _client(user, language: str) -> Client:
    client = Client()
    client.cookies["django_language"] = language
    if user is not None:
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_no_page_keeps_an_english_sentence(club, owner, players, make_table, make_user, make_club, language):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    start_deal(table)  # the table page shows a deal being played: its clock, its bids
    vera, gleb, dasha, ivan = players
    member = {u: Membership.objects.get(club=club, user=u) for u in players}
    club_services.membership_ban(
        membership=member[ivan], actor=owner, reason="x", until=timezone.now() + timedelta(days=3)
    )
    club_services.membership_suspend(
        membership=member[dasha], actor=owner, reason="y", until=timezone.now() + timedelta(days=2)
    )
    club.four_eyes_above = 100
    club.save(update_fields=["four_eyes_above"])
    chips_request(member=member[vera], amount=21, note="z")
    chips_adjust(
        member=member[gleb], kind="revoke", amount=601, actor=owner, reason="r", idempotency_key="r117-1"
    )
    report_create(deal_id=deal.pk, user=vera, reason="cheating", comment="c")
    invite = club_services.invite_create(club=club, actor=owner)
    asking = make_club(owner, "Approval Room", join_policy="approval")
    visitor = make_user("visitor117")
    club_services.membership_join(club=asking, user=visitor)
    slug = club.slug
    seen_by = {
        vera: [
            "/",
            f"/clubs/{slug}/",
            f"/clubs/{slug}/chips/",
            f"/tables/{table.pk}/",
            f"/clubs/{slug}/deals/",
            f"/deals/{deal.pk}/",
            f"/deals/{deal.pk}/replay/",
            "/fairness/",
            f"/clubs/{slug}/leaderboard/",
            f"/clubs/{slug}/players/{vera.username}/",
            "/accounts/profile/",
            "/accounts/password/change/",
            f"/clubs/{slug}/leave/",
            f"/deals/{deal.pk}/report/",
            "/rules/",
            "/rules/classic/",
        ],
        owner: [
            f"/clubs/{slug}/",
            f"/clubs/{slug}/settings/",
            f"/clubs/{slug}/tables/new/",
            f"/clubs/{slug}/reports/",
            f"/clubs/{slug}/collusion/",
            f"/tables/{table.pk}/ledger/",
            f"/clubs/{asking.slug}/",
            "/admin/",
            "/admin/club/membership/",
            "/admin/club/auditlog/",
            "/admin/games/tablesession/",
            f"/admin/games/tablesession/{table.pk}/change/",
            "/admin/games/tablesession/add/",
            "/admin/games/deal/",
            f"/admin/games/deal/{deal.pk}/change/",
            "/admin/ledger/journal/",
            "/admin/ledger/adjustment/",
            "/admin/ledger/chiprequest/",
            "/admin/ledger/account/",
        ],
        ivan: [f"/clubs/{slug}/", f"/tables/{table.pk}/"],
        dasha: [f"/clubs/{slug}/", f"/tables/{table.pk}/"],
        visitor: [f"/clubs/{asking.slug}/", f"/invite/{invite.code}/"],
        None: [
            "/",
            "/accounts/login/",
            "/accounts/register/",
            "/accounts/password/reset/",
            f"/invite/{invite.code}/",
        ],
    }
    names = {u.display_name for u in [*players, owner]} - {""}
    left, checked = [], 0
    for user, paths in seen_by.items():
        english, other = _client(user, "en"), _client(user, language)
        for path in paths:
            said_in_english = _sentences(english.get(path, follow=True).content.decode(), names)
            checked += len(said_in_english)
            page = other.get(path, follow=True)
            left += [(path, s) for s in sorted(said_in_english & _sentences(page.content.decode(), names))]
    assert checked > 300  # the English pages do say things: the test compares something
    assert not left, "\n".join(f"{path}: {sentence}" for path, sentence in left)
