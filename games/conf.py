"""Timing of live tables; each value can be set in Django settings under the same name."""

from __future__ import annotations

import os

from django.conf import settings


def _seconds(name: str, default: float) -> float:
    # The environment wins, so a test server (or an operator) can set the pace without a settings file.
    if os.environ.get(name, "").strip():  # checked at the start (club/settings.py); blank is unset
        return float(os.environ[name])
    return float(getattr(settings, name, default))


def deal_pause() -> float:
    """Between two deals, so everyone can read the settlement."""
    return _seconds("TABLE_DEAL_PAUSE", 4.0)


def first_deal_pause() -> float:
    """After enough players sit, before the first deal: a moment for one more to sit down."""
    return _seconds("TABLE_FIRST_DEAL_PAUSE", 2.0)


def bot_delay() -> float:
    """A bot answers after this long: instant moves are hard to follow."""
    return _seconds("TABLE_BOT_DELAY", 0.9)


def away_delay() -> float:
    """An away seat's default move comes this soon."""
    return _seconds("TABLE_AWAY_DELAY", 0.4)
