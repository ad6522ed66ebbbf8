"""`python -m club.serve` refuses a number of processes below one (review 80).

WEB_PROCESSES=0 (or a negative one) bound the port and started no daphne at all: the site took
connections and never answered them, and club.serve said "0 daphne process(es)" and nothing more."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("processes", ["0", "-2", "two"])
def test_fewer_than_one_process_is_refused_before_the_port_opens(monkeypatch, capsys, processes):
    from club import serve

    def no_port(*args, **kwargs):
        raise AssertionError("club.serve opened its port")

    monkeypatch.setattr(serve.socket, "socket", no_port)
    with pytest.raises(SystemExit) as stopped:
        serve.main(["--processes", processes, "daphne", "-p", "8809", "club.asgi:application"])
    assert stopped.value.code == 2
    assert f"argument --processes: {processes} is not a whole number of at least 1" in capsys.readouterr().err
