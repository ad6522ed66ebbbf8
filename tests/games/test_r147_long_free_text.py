"""Review 147: a free text of megabytes (a deal report's comment, which any player of the deal may
send; a manager's ban, suspension or chips reason, a report's answer) was scanned character by
character for invisible characters (``club.models.validate_visible_text``) before it was refused as
too long: Django runs a field's validators side by side, its length check no earlier than the rest.
Two million characters cost most of a second of the server's CPU a request. A text longer than any
field takes is now left to the length check, unscanned."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from club import models as club_models
from club.models import validate_visible_text
from games.forms import ReportForm
from games.models import Report

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db

HUGE = "a" * 2_000_000


@pytest.fixture(autouse=True)
def _no_zone() -> None:
    timezone.deactivate()


@pytest.fixture
def scanned(monkeypatch) -> list[int]:
    """The lengths of the texts scanned for invisible characters by the free-text check."""
    lengths: list[int] = []
    real = club_models.invisible_characters

    def spy(text: str, **kwargs: Any) -> list[str]:
        lengths.append(len(text))
        return real(text, **kwargs)

    monkeypatch.setattr(club_models, "invisible_characters", spy)
    return lengths


def test_a_huge_report_comment_is_refused_unscanned(make_table, players, scanned):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(f"/deals/{deal.pk}/report/", {"reason": "cheating", "comment": HUGE})
    assert response.status_code in (200, 422)
    assert not Report.objects.exists()
    assert max(scanned, default=0) <= 20_000


def test_the_length_check_still_says_why():
    form = ReportForm({"reason": "cheating", "comment": HUGE})
    assert not form.is_valid()
    assert [e.code for e in form.errors.as_data()["comment"]] == ["max_length"]


def test_a_text_any_field_takes_is_still_scanned():
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        validate_visible_text("x" * 1990 + "\u202e")


def test_every_field_with_the_free_text_check_has_a_length_below_what_it_scans():
    import inspect

    from django import forms
    from django.apps import apps

    import club.admin
    import club.forms
    import games.forms
    import ledger.forms
    from club.models import VISIBLE_TEXT_SCANNED

    checked = []
    for module in (club.forms, club.admin, games.forms, ledger.forms):
        for _name, form in inspect.getmembers(module, inspect.isclass):
            if not issubclass(form, forms.BaseForm) or not hasattr(form, "base_fields"):
                continue
            for name, field in form.base_fields.items():
                if validate_visible_text in field.validators:
                    checked.append((form.__name__, name))
                    assert field.max_length is not None, (form, name)
                    assert field.max_length <= VISIBLE_TEXT_SCANNED, (form, name)
    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if validate_visible_text in field.validators:
                checked.append((model.__name__, field.name))
                assert field.max_length is not None and field.max_length <= VISIBLE_TEXT_SCANNED
    assert len(checked) >= 8, checked
