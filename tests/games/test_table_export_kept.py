"""A table's export replays every finished deal of the table (seconds and hundreds of queries for a
long evening), and any member may ask for it again and again: it is built once for each state of the
table's finished deals and served from memory after that, until the table finishes another deal."""

from __future__ import annotations

import json

from django.test import Client

from games import export_cache

from .conftest import play_deal_as_people, sit_all, start_deal


def _export(client: Client, table) -> dict:
    response = client.get(f"/tables/{table.pk}/export.json")
    assert response.status_code == 200, response.content[:300]
    return json.loads(response.content)


def test_the_export_is_built_once_until_another_deal_finishes(
    make_table, players, django_assert_max_num_queries
):
    export_cache.forget_all()
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    play_deal_as_people(start_deal(table), players)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    first = _export(client, table)
    assert len(first["deals"]) >= 2
    # Session, user, table, membership and the finished deals' count: no deal is read again.
    with django_assert_max_num_queries(6):
        again = _export(client, table)
    assert again == first
    play_deal_as_people(start_deal(table), players)
    after = _export(client, table)
    assert len(after["deals"]) == len(first["deals"]) + 1
    assert after["deals"][:-1] == first["deals"]


def test_a_renamed_table_exports_its_new_name(make_table, players):
    export_cache.forget_all()
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    assert "classic table" in _export(client, table)["_comment"]
    table.title = "Friday night"
    table.save(update_fields=["title"])
    assert "Friday night" in _export(client, table)["_comment"]


def test_kept_files_stay_within_their_limit(monkeypatch):
    export_cache.forget_all()
    monkeypatch.setattr(export_cache, "LIMIT_BYTES", 10)
    sessions = [type("S", (), {"pk": n, "created_at": None, "title": "t"})() for n in range(3)]
    monkeypatch.setattr(export_cache, "_state", lambda s: (s.pk,))
    built = []

    def build(n: int) -> export_cache.ExportFile:
        built.append(n)
        return export_cache.ExportFile(b"12345", "application/json", f"{n}.json")

    for session in sessions:
        export_cache.table_export(session, lambda n=session.pk: build(n))
    assert export_cache._size <= 10
    export_cache.table_export(sessions[0], lambda: build(0))  # dropped first: built again
    export_cache.table_export(sessions[2], lambda: build(2))  # kept
    assert built == [0, 1, 2, 0]
