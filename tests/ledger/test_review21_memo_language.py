"""Review 21: memos the site writes itself were stored in the language of whoever caused them and
shown so to everyone. A Russian manager granting a Bulgarian member's request for chips without a
note put "По просьбе участника" on the member's Bulgarian statement (page and CSV); a journal moved
back without a note read "Сторно проводки №12" to him. They are read back in the reader's words."""

from __future__ import annotations

from django.urls import reverse
from django.utils import translation

from club import services as club_services
from club.models import Membership
from ledger.models import Journal
from ledger.services import chips_request, chips_request_answer, journal_reverse
from tests.club.conftest import client_for


def _statement(client, club, language: str) -> str:
    html = client.get(reverse("ledger_my_chips", args=[club.slug]), HTTP_ACCEPT_LANGUAGE=language)
    csv = client.get(reverse("ledger_statement_csv", args=[club.slug]), HTTP_ACCEPT_LANGUAGE=language)
    return html.content.decode() + b"".join(csv.streaming_content).decode("utf-8-sig")


def test_a_request_granted_without_a_note_reads_in_the_members_language(make_user, make_club):
    owner = make_user("olga")
    club = make_club(owner, "Memo words")
    petar = make_user("petar")
    club_services.membership_join(club=club, user=petar)
    asked = chips_request(member=Membership.objects.get(club=club, user=petar), amount=50)
    with translation.override("ru"):  # the manager answers from a Russian page
        chips_request_answer(request_id=asked.pk, actor=owner, grant=True, answer="", idempotency_key="r1")
    client = client_for(petar)
    bulgarian = _statement(client, club, "bg")
    assert "По просьбе участника" not in bulgarian
    assert bulgarian.count("По искане на члена") == 2  # the page and the CSV
    english = _statement(client, club, "en")
    assert english.count("Asked for by the member") == 2


def test_a_reversal_without_a_note_reads_in_the_members_language(make_user, make_club):
    owner = make_user("olga")
    club = make_club(owner, "Memo words")
    petar = make_user("petar")
    club_services.membership_join(club=club, user=petar)
    asked = chips_request(member=Membership.objects.get(club=club, user=petar), amount=50, note="please")
    chips_request_answer(request_id=asked.pk, actor=owner, grant=True, answer="welcome", idempotency_key="r1")
    grant = Journal.objects.get(club=club, kind=Journal.Kind.GRANT, memo="welcome")
    with translation.override("ru"):
        journal_reverse(grant, actor=owner)
    client = client_for(petar)
    bulgarian = _statement(client, club, "bg")
    assert "Сторно проводки" not in bulgarian
    assert bulgarian.count(f"Сторно на операция №{grant.pk}") == 2
    assert _statement(client, club, "en").count(f"Reversal of journal #{grant.pk}") == 2
    # A manager's own words stay as he wrote them.
    assert "welcome" in bulgarian


def test_a_grant_waiting_for_a_second_manager_reads_in_his_language(make_user, make_club):
    """The same words in the managers' list of grants waiting for a second manager and the club's log."""
    owner = make_user("olga")
    club = make_club(owner, "Memo words")
    boris = make_user("boris")
    club_services.membership_join(club=club, user=boris)
    club_services.membership_set_role(
        membership=Membership.objects.get(club=club, user=boris), actor=owner, role=Membership.Role.MANAGER
    )
    club.four_eyes_above = 10
    club.save(update_fields=["four_eyes_above"])
    petar = make_user("petar")
    club_services.membership_join(club=club, user=petar)
    asked = chips_request(member=Membership.objects.get(club=club, user=petar), amount=50)
    with translation.override("ru"):
        chips_request_answer(request_id=asked.pk, actor=owner, grant=True, answer="", idempotency_key="r1")
    page = client_for(boris).get(reverse("club_detail", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="bg")
    html = page.content.decode()
    assert "По искане на члена" in html
    assert "По просьбе участника" not in html
