"""argparse types shared by the site's command lines (``club.serve``, the benches, ``deal_cost``):
a size or a length that is not positive ran nothing and printed a result as if measured, or bound a
port and started no server. Each is refused in one line naming the value."""

from __future__ import annotations

import argparse


def at_least_one(value: str) -> int:
    """A whole number of at least 1 (processes, tables, deals, requests)."""
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a whole number of at least 1")
    return number


def seconds_above_zero(value: str) -> float:
    """A finite number of seconds above 0."""
    try:
        number = float(value)
    except ValueError:
        number = 0.0
    if not 0 < number < float("inf"):
        raise argparse.ArgumentTypeError(f"{value.strip()} is not a number of seconds above 0")
    return number
