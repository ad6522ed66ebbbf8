"""A bot named like a player. The bots are given people's names ("Ivan", "Mila"), and the first free
one went to a bot seated beside the club's own Ivan: the table's move log read "Ivan passes." for
either, the deal list "Ivan, Ivan". A bot takes a name no member of the club is shown by. Review 69."""

from __future__ import annotations

import pytest

from club import services
from club.confusables import name_forms
from games.models import Seat
from games.services import table_session_create
from games.services.seating import BOT_NAMES, table_bot_add
from ledger.services import chips_grant

from .conftest import m

pytestmark = pytest.mark.django_db


def test_a_bot_is_not_named_like_a_member(club, owner, make_user):
    ivan = make_user("ivan_k", display_name="Іvan")  # a Ukrainian І, read as Ivan
    services.membership_join(club=club, user=ivan)
    make_user("mila", display_name="")  # shown by his username, but no member of the club
    plain = make_user("zoya", display_name="")
    services.membership_join(club=club, user=plain)
    chips_grant(membership=m(club, ivan), amount=1000, actor=owner, reason="start")
    table = table_session_create(
        club=club, actor=owner, title="Friday", preset="classic", seat_count=4,
        stake=5, buy_in_min=100, buy_in_max=500, turn_seconds=30,
    )
    names = []
    for position in range(3):
        table_bot_add(session_id=table.pk, actor=owner, position=position, buy_in=100)
        names.append(Seat.objects.get(session=table, position=position).bot_name)
    assert names[0] == BOT_NAMES[1]  # "Mila": Ivan is the club's
    for name in names:
        assert not set(name_forms(name)) & set(name_forms("Ivan"))
        assert not set(name_forms(name)) & set(name_forms("zoya"))
    assert len(set(names)) == 3


def _table(club, owner):
    return table_session_create(
        club=club, actor=owner, title="Friday", preset="classic", seat_count=4,
        stake=5, buy_in_min=100, buy_in_max=500, turn_seconds=30,
    )


def test_a_member_whose_kept_name_form_was_marked_still_keeps_the_bots_off_his_name(club, owner, make_user):
    # Two usernames that came to read alike when the look-alike table grew: the later one's kept forms
    # were marked "form#pk" by the migration, so they match no lookup of "Ivan"'s forms.
    from club.confusables import username_forms
    from club.models import User

    ivan = make_user("Ivan", display_name="")
    services.membership_join(club=club, user=ivan)
    first, small = username_forms("Ivan")
    User.objects.filter(pk=ivan.pk).update(
        username_skeleton=f"{first}#{ivan.pk}", username_small_skeleton=f"{small}#{ivan.pk}"
    )
    table = _table(club, owner)
    table_bot_add(session_id=table.pk, actor=owner, position=0, buy_in=100)
    assert Seat.objects.get(session=table, position=0).bot_name == BOT_NAMES[1]


def test_a_bot_is_named_without_reading_every_members_name(club, owner, make_user, monkeypatch):
    from club import models as club_models
    from games.services import seating

    for n in range(60):
        services.membership_join(club=club, user=make_user(f"player{n}", display_name=f"Player {n}"))
    read = []
    for module in (club_models, seating):
        forms = getattr(module, "name_forms", None)
        if forms is not None:
            counted = lambda name, forms=forms: read.append(name) or forms(name)  # noqa: E731
            monkeypatch.setattr(module, "name_forms", counted)
    table = _table(club, owner)
    table_bot_add(session_id=table.pk, actor=owner, position=0, buy_in=100)
    assert Seat.objects.get(session=table, position=0).bot_name == BOT_NAMES[0]
    assert not [name for name in read if name.startswith("Player")], "the members' names were read one by one"
