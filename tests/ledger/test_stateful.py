"""Hypothesis drives the ledger with random operations and compares it with a plain in-memory model.

After every step: each balance equals the model's, the club's balances sum to zero, and the numbers
of journals and entries are the model's (so a refused request wrote nothing).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from club.models import Club, Membership
from ledger.errors import IdempotencyConflict, InsufficientChips, LedgerError, UnbalancedJournal, WrongClub
from ledger.models import Account, Entry, Journal
from ledger.selectors import club_total
from ledger.services import (
    DEAL_MOVES,
    account_bank,
    account_hold,
    account_stack,
    account_treasury,
    account_wallet,
    chips_grant,
    deal_move,
    journal_post,
    journal_reverse,
    table_buy_in,
)

from .conftest import make_user, new_deal, new_table

pytestmark = pytest.mark.django_db
PLAYERS = 3
_run = itertools.count()

players = st.integers(min_value=0, max_value=PLAYERS - 1)
amounts = st.integers(min_value=1, max_value=300)


class LedgerMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        n = next(_run)
        self.owner = make_user("sm-owner")
        self.club = Club.objects.create(name=f"SM {n}", slug=f"sm-{n}", created_by=self.owner)
        self.table = new_table(self.club)  # a bank belongs to one table and one club: a new table per run
        self.deal = new_deal(self.table)
        Membership.objects.create(club=self.club, user=self.owner, role=Membership.Role.OWNER)
        self.members = [
            Membership.objects.create(club=self.club, user=make_user("sm")) for _ in range(PLAYERS)
        ]
        other = Club.objects.create(name=f"SM other {n}", slug=f"sm-other-{n}", created_by=self.owner)
        self.stranger = account_wallet(membership=Membership.objects.create(club=other, user=make_user("x")))
        self.accounts: dict[str, Account] = {
            "treasury": account_treasury(club=self.club),
            "bank": account_bank(club=self.club, table_id=self.table),
        }
        for i, m in enumerate(self.members):
            self.accounts[f"wallet:{i}"] = account_wallet(membership=m)
            self.accounts[f"stack:{i}"] = account_stack(membership=m, table_id=self.table)
            self.accounts[f"hold:{i}"] = account_hold(membership=m, table_id=self.table)
        self.model: dict[str, int] = dict.fromkeys(self.accounts, 0)
        self.journals: list[tuple[Journal, dict[str, int]]] = []  # posted journals and their lines
        self.reversed: set[int] = set()
        self.keys: list[tuple[str, str, dict[str, int]]] = []  # (key, kind, lines) used so far
        self.entries = 0
        self.n = n
        self.seq = itertools.count()

    def key(self) -> str:
        return f"sm:{self.n}:{next(self.seq)}"

    # -- helpers ---------------------------------------------------------------------------------
    def _fits(self, lines: dict[str, int]) -> bool:
        return all(name == "treasury" or self.model[name] + delta >= 0 for name, delta in lines.items())

    def _expect(self, lines: dict[str, int], post) -> None:
        """Run ``post``; it must succeed exactly when the model says the balances allow it."""
        if self._fits(lines):
            journal = post()
            for name, delta in lines.items():
                self.model[name] += delta
            self.journals.append((journal, lines))
            self.keys.append((journal.idempotency_key, journal.kind, lines))
            self.entries += len(lines)
        else:
            with pytest.raises(InsufficientChips):
                post()

    # -- rules -----------------------------------------------------------------------------------
    @rule(p=players, amount=amounts)
    def grant(self, p: int, amount: int) -> None:
        self._expect(
            {"treasury": -amount, f"wallet:{p}": amount},
            lambda: chips_grant(
                membership=self.members[p],
                amount=amount,
                actor=self.owner,
                reason="sm",
                idempotency_key=self.key(),
            ),
        )

    @rule(p=players, amount=amounts)
    def buy_in(self, p: int, amount: int) -> None:
        self._expect(
            {f"wallet:{p}": -amount, f"stack:{p}": amount},
            lambda: table_buy_in(
                membership=self.members[p], table_id=self.table, amount=amount, idempotency_key=self.key()
            ),
        )

    @rule(kind=st.sampled_from(sorted(DEAL_MOVES)), p=players, amount=amounts)
    def deal_movement(self, kind: str, p: int, amount: int) -> None:
        src, dst = DEAL_MOVES[kind]
        name = {"stack": f"stack:{p}", "hold": f"hold:{p}", "bank": "bank"}
        self._expect(
            {name[src]: -amount, name[dst]: amount},
            lambda: deal_move(
                kind=kind,
                membership=self.members[p],
                table_id=self.table,
                amount=amount,
                idempotency_key=self.key(),
                deal=self.deal,
            ),
        )

    @rule(data=st.data())
    def reverse(self, data: st.DataObject) -> None:
        if not self.journals:
            return
        journal, lines = data.draw(st.sampled_from(self.journals))
        if journal.pk in self.reversed:  # reversing again returns the first reversal, posts nothing
            journal_reverse(journal, actor=self.owner)
            return
        mirror = {name: -delta for name, delta in lines.items()}
        before = len(self.journals)
        self._expect(mirror, lambda: journal_reverse(journal, actor=self.owner))
        if len(self.journals) > before:
            self.reversed.add(journal.pk)

    @rule(p=players, extra=st.integers(min_value=1, max_value=1000))
    def too_large(self, p: int, extra: int) -> None:
        amount = self.model[f"wallet:{p}"] + extra
        with pytest.raises(InsufficientChips):
            table_buy_in(
                membership=self.members[p], table_id=self.table, amount=amount, idempotency_key=self.key()
            )

    @rule(p=players, amount=st.integers(min_value=6, max_value=300), off=st.integers(-5, 5).filter(bool))
    def unbalanced(self, p: int, amount: int, off: int) -> None:
        with pytest.raises(UnbalancedJournal):
            journal_post(
                club=self.club,
                kind="adjustment",
                idempotency_key=self.key(),
                lines=[(self.accounts["treasury"], -amount), (self.accounts[f"wallet:{p}"], amount + off)],
            )

    @rule(p=players, amount=amounts, by_id=st.booleans())
    def wrong_club(self, p: int, amount: int, by_id: bool) -> None:
        stranger = self.stranger.pk if by_id else self.stranger
        with pytest.raises(WrongClub):
            journal_post(
                club=self.club,
                kind="adjustment",
                idempotency_key=self.key(),
                lines=[(self.accounts["treasury"], -amount), (stranger, amount)],
            )

    @rule(data=st.data(), p=players, amount=amounts)
    def repeated_key(self, data: st.DataObject, p: int, amount: int) -> None:
        if not self.keys:
            return
        key, kind, first = data.draw(st.sampled_from(self.keys))
        same = [(self.accounts[name], delta) for name, delta in first.items()]
        journal = journal_post(club=self.club, kind=kind, idempotency_key=key, lines=same)
        assert journal.idempotency_key == key  # the same request again: the first journal, nothing new
        other = {"treasury": -amount, f"wallet:{p}": amount}
        if other != first:  # the key for other lines is refused, not answered with the first journal
            with pytest.raises(IdempotencyConflict):
                journal_post(
                    club=self.club,
                    kind=kind,
                    idempotency_key=key,
                    lines=[(self.accounts[name], delta) for name, delta in other.items()],
                )
        with pytest.raises(LedgerError):  # the same key for another kind of posting
            journal_post(
                club=self.club,
                kind="penalty" if kind != "penalty" else "payout",
                idempotency_key=key,
                lines=same,
            )

    # -- invariants ------------------------------------------------------------------------------
    @invariant()
    def books_match_the_model(self) -> None:
        stored = dict(Account.objects.filter(club=self.club).values_list("pk", "balance"))
        assert {name: stored[a.pk] for name, a in self.accounts.items()} == self.model
        assert club_total(club=self.club) == 0
        assert Journal.objects.filter(club=self.club).count() == len(self.journals)
        assert Entry.objects.filter(journal__club=self.club).count() == self.entries
        assert not Journal.objects.filter(club=self.stranger.club_id).exists()


def test_ledger_matches_a_plain_model() -> None:
    run_state_machine_as_test(
        LedgerMachine,
        settings=settings(
            max_examples=25,
            stateful_step_count=30,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
