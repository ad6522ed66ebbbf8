"""Review 30: a grant a manager answered from a Russian page without a note waits for a second
manager with the site's own reason, stored in Russian ("По просьбе участника"). Review 21 made the
club page, the statements and the log read it in the reader's words; the admin's list of waiting
grants, and the grant's own page there, still showed it in Russian to a Bulgarian second manager."""

from __future__ import annotations

from django.urls import reverse
from django.utils import translation

from club import services as club_services
from club.models import Membership
from ledger.models import Adjustment
from ledger.services import chips_request, chips_request_answer
from tests.club.conftest import client_for


def test_the_sites_own_reason_reads_in_the_second_managers_words_in_the_admin(make_user, make_club):
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
    adjustment = Adjustment.objects.get()
    client = client_for(boris)
    for url in (
        reverse("admin:ledger_adjustment_changelist"),
        reverse("admin:ledger_adjustment_change", args=[adjustment.pk]),
    ):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE="bg").content.decode()
        assert "По искане на члена" in html, url
        assert "По просьбе участника" not in html, url


def test_a_managers_own_reason_is_shown_as_he_wrote_it(make_user, make_club):
    owner = make_user("olga")
    club = make_club(owner, "Own words")
    club.four_eyes_above = 10
    club.save(update_fields=["four_eyes_above"])
    petar = make_user("petar")
    club_services.membership_join(club=club, user=petar)
    asked = chips_request(member=Membership.objects.get(club=club, user=petar), amount=50)
    chips_request_answer(
        request_id=asked.pk, actor=owner, grant=True, answer="for the final", idempotency_key="r"
    )
    html = client_for(owner).get(reverse("admin:ledger_adjustment_changelist")).content.decode()
    assert "for the final" in html
