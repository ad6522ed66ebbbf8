"""The site's people: users, clubs, memberships, invites and the audit log."""

from __future__ import annotations

import json
import secrets
import unicodedata
import zoneinfo
from collections.abc import Sequence
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth import models as auth_models
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models, transaction
from django.db.models.functions import Lower, Now
from django.db.models.lookups import Regex
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.prepared import Prepared

from .choices import ChoiceLabels
from .confusables import (
    LONGEST_TYPED_USERNAME,
    invisible_characters,
    name_forms,
    name_search_pattern,
    private_use,
    username_forms,
)
from .signals import account_switched_off, login_ended

LOOK_ALIKE_MESSAGE = _(
    "This username looks like one that is already taken (letters that look the same, such as Cyrillic "
    "“а” and Latin “a”, or 0 and o, count as the same). Please choose another."
)


@models.TextField.register_lookup
class LooksLike(Regex):
    """``<skeleton column>__looks_like=<typed text>``: the column (a ``name_skeleton`` or
    ``username_skeleton``) holds the text as a reader sees it, in any case, with look-alike letters
    (``name_search_pattern``, the home page's club search). The admin's searches use it beside their
    plain fields: they matched the letters as typed, and "Реtar" with a Cyrillic Р found nobody
    (review 149)."""

    lookup_name = "looks_like"

    def get_prep_lookup(self) -> Any:
        if isinstance(self.rhs, str):
            return name_search_pattern(self.rhs)
        return super().get_prep_lookup()

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        # The backend's own regular expression match: it knows "regex", not this lookup's name.
        if self.rhs == "":
            # Nothing visible was typed (a zero-width space): a pattern of nothing matched every
            # row, and the search for it listed them all.
            return "1 = 0", []
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        params = [*lhs_params, *rhs_params]
        if "regex" in connection.operators:
            return f"{lhs} {connection.operators['regex'] % rhs}", params
        return connection.ops.regex_lookup("regex") % (lhs, rhs), params


def username_look_alikes(forms: Any) -> models.Q:
    """Users whose username reads like one of ``forms`` (``username_forms``): either form of theirs
    equal to either of these, so "вера" finds "Вера" (by its small form) and "Bepa" finds it too (by
    its first). Two lookups of unique, indexed columns."""
    forms = list(dict.fromkeys(forms))
    return models.Q(username_skeleton__in=forms) | models.Q(username_small_skeleton__in=forms)


def _shown_look_alikes(forms: Any) -> models.Q:
    """Users shown by a name that reads like one of ``forms``: their display name, or their username
    when they have none."""
    forms = list(dict.fromkeys(forms))
    display = models.Q(display_skeleton__in=forms) | models.Q(display_small_skeleton__in=forms)
    return display | (models.Q(display_name="") & username_look_alikes(forms))


def username_taken_by_look_alike(username: str, *, exclude_pk: int | None = None) -> bool:
    others = User.objects.filter(username_look_alikes(username_forms(username)))
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    return others.exists()


DISPLAY_LOOK_ALIKE_MESSAGE = _(
    "This display name looks like the name of someone in your clubs: players would take you for "
    "them. Please choose another."
)


DISPLAY_BOT_NAME_MESSAGE = _(
    "A bot plays under this name at your club's tables: players would take you for it. Please choose "
    "another."
)


# An operator renaming someone in the admin: a person with no display name is shown by his username.
USERNAME_RENAMED_LOOK_ALIKE_MESSAGE = _(
    "This person has no display name and is shown by the username, which would look like the name of "
    "someone in their clubs: players would take them for each other. Choose another username, or give "
    "a display name."
)
USERNAME_RENAMED_BOT_NAME_MESSAGE = _(
    "This person has no display name and is shown by the username, which would read like the name a bot "
    "plays under at their club's tables. Choose another username, or give a display name."
)


USERNAME_SHOWN_LOOK_ALIKE_MESSAGE = _(
    "Without a display name you are shown by your username, which looks like the name of someone in "
    "your clubs: players would take you for them. Please keep a display name."
)


def _has_letter_or_digit(text: str) -> bool:
    return any(unicodedata.category(c)[0] in "LN" for c in text)


def display_name_taken_by_look_alike(display_name: str, *, user_pk: int | None, username: str = "") -> bool:
    """Someone who shares a club with the user is shown by a name that looks like this one (his
    display name, or his username when he has none). Names repeat across a whole site ("Ivan"), so
    only the people one plays with are compared. An empty ``display_name``: the user is shown by
    ``username``, compared as a username."""
    if user_pk is None or not (display_name or username):
        return False
    forms = name_forms(display_name) if display_name else username_forms(username)
    clubs = Membership.objects.filter(user_id=user_pk).values("club_id")
    return (
        User.objects.filter(pk__in=named_in_clubs(clubs))
        .exclude(pk=user_pk)
        .filter(_shown_look_alikes(forms))
        .exists()
    )


def display_name_taken_by_bot(
    display_name: str, *, user_pk: int | None, username: str = "", club_id: int | None = None
) -> bool:
    """A bot sits at a table of one of the user's clubs under a name that reads like this one (any
    case, look-alike letters): the move log and the deal list would say "Ivan" of both. A bot's name
    already avoids the club's people (``games.services.seating._bot_name``); this is the other way
    round. An empty ``display_name``: the user is shown by ``username``, compared as a username.
    ``club_id``: that club's bots, the club he is entering (review 97: a person already called so
    joined the club, and the log said "Mila" of both)."""
    from games.models import Seat

    if (user_pk is None and club_id is None) or not (display_name or username):
        return False
    forms = set(name_forms(display_name) if display_name else username_forms(username))
    clubs: Any = Membership.objects.filter(user_id=user_pk).values("club_id")
    if club_id is not None:
        clubs = [club_id]
    # Only a bot holding a seat now (sitting, or to leave after the deal it plays): one that has gone
    # kept its name from the club's people for good (review 99), though no bot plays under it any more,
    # a new bot avoids the club's people when it sits, and a past deal marks its bot as a bot.
    bots = (
        Seat.objects.filter(session__club_id__in=clubs)
        .exclude(status=Seat.Status.LEFT)
        .exclude(bot="")
        .exclude(bot_name="")
        .values_list("bot_name", flat=True)
        .distinct()
    )
    return any(forms & set(name_forms(bot)) for bot in bots)


def named_in_clubs(clubs: Any) -> Any:
    """The users whose name a club shows (``clubs``: club ids): its members and those asking to be
    one, those banned (the club page lists them), and whoever left after playing there (the deal
    list, the leaderboard and his player page still show him). A player who left for a while came
    back to find a newcomer under his name, its deals beside his, and was refused his own name."""
    from games.models import DealPlayer

    played = models.Exists(DealPlayer.objects.filter(member=models.OuterRef("pk")))
    shown = models.Q(
        status__in=[Membership.Status.ACTIVE, Membership.Status.PENDING, Membership.Status.BANNED]
    )
    return Membership.objects.filter(club_id__in=clubs).filter(shown | played).values("user_id")


def names_shown_in_club(club_id: int, names: Sequence[str]) -> set[str]:
    """Those of ``names`` that read like someone club ``club_id`` shows (``named_in_clubs``). The
    database narrows the club's people to those whose kept forms match, or are marked "form#pk"
    (two look-alikes older than the kept forms, ``keep_skeleton``), so a club of thousands is not
    read whole; those few are compared here."""
    wanted = {name: set(name_forms(name)) for name in names}
    every = [form for forms in wanted.values() for form in forms]
    marked = (
        models.Q(display_skeleton__contains="#")
        | models.Q(display_small_skeleton__contains="#")
        | (
            models.Q(display_name="")
            & (models.Q(username_skeleton__contains="#") | models.Q(username_small_skeleton__contains="#"))
        )
    )
    people = User.objects.filter(pk__in=named_in_clubs([club_id])).filter(_shown_look_alikes(every) | marked)
    shown: set[str] = set()
    for display_name, username in people.values_list("display_name", "username"):
        shown.update(name_forms(display_name) if display_name else username_forms(username))
    return {name for name, forms in wanted.items() if forms & shown}


def shown_name_clashes_in_club(user: User, club_id: int) -> bool:
    """Someone club ``club_id`` shows (``named_in_clubs``: a member, one asking to be, one banned or one
    who played there) is shown by a name that reads like ``user``'s shown name: checked when he
    enters a club, as a name change is checked against the clubs he is in."""
    forms = name_forms(user.display_name) if user.display_name else username_forms(user.username)
    return (
        User.objects.filter(pk__in=named_in_clubs([club_id]))
        .exclude(pk=user.pk)
        .filter(_shown_look_alikes(forms))
        .exists()
    )


def club_look_alikes(name: str) -> models.Q:
    """Clubs whose name reads like ``name``: the same name in any case, or either form of theirs
    equal to either of its forms (``name_forms``)."""
    forms = list(dict.fromkeys(name_forms(name)))
    return (
        models.Q(name__iexact=name)
        | models.Q(name_skeleton__in=forms)
        | models.Q(name_small_skeleton__in=forms)
    )


def keep_skeleton(obj: models.Model, field: str, skeleton: str, save_kwargs: dict[str, Any]) -> None:
    """Set ``obj.<field>`` to ``skeleton`` before a save (and add it to ``update_fields``). Of two
    look-alikes created before skeletons were kept, the later keeps "skeleton#pk" (migrations)."""
    current = getattr(obj, field)
    if current == skeleton or (skeleton and current.startswith(f"{skeleton}#")):
        return
    setattr(obj, field, skeleton)
    update_fields = save_kwargs.get("update_fields")
    if update_fields is not None and field not in update_fields:
        save_kwargs["update_fields"] = [*update_fields, field]


def validate_visible_line(value: str) -> None:
    """A name: no character that draws nothing or turns the text around (club.confusables)."""
    if invisible_characters(value):
        raise ValidationError(INVISIBLE_MESSAGE, code="invisible_characters")


#: Free texts longer than this are not scanned by ``validate_visible_text``: no field that checks one
#: takes so much (a club's description, the longest, 2,000), and its length check refuses it. Django
#: runs a field's validators side by side, the length check no earlier than this one, and the scan of
#: a comment of two million characters, which any player of a deal could send, cost most of a second
#: of CPU (review 147).
VISIBLE_TEXT_SCANNED = 10_000


def validate_visible_text(value: str) -> None:
    """A free text (a description, a reason, a note, a comment): line breaks and the joiners of an
    emoji ("🤦‍♂️") are kept, nothing else invisible. For fields of at most ``VISIBLE_TEXT_SCANNED``
    characters."""
    if len(value) > VISIBLE_TEXT_SCANNED:
        return  # the field's length check refuses it
    if invisible_characters(value, multiline=True, joined_emoji=True):
        raise ValidationError(INVISIBLE_MESSAGE, code="invisible_characters")


INVISIBLE_MESSAGE = _(
    "This text holds invisible characters or characters that change the direction of the text "
    "(such as a zero-width space or a right-to-left override). Please type it again without them."
)
#: "." and ".." are path segments: a link to such a player's page resolves to another address.
DOT_SEGMENT_USERNAMES = frozenset({".", ".."})
DOT_SEGMENT_MESSAGE = _(
    "A username cannot be only “.” or “..”: pages could not link to it. Please choose another."
)
DISPLAY_AT_MESSAGE = _(
    "A display name cannot hold “@”: the site shows usernames after it, and a name with one could "
    "pass for someone's username. Please type it without."
)
DISPLAY_PRIVATE_USE_MESSAGE = _(
    "A display name cannot hold private-use characters (such as U+E000): each device draws them its "
    "own way, or not at all, so others would not read the name you see. Please type it without them."
)
CLUB_PRIVATE_USE_MESSAGE = _(
    "A club's name cannot hold private-use characters (such as U+E000): each device draws them its "
    "own way, or not at all, so others would not read the name you see. Please type it without them."
)
DISPLAY_NO_LETTER_MESSAGE = _(
    "A display name needs at least one letter or digit: a name of dots or dashes alone reads as "
    "nobody in the move log (“… passes.”)."
)
CLUB_LOOK_ALIKE_MESSAGE = _(
    "A club with this name, or with a name that looks the same (letters that look alike, such as "
    "Cyrillic “С” and Latin “C”, extra spaces), already exists. Please choose another name."
)


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(_("%(value)s is not a known time zone."), params={"value": value})


class UserManager(auth_models.UserManager):
    """Django's, with ``get(pk=...)`` read by SQL compiled once per process (games.prepared).

    It is the read of every logged-in request (``ModelBackend.get_user``), and compiling it cost
    more CPU than the database took to answer. Anything but a lone int ``pk`` goes to the ORM.
    Migrations still see Django's manager: this one is a subclass with the same arguments.
    """

    def get(self, *args: Any, **kwargs: Any) -> Any:
        pk = kwargs.get("pk")
        # A migration's historical model has a manager of this class too: it reads through the ORM.
        if args or len(kwargs) != 1 or type(pk) is not int or self._db is not None or self.model is not User:
            return super().get(*args, **kwargs)
        rows = _user_by_pk()(pk)
        if not rows:
            raise self.model.DoesNotExist(f"{self.model._meta.object_name} matching query does not exist.")
        return rows[0]

    def create_superuser(self, username: Any, email: Any = None, password: Any = None, **extra: Any) -> Any:
        """``createsuperuser``'s way in: an address another account uses, in any case or spelling, is
        refused with the forms' words (the command prints a ValidationError as one line). It was an
        IntegrityError traceback, or in another spelling (a decomposed "é", a punycode domain) a
        second account of one mailbox."""
        if email and self.model is User:
            from .forms import EMAIL_TAKEN, mailbox_spellings

            taken = models.Q()
            for spelling in mailbox_spellings(email):
                taken |= models.Q(email__iexact=spelling)
            if User.objects.filter(taken).exists():
                raise ValidationError(EMAIL_TAKEN, code="email_taken")
        return super().create_superuser(username, email, password, **extra)

    def get_by_natural_key(self, username: Any) -> Any:
        """The log-in's lookup. Usernames are unique as read (``username_skeleton``: case, look-alike
        letters), so "Vera" typed for "vera" is the same person and one account only: the name as
        stored first, then as read, then as read in small letters: "вера" typed for "Вера" (whose
        capital В reads as a Latin B) is found by the small form, which every case of a name shares."""
        if isinstance(username, str) and len(username) > LONGEST_TYPED_USERNAME:
            # Nobody's name: not sent to the database, nor folded (review 147).
            raise self.model.DoesNotExist(f"{self.model._meta.object_name} matching query does not exist.")
        try:
            return super().get_by_natural_key(username)
        except self.model.DoesNotExist:
            if not isinstance(username, str) or self.model is not User:
                raise
        as_read, small = username_forms(username)
        try:
            return self.get(username_skeleton=as_read)
        except self.model.DoesNotExist:
            return self.get(username_small_skeleton=small)


_USER_BY_PK: list[Prepared] = []


def _user_by_pk() -> Prepared:
    # Built on first use: the manager belongs to the class it reads.
    if not _USER_BY_PK:
        _USER_BY_PK.append(Prepared(lambda pk: User._default_manager.filter(pk=pk)))
    return _USER_BY_PK[0]


class User(AbstractUser):
    """Custom from the first migration, so profile fields never need a one-to-one side table."""

    objects = UserManager()

    display_name = models.CharField(
        _("display name"), max_length=60, blank=True, validators=[validate_visible_line]
    )
    # What the username looks like (club.confusables): unique, so "vera" and "vеra" (Cyrillic е)
    # cannot both exist, whichever way the second one is created.
    username_skeleton = models.TextField(_("username as read"), unique=True, editable=False)
    # The same in small letters (club.confusables.username_forms): "Вера" reads "bepa" (a Latin eye
    # on the capital В) and "вера" reads "вepa"; both keep "вepa" here, so one of them is refused.
    username_small_skeleton = models.TextField(
        _("username as read in small letters"), unique=True, editable=False
    )
    # What the display name looks like: players at a table read display names only, so a new one may
    # not look like the shown name of someone in the same clubs ("Борис" twice at one table).
    display_skeleton = models.TextField(_("display name as read"), blank=True, db_index=True, editable=False)
    display_small_skeleton = models.TextField(
        _("display name as read in small letters"), blank=True, db_index=True, editable=False
    )
    preferred_language = models.CharField(
        _("preferred language"), max_length=8, choices=settings.LANGUAGES, blank=True
    )
    time_zone = models.CharField(
        _("time zone"), max_length=64, default="UTC", validators=[validate_time_zone]
    )

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        constraints = [
            # A password reset goes to one account: two registrations sent at once both passed the
            # form's check, so the database holds the rule (any case, empty allowed for many).
            models.UniqueConstraint(
                Lower("email"),
                condition=~models.Q(email=""),
                name="club_user_email_ci_unique",
                violation_error_message=_("Another account already uses this email address."),
            ),
        ]

    def __str__(self) -> str:
        return self.display_name or self.username

    def clean(self) -> None:
        super().clean()
        # Django's username rule takes any letter, and the Hangul fillers are letters that draw nothing.
        if self.username and invisible_characters(self.username):
            raise ValidationError({"username": INVISIBLE_MESSAGE}, code="invisible_characters")
        if self.username in DOT_SEGMENT_USERNAMES:
            raise ValidationError({"username": DOT_SEGMENT_MESSAGE}, code="dot_segment")
        if self.username and username_taken_by_look_alike(self.username, exclude_pk=self.pk):
            raise ValidationError({"username": LOOK_ALIKE_MESSAGE}, code="username_look_alike")
        changed = self._display_name_changed()
        # "@" marks a username wherever a manager picks someone ("Vera (@vera)"): Eve named
        # "Vera (@vera)" was listed as "Vera (@vera) (@eve)" under the real one. A name kept from
        # before may stay; any width of the sign counts ("＠").
        if changed and "@" in unicodedata.normalize("NFKC", self.display_name):
            raise ValidationError({"display_name": DISPLAY_AT_MESSAGE}, code="display_at")
        # A private-use character is a logo on one device and an empty box, or nothing, on another.
        if changed and private_use(self.display_name):
            raise ValidationError({"display_name": DISPLAY_PRIVATE_USE_MESSAGE}, code="display_private_use")
        if changed and self.display_name and not _has_letter_or_digit(self.display_name):
            raise ValidationError({"display_name": DISPLAY_NO_LETTER_MESSAGE}, code="display_no_letter")
        # A name cleared counts as a change too: he is shown by his username from then on, which
        # may read like a clubmate's name ("vera" beside "Vera"), as a name typed in would.
        if changed and display_name_taken_by_look_alike(
            self.display_name, user_pk=self.pk, username=self.username
        ):
            message = DISPLAY_LOOK_ALIKE_MESSAGE if self.display_name else USERNAME_SHOWN_LOOK_ALIKE_MESSAGE
            raise ValidationError({"display_name": message}, code="display_look_alike")
        if changed and display_name_taken_by_bot(self.display_name, user_pk=self.pk, username=self.username):
            raise ValidationError({"display_name": DISPLAY_BOT_NAME_MESSAGE}, code="display_bot_name")
        # Only an operator renames a username (the admin): with no display name, the new username is
        # the name the clubs show, held to the rules a display name is (review 99: "gleb7" renamed
        # "vera" beside the club's Vera, or "mila" beside its bot Mila).
        if not self.display_name and self._username_changed():
            if display_name_taken_by_look_alike("", user_pk=self.pk, username=self.username):
                raise ValidationError(
                    {"username": USERNAME_RENAMED_LOOK_ALIKE_MESSAGE}, code="username_shown_look_alike"
                )
            if display_name_taken_by_bot("", user_pk=self.pk, username=self.username):
                raise ValidationError(
                    {"username": USERNAME_RENAMED_BOT_NAME_MESSAGE}, code="username_bot_name"
                )

    def _username_changed(self) -> bool:
        if self.pk is None:
            return False
        saved = User.objects.filter(pk=self.pk).values_list("username", flat=True).first()
        return saved != self.username

    def _display_name_changed(self) -> bool:
        """A name chosen before look-alikes were refused stays his (he may still save his profile)."""
        if self.pk is None:
            return True
        saved = User.objects.filter(pk=self.pk).values_list("display_name", flat=True).first()
        return saved != self.display_name

    @classmethod
    def from_db(cls, db: str | None, field_names: Any, values: Any) -> User:
        user = super().from_db(db, field_names, values)
        # As read: a save that changes the password or switches the account off ends its logins.
        user._loaded_login = (user.__dict__.get("password"), user.__dict__.get("is_active"))
        return user

    def save(self, *args: Any, **kwargs: Any) -> None:
        loaded = getattr(self, "_loaded_login", None)
        switched_off = login_over = False
        if loaded is not None and self.pk is not None:
            password, active = loaded
            switched_off = bool(active) and not self.is_active
            login_over = (password is not None and self.password != password) or switched_off
        display = name_forms(self.display_name) if self.display_name else ("", "")
        keep_skeleton(self, "display_skeleton", display[0], kwargs)
        keep_skeleton(self, "display_small_skeleton", display[1], kwargs)
        as_read, small = username_forms(self.username)
        keep_skeleton(self, "username_skeleton", as_read, kwargs)
        keep_skeleton(self, "username_small_skeleton", small, kwargs)
        if switched_off:
            # His seats stayed taken, played by default moves deal after deal, and a seat he had
            # reserved stayed blocked for everyone else: the tables stand him up (review 53).
            with transaction.atomic():
                super().save(*args, **kwargs)
                account_switched_off.send(sender=User, user=self)
                # Refused while the account is off, its sessions came back with it when switched on
                # again, a thief's among them: they end for good (review 53).
                from .sessions import sessions_end

                sessions_end(self.pk)
        else:
            super().save(*args, **kwargs)
        if login_over:
            # Once written: outside a transaction on_commit runs at once, and a socket told before the
            # row was saved read the account as it was (review 135: on, so not told it was switched off).
            ended = partial(login_ended.send, sender=User, user_id=self.pk, session_key=None)
            transaction.on_commit(ended)
        self._loaded_login = (self.password, self.is_active)

    @property
    def shown_name(self) -> str:
        return self.display_name or self.username

    @property
    def name_and_username(self) -> str:
        """What a manager reads when he picks or acts on someone: display names are not unique, so
        the username goes beside it ("Vera (@vera)"; "@vera" when there is no display name)."""
        if self.display_name and self.display_name != self.username:
            return f"{self.display_name} (@{self.username})"
        return f"@{self.username}"


class Club(ChoiceLabels, models.Model):
    class JoinPolicy(models.TextChoices):
        OPEN = "open", _("Open: anyone can join")
        APPROVAL = "approval", _("By approval: a manager accepts each request")
        INVITE = "invite", _("Invite only: join through an invite link")

    name = models.CharField(_("name"), max_length=80, unique=True, validators=[validate_visible_line])
    # What the name looks like (club.confusables.name_skeleton): unique, so "Demo Club", "Demo Сlub"
    # (Cyrillic С) and "Demo  Club" cannot all be listed, whichever way the second one is created.
    name_skeleton = models.TextField(_("name as read"), unique=True, editable=False)
    # The same in small letters (club.confusables.name_forms): "Клуб Вера" and "клуб вера" share it.
    name_small_skeleton = models.TextField(_("name as read in small letters"), unique=True, editable=False)
    slug = models.SlugField(_("slug"), max_length=90, unique=True)
    description = models.TextField(
        _("description"), blank=True, max_length=2000, validators=[validate_visible_text]
    )
    join_policy = models.CharField(
        _("join policy"), max_length=10, choices=JoinPolicy.choices, default=JoinPolicy.OPEN
    )
    default_preset = models.CharField(_("default preset"), max_length=20, default="classic")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("created by")
    )
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    # Chip grants (ledger.services.chips_grant): the most one grant may issue, and the most a manager
    # may grant into his own wallet at once.
    grant_limit = models.BigIntegerField(
        _("largest single grant"), default=1_000_000, validators=[MinValueValidator(1)]
    )
    self_grant_limit = models.BigIntegerField(
        _("largest grant to oneself"), default=10_000, validators=[MinValueValidator(0)]
    )
    #: A grant or revoke above this many chips (and any grant to oneself) waits for a second
    #: manager's approval (ledger.services.adjustments).
    four_eyes_above = models.BigIntegerField(
        _("second manager approves above"), default=5_000, validators=[MinValueValidator(0)]
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        as_read, small = name_forms(self.name)
        keep_skeleton(self, "name_skeleton", as_read, kwargs)
        keep_skeleton(self, "name_small_skeleton", small, kwargs)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("club_detail", kwargs={"slug": self.slug})


class Membership(ChoiceLabels, models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", _("Owner")
        MANAGER = "manager", _("Manager")
        MEMBER = "member", _("Member")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending approval")
        ACTIVE = "active", _("Active")
        # One member's word ("Заблокирован"): the club page's heading over the banned is the plural.
        BANNED = "banned", pgettext_lazy("membership status", "Banned")
        LEFT = "left", _("Left")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    # Told to the banned member and shown in the banned list; cleared when the ban is lifted (the
    # audit log keeps the history).
    ban_reason = models.CharField(_("ban reason"), max_length=500, blank=True)
    banned_at = models.DateTimeField(_("banned at"), null=True, blank=True)
    #: A ban with an end: the clock lifts it then (empty: until a manager lifts it).
    ban_until = models.DateTimeField(_("banned until"), null=True, blank=True)
    #: Suspended from the tables (not from the club) until then, for this reason.
    suspended_until = models.DateTimeField(_("suspended from tables until"), null=True, blank=True)
    suspend_reason = models.CharField(_("suspension reason"), max_length=500, blank=True)
    # Set by a nightly job for an active member who has not played for 90 days (games.jobs_inactivity),
    # cleared when he plays again; shown to managers, nothing is deleted.
    dormant_since = models.DateTimeField(_("dormant since"), null=True, blank=True)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_one_per_club_user"),
            models.UniqueConstraint(
                fields=["club"], condition=models.Q(role="owner"), name="membership_one_owner_per_club"
            ),
        ]
        indexes = [models.Index(fields=["club", "status"])]

    def __str__(self) -> str:
        # In the reader's words: the admin shows it wherever a member is named (an account's owner).
        return f"{self.user} @ {self.club} ({self.get_role_display()}, {self.get_status_display()})"

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def is_banned(self) -> bool:
        """Banned, and the ban's time (if it has one) not up: the clock lifts an ended ban within
        seconds, and the pages do not wait for it."""
        return self.status == self.Status.BANNED and (
            self.ban_until is None or self.ban_until > timezone.now()
        )

    @property
    def is_manager(self) -> bool:
        """Owners manage too: every manager permission is also the owner's."""
        return self.is_active and self.role in (self.Role.OWNER, self.Role.MANAGER)

    @property
    def is_suspended(self) -> bool:
        """Kept away from the tables for now (the clock clears the mark when the time is up). Never
        an owner: nobody may suspend one, and one he carried from before that rule (the clock lifts
        it when it finds it) was shown on his pages and held against him at the tables meanwhile."""
        return (
            self.role != self.Role.OWNER
            and self.suspended_until is not None
            and self.suspended_until > timezone.now()
        )

    @property
    def manages_now(self) -> bool:
        """A manager not suspended, or the owner: while suspended a manager manages nothing (review
        149); he stays one, and manages again once the suspension ends. Nobody may suspend the owner:
        one suspended before he was handed the club keeps his powers, and the clock lifts his
        suspension as soon as it finds it (``club.services.memberships_due``, review 156)."""
        return self.is_manager and (self.role == self.Role.OWNER or not self.is_suspended)

    @property
    def ban_seen(self) -> str:
        """Which ban a page showed (its start), sent back with its "Lift the ban": lifting it from a
        page shown before a later ban lifted that one, which the manager had never seen."""
        return self.banned_at.isoformat() if self.banned_at else ""

    @property
    def suspension_seen(self) -> str:
        """Which suspension a page showed (its end): as ``ban_seen``."""
        return self.suspended_until.isoformat() if self.suspended_until else ""


def new_invite_code() -> str:
    return secrets.token_urlsafe(18)


class Invite(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    code = models.CharField(max_length=40, unique=True, default=new_invite_code)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(_("expires at"))
    max_uses = models.PositiveIntegerField(_("maximum uses"), default=1)
    uses = models.PositiveIntegerField(_("uses"), default=0)
    revoked = models.BooleanField(_("revoked"), default=False)
    # The one-time token of the form that made it, with the club's id: the same form sent again (a
    # double click, a browser's retry) finds this link instead of making a second one (review 123).
    create_key = models.CharField(max_length=64, null=True, blank=True, unique=True, editable=False)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("invite")
        verbose_name_plural = _("invites")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(uses__lte=models.F("max_uses")), name="invite_uses_le_max"
            )
        ]

    def __str__(self) -> str:
        # The admin's title and breadcrumb of an invite: it read "Evening invite Ab12Cd…" in English.
        return str(_("%(club)s: invite link %(code)s…") % {"club": self.club, "code": self.code[:6]})

    def get_absolute_url(self) -> str:
        return reverse("invite_accept", kwargs={"code": self.code})

    @property
    def is_usable(self) -> bool:
        return (
            not self.revoked
            and self.uses < self.max_uses
            and self.expires_at > timezone.now()
            and self.maker_manages
        )

    @property
    def maker_manages(self) -> bool:
        """Can the one who made the link still manage the club (``invite_maker_manages``)? A link
        lets people in on its maker's word: a manager demoted, banned, gone or switched off had his
        links go on letting in whoever held them. Read from the row's annotation when it has one."""
        annotated = self.__dict__.get("maker_manages_now")
        if annotated is not None:
            return bool(annotated)
        return Invite.objects.filter(pk=self.pk).filter(invite_maker_manages()).exists()


def invite_maker_manages() -> models.Q:
    """Invites whose maker can still manage their club: his account is on and he is an active owner
    or manager of it, not suspended (``Membership.manages_now``: a suspended manager manages nothing,
    so his links let nobody in until the suspension ends, review 155), or the site's operator (a
    superuser acts with the owner's powers)."""
    managing = Membership.objects.filter(
        club_id=models.OuterRef("club_id"),
        user_id=models.OuterRef("created_by_id"),
        status=Membership.Status.ACTIVE,
        role__in=[Membership.Role.OWNER, Membership.Role.MANAGER],
    ).exclude(role=Membership.Role.MANAGER, suspended_until__gt=Now())
    return models.Q(created_by__is_active=True) & (
        models.Q(created_by__is_superuser=True) | models.Exists(managing)
    )


#: What each dotted action name means to a reader of the audit log.
AUDIT_ACTION_LABELS = {
    "club.created": _("Club created"),
    "club.updated": _("Club settings changed"),
    "club.handed_over": _("Club handed over to a new owner"),
    "user.added": _("Account added in the admin"),
    "user.changed": _("Account changed in the admin"),
    "user.deleted": _("Account deleted in the admin"),
    "record.added": _("Site record added in the admin"),
    "record.changed": _("Site record changed in the admin"),
    "record.deleted": _("Site record deleted in the admin"),
    "membership.requested": _("Asked to join"),
    "membership.joined": _("Joined"),
    "membership.approved": _("Request approved"),
    "membership.refused": _("Request refused"),
    "membership.promoted": _("Made a manager"),
    "membership.demoted": _("Made a plain member"),
    "membership.banned": _("Banned from the club"),
    "membership.unbanned": _("Ban lifted"),
    "membership.ban_expired": _("Ban ended"),
    "membership.suspended": _("Suspended from the tables"),
    "membership.unsuspended": _("Suspension lifted"),
    "membership.suspension_ended": _("Suspension ended"),
    "table.stood_up_by_manager": _("Stood up from a table by a manager"),
    "table.reservation_cancelled": _("Seat reservation cancelled: banned, suspended or left the club"),
    "report.filed": _("Deal reported"),
    "report.resolved": _("Report answered"),
    "membership.warned": _("Warned"),
    "collusion.dismissed": _("Collusion signal dismissed"),
    "collusion.reported": _("Collusion signal reported"),
    "chips.adjustment_requested": _("Chips asked for approval"),
    "chips.adjustment_approved": _("Chips approved by a second manager"),
    "chips.adjustment_refused": _("Chips refused by a second manager"),
    "chips.requested": _("Asked for chips"),
    "chips.request_answered": _("Request for chips answered"),
    "membership.left": _("Left the club"),
    "invite.created": _("Invite link created"),
    "invite.revoked": _("Invite link withdrawn"),
    "chips.granted": _("Chips granted"),
    "chips.revoked": _("Chips taken back"),
    "chips.bought_in": _("Bought in at a table"),
    "chips.left_table": _("Left a table with chips"),
    "chips.reversed": _("Journal reversed"),
    "chips.bank_closed": _("Table bank shared out"),
    "chips.bank_shared": _("Bank shared: too few players could pay"),
    "ledger.reconcile_failed": _("Ledger check found a difference"),
    "table.opened": _("Table opened"),
    "table.sat_down": _("Sat down at a table"),
    "table.stood_up": _("Stood up from a table"),
    "table.bot_seated": _("Bot seated at a table"),
    "table.bot_out_of_chips": _("Bot stood up from a table: out of chips"),
    "table.cancelled": _("Table cancelled: nobody came"),
    "table.called_off": _("Table cancelled by a manager"),
    "table.week_skipped": _("A week of a weekly table skipped (the series goes on)"),
    "table.closed": _("Table closed"),
    "table.ended_by_next_week": _("A weekly table with no end set ends: next week's table opened"),
    "table.ended_by_skipped_week": _("A weekly table with no end set ends: next week was skipped"),
    "table.moved": _("Table's start moved"),
    "table.abandoned": _("Table left by everyone: nobody connected for 10 minutes"),
    "membership.dormant": _("Marked dormant: no play for 90 days"),
    "club.job_failed": _("A background job failed"),
    "club.stats_corrected": _("Player statistics corrected"),
}


class AuditLog(ChoiceLabels, models.Model):
    """One row per action a manager or the system performs on someone (pretix's log_action)."""

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.CASCADE, related_name="audit_logs")
    action = models.CharField(_("action"), max_length=64, db_index=True)
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    target = models.CharField(_("target"), max_length=200, blank=True)
    data = models.JSONField(_("data"), default=dict, blank=True)
    created_at = models.DateTimeField(_("time"), default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("audit log entry")
        verbose_name_plural = _("audit log")

    def __str__(self) -> str:
        # The admin's page of a row is titled with it: the action in words, not its code, and the
        # time in the reader's zone, as the row's own time field says it (it said UTC above it).
        return f"{timezone.localtime(self.created_at):%Y-%m-%d %H:%M} {self.action_label} {self.target_label}"

    @property
    def action_label(self) -> str:
        if self.action == "table.cancelled" and self.actor_id is not None:
            # The clock's cancel (nobody came) and a manager's share the code; his read "nobody came".
            return str(_("Table cancelled by a manager"))
        return str(AUDIT_ACTION_LABELS.get(self.action, self.action))

    @property
    def actor_label(self) -> str:
        return self.actor.name_and_username if self.actor else "—"

    @property
    def target_label(self) -> str:
        """Whom the action was on: the person with his username, else the text stored with it (the
        targets the site itself writes as codes, in the reader's words)."""
        if self.target_user:
            return self.target_user.name_and_username
        if self.action == "club.job_failed":
            from games.models import task_label  # the games app builds on this one

            return task_label(self.target)
        number = self.target.rpartition(" ")[2]
        if self.action == "chips.bank_closed" and self.target == f"table {number}":
            return str(_("table %(id)s")) % {"id": number}
        if self.action == "ledger.reconcile_failed" and self.target == f"run {number}":
            return str(_("check run %(run)s")) % {"run": number}
        if self.action == "chips.reversed" and self.target == f"journal {number}":
            return str(_("journal %(id)s")) % {"id": number}  # "#12"
        return self.target

    def details(self) -> list[tuple[str, str]]:
        """The row's data as (label, value) pairs a reader understands, in the active language."""
        data = self.data if isinstance(self.data, dict) else {"data": self.data}
        # "Before" ahead of "After": the database hands a row's keys back shortest first, and the log
        # read "After: …; Before: …" of a moved table or a changed role (review 83).
        keys = [key for key in data if not (key == "to" and "from" in data)]
        if "from" in data and "to" in data:
            keys.insert(keys.index("from") + 1, "to")
        if self.action == "table.reservation_cancelled":
            # The table's name says which table (its id beside it read as a second table), and the
            # reader wants the table, the seat and the start before why.
            order = ["title", "position", "starts_at", "because"]
            keys = [key for key in order if key in data] + [
                key for key in keys if key not in order and key != "session"
            ]
        items = [(key, data[key]) for key in keys]
        return [
            (str(AUDIT_DATA_LABELS.get(key, key)), _audit_value(key, value, self.action))
            for key, value in items
            if value not in ("", None, [], {})
        ]

    @property
    def details_text(self) -> str:
        return "; ".join(f"{label}: {value}" for label, value in self.details())


#: Labels of the keys services store in ``AuditLog.data``.
AUDIT_DATA_LABELS = {
    "reason": _("Reason"),
    "from": _("Before"),
    "to": _("After"),
    "via": _("How"),
    "join_policy": _("Join policy"),
    "old_join_policy": _("Join policy before"),
    "name": _("Name"),
    "old_name": _("Name before"),
    "old_owner": _("Owner before"),
    "description": _("Description"),
    "changed": _("Changed"),
    "days_valid": _("Valid for (days)"),
    "max_uses": _("Number of uses"),
    "amount": _("Chips"),
    "journal": _("Journal"),
    "reversal": _("Reversal journal"),
    "table": _("Table"),
    "memo": _("Memo"),
    "run": _("Check run"),
    "differences": _("Differences"),
    "until": _("Until"),
    "grant_limit": _("Largest single grant"),
    "self_grant_limit": _("Largest grant to oneself"),
    "four_eyes_above": _("A second manager approves above"),
    "position": _("Seat"),
    "buy_in": _("Chips brought"),
    "bot": _("Bot"),
    "total": _("Chips"),
    "preset": _("Game"),
    "stake": _("Stake"),
    "practice": _("Practice table"),
    "deal": _("Deal"),
    "outcome": _("Outcome"),
    "members": _("Members"),
    "failure": _("Failed job"),
    "count": _("How many"),
    "share": _("Each player's share"),
    "remainder": _("Left over"),
    "players": _("Players"),
    # A reservation a ban, a suspension or leaving cancelled (games.services.members).
    "title": _("Table"),
    "starts_at": _("Start"),
    "because": _("Why"),
}

#: Why a member's reservation was cancelled, by the code ``member_leave_tables`` stores.
RESERVATION_CANCELLED_BECAUSE = {
    "banned": _("banned from the club"),
    "suspended": _("suspended from the tables"),
    "left": _("left the club"),
    "switched_off": _("account switched off"),
}

#: Reasons the site's background jobs write (stored in English), in the reader's language.
SYSTEM_REASONS = {
    "no deal played for 90 days": _("no deal played for 90 days"),
    "no seated person connected for 10 minutes": _("no seated person connected for 10 minutes"),
    "away with no sign of life for 10 minutes at a table that deals no more": _(
        "away with no sign of life for 10 minutes at a table that deals no more"
    ),
    "away for two deals in a row": _("away for two deals in a row"),
    "away with no page of the table open, his seat taken by a player who wanted to sit": _(
        "away with no page of the table open, his seat taken by a player who wanted to sit"
    ),
    "nightly recount of the players' statistics": _("nightly recount of the players' statistics"),
    # An owner's suspension, ended by the clock (club.services.OWNER_NOT_SUSPENDED).
    "the club's owner: nobody may suspend him": _("the club's owner: nobody may suspend him"),
    # Why a table's bank was closed (games.services.closing, ledger.labels.BANK_REASONS).
    "the session ended": _("the session ended"),
    "nobody plays here any more": _("nobody plays here any more"),
    "chips moved back after the session ended": _("chips moved back after the session ended"),
    # Why a background job failed, by kind (games.models.JOB_ERRORS).
    "the database could not be reached or refused the work": _(
        "the database could not be reached or refused the work"
    ),
    "the job ran out of time": _("the job ran out of time"),
    "the worker running the job stopped": _("the worker running the job stopped"),
    "an error in the site's code": _("an error in the site's code"),
}


def _outcome_choices(action: str) -> dict[str, Any]:
    """The names the pages give an outcome code, by the kind of row it was stored with."""
    # The games and ledger apps build on this one: their models are read when a row is shown.
    if action.startswith("report."):
        from games.models import Report

        return dict(Report.Outcome.choices)
    if action.startswith("collusion."):
        from games.models import CollusionFlag

        return dict(CollusionFlag.Status.choices)
    if action.startswith("chips."):
        from ledger.models import ChipRequest

        return dict(ChipRequest.Status.choices)
    return {}


def _audit_when(value: str) -> str | None:
    """A moment stored in UTC as ISO, as the reader's time zone and language write it (None: not
    one)."""
    try:
        when = parse_datetime(value)
    except ValueError:
        when = None
    if when is not None and timezone.is_aware(when):
        return date_format(timezone.localtime(when), "SHORT_DATETIME_FORMAT")
    return None


def _audit_value(key: str, value: Any, action: str = "") -> str:
    choices = {**dict(Membership.Role.choices), **dict(Membership.Status.choices)}
    if key == "outcome" and isinstance(value, str):
        return str(_outcome_choices(action).get(value, value))
    if key == "reason" and isinstance(value, str) and value in SYSTEM_REASONS:
        return str(SYSTEM_REASONS[value])
    if key == "reason" and action.startswith("chips.") and isinstance(value, str):
        # A grant's reason the site wrote in the answering manager's language ("Asked for by the
        # member"), read in this reader's, as the member's statement reads it.
        from ledger.labels import journal_memo_words

        return journal_memo_words(kind="grant", memo=value, deal_id=None)
    if key == "members" and isinstance(value, list):
        return ", ".join(f"@{name}" for name in value)
    if key == "players" and isinstance(value, list) and all(type(pk) is int for pk in value):
        # Memberships, by id: named as the club knows them.
        shown = dict(
            (m.pk, m.user.name_and_username)
            for m in Membership.objects.filter(pk__in=value).select_related("user")
        )
        return ", ".join(shown.get(pk, f"#{pk}") for pk in value)
    if action == "table.reservation_cancelled":
        if key == "position" and type(value) is int:
            return str(value + 1)  # stored as the seat's index, as the member's notice reads it
        if key == "starts_at" and isinstance(value, str):
            return _audit_when(value) or value
        if key == "because" and isinstance(value, str):
            return str(RESERVATION_CANCELLED_BECAUSE.get(value, value))
    if key == "failure" and isinstance(value, int):
        return f"#{value}"
    if key == "reason" and action == "report.filed" and isinstance(value, str):
        # A player's report stores the reason he picked from the form's list, not words he wrote.
        from games.models import Report

        return str(dict(Report.Reason.choices).get(value, value))
    if key in ("join_policy", "old_join_policy"):
        return str(dict(Club.JoinPolicy.choices).get(value, value))
    if key in ("from", "to") and action == "table.moved" and isinstance(value, str):
        # A table's old and new start, stored in UTC as ISO: read as dates in the reader's own time
        # zone and language (review 83: "2027-01-09T18:00:00+00:00" was shown to all).
        moved = _audit_when(value)
        if moved is not None:
            return moved
    if key in ("from", "to") and isinstance(value, str):
        return str(choices.get(value, value))
    if key == "via" and isinstance(value, str):
        if value == "open":
            return str(_("joined an open club"))
        if value == "request":
            return str(_("asked to join"))
        if value.startswith("invite:"):
            return str(_("invite link %(code)s…")) % {"code": value.removeprefix("invite:")}
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if key == "preset" and isinstance(value, str):
        from games.howto import preset_title  # the games app builds on this one

        return preset_title(value)
    if key == "until" and isinstance(value, str):
        # Stored in UTC, as ISO: read as a date, in the reader's own time zone.
        until = _audit_when(value)
        if until is not None:
            return until
    if key in ("journal", "reversal") and isinstance(value, int):
        return f"#{value}"
    if key == "differences" and isinstance(value, list):
        if action == "ledger.reconcile_failed":
            from ledger.labels import differences_words  # the ledger app builds on this one

            return differences_words(value)
        if action == "club.stats_corrected":
            from games.stats_read import stats_differences_words  # the games app builds on this one

            return stats_differences_words(value)
        return str(len(value))
    if isinstance(value, bool):  # str() gave the reader "True" or "False", in every language
        return str(_("Yes") if value else _("No"))
    if key == "preset" and isinstance(value, str):
        from games.howto import preset_title  # the game's name, not its code ("classic")

        return str(preset_title(value))
    if key == "changed" and isinstance(value, list):
        return ", ".join(str(AUDIT_DATA_LABELS.get(v, v)) for v in value)
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False)[:300]
    return str(value)


class MailThrottle(models.Model):
    """One mail the site sent on a stranger's request (a password reset), by what it is counted
    against: an address or a client network; or an account opened from a client network
    (``register-network``). Rows older than a day are dropped as new ones come."""

    kind = models.CharField(max_length=16)
    key = models.CharField(max_length=64)  # a digest: addresses are not kept in clear twice
    sent_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["kind", "key", "sent_at"], name="club_mailthrottle_lookup")]
        verbose_name = _("mail sent (for the hourly limit)")
        verbose_name_plural = _("mails sent (for the hourly limit)")

    def __str__(self) -> str:
        return f"{self.kind} {self.key[:8]} {self.sent_at:%Y-%m-%d %H:%M}"
