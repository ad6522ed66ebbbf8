"""Review: ways hidden information leaves the server while a deal runs."""

from __future__ import annotations

from django.urls import reverse

from games.models import Deal
from games.services import dealing

from .conftest import sit_all, start_deal


def _admin_client(client, user):
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _listed(client, query: dict) -> int:
    response = client.get(reverse("admin:games_deal_changelist"), query)
    if response.status_code != 200:
        return -1  # the lookup was refused: nothing learned
    return response.context["cl"].result_count


def test_admin_deal_list_filters_do_not_reveal_a_running_deals_seed(client, make_table, players, owner):
    """A club manager (who may also sit at the table) must not learn a running deal's seed: with it he
    rebuilds the deck. Django's changelist accepts lookups on any local field from the query string
    (``lookup_allowed`` only restricts relations), so ``?seed__startswith=<prefix>`` answers yes/no
    per hex digit: 64 × 16 requests give the whole seed. Fix: override ``lookup_allowed`` (or
    ``get_queryset`` / ``get_changelist``) on ``DealAdmin`` to refuse lookups on ``seed`` and
    ``state`` (and ``DealAction.action``), e.g. allow only ``list_filter`` fields."""
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    assert not deal.is_over
    _admin_client(client, owner)
    right = {"seed__startswith": deal.seed[:2], "finished_at__isnull": "True"}
    wrong_prefix = next(p for p in ("00", "ff", "a5") if not deal.seed.startswith(p))
    wrong = {"seed__startswith": wrong_prefix, "finished_at__isnull": "True"}
    assert _listed(client, right) == _listed(client, wrong), "the seed's first byte answered"


def test_admin_deal_list_filters_do_not_reveal_a_running_deals_hands(client, make_table, players, owner):
    """The same hole through the stored state: ``?state__hands__0__icontains=...`` (a JSON key
    lookup on a local field) tells a manager which cards seat 0 holds in the running deal."""
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    state = dealing.deal_state(deal)
    held = state.hands[0][0]
    not_held = next(c for c in state.setup.deck if c not in state.hands[0])
    _admin_client(client, owner)
    yes = _listed(client, {"state__hands__0__icontains": f'"{held}"', "finished_at__isnull": "True"})
    no = _listed(client, {"state__hands__0__icontains": f'"{not_held}"', "finished_at__isnull": "True"})
    assert yes == no, "seat 0's cards answered through the admin filter"
    assert Deal.objects.filter(pk=deal.pk, finished_at__isnull=True).exists()
