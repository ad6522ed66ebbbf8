"""Review 100: a number written with a point ("number": 2.0, "dealer": 1.0) was malformed to
python -m games.engine.verify (Python reads it as a float) and 2 or 1 to the Fairness page
(JavaScript has one kind of number: JSON.parse reads 2.0 as 2), so the two verifiers judged the same
file apart: a first deal numbered 2.0 was malformed to one and fair to the other. The command now
reads a whole number written so as the page does."""

from __future__ import annotations

import json

from games.engine import verify
from games.engine.fairness import first_dealer

from .test_review93_verify_seat_count import SEATS, SEED, _file
from .test_review98_hidden_first_deal import _hidden, _page

EXIT = {0: "fair", 1: "not fair", 2: "malformed"}


def _command(text: str, tmp_path) -> str:
    path = tmp_path / "deal.json"
    path.write_text(text, encoding="utf-8")
    return EXIT[verify.main([str(path)])]


def _texts() -> list[str]:
    later = json.dumps(_hidden(number=2)).replace('"number": 2', '"number": 2.0')
    first = json.dumps(_hidden(number=1)).replace('"number": 1', '"number": 1e0')
    drawn = first_dealer(SEED, SEATS)
    dealer = json.dumps(_file(drawn)).replace(f'"dealer": {drawn}', f'"dealer": {drawn}.0')
    assert "2.0" in later and "1e0" in first and f"{drawn}.0" in dealer
    return [later, first, dealer]


def test_the_command_and_the_page_agree(tmp_path, capsys) -> None:
    said = [(_command(text, tmp_path), _page(json.loads(text))) for text in _texts()]
    capsys.readouterr()
    assert said == [("fair", "fair"), ("not fair", "not fair"), ("fair", "fair")]


def test_the_replay_reads_a_file_as_the_verifier_does(tmp_path, capsys) -> None:
    """A stake written 5.0: the verifier, reading 5, replays it; the replay refused it as no integer
    (review 38: a file the replay refuses must not be fair to the verifier)."""
    from games.engine import replay

    data = _file(first_dealer(SEED, SEATS))
    text = json.dumps(data).replace(f'"stake": {data["stake"]}', f'"stake": {data["stake"]}.0')
    path = tmp_path / "deal.json"
    path.write_text(text, encoding="utf-8")
    assert (replay.main([str(path)]), verify.main([str(path)])) == (0, 0)
    capsys.readouterr()
