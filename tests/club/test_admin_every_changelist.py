"""Every change list of the admin site, whoever registered it (this project, django.contrib.auth,
django-axes), answers odd query values (NUL, twenty-digit numbers, year 0, -1 or past 9999 in a date
hierarchy) with a list or a 400, never a server error: the handling is the site's, not one base
class's. Walked for the superuser and for a club manager (who gets 403 where he may not look).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib import admin
from django.contrib.admin.views.main import ERROR_FLAG
from django.db import connection, models
from django.test import Client
from django.urls import reverse

from club import services
from ledger.services import chips_grant

from .conftest import logged_in, m

pytestmark = pytest.mark.django_db(transaction=False)

SITE = admin.site
MODELS = {model._meta.label: model for model in SITE._registry}

ODD_VALUES = ["%00", "99999999999999999999", "-99999999999999999999", "x"]
ODD_YEARS = ["0", "-1", "10000", "99999999999999999999", "x", "%00"]
# Parameters every change list reads: page, ordering, search, show all, facets.
GENERIC_KEYS = ["p", "o", "q", "all", "_facets"]
LOOKUP_SUFFIXES = ["", "__exact", "__in", "__gte", "__isnull", "__id__exact", "__year"]


@pytest.fixture
def books(club, owner, member):
    chips_grant(
        membership=m(club, member),
        amount=50,
        actor=owner,
        reason="welcome",
        idempotency_key="every-changelist:1",
    )
    services.membership_ban(membership=m(club, member), actor=owner, reason="test")
    return club


def _filter_paths(model_admin: admin.ModelAdmin) -> set[str]:
    """The field paths and parameter names of the list's filters, as written in ``list_filter``."""
    paths: set[str] = set()
    for item in model_admin.list_filter:
        if isinstance(item, type) and issubclass(item, admin.SimpleListFilter):
            paths.add(item.parameter_name)
        elif isinstance(item, list | tuple):
            paths.add(item[0])
        else:
            paths.add(item)
    return paths


def _keys(model_admin: admin.ModelAdmin, page_context: dict[str, Any] | None) -> list[str]:
    keys: set[str] = set(GENERIC_KEYS)
    for path in _filter_paths(model_admin):
        keys.update(f"{path}{suffix}" for suffix in LOOKUP_SUFFIXES)
    if page_context is not None and "cl" in page_context:
        for spec in page_context["cl"].filter_specs:
            keys.update(spec.expected_parameters())
    # Foreign keys and many-to-many fields by id, whether or not the list offers them.
    for field in model_admin.model._meta.get_fields():
        if isinstance(field, models.ForeignKey | models.ManyToManyField) and not field.auto_created:
            keys.update((field.name, f"{field.name}__id__exact"))
    return sorted(keys)


def _status(client: Client, url: str) -> int:
    response = client.get(url)
    if response.status_code == 302 and response["Location"].endswith(f"?{ERROR_FLAG}=1"):
        response = client.get(response["Location"])
    return response.status_code


def _walk(client: Client, model_admin: admin.ModelAdmin) -> list[tuple[str, int]]:
    opts = model_admin.model._meta
    url = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
    plain = client.get(url)
    # Not his to see: every variant is refused the same way, or earlier (NUL anywhere is a 400).
    assert plain.status_code in (200, 302, 403), (url, plain.status_code)
    allowed = {plain.status_code, 400}
    queries = [f"{key}={value}" for key in _keys(model_admin, plain.context) for value in ODD_VALUES]
    queries.append("%00=1")
    if model_admin.date_hierarchy:
        field = model_admin.date_hierarchy
        for year in ODD_YEARS:
            queries += [
                f"{field}__year={year}",
                f"{field}__year=2024&{field}__month={year}",
                f"{field}__year=2024&{field}__month=2&{field}__day={year}",
            ]
        queries += [
            f"{field}__year=2024&{field}__month=2&{field}__day=30",
            f"{field}__year=9999&{field}__month=12&{field}__day=31",
        ]
    failures = []
    for query in queries:
        status = _status(client, f"{url}?{query}")
        if status not in allowed:
            failures.append((query, status))
    return failures


@pytest.mark.parametrize("who", ["root", "manager"])
@pytest.mark.parametrize("label", sorted(MODELS))
def test_every_registered_change_list_survives_odd_values(books, request, who, label):
    user = request.getfixturevalue(who)
    failures = _walk(logged_in(user, raise_request_exception=False), SITE._registry[MODELS[label]])
    assert failures == [], f"{label} as {who}: {failures}"


@pytest.mark.parametrize(
    "url",
    [
        "/admin/axes/accessattempt/?attempt_time__year=99999999999999999999",
        "/admin/axes/accesslog/?attempt_time__year=99999999999999999999",
        "/admin/axes/accessfailurelog/?attempt_time__year=99999999999999999999",
        "/admin/club/user/?groups=99999999999999999999",
    ],
)
def test_admins_of_other_apps_answer_the_400_page_or_an_empty_list(books, root, url):
    """A year past 9999 fails in Python (the date hierarchy): the 400 page on every database. A number
    no column holds is refused by SQLite (the 400 page) and simply matches nothing on PostgreSQL."""
    response = logged_in(root, raise_request_exception=False).get(url)
    if response.status_code == 200:
        assert "groups=" in url and connection.vendor == "postgresql"
        assert response.context["cl"].result_count == 0
        return
    assert response.status_code == 400, response.status_code
    page = response.content.decode()
    assert "cannot be filtered by these values" in page
    assert f'href="{url.split("?")[0]}"' in page


def test_the_walk_covers_the_admins_of_every_app():
    apps = {model._meta.app_label for model in MODELS.values()}
    assert {"auth", "axes", "club", "games", "ledger"} <= apps
