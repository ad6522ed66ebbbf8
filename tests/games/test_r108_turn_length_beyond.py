"""Review 108: a time per turn typed beyond the field's reach was refused as if it were not a time.

The "open a table" form reads the time per turn as minutes and seconds (``1:30``) or whole seconds
(``90``), from 0:05 to 10:00. A manager who typed 3600 seconds, or "60:00", was told "Take at most 10:00
per turn."; one who typed 10000 seconds, or "100:00", was told "Enter minutes and seconds, such as
1:30, or whole seconds, such as 90." — which he had done; and "00004" was "not a time" where "4" was
"at least 0:05". Found typing odd turn lengths into the form as a manager. Each is now said too long
(or too short), and nothing is opened; a number of thousands of digits too, without reading it (Python
refuses an integer that long)."""

from __future__ import annotations

import pytest

from games.forms import TableSessionForm
from games.models import TableSession

from .conftest import TABLE_FORM


@pytest.mark.parametrize("typed", ["3600", "10000", "99999999999999999999", "60:00", "100:00", "9" * 5000])
def test_a_turn_too_long_is_said_too_long(typed: str) -> None:
    form = TableSessionForm({**TABLE_FORM, "turn_seconds": typed})
    assert not form.is_valid()
    assert form.errors["turn_seconds"] == ["Take at most 10:00 per turn."]


@pytest.mark.parametrize("typed", ["0", "00004", "0:04", "0:00"])
def test_a_turn_too_short_is_said_too_short(typed: str) -> None:
    form = TableSessionForm({**TABLE_FORM, "turn_seconds": typed})
    assert not form.is_valid()
    assert form.errors["turn_seconds"] == ["Take at least 0:05 per turn."]


@pytest.mark.parametrize(("typed", "seconds"), [("000000000090", 90), ("0010:00", 600), ("1:30", 90)])
def test_leading_zeros_still_read(typed: str, seconds: int) -> None:
    form = TableSessionForm({**TABLE_FORM, "turn_seconds": typed})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["turn_seconds"] == seconds


@pytest.mark.parametrize("typed", ["-5", "1:5", "1:60", "1.5", "３０", "1:30:00"])
def test_what_is_not_a_time_is_still_said_so(typed: str) -> None:
    form = TableSessionForm({**TABLE_FORM, "turn_seconds": typed})
    assert not form.is_valid()
    assert form.errors["turn_seconds"] == [
        "Enter minutes and seconds, such as 1:30, or whole seconds, such as 90."
    ]


def test_the_page_says_it_and_opens_nothing(client, owner, club) -> None:
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(f"/clubs/{club.slug}/tables/new/", {**TABLE_FORM, "turn_seconds": "10000"})
    assert response.status_code == 422
    assert "Take at most 10:00 per turn." in response.content.decode()
    assert not TableSession.objects.filter(club=club).exists()
