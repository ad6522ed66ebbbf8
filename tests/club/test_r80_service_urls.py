"""A database or Redis URL the site cannot use stops the start, saying which and why (review 80).

DATABASE_URL set but blank (an .env line left empty) stopped it with "Scheme '://' is unknown. Did
you forget to register custom backend?" and a mistyped scheme the same way, naming no variable; a
REDIS_URL of a blank or without its scheme ("redis.internal:6379") started the site, and the
first table socket, the worker and beat failed later with errors about a transport "redis.internal"
A blank REDIS_URL is unset, as every blank setting: `club.serve` refuses to start more than one
process on it (it took the blank for a Redis, and each process kept its own channel layer: players
of one table on two processes never saw each other's moves)."""

from __future__ import annotations

import pytest

from tests.club.test_settings_deploy import _manage

KEY = "k" + "0123456789abcdef" * 4


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("", "DATABASE_URL is set but blank"),
        ("  ", "DATABASE_URL is set but blank"),
        (
            "postgress://khrap_app:TOPSECRET@db.internal:5432/khrap",
            "DATABASE_URL: 'postgress' is no database",
        ),
        ("db.internal:5432/khrap", "DATABASE_URL: '' is no database"),
    ],
)
def test_an_unusable_database_url_stops_the_start_without_showing_it(value, words):
    result = _manage("check", DEBUG="0", SECRET_KEY=KEY, DATABASE_URL=value)
    assert result.returncode != 0
    assert words in result.stderr
    assert "TOPSECRET" not in result.stderr


@pytest.mark.parametrize("value", ["redis.internal:6379", "http://redis.internal:6379/0"])
def test_an_unusable_redis_url_stops_the_start(value):
    result = _manage("check", DEBUG="0", SECRET_KEY=KEY, REDIS_URL=value)
    assert result.returncode != 0
    assert "REDIS_URL" in result.stderr and "redis://" in result.stderr


def test_a_redis_url_with_spaces_around_is_read():
    code = "from django.conf import settings; print(settings.REDIS_URL, settings.CELERY_BROKER_URL)"
    result = _manage("shell", "-c", code, DEBUG="0", SECRET_KEY=KEY, REDIS_URL=" redis://127.0.0.1:6379/10 ")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "redis://127.0.0.1:6379/10 redis://127.0.0.1:6379/10" in result.stdout


def test_a_blank_redis_url_is_no_redis_for_more_than_one_process(monkeypatch, capsys):
    from club import serve

    def no_port(*args, **kwargs):
        raise AssertionError("club.serve opened its port")

    monkeypatch.setattr(serve.socket, "socket", no_port)
    monkeypatch.setenv("REDIS_URL", " ")
    with pytest.raises(SystemExit) as stopped:
        serve.main(["--processes", "2", "daphne", "-p", "8809", "club.asgi:application"])
    assert stopped.value.code == 2
    assert "set REDIS_URL" in capsys.readouterr().err
