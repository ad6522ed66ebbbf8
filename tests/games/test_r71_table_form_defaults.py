"""Review 71: the "open a table" form's own defaults were refused for Student Khrap.

The form offers every preset and filled "Players needed to deal" with 2. Student is a game for 3–4
(RULES.md 7): a manager who picked it and kept the rest as offered was told "The players needed to
deal must be a whole number from 3 to 4." The field is left empty now, and empty means as few as the
game allows (the service's own default)."""

from __future__ import annotations

import re

import pytest

from games.engine import PRESETS
from games.models import TableSession

_INPUT = re.compile(r"<input\b[^>]*>")


def _as_offered(page: str) -> dict[str, str]:
    """What a browser sends for the page's fields left as they are."""
    sent: dict[str, str] = {}
    for tag in _INPUT.findall(page):
        name = re.search(r'name="([^"]*)"', tag)
        if name is None or 'type="checkbox"' in tag:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        sent[name.group(1)] = value.group(1) if value else ""
    return sent


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_opens_with_the_forms_defaults(client, owner, club, preset: str) -> None:
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    url = f"/clubs/{club.slug}/tables/new/"
    page = client.get(url).content.decode()
    form = re.search(r'<section class="card narrow">.*?</section>', page, re.S).group(0)
    data = {**_as_offered(form), "title": f"Friday {preset}", "preset": preset}
    data.pop("csrfmiddlewaretoken", None)
    response = client.post(url, data)
    said = re.findall(r'class="errors"[^>]*>(.*?)</div>', response.content.decode())
    assert response.status_code == 302, said
    table = TableSession.objects.get(club=club, title=f"Friday {preset}")
    assert table.min_players == max(2, PRESETS[preset].min_players)


def test_a_number_typed_is_still_checked(client, owner, club) -> None:
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    from .conftest import TABLE_FORM

    response = client.post(f"/clubs/{club.slug}/tables/new/", {**TABLE_FORM, "preset": "student"})
    assert response.status_code == 422
    assert "from 3 to 4" in response.content.decode()
