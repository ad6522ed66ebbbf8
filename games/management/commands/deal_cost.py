"""What one move costs the server: queries and milliseconds per ``table_act``, per table update, and
per frame drawn for one of its readers (``presenter.table_context`` and ``live_frame_html``).

Plays ``--deals`` Classic deals at a four-seat table through ``table_act`` (the same path a socket
takes), inside a transaction that is rolled back at the end, so it leaves nothing behind. Prints JSON.
"""

from __future__ import annotations

import json
import statistics
import time
import uuid
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from club.cli_types import at_least_one
from club.models import Membership, User
from club.services import club_create, membership_join
from games.broadcast import table_messages, user_group
from games.engine import PRESETS, observe
from games.engine.bots import BasicBot
from games.live_frame import live_frame_html
from games.models import Deal
from games.presenter import table_context
from games.services import dealing, session_deal_if_due, table_act, table_session_create, table_sit
from ledger.services import chips_grant


class _Rollback(Exception):
    pass


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Command(BaseCommand):
    help = "Measure queries and milliseconds per table_act (JSON), leaving the database unchanged."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--deals", type=at_least_one, default=20)
        parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))

    def handle(self, *args: Any, **options: Any) -> None:
        result: dict[str, Any] = {}
        try:
            with transaction.atomic():
                result = self._measure(options["preset"], options["deals"])
                raise _Rollback
        except _Rollback:
            pass
        self.stdout.write(json.dumps(result, indent=1))

    def _measure(self, preset: str, deals: int) -> dict[str, Any]:
        tag = uuid.uuid4().hex[:8]
        owner = User.objects.create_user(f"cost-owner-{tag}")
        club = club_create(user=owner, name=f"Cost {tag}")
        users = []
        for i in range(4):
            user = User.objects.create_user(f"cost-{tag}-{i}")
            membership_join(club=club, user=user)
            chips_grant(
                membership=Membership.objects.get(club=club, user=user),
                amount=100_000,
                actor=owner,
                reason="cost",
                approved=True,
            )
            users.append(user)
        table = table_session_create(
            club=club,
            actor=owner,
            title="cost",
            preset=preset,
            stake=5,
            seat_count=4,
            min_players=4,
            buy_in_min=1000,
            buy_in_max=50_000,
        )
        for position, user in enumerate(users):
            table_sit(session_id=table.pk, user=user, position=position, buy_in=20_000)
        queries: list[int] = []
        millis: list[float] = []
        push_queries: list[int] = []
        push_millis: list[float] = []
        frame_micros: list[float] = []
        readers = {user_group(table.pk, user.pk): user.pk for user in users}
        played = 0
        while played < deals:
            table.refresh_from_db()
            table.next_deal_at = timezone.now()
            table.save(update_fields=["next_deal_at"])
            if session_deal_if_due(session_id=table.pk) is None:
                break
            deal = Deal.objects.get(session=table, finished_at__isnull=True)
            by_seat = {i: s.member.user for i, s in enumerate(dealing.deal_players(deal))}
            while not deal.is_over:
                state = dealing.deal_state(deal)
                seat = state.queue[0]
                action = BasicBot(seed=deal.seq).choose(observe(state, seat))
                with CaptureQueriesContext(connection) as captured:
                    start = time.perf_counter()
                    table_act(session_id=table.pk, user=by_seat[seat], action=action, expected_seq=deal.seq)
                    millis.append((time.perf_counter() - start) * 1000)
                queries.append(len(captured.captured_queries))
                with CaptureQueriesContext(connection) as captured:
                    start = time.perf_counter()
                    messages = table_messages(table.pk)
                    push_millis.append((time.perf_counter() - start) * 1000)
                push_queries.append(len(captured.captured_queries))
                for group, message in messages:
                    with translation.override("ru" if len(frame_micros) % 2 else "en"):
                        start = time.perf_counter()
                        context = table_context(
                            view=message["view"],
                            public=message["public"],
                            user_id=readers.get(group),
                            now=timezone.now(),
                        )
                        live_frame_html(context)
                        frame_micros.append((time.perf_counter() - start) * 1_000_000)
                deal.refresh_from_db()
            played += 1
        return {
            "database": connection.vendor,
            "preset": preset,
            "deals": played,
            "actions": len(millis),
            "actions_per_deal": round(len(millis) / max(played, 1), 1),
            "table_act": {
                "queries_mean": round(statistics.mean(queries), 1),
                "queries_max": max(queries),
                "ms_p50": round(_percentile(millis, 0.5), 2),
                "ms_p99": round(_percentile(millis, 0.99), 2),
            },
            "update_views": {
                "queries_mean": round(statistics.mean(push_queries), 1),
                "ms_p50": round(_percentile(push_millis, 0.5), 2),
                "ms_p99": round(_percentile(push_millis, 0.99), 2),
            },
            "frame": {
                "frames": len(frame_micros),
                "us_p50": round(_percentile(frame_micros, 0.5)),
                "us_p99": round(_percentile(frame_micros, 0.99)),
            },
        }
