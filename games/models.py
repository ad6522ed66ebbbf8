"""Live tables: sessions, seats, deals and the append-only log of every action.

The engine's ``State`` of a running deal is stored as a JSON snapshot on its ``Deal`` row; the rules
are stored once, on the session, so a snapshot holds only what changes during a deal. Snapshots carry
a format number (``Deal.snapshot_format``): a later version of the code must still finish a deal that
an older one started.
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


class TableSession(ChoiceLabels, models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        OPEN = "open", pgettext_lazy("table session", "Open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="table_sessions", verbose_name=_("club")
    )
    title = models.CharField(_("title"), max_length=80)
    preset = models.CharField(_("preset"), max_length=20)
    overrides = models.JSONField(_("rule overrides"), default=dict, blank=True)
    #: ``Rules.to_json()`` of preset + overrides, fixed when the session is created: a later change
    #: to a preset in the code does not change the rules of a table already playing.
    rules = models.JSONField(_("rules"), editable=False)
    stake = models.BigIntegerField(_("stake"))
    seat_count = models.PositiveSmallIntegerField(_("seats"))
    min_players = models.PositiveSmallIntegerField(_("players needed to deal"), default=2)
    buy_in_min = models.BigIntegerField(_("smallest buy-in"))
    buy_in_max = models.BigIntegerField(_("largest buy-in"))
    turn_seconds = models.PositiveSmallIntegerField(_("seconds per turn"), default=30)
    starts_at = models.DateTimeField(_("starts at"), default=timezone.now)
    ends_at = models.DateTimeField(_("ends at"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    #: When play began (the start time passed and reservations were settled); no deal before it.
    started_at = models.DateTimeField(_("play began at"), null=True, blank=True)
    #: Practice chips: stacks come from the club treasury and go back to it; wallets are untouched.
    practice = models.BooleanField(_("practice table"), default=False)
    #: A member's own practice table closes when he leaves it (bots stand up, chips go home).
    close_when_empty = models.BooleanField(_("closes when its player leaves"), default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("created by")
    )
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    #: Repeat every week: when a session starts (or is cancelled) the next one is scheduled.
    repeat_weekly = models.BooleanField(_("repeat weekly"), default=False)
    #: The clock a weekly series keeps: its scheduler's time zone when he set it ("Friday 20:00" is
    #: 20:00 there every week, across summer time and whatever he later sets in his profile); blank
    #: for tables set before it was kept, which follow his profile.
    time_zone = models.CharField(_("time zone"), max_length=64, blank=True, default="", editable=False)
    #: The first session of a weekly series (itself for the first one).
    series = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("weekly series"),
    )
    #: The next deal's secret server seed and its public commitment, drawn as soon as the previous deal
    #: starts, so players can add their own randomness before the deal is dealt (RULES.md 8).
    next_seed = models.CharField(max_length=64, blank=True)
    next_commitment = models.CharField(max_length=64, blank=True)
    #: The position that deals next (the first deal: drawn at random when it starts).
    next_dealer = models.PositiveSmallIntegerField(_("next dealer"), null=True, blank=True)
    #: When the next deal may start (a short pause after a deal, so everyone sees its settlement).
    next_deal_at = models.DateTimeField(_("next deal at"), null=True, blank=True, db_index=True)
    #: The club and the token of the form that opened the table: the same form sent again (a double
    #: click, a browser retry) finds this table instead of opening a second one.
    create_key = models.CharField(max_length=64, null=True, blank=True, unique=True, editable=False)
    #: The latest stand-ups, one per position ({"position", "name", "because", "at"}): the others at
    #: the table are told on the free seat who left it and why. Kept on the table's row, which every
    #: update reads anyway, so no table update pays a query for it.
    left_seats = models.JSONField(default=list, blank=True, editable=False)

    class Meta:
        ordering = ["-starts_at", "-id"]
        verbose_name = _("table session")
        verbose_name_plural = _("table sessions")
        constraints = [
            models.CheckConstraint(condition=Q(stake__gte=0), name="games_session_stake_not_negative"),
            models.CheckConstraint(
                condition=Q(buy_in_min__gt=0) & Q(buy_in_max__gte=models.F("buy_in_min")),
                name="games_session_buy_in_range",
            ),
            models.CheckConstraint(
                condition=Q(min_players__gte=2) & Q(min_players__lte=models.F("seat_count")),
                name="games_session_min_players_fit",
            ),
            models.CheckConstraint(condition=Q(turn_seconds__gte=5), name="games_session_turn_at_least_5s"),
            # A weekly series has one session per start time, however many clocks schedule it.
            models.UniqueConstraint(
                fields=["series", "starts_at"], name="games_session_one_per_series_start"
            ),
        ]
        indexes = [models.Index(fields=["club", "status"]), models.Index(fields=["status", "starts_at"])]

    def __str__(self) -> str:
        return self.title

    @property
    def is_live(self) -> bool:
        return self.status in (self.Status.OPEN, self.Status.RUNNING)


class Seat(ChoiceLabels, models.Model):
    """One player's time at one position of a session, from sitting down to leaving.

    A seat is held by a member or by a bot (``bot`` names the engine's bot). Who sits where now is the
    seats not ``left``; a member who leaves and sits again gets a new row, so history stays exact.
    """

    class Status(models.TextChoices):
        SITTING = "sitting", _("Sitting")
        AWAY = "away", _("Away")
        LEFT = "left", _("Left")

    class LeftBecause(models.TextChoices):
        """Why the seat was left, written when it is (or when a stand-up that waits for the deal's end
        is decided): his page's "I'm back" says it."""

        OWN = "own", _("left by his own choice")
        AWAY = "away", _("away for two deals")
        IDLE = "idle", _("no sign of life at the table")
        MANAGER = "manager", _("stood up by a manager")
        CLUB = "club", _("banned, suspended or gone from the club")
        CLOSED = "closed", _("the table closed")
        #: A real table's bot that could not pay its ante any more (review 155): it would have sat
        #: every deal out, holding the seat; a practice table's bot buys in again instead.
        CHIPS = "chips", _("out of chips")

    session = models.ForeignKey(
        TableSession, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table session")
    )
    position = models.PositiveSmallIntegerField(_("position"))
    member = models.ForeignKey(
        Membership,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seats",
        verbose_name=_("member"),
    )
    bot = models.CharField(_("bot"), max_length=20, blank=True)
    bot_name = models.CharField(_("bot name"), max_length=40, blank=True)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.SITTING)
    #: Sat down while the bank held chips: sits out until a deal starts with an empty bank (RULES 3).
    waiting = models.BooleanField(_("waits for an empty bank"), default=False)
    #: Asked to leave during a deal he plays in: he is stood up when it ends.
    leave_after_deal = models.BooleanField(default=False)
    #: That leave was the inactivity sweep's (the table looked abandoned), not his: his coming back
    #: before the deal ends (``table_back``, a move of his own) cancels it, as it does the bots'.
    idle_leave = models.BooleanField(default=False)
    #: Stood up by a manager or a ban during a deal: default moves play his seat until it ends.
    removed = models.BooleanField(default=False)
    #: Deals finished in a row while this seat was away (stood up after the second).
    away_deals = models.PositiveSmallIntegerField(default=0)
    sat_at = models.DateTimeField(_("sat down at"), default=timezone.now)
    left_at = models.DateTimeField(_("left at"), null=True, blank=True)
    left_because = models.CharField(
        _("left because"), max_length=8, choices=LeftBecause.choices, blank=True, default=""
    )
    #: The manager's reason when ``left_because`` is his stand-up.
    left_note = models.CharField(_("reason given"), max_length=500, blank=True, default="")

    class Meta:
        ordering = ["session_id", "position", "id"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "position"],
                condition=~Q(status="left"),
                name="games_seat_one_per_position",
            ),
            models.UniqueConstraint(
                fields=["session", "member"],
                condition=~Q(status="left") & Q(member__isnull=False),
                name="games_seat_one_per_member",
            ),
            models.CheckConstraint(
                condition=(Q(member__isnull=False) & Q(bot="")) | (Q(member__isnull=True) & ~Q(bot="")),
                name="games_seat_member_or_bot",
            ),
        ]

    def __str__(self) -> str:
        # The admin titles the seat's pages with it: counted from 1, as the table counts seats (it
        # read "12#0 Vera", the table's id and the position from 0). The table by its title when
        # loaded (no query per row).
        table = (
            self.session.title
            if Seat.session.is_cached(self)
            else _("table %(id)s") % {"id": self.session_id}
        )
        return str(
            _("%(table)s, seat %(n)s (%(name)s)")
            % {"table": table, "n": self.position + 1, "name": self.name}
        )

    @property
    def is_bot(self) -> bool:
        return bool(self.bot)

    @property
    def name(self) -> str:
        if self.member_id is None:
            return self.bot_name or self.bot
        return self.member.user.shown_name


def away_seat_free_to_take(
    *, seat_status: str, bot: bool, removed: bool, leaving: bool, dealt_in: bool, connected: bool
) -> bool:
    """A seat a member who wants to play may take at a full table (review 148): its player is away
    and has no page of the table open, and is not in the running deal. Away, he sat deals out, and
    at a table that deals no more without him (the demo's: three bots and his seat) those deals
    never came: his seat was kept for him until the inactivity sweep, ten minutes, and nobody could
    play. The frame (``games.presenter``) offers it, and ``table_sit`` gives it, by this test."""
    return seat_status == Seat.Status.AWAY and not (bot or removed or leaving or dealt_in or connected)


class Deal(ChoiceLabels, models.Model):
    """One deal of a session. ``state`` is the engine's snapshot (without the rules); ``seq`` counts
    the actions applied, so a client (or a timer) acting on an older view is refused."""

    SNAPSHOT_FORMAT = 1

    class Result(models.TextChoices):
        PLAYED = "played", _("Played")
        REDEAL = "redeal", _("Redeal")
        INSTANT_WIN = "instant_win", _("Won at once")

    session = models.ForeignKey(
        TableSession, on_delete=models.PROTECT, related_name="deals", verbose_name=_("table session")
    )
    number = models.PositiveIntegerField(_("deal number"))
    #: Seat rows dealt into this deal's engine seats, in engine seat order (engine seat i = players[i]).
    players = models.JSONField(_("players"))
    dealer = models.PositiveSmallIntegerField(_("dealer"))  # engine seat
    #: A table's first deal whose dealer was drawn from its seed (``fairness.first_dealer``), which the
    #: export marks for the verifiers. False on first deals dealt before (a dealer drawn on the server,
    #: as the rules then said): marked, their fair deals read as unfair on the Fairness page.
    dealer_from_seed = models.BooleanField(default=False)
    commitment = models.CharField(_("commitment"), max_length=64)
    #: The server's secret seed (hex). Shown to nobody until the deal is over (RULES.md 8).
    seed = models.CharField(max_length=64)
    #: The players' own random strings mixed into the seed, in seat order: [{"position", "value"}].
    contributions = models.JSONField(default=list)
    state = models.JSONField()
    #: What happened when the deal was dealt (the engine's start events: dealer, antes, trump card).
    opening = models.JSONField(default=list)
    snapshot_format = models.PositiveSmallIntegerField(default=SNAPSHOT_FORMAT)
    seq = models.PositiveIntegerField(_("moves made"), default=0)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    started_at = models.DateTimeField(_("started at"), default=timezone.now)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    #: Seconds of it the tables' clock stood still (an outage, ``clock_resume``): nobody could play
    #: then, and the players' time played left them out.
    stood_seconds = models.PositiveIntegerField(default=0)
    result = models.CharField(_("result"), max_length=12, blank=True, choices=Result.choices)
    outcome = models.JSONField(_("result in detail"), null=True, blank=True)

    class Meta:
        ordering = ["session_id", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="games_deal_number_unique"),
            models.UniqueConstraint(
                fields=["session"], condition=Q(finished_at__isnull=True), name="games_deal_one_running"
            ),
        ]
        # A club's deals page, newest first (games.history.deals_finished): without it every finished
        # deal of the club was read and sorted for each page (a year's twenty thousand).
        indexes = [
            models.Index(
                fields=["-finished_at", "-id"],
                condition=Q(finished_at__isnull=False),
                name="games_deal_finished_newest",
            )
        ]

    def __str__(self) -> str:
        return f"{self.session} · {self.number}"

    @property
    def is_over(self) -> bool:
        return self.finished_at is not None


class DealAction(models.Model):
    """The append-only log of a deal: what each seat did, in order. With the seed it rebuilds the
    deal exactly (the scenario format's ``actions``)."""

    class Actor(models.TextChoices):
        PERSON = "person", _("Player")
        TIMEOUT = "timeout", _("Time ran out")
        BOT = "bot", _("Bot")

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="actions", verbose_name=_("deal"))
    seq = models.PositiveIntegerField(_("move number"))
    seat = models.PositiveSmallIntegerField(_("seat in the deal"))  # engine seat
    action = models.JSONField(_("move"))  # the scenario spelling: {"do": "play", "card": "AS"}
    actor = models.CharField(_("made by"), max_length=8, choices=Actor.choices)
    events = models.JSONField(_("events"), default=list)  # public facts only (the engine's events)
    created_at = models.DateTimeField(_("time"), default=timezone.now)

    class Meta:
        ordering = ["deal_id", "seq"]
        verbose_name = _("deal action")
        verbose_name_plural = _("deal actions")
        constraints = [models.UniqueConstraint(fields=["deal", "seq"], name="games_dealaction_seq_unique")]

    def __str__(self) -> str:
        # The admin titles the move's page with it: it read "1:1 seat 2 {'do': 'pass'}", the stored
        # JSON. The move itself is not named here (an exchange names the cards given up): the page
        # says it, for a finished deal only. The deal by its table and number when loaded.
        loaded = DealAction.deal.is_cached(self) and Deal.session.is_cached(self.deal)
        deal = str(self.deal) if loaded else _("deal #%(id)s") % {"id": self.deal_id}
        return str(_("%(deal)s, move %(n)s") % {"deal": deal, "n": self.seq})


class Presence(models.Model):
    """Who has a table open: open sockets per person (each tab counts) and the last sign of life, so
    a crashed server's counts go stale instead of showing a ghost as connected."""

    session = models.ForeignKey(TableSession, on_delete=models.CASCADE, related_name="presences")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    connections = models.IntegerField(default=0)
    last_seen_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["session", "user"], name="games_presence_unique")]
        verbose_name = _("presence at a table")
        verbose_name_plural = _("presences at tables")

    def __str__(self) -> str:
        return f"{self.user_id}@{self.session_id}: {self.connections}"


class DealPlayer(models.Model):
    """Who played a deal, at which engine seat, and what it did to his stack: the index that history,
    a player's own deals and stats read without opening snapshots."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="deal_players")
    seat = models.ForeignKey(Seat, on_delete=models.PROTECT, related_name="+")
    member = models.ForeignKey(Membership, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    engine_seat = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=12, blank=True)  # final status: pass, out, snore, help, ...
    net = models.BigIntegerField(null=True, blank=True)  # stack after − stack before, once over

    class Meta:
        ordering = ["deal_id", "engine_seat"]
        verbose_name = _("player of a deal")
        verbose_name_plural = _("players of deals")
        constraints = [
            models.UniqueConstraint(fields=["deal", "engine_seat"], name="games_dealplayer_seat_unique")
        ]
        indexes = [models.Index(fields=["member", "deal"])]

    def __str__(self) -> str:
        return f"{self.deal_id}#{self.engine_seat}"


class SeedContribution(models.Model):
    """A player's random string for the next deal of a table (RULES.md 8, mixed into the seed)."""

    session = models.ForeignKey(TableSession, on_delete=models.CASCADE, related_name="contributions")
    commitment = models.CharField(max_length=64)  # the pending commitment it was given for
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="+")
    value = models.CharField(max_length=64)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["commitment", "seat"], name="games_contribution_once_per_seat")
        ]
        verbose_name = _("player's random string")
        verbose_name_plural = _("players' random strings")

    def __str__(self) -> str:
        return f"{self.session_id}:{self.seat_id}"


class Reservation(models.Model):
    """A seat held ahead of a scheduled session; it lapses if its holder is not seated at the start."""

    class Status(models.TextChoices):
        HELD = "held", _("Held")
        USED = "used", _("Used")
        LAPSED = "lapsed", _("Lapsed")
        CANCELLED = "cancelled", _("Cancelled")

    # Named for the admin: a table's reservations were headed "Member" and "Status" in every language.
    session = models.ForeignKey(TableSession, on_delete=models.CASCADE, related_name="reservations")
    member = models.ForeignKey(
        Membership, on_delete=models.CASCADE, related_name="+", verbose_name=_("member")
    )
    position = models.PositiveSmallIntegerField()
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.HELD)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["session_id", "position"]
        verbose_name = _("seat reservation")
        verbose_name_plural = _("seat reservations")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "position"],
                condition=Q(status="held"),
                name="games_reservation_one_per_seat",
            ),
            models.UniqueConstraint(
                fields=["session", "member"],
                condition=Q(status="held"),
                name="games_reservation_one_per_member",
            ),
        ]

    def __str__(self) -> str:
        # Each row of a table's reservations in the admin opens with it: it read "12#0 3 held", the
        # ids, the position from 0 and the status's code.
        return str(_("seat %(n)s") % {"n": self.position + 1})


class Report(ChoiceLabels, models.Model):
    """A member's complaint about a deal, and the managers' answer to it."""

    class Reason(models.TextChoices):
        CHEATING = "cheating", _("Cheating or collusion")
        ABUSE = "abuse", _("Abuse or bad manners")
        BUG = "bug", _("The table went wrong")
        OTHER = "other", _("Something else")

    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("report", "Open")
        RESOLVED = "resolved", _("Resolved")

    class Outcome(models.TextChoices):
        NOTHING = "nothing", _("No action")
        WARN = "warn", _("Warning")
        SUSPEND = "suspend", _("Suspension from the tables")
        BAN = "ban", _("Ban")
        REVERSE = "reverse", _("Chips moved back")

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="reports", verbose_name=_("deal"))
    reporter = models.ForeignKey(
        Membership, on_delete=models.PROTECT, related_name="+", verbose_name=_("reported by")
    )
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    comment = models.TextField(_("comment"), max_length=1000, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    outcome = models.CharField(_("outcome"), max_length=10, choices=Outcome.choices, blank=True)
    note = models.TextField(_("managers' note"), max_length=1000, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("resolved by"),
    )
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)
    created_at = models.DateTimeField(_("reported at"), default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        constraints = [
            models.UniqueConstraint(
                fields=["deal", "reporter"], condition=Q(status="open"), name="games_report_one_open_per_deal"
            )
        ]

    def __str__(self) -> str:
        return f"{self.deal} · {self.get_reason_display()}"


#: The collusion scan's signs (``games.collusion`` keys them by short codes) as a manager reads them.
COLLUSION_SIGNS = {
    "pass": _("passing to each other's snores"),
    "duck": _("not beating each other's winning cards"),
    "feed": _("penalties the other collects"),
    "flow": _("chips flowing one way"),
}


class CollusionFlag(models.Model):
    """Two members the nightly scan found playing for each other (``games.collusion``)."""

    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("collusion flag", "Open")
        DISMISSED = "dismissed", _("Dismissed")
        REPORTED = "reported", _("Reported")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="collusion_flags")
    first = models.ForeignKey(
        Membership, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    second = models.ForeignKey(
        Membership, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    score = models.FloatField(_("score"))
    signals = models.JSONField(_("signals"), default=dict)
    deals = models.JSONField(_("deals"), default=list)  # ids of the deals the pair played together
    deal_count = models.PositiveIntegerField(_("deals together"), default=0)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["status", "-score"]
        verbose_name = _("collusion signal")
        verbose_name_plural = _("collusion signals")
        constraints = [
            models.UniqueConstraint(fields=["club", "first", "second"], name="games_collusion_one_per_pair")
        ]

    def __str__(self) -> str:
        return f"{self.first_id}+{self.second_id}: {self.score}"

    def sign_items(self) -> list[tuple[str, Any]]:
        """(the sign in the active language, its strength) for each signal of the flag."""
        signals = self.signals if isinstance(self.signals, dict) else {}
        return [(str(COLLUSION_SIGNS.get(name, name)), value) for name, value in signals.items()]


# --- Background jobs: stats counters and failed tasks (games/stats.py, games/tasks.py) -----------------


class PlayerStats(models.Model):
    """One member's counters in his club for one day (UTC, the day his deals ended), added to after
    each deal by a task (``games.stats.stats_deal_count``) and checked every night against a full
    recount from the deal log and the ledger (``stats_recompute``). Practice tables do not count."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    member = models.ForeignKey(Membership, on_delete=models.CASCADE, related_name="stats")
    day = models.DateField()
    deals = models.PositiveIntegerField(default=0)
    deals_won = models.PositiveIntegerField(default=0)
    snores_declared = models.PositiveIntegerField(default=0)
    snores_made = models.PositiveIntegerField(default=0)
    snores_failed = models.PositiveIntegerField(default=0)
    helps = models.PositiveIntegerField(default=0)
    fives = models.PositiveIntegerField(default=0)
    tricks = models.PositiveIntegerField(default=0)
    net = models.BigIntegerField(default=0)
    biggest_bank_won = models.BigIntegerField(default=0)
    seconds_played = models.BigIntegerField(default=0)

    class Meta:
        verbose_name = _("player stats")
        verbose_name_plural = _("player stats")
        constraints = [
            models.UniqueConstraint(fields=["member", "day"], name="games_playerstats_one_per_day")
        ]
        indexes = [models.Index(fields=["club", "day"])]

    def __str__(self) -> str:
        return f"{self.member_id} {self.day}"


class StatsCounted(models.Model):
    """A finished deal whose counters are in ``PlayerStats``: the stats task adds a deal once."""

    deal = models.OneToOneField(Deal, primary_key=True, on_delete=models.CASCADE, related_name="+")
    counted_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("deal counted in the stats")
        verbose_name_plural = _("deals counted in the stats")

    def __str__(self) -> str:
        return str(self.deal_id)


#: The background tasks by what they do, for the managers who read of one that failed (the admin, the
#: club's audit log); a task not named here shows its code.
TASK_LABELS = {
    "games.turn_expire": _("A turn's deadline (timeout, bot or away move)"),
    "games.deal_if_due": _("The next deal after the pause"),
    "games.tables_sweep": _("The tables' schedule and missed deadlines"),
    "games.stats_count": _("Counting a finished deal's stats"),
    "games.stats_sweep": _("Counting the deals whose stats were missed"),
    "games.stats_recompute": _("Nightly recount of the players' stats"),
    "games.tables_idle_sweep": _("Emptying tables nobody attends"),
    "games.members_dormant": _("Marking dormant members"),
    "games.ledger_reconcile": _("Nightly ledger reconciliation"),
    "ledger.tasks.ledger_reconcile": _("Nightly ledger reconciliation"),
    "games.collusion_scan": _("Nightly collusion scan"),
}


def task_label(task: str) -> str:
    return str(TASK_LABELS.get(task, task))


#: What a club's managers read of why a job failed, by the error's class. The error's own text and
#: its traceback (the database server's address and role, the code's paths) are for the site's
#: operators: anyone may found a club and read its failed jobs.
JOB_ERROR_DATABASE = "the database could not be reached or refused the work"
JOB_ERROR_TIME = "the job ran out of time"
JOB_ERROR_WORKER = "the worker running the job stopped"
JOB_ERROR_CODE = "an error in the site's code"
JOB_ERRORS = {
    "OperationalError": JOB_ERROR_DATABASE,
    "InterfaceError": JOB_ERROR_DATABASE,
    "DatabaseError": JOB_ERROR_DATABASE,
    "SoftTimeLimitExceeded": JOB_ERROR_TIME,
    "TimeLimitExceeded": JOB_ERROR_TIME,
    "WorkerLostError": JOB_ERROR_WORKER,
}
JOB_ERROR_WORDS = {
    JOB_ERROR_DATABASE: _("the database could not be reached or refused the work"),
    JOB_ERROR_TIME: _("the job ran out of time"),
    JOB_ERROR_WORKER: _("the worker running the job stopped"),
    JOB_ERROR_CODE: _("an error in the site's code"),
}


def job_error_kind(error: str) -> str:
    """The managers' sentence (in English, as stored) for an error recorded as "<Class>: <text>"."""
    return JOB_ERRORS.get(error.partition(":")[0].strip(), JOB_ERROR_CODE)


class JobFailure(models.Model):
    """A background task that failed for good (its retries spent, or an error no retry can mend),
    shown to the managers of its club in the admin (and in the club's audit log)."""

    task = models.CharField(_("task"), max_length=100)
    task_id = models.CharField(max_length=64, blank=True)
    arguments = models.JSONField(_("arguments"), default=dict, blank=True)
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.CASCADE, related_name="+", verbose_name=_("club")
    )
    error = models.CharField(_("error"), max_length=500)
    traceback = models.TextField(_("traceback"), blank=True)
    retries = models.PositiveSmallIntegerField(_("retries"), default=0)
    failed_at = models.DateTimeField(_("failed at"), default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-failed_at", "-id"]
        verbose_name = _("failed background job")
        verbose_name_plural = _("failed background jobs")

    def __str__(self) -> str:
        # Its admin page's title: the time in the reader's zone, as the page's fields say it.
        return f"{self.task_label} {timezone.localtime(self.failed_at):%Y-%m-%d %H:%M}"

    @property
    def task_label(self) -> str:
        return task_label(self.task)

    @property
    def error_words(self) -> str:
        """Why it failed, in the reader's words, without the error's own text."""
        return str(JOB_ERROR_WORDS[job_error_kind(self.error)])


class ClockBeat(models.Model):
    """When the tables' clock last ran (one row). A clock that finds it long past was down, with
    the whole site: the turns it would have ended were no one's fault, so they resume instead."""

    beat_at = models.DateTimeField()
    #: When the clock last came back from standing still: nobody showed a sign of life at a table
    #: while it (the site, the database) was down, and that is not counted against the players.
    resumed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("tables' clock beat")
        verbose_name_plural = _("tables' clock beats")

    def __str__(self) -> str:
        return f"clock beat {self.beat_at:%Y-%m-%d %H:%M:%S}"


class NightlyRun(models.Model):
    """One night's run of a nightly job of the in-process clock (``games.jobs_clock``): every server
    process runs a ticker, and each found the night's jobs due; the first to take the job's lock runs
    it and writes its end here, and the others, once they have the lock, see it done and skip it. A
    run with no end (its process was killed half way) is run again by the next one to take the lock."""

    name = models.CharField(max_length=100)
    #: The night's scheduled instant (the beat entry's crontab), the same in every process.
    due_at = models.DateTimeField()
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: How many times it was started (a process killed half way, the run made again).
    attempts = models.PositiveSmallIntegerField(default=1)

    class Meta:
        verbose_name = _("nightly job run")
        verbose_name_plural = _("nightly job runs")
        constraints = [models.UniqueConstraint(fields=["name", "due_at"], name="nightly_run_once")]

    def __str__(self) -> str:
        return f"{self.name} {self.due_at:%Y-%m-%d %H:%M}"
