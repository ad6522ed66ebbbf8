"""Every action of every change list on the admin site, whoever registered it (this project,
django.contrib.auth, django-axes), posted as the page posts it (a row ticked, no other field filled)
answers with a page or a redirect, never a server error: django-axes' "clean up expired attempts"
answered with a 500. Walked for the superuser and for a club manager."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib import admin
from django.test import RequestFactory
from django.urls import reverse

from club import services
from ledger.services import chips_grant

from .conftest import logged_in, m

pytestmark = pytest.mark.django_db

SITE = admin.site
MODELS = {model._meta.label: model for model in SITE._registry}


@pytest.fixture
def books(club, owner, member, manager):
    chips_grant(
        membership=m(club, member), amount=50, actor=owner, reason="welcome", idempotency_key="every-action:1"
    )
    services.membership_ban(membership=m(club, member), actor=owner, reason="test")
    login = {"ip_address": "203.0.113.9", "user_agent": "test", "path_info": "/accounts/login/"}
    AccessAttempt.objects.create(
        username="sasha", http_accept="*/*", get_data="", post_data="", failures_since_start=5, **login
    )
    AccessLog.objects.create(username="misha", http_accept="*/*", **login)
    AccessFailureLog.objects.create(username="sasha", http_accept="*/*", locked_out=True, **login)
    return club


def _actions(model_admin: admin.ModelAdmin, user) -> list[str]:
    request = RequestFactory().get("/admin/")
    request.user = user
    return sorted(model_admin.get_actions(request))


@pytest.mark.parametrize("who", ["root", "manager"])
@pytest.mark.parametrize("label", sorted(MODELS))
def test_every_action_answers_without_a_server_error(books, request, who, label):
    user = request.getfixturevalue(who)
    model_admin = SITE._registry[MODELS[label]]
    opts = model_admin.model._meta
    url = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
    client = logged_in(user, raise_request_exception=False)
    page = client.get(url)
    if page.status_code != 200:
        # Not his to see: the list itself refuses (the change-list walk checks how). Only a refusal
        # ends the test here, and only a manager's: the superuser sees every list, and a server error
        # is no refusal.
        assert who == "manager" and page.status_code in {302, 403}, (label, who, page.status_code)
        return
    rows = [str(pk) for pk in page.context["cl"].result_list.values_list("pk", flat=True)[:2]]
    failures = []
    for action in _actions(model_admin, user):
        for selected in ([rows[0]] if rows else [], rows):
            response = client.post(url, {"action": action, "_selected_action": selected, "index": "0"})
            if response.status_code >= 500:
                failures.append((action, selected, response.status_code))
    assert failures == [], f"{label} as {who}: {failures}"


def test_the_walk_meets_the_actions_of_other_apps(root):
    names = {name for model_admin in SITE._registry.values() for name in _actions(model_admin, root)}
    assert {"delete_selected", "cleanup_expired_attempts"} <= names


@pytest.mark.parametrize("who", ["root", "manager"])
@pytest.mark.parametrize("label", sorted(MODELS))
def test_every_add_change_history_and_delete_page_answers_without_a_server_error(books, request, who, label):
    """Drawn, and posted empty (a form sent with nothing filled): a page, a redirect or a refusal."""
    user = request.getfixturevalue(who)
    model_admin = SITE._registry[MODELS[label]]
    opts = model_admin.model._meta
    name = f"admin:{opts.app_label}_{opts.model_name}"
    client = logged_in(user, raise_request_exception=False)
    urls = [reverse(f"{name}_add")]
    row = model_admin.model._default_manager.order_by("pk").first()
    if row is not None:
        urls += [reverse(f"{name}_{view}", args=[row.pk]) for view in ("change", "history", "delete")]
    failures = []
    for url in urls:
        for method in (client.get, client.post):
            status = method(url).status_code
            if status >= 500:
                failures.append((method.__name__, url, status))
    assert failures == [], f"{label} as {who}: {failures}"
