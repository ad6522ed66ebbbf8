"""Review 159: an id sent in a form (the member a grant goes to, the player and the journal a report's
answer names, the rows ticked in an admin list) was read by Python's ``int()``, which also reads the
digits of other scripts ("١٢", "１２"), a plus sign and an underscore ("+12", "1_2"). A careless or
crafted value chose a row nobody had picked in the list: 12 chips went to member #12 without a word.
Ids are read as the digits 0–9 only, as amounts already are (``WholeNumberField``); anything else is
no choice, as an unknown id is."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from games.forms import ResolveForm
from games.models import Report, TableSession
from games.services.sessions import table_session_create
from ledger.models import Journal
from ledger.selectors import wallet_balance

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

ARABIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


def _odd_spellings(pk: int) -> list[str]:
    plain = str(pk)
    return [plain.translate(ARABIC), plain.translate(FULLWIDTH), f"+{plain}", f"0_{plain}"]


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.mark.parametrize("spelling", range(4))
def test_a_grant_to_a_member_id_in_other_digits_grants_nothing(club, owner, member, spelling):
    target = m(club, member)
    odd = _odd_spellings(target.pk)[spelling]
    before = wallet_balance(membership=target)
    response = client_for(owner).post(
        f"/clubs/{club.slug}/chips/grant/",
        {"member": odd, "amount": "12", "reason": "welcome", "token": "ab" * 16},
        follow=True,
    )
    assert response.status_code < 500
    assert wallet_balance(membership=m(club, member)) == before, odd
    assert not Journal.objects.filter(idempotency_key__endswith="ab" * 16).exists()


def test_a_plain_id_still_grants(club, owner, member):
    target = m(club, member)
    before = wallet_balance(membership=target)
    client_for(owner).post(
        f"/clubs/{club.slug}/chips/grant/",
        {"member": str(target.pk), "amount": "12", "reason": "welcome", "token": "cd" * 16},
    )
    assert wallet_balance(membership=m(club, member)) == before + 12


@pytest.mark.parametrize("spelling", range(4))
def test_a_reports_answer_names_no_player_by_other_digits(club, member, spelling):
    target = m(club, member)
    members = type(target).objects.filter(club=club)
    odd = _odd_spellings(target.pk)[spelling]
    form = ResolveForm(
        {"note": "seen", "outcome": Report.Outcome.WARN, "member": odd},
        members=members,
        journals=Journal.objects.none(),
    )
    assert not form.is_valid()
    assert "member" in form.errors
    plain = ResolveForm(
        {"note": "seen", "outcome": Report.Outcome.WARN, "member": str(target.pk)},
        members=members,
        journals=Journal.objects.none(),
    )
    assert plain.is_valid(), plain.errors
    assert plain.cleaned_data["member"] == target


@pytest.mark.parametrize("spelling", range(4))
def test_an_admin_action_on_a_row_ticked_in_other_digits_does_nothing(club, owner, spelling):
    table = table_session_create(
        club=club,
        actor=owner,
        title="Friday",
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        turn_seconds=30,
    )
    odd = _odd_spellings(table.pk)[spelling]
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(
        "/admin/games/tablesession/",
        {
            "action": "cancel_selected",
            "_selected_action": [odd],
            "index": "0",
            "shown_at": timezone.now().isoformat(),
        },
        follow=True,
    )
    assert response.status_code == 200
    assert TableSession.objects.get(pk=table.pk).status == table.status, odd
    said = [str(message) for message in response.context["messages"]]
    assert any("could not be read" in text for text in said), said
