"""Review 108: a smallest buy-in beyond what a table can hold was answered with an impossible range.

A table's largest buy-in is capped so that every chip at it can move in one journal line (10^15 shared
by its seats: 250000000000000 at four seats); its smallest was checked against 10^15 alone. A manager
who asked for 300000000000000 to 300000000000000 at four seats read, beside the largest buy-in, "The
largest buy-in must be a whole number from 300000000000000 to 250000000000000." — a range nothing
fits, about the field he had not got wrong. Found typing huge stakes into the "open a table" form as a
manager. The smallest buy-in now has the same cap, and is refused beside its own field, with a range
that holds."""

from __future__ import annotations

import re

import pytest

from games.models import TableSession
from games.services import table_session_create
from games.services.errors import TableError

from .conftest import TABLE_FORM

HUGE = str(3 * 10**14)


def test_the_page_says_the_smallest_is_too_big(client, owner, club) -> None:
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    data = {**TABLE_FORM, "seat_count": "4", "buy_in_min": HUGE, "buy_in_max": HUGE}
    response = client.post(f"/clubs/{club.slug}/tables/new/", data)
    assert response.status_code == 422
    page = response.content.decode()
    assert "from 300000000000000 to 250000000000000" not in page
    said = re.search(r'id="id_buy_in_min_error"><li>(.*?)</li>', page)
    assert said is not None, page
    assert said.group(1) == "The smallest buy-in must be a whole number from 5 to 250000000000000."
    assert 'id="id_buy_in_max_error"' not in page
    assert not TableSession.objects.filter(club=club).exists()


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_range_said_holds(owner, club, seats: int) -> None:
    with pytest.raises(TableError) as refused:
        table_session_create(
            club=club,
            actor=owner,
            title="Huge",
            preset="classic",
            stake=5,
            seat_count=seats,
            buy_in_min=10**15,
            buy_in_max=10**15,
        )
    assert refused.value.field == "buy_in_min"
    low, high = (int(n) for n in re.findall(r"from (\d+) to (\d+)", refused.value.message)[0])
    assert low <= high == 10**15 // seats
