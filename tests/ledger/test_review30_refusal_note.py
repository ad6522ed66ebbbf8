"""Review 30: a second manager refusing a waiting grant on the club page with a note the form could
not take (a zero-width space or a right-to-left override pasted with it, or more than 500
characters) was told "Say why it is refused." beside the reason he had written: the view dropped
the note and the service saw none. He is now told what is wrong with it, and nothing is decided."""

from __future__ import annotations

import pytest
from django.test import Client

from club.models import Club, Membership
from ledger.models import Adjustment
from ledger.services import chips_adjust

from .conftest import make_user

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"


@pytest.fixture
def waiting(club: Club, owner, member_factory) -> Adjustment:
    member = member_factory()
    return chips_adjust(
        member=member, kind="grant", amount=9_000, actor=owner, reason="prize", idempotency_key="big"
    ).adjustment


@pytest.fixture
def second(club: Club) -> Client:
    user = make_user("second")
    Membership.objects.create(club=club, user=user, role=Membership.Role.MANAGER)
    client = Client()
    client.force_login(user, backend=BACKEND)
    return client


def _refuse(client: Client, club: Club, adjustment: Adjustment, note: str) -> list[str]:
    url = f"/clubs/{club.slug}/chips/waiting/{adjustment.pk}/refuse/"
    response = client.post(url, {"answer": note}, follow=True)
    assert response.status_code == 200
    return [str(m) for m in response.context["messages"]]


@pytest.mark.parametrize(
    ("note", "said"),
    [
        ("too generous\u200b", "invisible characters"),
        ("\u202etoo generous", "invisible characters"),
        ("x" * 501, "at most 500 characters"),
    ],
    ids=["zero-width-space", "right-to-left-override", "too-long"],
)
def test_a_refusal_note_the_form_cannot_take_is_said_so(club, waiting, second, note, said) -> None:
    texts = _refuse(second, club, waiting, note)
    assert any(said in text for text in texts), texts
    assert not any("Say why it is refused." in text for text in texts), texts
    waiting.refresh_from_db()
    assert waiting.status == Adjustment.Status.PENDING and waiting.decided_by is None


def test_an_empty_note_is_asked_for_and_a_plain_one_refuses(club, waiting, second) -> None:
    assert any("Say why it is refused." in text for text in _refuse(second, club, waiting, "  "))
    waiting.refresh_from_db()
    assert waiting.status == Adjustment.Status.PENDING
    assert any("Refused" in text for text in _refuse(second, club, waiting, "too generous"))
    waiting.refresh_from_db()
    assert waiting.status == Adjustment.Status.REFUSED and waiting.note == "too generous"
