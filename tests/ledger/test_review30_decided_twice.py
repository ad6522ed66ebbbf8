"""Review 30: a manager who approved or refused a waiting grant (or answered a request for chips)
and sent the same form again (a double click, a browser's retry, a second tab) was told "Another
manager has already decided this.": he went looking for the other manager. He is told that he
decided it himself, and how; another manager still reads the first sentence. Nothing is done twice."""

from __future__ import annotations

import pytest
from django.test import Client

from club.errors import ServiceError
from club.models import Club, Membership
from ledger.models import Adjustment, Journal
from ledger.services import (
    adjustment_approve,
    adjustment_refuse,
    chips_adjust,
    chips_request,
    chips_request_answer,
)

from .conftest import make_user

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"


@pytest.fixture
def second(club: Club) -> Membership:
    return Membership.objects.create(club=club, user=make_user("second"), role=Membership.Role.MANAGER)


@pytest.fixture
def third(club: Club) -> Membership:
    return Membership.objects.create(club=club, user=make_user("third"), role=Membership.Role.MANAGER)


@pytest.fixture
def waiting(club: Club, owner, member_factory) -> Adjustment:
    member = member_factory()
    return chips_adjust(
        member=member, kind="grant", amount=9_000, actor=owner, reason="prize", idempotency_key="big"
    ).adjustment


def _refused(call) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        call()
    assert refused.value.code == "stale"
    return refused.value


def test_approving_twice_says_he_approved_it(waiting, second, third) -> None:
    adjustment_approve(adjustment_id=waiting.pk, actor=second.user)
    again = _refused(lambda: adjustment_approve(adjustment_id=waiting.pk, actor=second.user))
    assert again.message == "You have already approved this."
    refuse = _refused(lambda: adjustment_refuse(adjustment_id=waiting.pk, actor=second.user, note="no"))
    assert refuse.message == "You have already approved this."
    other = _refused(lambda: adjustment_approve(adjustment_id=waiting.pk, actor=third.user))
    assert other.message == "Another manager has already decided this."
    assert Journal.objects.filter(idempotency_key=f"adjustment:{waiting.pk}").count() == 1


def test_refusing_twice_says_he_refused_it(waiting, second) -> None:
    adjustment_refuse(adjustment_id=waiting.pk, actor=second.user, note="too much")
    again = _refused(lambda: adjustment_refuse(adjustment_id=waiting.pk, actor=second.user, note="too much"))
    assert again.message == "You have already refused this."


def test_answering_a_request_twice_says_he_answered_it(club, owner, second, member_factory) -> None:
    member = member_factory()
    request = chips_request(member=member, amount=5, note="please")

    def answer(actor):
        return chips_request_answer(
            request_id=request.pk,
            actor=actor,
            grant=True,
            answer="",
            idempotency_key=f"chip_request:{request.pk}",
        )

    answer(owner)
    assert _refused(lambda: answer(owner)).message == "You have already answered this."
    assert _refused(lambda: answer(second.user)).message == "Another manager has already answered this."


def test_a_double_click_on_the_club_page_says_so(club, waiting, second) -> None:
    client = Client()
    client.force_login(second.user, backend=BACKEND)
    url = f"/clubs/{club.slug}/chips/waiting/{waiting.pk}/approve/"
    client.post(url)
    texts = [str(m) for m in client.post(url, follow=True).context["messages"]]
    assert "You have already approved this." in texts, texts
