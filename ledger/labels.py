"""How the books name people: display names are not unique (anyone may call himself "Vera"), so
wherever a manager reads or picks a member the username comes with it: "Vera (@vera)"."""

from __future__ import annotations

from club.models import User


def user_label(user: User) -> str:
    return f"{user.shown_name} (@{user.username})"
