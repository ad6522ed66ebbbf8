"""The chip ledger: accounts, journals and their entries (double entry, append-only).

Chips move only through ``ledger.services.journal_post``. Journals and entries are never changed
once written; a mistake is corrected by posting a reversal. On PostgreSQL the database itself
enforces the rules (see migrations 0002 and 0003): every journal balances at commit, entries are
added to a journal only in the transaction that created it, journals and entries cannot be updated,
deleted or truncated, an account's identity (its member's user included) never changes, and only a
treasury may go below zero (the CHECK below, which SQLite enforces too).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from club.choices import ChoiceLabels
from club.models import Club, Membership


class Account(ChoiceLabels, models.Model):
    class Kind(models.TextChoices):
        TREASURY = "treasury", _("Treasury")
        WALLET = "wallet", _("Wallet")
        STACK = "stack", _("Stack at a table")
        BANK = "bank", _("Table bank")
        HOLD = "hold", _("Hold at a table")

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="ledger_accounts", verbose_name=_("club")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    member = models.ForeignKey(
        Membership,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="ledger_accounts",
        verbose_name=_("member"),
    )
    # The user the membership belonged to when the account was opened: on PostgreSQL written by the
    # database itself and never changed (migration 0003). Reconciliation compares it with the
    # membership's user today, so a membership row re-pointed to someone else cannot carry the chips.
    member_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        editable=False,
        on_delete=models.PROTECT,
        related_name="+",
        db_index=False,
        verbose_name=_("member's user when opened"),
    )
    #: The table a stack, hold or bank belongs to.
    table = models.ForeignKey(
        "games.TableSession",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="ledger_accounts",
        db_index=False,  # the per-kind unique constraints below lead with it or cover it
        verbose_name=_("table"),
    )
    #: A bot's seat at a table: bots are no members, so their stack and hold are the seat's.
    seat = models.ForeignKey(
        "games.Seat",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="ledger_accounts",
        verbose_name=_("bot seat"),
    )
    balance = models.BigIntegerField(_("balance"), default=0)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("account")
        verbose_name_plural = _("accounts")
        ordering = ["club_id", "kind", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind="treasury") | Q(balance__gte=0),
                name="ledger_account_only_treasury_negative",
            ),
            models.CheckConstraint(
                condition=(
                    Q(kind="treasury", member__isnull=True, table__isnull=True, seat__isnull=True)
                    | Q(kind="wallet", member__isnull=False, table__isnull=True, seat__isnull=True)
                    | Q(
                        kind__in=["stack", "hold"],
                        member__isnull=False,
                        table__isnull=False,
                        seat__isnull=True,
                    )
                    | Q(
                        kind__in=["stack", "hold"],
                        member__isnull=True,
                        table__isnull=False,
                        seat__isnull=False,
                    )
                    | Q(kind="bank", member__isnull=True, table__isnull=False, seat__isnull=True)
                ),
                name="ledger_account_shape_fits_kind",
            ),
            models.CheckConstraint(
                condition=Q(member__isnull=True, member_user__isnull=True)
                | Q(member__isnull=False, member_user__isnull=False),
                name="ledger_account_member_user_recorded",
            ),
            models.UniqueConstraint(
                fields=["club"], condition=Q(kind="treasury"), name="ledger_account_one_treasury_per_club"
            ),
            models.UniqueConstraint(
                fields=["member"], condition=Q(kind="wallet"), name="ledger_account_one_wallet_per_member"
            ),
            models.UniqueConstraint(
                fields=["kind", "member", "table"],
                condition=Q(kind__in=["stack", "hold"]),
                name="ledger_account_one_seat_account_per_table",
            ),
            models.UniqueConstraint(
                fields=["table"], condition=Q(kind="bank"), name="ledger_account_one_bank_per_table"
            ),
            models.UniqueConstraint(
                fields=["kind", "seat"],
                condition=Q(seat__isnull=False),
                name="ledger_account_one_per_bot_seat",
            ),
        ]

    def __str__(self) -> str:
        from .labels import user_label

        parts = [str(self.get_kind_display())]
        if self.member_id is not None:
            # Named only when already loaded (list_select_related): __str__ must not query per row.
            if Account.member.is_cached(self) and Membership.user.is_cached(self.member):
                parts.append(user_label(self.member.user))
            else:
                parts.append(str(_("member #%(id)s") % {"id": self.member_id}))
        elif self.seat_id is not None:
            parts.append(str(_("bot seat #%(id)s") % {"id": self.seat_id}))
        if self.table_id is not None:
            parts.append(str(_("table %(id)s") % {"id": self.table_id}))
        return f"{' · '.join(parts)} · #{self.pk}"


JOURNAL_KINDS = [
    "grant",
    "revoke",
    "buy_in",
    "leave",
    "ante",
    "hold",
    "release",
    "penalty",
    "payout",
    "bank_close",
    "settle",
    "adjustment",
    "reversal",
]


class Journal(ChoiceLabels, models.Model):
    class Kind(models.TextChoices):
        GRANT = "grant", _("Grant")
        REVOKE = "revoke", _("Revoke")
        BUY_IN = "buy_in", _("Buy-in")
        LEAVE = "leave", _("Leave table")
        ANTE = "ante", _("Ante")
        HOLD = "hold", _("Hold")
        RELEASE = "release", _("Release")
        PENALTY = "penalty", _("Penalty")
        PAYOUT = "payout", _("Payout")
        BANK_CLOSE = "bank_close", _("Bank closed")
        #: One action of a deal that moved chips of several kinds at once (the settlement: releases,
        #: penalties and payouts), booked as one journal.
        SETTLE = "settle", _("Deal settlement")
        ADJUSTMENT = "adjustment", _("Adjustment")
        REVERSAL = "reversal", _("Reversal")

    # db_index=False: the (club, id) index below leads with the club.
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="ledger_journals", db_index=False, verbose_name=_("club")
    )
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    # Unique through Meta.constraints rather than unique=True, which would add a second (LIKE) index to
    # the hot insert path on PostgreSQL.
    idempotency_key = models.CharField(_("idempotency key"), max_length=200)
    #: The deal whose action this journal books (games.services.booking), if any.
    deal = models.ForeignKey(
        "games.Deal",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="journals",
        verbose_name=_("deal"),
    )
    # PROTECT: the people named in the books stay; deactivate a user rather than delete him.
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        db_index=False,
        verbose_name=_("actor"),
    )
    memo = models.CharField(_("memo"), max_length=500, blank=True)
    created_at = models.DateTimeField(_("time"), default=timezone.now)
    # The PostgreSQL transaction that wrote the journal (txid_current(), set by a trigger whatever the
    # client sends). An entry is accepted only from that same transaction, so nothing can be added to
    # a journal once it is committed. Null on SQLite, and for journals older than migration 0003
    # (which therefore accept no entry at all).
    txid = models.BigIntegerField(_("transaction"), null=True, blank=True, editable=False)
    # One-to-one: a journal can be reversed once, which the unique index guarantees under races too.
    reversal_of = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="reversed_by",
        verbose_name=_("reversal of"),
    )

    class Meta:
        verbose_name = _("journal")
        verbose_name_plural = _("journals")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=JOURNAL_KINDS), name="ledger_journal_kind_known"),
            models.UniqueConstraint(fields=["idempotency_key"], name="ledger_journal_idempotency_key_unique"),
        ]
        indexes = [models.Index(fields=["club", "id"], name="ledger_journal_club_id")]

    def __str__(self) -> str:
        # No idempotency key: it is long, and it is shown where it is wanted (last, in the lists).
        return f"#{self.pk} {self.get_kind_display()}"


class Entry(models.Model):
    # db_index=False on both: the unique (journal, account) and the (account, id) indexes lead with
    # them, and every index costs time on the hot insert path.
    journal = models.ForeignKey(
        Journal, on_delete=models.PROTECT, related_name="entries", db_index=False, verbose_name=_("journal")
    )
    account = models.ForeignKey(
        Account, on_delete=models.PROTECT, related_name="entries", db_index=False, verbose_name=_("account")
    )
    amount = models.BigIntegerField(_("amount"))
    balance_after = models.BigIntegerField(_("balance after"))

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=~Q(amount=0), name="ledger_entry_amount_nonzero"),
            # One line per account and journal keeps balance_after unambiguous.
            models.UniqueConstraint(fields=["journal", "account"], name="ledger_entry_one_per_account"),
        ]
        indexes = [models.Index(fields=["account", "id"], name="ledger_entry_account_id")]

    def __str__(self) -> str:
        # The admin titles the entry's page with it (it read "6: +20 → 20", an account id first).
        return str(
            _("Entry #%(id)s of journal #%(journal)s: %(amount)s")
            % {"id": self.pk, "journal": self.journal_id, "amount": f"{self.amount:+d}"}
        )


class ReconciliationRun(models.Model):
    """The result of one ``ledger_reconcile`` run: what was checked and every difference found."""

    started_at = models.DateTimeField(_("started at"), default=timezone.now)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    ok = models.BooleanField(_("all consistent"), default=False)
    accounts_checked = models.PositiveIntegerField(_("accounts checked"), default=0)
    journals_checked = models.PositiveIntegerField(_("journals checked"), default=0)
    differences = models.JSONField(_("differences"), default=list, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        verbose_name = _("reconciliation run")
        verbose_name_plural = _("reconciliation runs")

    def __str__(self) -> str:
        return f"{self.started_at:%Y-%m-%d %H:%M} {'ok' if self.ok else 'DIFFERENCES'}"


class Checkpoint(models.Model):
    """A seal over the journals committed since the previous checkpoint (``ledger.services.chain``):
    each club's chain head after them, and a hash over all heads linked to the previous checkpoint's.
    Append-only on PostgreSQL, like the journals."""

    sealed_at = models.DateTimeField(_("sealed at"), default=timezone.now)
    # PostgreSQL: every journal whose transaction id is below this is covered (by this checkpoint or
    # an earlier one). SQLite: ``last_journal_id`` bounds the cover instead.
    txid_horizon = models.BigIntegerField(_("transaction horizon"), null=True, blank=True)
    last_journal_id = models.BigIntegerField(_("last journal"), null=True, blank=True)
    journals = models.PositiveIntegerField(_("journals sealed"), default=0)
    entries = models.PositiveBigIntegerField(_("entries sealed"), default=0)
    heads = models.JSONField(_("chain head per club"), default=dict)
    prev_hash = models.CharField(_("previous hash"), max_length=64)
    hash = models.CharField(_("hash"), max_length=64)

    class Meta:
        ordering = ["id"]
        verbose_name = _("ledger checkpoint")
        verbose_name_plural = _("ledger checkpoints")
        constraints = [
            # Two runs sealing at once: the second one's insert fails instead of forking the chain.
            models.UniqueConstraint(fields=["prev_hash"], name="ledger_checkpoint_one_successor"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.hash[:12]}"


def _member_named(row: models.Model, field: Any) -> str:
    """The member a row is for, "Vera (@vera)" when his membership and person are loaded, else by
    the membership's id (a name must not cost a query per row)."""
    from .labels import user_label

    member = field.field.get_cached_value(row, None)
    if member is not None and Membership.user.is_cached(member):
        return user_label(member.user)
    return str(_("member #%(id)s") % {"id": getattr(row, field.field.attname)})


class Adjustment(ChoiceLabels, models.Model):
    """A grant or revoke that waits for a second manager (four eyes): big ones, and any grant to
    oneself. Nothing moves until another manager approves it; a refusal stays on record."""

    class Kind(models.TextChoices):
        GRANT = "grant", _("Grant")
        REVOKE = "revoke", _("Revoke")

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for a second manager")
        APPROVED = "approved", _("Approved")
        REFUSED = "refused", _("Refused")
        #: A grant whose member left the club while it waited (review 121), as his own open request
        #: for chips is withdrawn then (``ChipRequest.Status.WITHDRAWN``): nobody decides it any more.
        WITHDRAWN = "withdrawn", pgettext_lazy("chip request", "Withdrawn")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="chip_adjustments")
    member = models.ForeignKey(
        Membership, on_delete=models.PROTECT, related_name="+", verbose_name=_("member")
    )
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    amount = models.BigIntegerField(_("chips"))
    reason = models.CharField(_("reason"), max_length=500)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("asked by")
    )
    #: The asking form's one-time token: a double submit asks once.
    request_key = models.CharField(max_length=200, unique=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    note = models.CharField(_("note"), max_length=500, blank=True)
    journal = models.OneToOneField(
        Journal,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="adjustment",
        verbose_name=_("journal"),
    )
    created_at = models.DateTimeField(_("asked at"), default=timezone.now)

    class Meta:
        ordering = ["status", "-created_at"]
        verbose_name = _("chip adjustment")
        verbose_name_plural = _("chip adjustments")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="ledger_adjustment_amount_positive")
        ]

    def __str__(self) -> str:
        # The admin titles the adjustment's page with it: "Grant 9000 → 2 (pending)" named the member
        # by his membership's id and the status by its code, in every language.
        return str(
            _("%(kind)s: %(amount)s for %(member)s · %(status)s")
            % {
                "kind": self.get_kind_display(),
                "amount": self.amount,
                "member": _member_named(self, Adjustment.member),
                "status": self.get_status_display(),
            }
        )


class ChipRequest(ChoiceLabels, models.Model):
    """A member asks the managers for chips; a manager answers (a grant, or no, with a note)."""

    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("chip request", "Open")
        GRANTED = "granted", _("Granted")
        REFUSED = "refused", _("Refused")
        #: Its member left the club while it was open (review 112): not asked again when he is back.
        WITHDRAWN = "withdrawn", pgettext_lazy("chip request", "Withdrawn")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="chip_requests")
    member = models.ForeignKey(
        Membership, on_delete=models.PROTECT, related_name="+", verbose_name=_("member")
    )
    amount = models.BigIntegerField(_("chips"))
    note = models.CharField(_("note"), max_length=500, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    answer = models.CharField(_("answer"), max_length=500, blank=True)
    #: What the manager agreed to give (he may give another amount than asked) and, under four eyes,
    #: the adjustment a second manager decides: "granted" is what the member reads only once booked.
    granted = models.BigIntegerField(_("chips granted"), null=True, blank=True)
    adjustment = models.ForeignKey(
        "Adjustment",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("second manager's decision"),
    )
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("answered by"),
    )
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    created_at = models.DateTimeField(_("asked at"), default=timezone.now)

    class Meta:
        ordering = ["status", "-created_at"]
        verbose_name = _("request for chips")
        verbose_name_plural = _("requests for chips")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="ledger_chiprequest_amount_positive"),
            models.UniqueConstraint(
                fields=["member"], condition=Q(status="open"), name="ledger_chiprequest_one_open_per_member"
            ),
        ]

    def __str__(self) -> str:
        # As an adjustment's: it read "3 asks 5 (open)".
        return str(
            _("Request of %(member)s, chips: %(amount)s · %(status)s")
            % {
                "member": _member_named(self, ChipRequest.member),
                "amount": self.amount,
                "status": self.get_status_display(),
            }
        )
