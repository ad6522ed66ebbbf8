"""Writes for clubs and memberships. Each one checks, locks, changes and logs in one transaction.

Views, admin actions and tasks call these and hold no rules of their own. Every action a manager
(or the system) performs on someone writes an ``AuditLog`` row with a dotted action name.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .confusables import collapse_spaces, invisible_characters, private_use
from .errors import NotAllowed, ServiceError
from .models import (
    CLUB_LOOK_ALIKE_MESSAGE,
    CLUB_PRIVATE_USE_MESSAGE,
    INVISIBLE_MESSAGE,
    AuditLog,
    Club,
    Invite,
    Membership,
    User,
    club_look_alikes,
    display_name_taken_by_bot,
    shown_name_clashes_in_club,
)
from .signals import member_gone, member_role_changed
from .templatetags.sentences import one_full_stop

Role = Membership.Role
Status = Membership.Status


def audit_log_write(
    *,
    action: str,
    actor: User | None,
    club: Club | None,
    target_user: User | None = None,
    target: str = "",
    data: dict[str, Any] | None = None,
) -> AuditLog:
    return AuditLog.objects.create(
        action=action,
        actor=actor,
        club=club,
        target_user=target_user,
        target=target or (str(target_user) if target_user else ""),
        data=data or {},
    )


# Russian and Bulgarian letters in Latin, so a club called "Храп" gets /clubs/hrap/, not /clubs/club/.
_TRANSLIT = str.maketrans(
    {
        "а": "a",
        "б": "b",
        "в": "v",
        "г": "g",
        "д": "d",
        "е": "e",
        "ё": "e",
        "ж": "zh",
        "з": "z",
        "и": "i",
        "й": "y",
        "к": "k",
        "л": "l",
        "м": "m",
        "н": "n",
        "о": "o",
        "п": "p",
        "р": "r",
        "с": "s",
        "т": "t",
        "у": "u",
        "ф": "f",
        "х": "h",
        "ц": "ts",
        "ч": "ch",
        "ш": "sh",
        "щ": "sht",
        "ъ": "a",
        "ы": "y",
        "ь": "",
        "э": "e",
        "ю": "yu",
        "я": "ya",
    }
)


_RESERVED_SLUGS = {"new"}  # /clubs/new/ is the create page


def _unique_slug(name: str) -> str:
    base = slugify(name.lower().translate(_TRANSLIT), allow_unicode=False)[:80] or "club"
    slug, n = base, 2
    while slug in _RESERVED_SLUGS or Club.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


#: Blank lines in a row a description keeps: one (a paragraph break).
_BLANK_LINES = re.compile(r"\n(?:[^\S\n]*\n){2,}")


def description_tidy(description: str) -> str:
    """A club's description as stored: its ends stripped and every run of blank lines made one. Its
    2,000 characters could be as many line breaks, each drawn as a line on the club page and on
    every invite page: a page two thousand lines long."""
    text = description.replace("\r\n", "\n").replace("\r", "\n").strip()
    return _BLANK_LINES.sub("\n\n", text)


def club_create(
    *, user: User, name: str, description: str = "", join_policy: str = Club.JoinPolicy.OPEN
) -> Club:
    if invisible_characters(name) or invisible_characters(description, multiline=True, joined_emoji=True):
        raise ServiceError(str(INVISIBLE_MESSAGE))
    if private_use(name):
        raise ServiceError(str(CLUB_PRIVATE_USE_MESSAGE))
    name = collapse_spaces(name)
    if not name:
        raise ServiceError(_("A club needs a name."))
    if join_policy not in Club.JoinPolicy.values:
        raise ServiceError(_("Unknown join policy."))
    if Club.objects.filter(club_look_alikes(name)).exists():
        return _club_just_opened(user=user, name=name)
    _require_clubs_left_today(user)
    for _attempt in range(_SLUG_ATTEMPTS):
        try:
            return _club_insert(user=user, name=name, description=description, join_policy=join_policy)
        except IntegrityError as exc:
            if "slug" not in str(exc):
                # A racing request took the name (or a look-alike) between the check and the insert.
                return _club_just_opened(user=user, name=name)
            # Only the address: another name making the same one ("Klub!", "Klub?") opened at the
            # same moment. The next free one is read again.
    raise ServiceError(_("Too many clubs are being opened at this moment; please try again."))


#: Addresses tried when clubs whose names make the same one are opened at once.
_SLUG_ATTEMPTS = 5


def _club_insert(*, user: User, name: str, description: str, join_policy: str) -> Club:
    with transaction.atomic():
        club = Club.objects.create(
            name=name,
            slug=_unique_slug(name),
            description=description_tidy(description),
            join_policy=join_policy,
            created_by=user,
        )
        Membership.objects.create(club=club, user=user, role=Role.OWNER, status=Status.ACTIVE)
        audit_log_write(
            action="club.created",
            actor=user,
            club=club,
            target=club.name,
            data={"join_policy": join_policy},
        )
    return club


def _require_clubs_left_today(user: User) -> None:
    """Clubs one person may open in a day (``CLUBS_PER_USER_PER_DAY``). Every open club is listed on
    the home page of every visitor: one account opened 400 in five seconds, each with a name and a
    description of its choosing, and the page grew sixty times over."""
    if user.is_superuser:
        return
    limit = settings.CLUBS_PER_USER_PER_DAY
    opened = Club.objects.filter(created_by=user, created_at__gte=timezone.now() - timedelta(days=1)).count()
    if opened >= limit:
        raise ServiceError(
            ngettext(
                "You have opened %(n)s club in the last day: you may open another tomorrow.",
                "You have opened %(n)s clubs in the last day: you may open another tomorrow.",
                opened,
            )
            % {"n": opened},
            code="too_many_clubs",
        )


#: The same founder sending the same name again this soon sent the same form twice (a double click).
SAME_FORM_WITHIN = timedelta(minutes=1)


def _club_just_opened(*, user: User, name: str) -> Club:
    """The club this founder opened a moment ago under this very name: his form came twice, and the
    second request, refused, was the page he saw, as if nothing had been opened. Anything else
    that reads like the name is refused."""
    club = (
        Club.objects.filter(name=name, created_by=user, created_at__gte=timezone.now() - SAME_FORM_WITHIN)
        .order_by("-created_at")
        .first()
    )
    if club is None:
        raise ServiceError(str(CLUB_LOOK_ALIKE_MESSAGE))
    return club


#: The chip limits an owner sets (ledger.services), with the smallest value each may take.
CHIP_LIMITS = {"grant_limit": 1, "self_grant_limit": 0, "four_eyes_above": 0}
_LIMIT_MAX = 10**15


def club_settings_check(
    *, club: Club, description: str, join_policy: str, name: str | None = None, **limits: int
) -> str | None:
    """Refuse club settings the owner's page would refuse (``ServiceError``); returns the name as it
    will be stored (spaces collapsed), or None when the name is not being changed. Pure: the admin's
    form asks it before anything is written, ``club_update`` again under the lock."""
    if join_policy not in Club.JoinPolicy.values:
        raise ServiceError(_("Unknown join policy."))
    if invisible_characters(description.strip(), multiline=True, joined_emoji=True):
        raise ServiceError(str(INVISIBLE_MESSAGE))
    if len(description.strip()) > 2000:
        raise ServiceError(_("A description can be at most 2000 characters long."))
    for key, value in limits.items():
        if key not in CHIP_LIMITS:
            raise ServiceError(_("Unknown setting."))
        if type(value) is not int or not CHIP_LIMITS[key] <= value <= _LIMIT_MAX:
            raise ServiceError(
                _("A chip limit is a whole number from %(low)s to %(high)s.")
                % {"low": CHIP_LIMITS[key], "high": _LIMIT_MAX}
            )
    if name is None:
        return None
    if invisible_characters(name):
        raise ServiceError(str(INVISIBLE_MESSAGE))
    if private_use(name):
        raise ServiceError(str(CLUB_PRIVATE_USE_MESSAGE))
    name = collapse_spaces(name)
    if not name:
        raise ServiceError(_("A club needs a name."))
    # The same rule as a new club's name: none may read like another club's (the unique skeleton
    # would otherwise refuse the row with an IntegrityError).
    if Club.objects.filter(club_look_alikes(name)).exclude(pk=club.pk).exists():
        raise ServiceError(str(CLUB_LOOK_ALIKE_MESSAGE))
    return name


def _same_setting(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):  # a textarea sends its lines back as CRLF
        return description_tidy(a) == description_tidy(b)
    return a == b


@transaction.atomic
def club_settings_merge(*, club: Club, wanted: dict[str, Any], loaded: dict[str, Any]) -> dict[str, Any]:
    """A form sends every field, also those its sender did not touch. ``loaded`` holds the values it
    was opened with: a field left as it was keeps what is stored now, so a change someone made
    meanwhile (the owner in another tab, the site's operator in the admin) is not quietly undone;
    a field both changed is refused, for the sender to see the other change first."""

    same = _same_setting
    merged = dict(wanted)
    clashes = []
    for key, value in wanted.items():
        if key not in loaded:
            continue
        stored = getattr(club, key)
        if same(value, loaded[key]):
            merged[key] = stored
        elif not same(stored, loaded[key]) and not same(stored, value):
            clashes.append(key)
    if clashes:
        from .models import AUDIT_DATA_LABELS

        raise ServiceError(
            _(
                "Someone else changed this club's settings while you were editing them (%(fields)s). "
                "Nothing was saved: read the page again and make your change."
            )
            % {"fields": ", ".join(str(AUDIT_DATA_LABELS.get(key, key)) for key in clashes)},
            code="stale",
        )
    return merged


def club_update(
    *,
    club: Club,
    actor: User,
    description: str,
    join_policy: str,
    name: str | None = None,
    loaded: dict[str, Any] | None = None,
    **limits: int,
) -> Club:
    """The owner changes his club's description, who may join, and its chip limits (the largest
    grant, the largest grant to oneself, above how many chips a second manager must approve). Only
    the owner (or the site's operator, with the owner's powers): managers run the club, the owner
    decides what it is. ``name`` renames the club (the site's operator does, in the admin)."""
    mine = membership_require_manager(club=club, actor=actor)
    if mine.role != Role.OWNER:
        raise NotAllowed(_("Only the club's owner can change its settings."))
    description = description_tidy(description)
    name = club_settings_check(
        club=club, description=description, join_policy=join_policy, name=name, **limits
    )
    club = Club.objects.select_for_update().get(pk=club.pk)
    wanted: dict[str, Any] = {"description": description, "join_policy": join_policy, **limits}
    if name is not None:
        wanted["name"] = name
    # Whether the form asked for a change at all (against the values it was opened with).
    asked = loaded is not None and any(
        key in loaded and not _same_setting(value, loaded[key]) for key, value in wanted.items()
    )
    if loaded is not None:
        wanted = club_settings_merge(club=club, wanted=wanted, loaded=loaded)
    changed = [key for key, value in wanted.items() if getattr(club, key) != value]
    if not changed:
        # A form that asked for a change now stored (the same form sent again: a retry, a second
        # tab) is done, not "nothing changed".
        raise ServiceError(_("Nothing was changed."), code="unchanged", done=asked)
    data: dict[str, Any] = {"changed": changed}
    if "join_policy" in changed:
        data.update({"old_join_policy": club.join_policy, "join_policy": join_policy})
    if "name" in changed:
        data.update({"old_name": club.name, "name": name})
    for key in changed:
        if key in CHIP_LIMITS:
            data[key] = wanted[key]
        setattr(club, key, wanted[key])
    try:
        with transaction.atomic():
            club.save(update_fields=changed)  # a new name brings its skeleton (Club.save)
    except IntegrityError as exc:  # a racing rename or new club took a look-alike name meanwhile
        raise ServiceError(str(CLUB_LOOK_ALIKE_MESSAGE)) from exc
    audit_log_write(action="club.updated", actor=actor, club=club, target=club.name, data=data)
    return club


def _lock_membership(*, club: Club, user: User) -> Membership | None:
    """The person's membership row, held until the transaction ends. FOR NO KEY UPDATE, the lock of
    an UPDATE that changes no key: it queues every other change of the row (a sit, a ban, a grant),
    and lets a table that is dealing write the rows that point at it (a dealt player, a new
    account), which PostgreSQL checks with FOR KEY SHARE. FOR UPDATE refused those: a leave or a
    ban waited for the table's lock while the table, dealing, waited for the membership's, and
    PostgreSQL failed one of them (review 18)."""
    return Membership.objects.select_for_update(no_key=True).filter(club=club, user=user).first()


def membership_require_manager(*, club: Club, actor: User) -> Membership:
    """The actor's membership, if it lets him manage the club. A site superuser (the operator, who
    answers for every club) acts with the owner's powers; an unsaved membership says so."""
    membership = Membership.objects.filter(club=club, user=actor).first()
    operator = actor.is_superuser and actor.is_active
    # An operator who also manages the club keeps the owner's rank: his manager's row held him below
    # the other managers, where as a stranger to the club or a plain member of it he was above them.
    if membership is not None and membership.is_manager and (membership.role == Role.OWNER or not operator):
        if not membership.manages_now and not operator:
            # Suspended from the club's tables, he managed it everywhere else: banned, granted chips
            # and answered reports (review 149). He stays a manager, and manages again after.
            raise NotAllowed(manager_suspended_words(membership))
        return membership
    if operator:
        return Membership(club=club, user=actor, role=Role.OWNER, status=Status.ACTIVE)
    raise NotAllowed(_("Only the club's managers can do this."))


def _name_reads_like_a_members() -> str:
    # Said when it is said, in the reader's language (a constant was translated once, at import, in
    # the site's default one: review 97).
    return _(
        "Your display name reads like the name of someone in this club: players would take you for them. "
        "Please choose another display name in your profile first."
    )


def _name_reads_like_a_bots() -> str:
    return _(
        "A bot plays under your display name at this club's tables: players would take you for it. "
        "Please choose another display name in your profile first."
    )


def _require_own_name(*, club: Club, user: User) -> None:
    if shown_name_clashes_in_club(user, club.pk):
        raise ServiceError(_name_reads_like_a_members(), code="display_look_alike")
    # A bot's name avoids the club's people when it sits, and a rename avoids the bots of his clubs
    # (User.clean): a person already called "Mila" entering a club whose bot is "Mila" did neither.
    if display_name_taken_by_bot(user.display_name, user_pk=user.pk, username=user.username, club_id=club.pk):
        raise ServiceError(_name_reads_like_a_bots(), code="display_bot_name")


def joins_in_the_last_day(*, club: Club, user: User) -> int:
    """How many times ``user`` joined or asked to join ``club`` in the last 24 hours (the bound of
    ``_require_join_budget``)."""
    return AuditLog.objects.filter(
        club=club,
        target_user=user,
        action__in=("membership.joined", "membership.requested"),
        created_at__gte=timezone.now() - timedelta(days=1),
    ).count()


def _require_join_budget(*, club: Club, user: User) -> None:
    """Joining (or asking to) again after leaving or withdrawing writes the club's log and, for a
    request, asks the managers again: without a bound one person could fill both by the thousand.
    The caller holds the membership's row lock, so two tabs cannot both take the last place."""
    done = joins_in_the_last_day(club=club, user=user)
    if done >= settings.JOINS_PER_CLUB_PER_DAY:
        raise ServiceError(
            ngettext(
                "You have joined or asked to join this club %(count)s time in the last day: "
                "try again tomorrow.",
                "You have joined or asked to join this club %(count)s times in the last day: "
                "try again tomorrow.",
                done,
            )
            % {"count": done},
            code="join_limit",
        )


def _enter(*, club: Club, user: User, status: str, via: str) -> Membership:
    """Create or revive a membership. Banned people stay out whatever door they try."""
    # One entry into a club at a time, the club's row held to the end (before the person's row, as
    # a table's opening holds it first): two people whose names read alike ("Vera", "Vеra") joining
    # at once each checked the club's names before the other's membership was written, and both
    # came in (review 91). NO KEY: the rows that point at the club (a journal, a seat) still go in.
    Club.objects.select_for_update(no_key=True).filter(pk=club.pk).values_list("pk", flat=True).first()
    membership = _lock_membership(club=club, user=user)
    if membership is not None:
        # A ban whose time is up is over, whether or not the clock has swept it yet (it sweeps every
        # few seconds, and not at all while the worker is down).
        _ban_lift_if_ended(membership, timezone.now())
        if membership.status == Status.BANNED:
            raise NotAllowed(_("You are banned from this club."))
        # What was asked is so (a double click, a retry, a second tab): said as news, not in red.
        if membership.status == Status.ACTIVE:
            raise ServiceError(_("You are already a member of this club."), code="already_member", done=True)
        if membership.status == Status.PENDING and status == Status.PENDING:
            raise ServiceError(
                _("Your request to join is already waiting for a manager."), code="pending", done=True
            )
        _require_join_budget(club=club, user=user)
        _require_own_name(club=club, user=user)
        membership.status = status
        membership.role = Role.MEMBER
        # A member back is a newcomer to the nightly dormant mark (games.jobs_inactivity): an old
        # mark kept him listed dormant, from before he left, until he played again.
        membership.dormant_since = None
        membership.save(update_fields=["status", "role", "dormant_since", "updated_at"])
    else:
        _require_own_name(club=club, user=user)
        try:
            with transaction.atomic():  # a savepoint: the racing twin's insert wins, this one is refused
                membership = Membership.objects.create(club=club, user=user, role=Role.MEMBER, status=status)
        except IntegrityError as exc:
            raise ServiceError(
                _("You are already a member of this club."), code="already_member", done=True
            ) from exc
    audit_log_write(
        action="membership.requested" if status == Status.PENDING else "membership.joined",
        actor=user,
        club=club,
        target_user=user,
        data={"via": via},
    )
    return membership


@transaction.atomic
def membership_join(*, club: Club, user: User) -> Membership:
    """Join an open club, or ask to join a club by approval. Invite-only clubs need an invite."""
    if club.join_policy == Club.JoinPolicy.OPEN:
        return _enter(club=club, user=user, status=Status.ACTIVE, via="open")
    if club.join_policy == Club.JoinPolicy.APPROVAL:
        return _enter(club=club, user=user, status=Status.PENDING, via="request")
    raise NotAllowed(_("This club is invite only: ask a manager for an invite link."))


@transaction.atomic
def invite_create(
    *, club: Club, actor: User, days_valid: int = 7, max_uses: int = 1, create_key: str | None = None
) -> Invite:
    """``create_key``: the asking form's one-time token. The same form sent again (a double click, a
    browser's retry) makes nothing and is told so (``done``); none (an older page) makes a link each
    time, as before."""
    membership_require_manager(club=club, actor=actor)
    if not 1 <= days_valid <= 90:
        raise ServiceError(_("An invite can be valid for 1 to 90 days."))
    if not 1 <= max_uses <= 1000:
        raise ServiceError(_("An invite can be used 1 to 1000 times."))
    key = f"{club.pk}:{create_key}"[:64] if create_key else None
    if key is not None:
        # The club's row, held to the end: the same form sent twice at once waits here for the first,
        # then finds its link (as a table's form does: ``games.services.sessions``).
        Club.objects.select_for_update().filter(pk=club.pk).values_list("pk", flat=True).first()
        if Invite.objects.filter(create_key=key).exists():
            raise ServiceError(
                _("This invite link was already made: copy it from the list of invites."),
                code="stale",
                done=True,
            )
    invite = Invite.objects.create(
        club=club,
        created_by=actor,
        expires_at=timezone.now() + timedelta(days=days_valid),
        max_uses=max_uses,
        create_key=key,
    )
    audit_log_write(
        action="invite.created",
        actor=actor,
        club=club,
        target=invite.code[:8],
        data={"days_valid": days_valid, "max_uses": max_uses},
    )
    return invite


@transaction.atomic
def invite_revoke(*, invite: Invite, actor: User) -> Invite:
    membership_require_manager(club=invite.club, actor=actor)
    invite = Invite.objects.select_for_update().get(pk=invite.pk)
    if invite.revoked:
        # Done (a retry, a second tab): said as news, not as a failure.
        raise ServiceError(_("This invite has already been withdrawn."), code="stale", done=True)
    invite.revoked = True
    invite.save(update_fields=["revoked"])
    audit_log_write(action="invite.revoked", actor=actor, club=invite.club, target=invite.code[:8])
    return invite


def _came_by(invite: Invite, user: User | None) -> bool:
    """Did ``user`` come into the club by this invite before (and has left since, or he would not
    ask again)?"""
    if user is None or not user.is_authenticated:
        return False
    return AuditLog.objects.filter(
        action="membership.joined", club=invite.club, target_user=user, data__via=f"invite:{invite.code[:8]}"
    ).exists()


def invite_check(*, invite: Invite | None, user: User | None = None) -> None:
    """Raise the reason an invite cannot be used (by ``user``, if given), if there is one (the
    invite page shows it too)."""
    if invite is None:
        raise ServiceError(_("This invite link is not valid."), code="invite_invalid")
    if invite.revoked:
        raise ServiceError(_("This invite has been withdrawn."), code="invite_revoked")
    if invite.expires_at <= timezone.now():
        raise ServiceError(_("This invite has expired."), code="invite_expired")
    if not invite.maker_manages:
        # He was demoted, banned, left or had his account switched off: the link was his word.
        raise ServiceError(
            _(
                "This invite link no longer works: the manager who made it no longer manages the "
                "club. Ask one of its managers for a new link."
            ),
            code="invite_maker_gone",
        )
    # A use is a person let in: one who came by this link, left and comes back by it takes no
    # other's place, so the link's last place taken (by him or others) does not keep him out.
    if invite.uses >= invite.max_uses and not _came_by(invite, user):
        raise ServiceError(_("This invite has been used up."), code="invite_used_up")


@transaction.atomic
def invite_accept(*, code: str, user: User) -> Membership:
    """Use an invite link. The invite row is locked, so two people racing for its last use get one
    membership and one clear refusal."""
    # The invite's row only (``select_related`` would hold the club's row too, which every journal
    # and audit row of the club points at).
    invite = Invite.objects.select_for_update(of=("self",)).select_related("club").filter(code=code).first()
    if (
        invite is not None
        and Membership.objects.filter(club_id=invite.club_id, user=user, status=Status.ACTIVE).exists()
    ):
        # What he is to the club comes first, as on the invite's page: his second Join pressed after
        # the link expired or was used up (a stale page) was answered in red with the link's fate.
        raise ServiceError(_("You are already a member of this club."), code="already_member", done=True)
    invite_check(invite=invite, user=user)
    assert invite is not None
    # A use is a person let in: one who left and comes back by the same link takes no other's place.
    came_before = _came_by(invite, user)
    membership = _enter(club=invite.club, user=user, status=Status.ACTIVE, via=f"invite:{invite.code[:8]}")
    if not came_before:
        invite.uses += 1
        invite.save(update_fields=["uses"])
    return membership


def manager_suspended_words(membership: Membership) -> str:
    """Why a suspended manager is refused what managers do, the end written as the club page's
    notice of his suspension writes it, above these words in his chips box (review 156)."""
    from .templatetags.sentences import moment

    until = moment(membership.suspended_until)
    return one_full_stop(
        _("You are suspended from the club's tables until %(until)s: until then you do not manage the club.")
        % {"until": until}
    )


def _managed_target(*, membership: Membership, actor: User) -> tuple[Membership, Membership]:
    """Lock the target's row and check the actor manages its club; returns (actor's, target's).

    The row is read again under the lock: the page the manager clicked on may be stale (a double
    click, another manager, a second tab), so each service checks the state it finds, not the one
    the page showed."""
    mine = membership_require_manager(club=membership.club, actor=actor)
    rows = list(
        # Its own row only, as ``_lock_membership``: with ``select_related`` FOR UPDATE also held the
        # club's and the person's rows, which every journal and audit row of the club points at.
        # The actor's row is held beside it, both in id order (as a grant holds them, ledger's
        # ``_member_locked``): a manager banned or demoted while this waited for the target's row
        # acted once it came free, on the right read before the wait (review 51).
        Membership.objects.select_for_update(no_key=True, of=("self",))
        .select_related("club", "user")
        .filter(pk__in={membership.pk, mine.pk or membership.pk}, club=membership.club)
        .order_by("pk")
    )
    target = next((row for row in rows if row.pk == membership.pk), None)
    if target is None:
        raise ServiceError(_("This person is no longer in the club."), code="stale")
    if mine.pk is not None:
        # Read again under the lock: what the owner decided meanwhile stands.
        mine = membership_require_manager(club=membership.club, actor=actor)
    if target.user_id == actor.pk:
        raise NotAllowed(_("You cannot do this to yourself."))
    membership_require_rank(mine=mine, target=target)
    return mine, target


def _account_on(user: User) -> bool:
    """Whether the account is switched on, read now: the person's row joined to a membership held
    under a lock is as it was when the statement began, and a switch-off holds his memberships while
    it stands him up at the tables, so an action that waited for one read him still on (review 116)."""
    user.is_active = User.objects.filter(pk=user.pk, is_active=True).exists()
    return user.is_active


def membership_require_rank(*, mine: Membership, target: Membership) -> None:
    """A manager acts on plain members, the owner on managers too, nobody on the owner; one's own
    membership is always one's own. Every manager action against a person checks this."""
    if target.user_id == mine.user_id:
        return
    if target.role == Role.OWNER:
        raise NotAllowed(_("Nobody can act on the club's owner."))
    if target.role == Role.MANAGER and mine.role != Role.OWNER:
        raise NotAllowed(_("Only the owner can act on a manager."))


#: The log's actions that change a membership's status: a warning, a suspension or a role written
#: after a member left does not say how he left.
_STATUS_CHANGES = (
    "membership.requested",
    "membership.approved",
    "membership.refused",
    "membership.joined",
    "membership.left",
    "membership.banned",
    "membership.unbanned",
    "membership.ban_expired",
)


def _last_change(membership: Membership) -> tuple[str, int | None] | None:
    """The membership's last change of status in the club's log: (action, actor's id)."""
    return (
        AuditLog.objects.filter(club_id=membership.club_id, target_user_id=membership.user_id)
        .filter(action__in=_STATUS_CHANGES)
        .order_by("-created_at", "-pk")
        .values_list("action", "actor_id")
        .first()
    )


def membership_refused_last(membership: Membership | None) -> bool:
    """Is a manager's refusal of his request the last word on his membership (he has not asked
    again, nor come in and gone since)? His club page says so: it offered "Ask to join" as if he had
    never asked (review 139)."""
    return (
        membership is not None
        and membership.status == Status.LEFT
        and (_last_change(membership) or ("",))[0] == "membership.refused"
    )


def _came_in_asking(target: Membership) -> bool:
    """Did the member come in by a request a manager approved (rather than by himself)?"""
    return (_last_change(target) or ("",))[0] == "membership.approved"


def _not_pending(target: Membership, *, approving: bool = False, actor: User | None = None) -> ServiceError:
    """The refusal for approving or refusing a request that is no longer waiting."""
    name = target.user.shown_name
    last = _last_change(target) if target.status == Status.LEFT else None
    if last is not None and last[0] == "membership.refused":
        # Refusing what was refused: news when it was this manager's own earlier copy. Approving it
        # (another manager's answer came first) is refused, and says why.
        message = _("The request of %(name)s has already been refused.") % {"name": name}
        done = not approving and actor is not None and last[1] == actor.pk
        return ServiceError(message, code="stale", done=done)
    if target.status == Status.ACTIVE and _came_in_asking(target):
        message = _("%(name)s is already a member: the request was answered before.") % {"name": name}
    elif target.status == Status.ACTIVE:
        # In by himself (an open club, an invite) or the founder: there was never a request to answer,
        # and a selection in the admin that mixed members with requests told each one it was.
        message = _("%(name)s is a member and has no request to join waiting: nothing was done.") % {
            "name": name
        }
    elif target.status == Status.BANNED:
        message = _("%(name)s is banned from the club: the request is no longer waiting.") % {"name": name}
    else:
        message = _("The request of %(name)s is no longer waiting for approval.") % {"name": name}
    # Approving someone who is a member is done (a retry, a second tab: said as news); "no longer
    # waiting" may be the person's own withdrawal, not a refusal, and stays a refusal.
    return ServiceError(message, code="stale", done=target.status == Status.ACTIVE and approving)


@transaction.atomic
def membership_approve(*, membership: Membership, actor: User) -> Membership:
    _mine, target = _managed_target(membership=membership, actor=actor)
    if target.status != Status.PENDING:
        raise _not_pending(target, approving=True)
    if not _account_on(target.user):
        # He cannot log in to play: approved, he was counted and listed a member, and chips could be
        # granted to an account the site's operators had switched off.
        raise ServiceError(
            _(
                "The account of %(name)s is switched off by the site: the request cannot be approved. "
                "Refuse it, or leave it until the account is switched on again."
            )
            % {"name": target.user.shown_name},
            code="stale",
        )
    target.status = Status.ACTIVE
    target.save(update_fields=["status", "updated_at"])
    audit_log_write(action="membership.approved", actor=actor, club=target.club, target_user=target.user)
    return target


@transaction.atomic
def membership_refuse(*, membership: Membership, actor: User) -> Membership:
    _mine, target = _managed_target(membership=membership, actor=actor)
    if target.status != Status.PENDING:
        raise _not_pending(target, actor=actor)
    target.status = Status.LEFT
    target.save(update_fields=["status", "updated_at"])
    audit_log_write(action="membership.refused", actor=actor, club=target.club, target_user=target.user)
    return target


@transaction.atomic
def membership_set_role(*, membership: Membership, actor: User, role: str) -> Membership:
    """Promote a member to manager or demote a manager. Only the owner hands out management."""
    if role not in (Role.MANAGER, Role.MEMBER):
        raise ServiceError(_("A member can be made a manager or a plain member."))
    mine, target = _managed_target(membership=membership, actor=actor)
    if mine.role != Role.OWNER:
        raise NotAllowed(_("Only the owner can promote or demote."))
    if target.status != Status.ACTIVE:
        raise ServiceError(_("Only active members can be promoted or demoted."), code="stale")
    if target.role == role:
        raise ServiceError(
            _("%(name)s already has that role.") % {"name": target.user.shown_name}, code="stale", done=True
        )
    if role == Role.MANAGER and not _account_on(target.user):
        # He cannot log in to manage: members would be told to ask him, and four eyes counted on him.
        raise ServiceError(
            _("The account of %(name)s is switched off: it cannot be made a manager.")
            % {"name": target.user.shown_name},
            code="stale",
        )
    old = target.role
    target.role = role
    target.save(update_fields=["role", "updated_at"])
    member_role_changed.send(sender=Membership, membership=target)
    audit_log_write(
        action="membership.promoted" if role == Role.MANAGER else "membership.demoted",
        actor=actor,
        club=target.club,
        target_user=target.user,
        data={"from": old, "to": role},
    )
    return target


def _hand_over_rows(*, membership: Membership, lock: bool) -> list[Membership]:
    """The target's row and the owner's, in id order (held, if ``lock``)."""
    rows = Membership.objects.select_related("club", "user")
    if lock:
        rows = rows.select_for_update(no_key=True, of=("self",))
    return list(
        rows.filter(club=membership.club)
        .filter(models.Q(pk=membership.pk) | models.Q(role=Role.OWNER))
        .order_by("pk")
    )


def _hand_over_refusal(*, membership: Membership, actor: User, rows: list[Membership]) -> Membership:
    """The target's row among ``rows``, if the actor may hand the club to it; else the refusal."""
    club = membership.club
    # Before anything about the target is said: "Olga is already the club's owner." told anyone who
    # posted the form with the owner's row the name a stranger's club page does not show (review 79).
    mine = membership_require_manager(club=club, actor=actor)
    target = next((row for row in rows if row.pk == membership.pk), None)
    if target is None:
        raise ServiceError(_("This person is no longer in the club."), code="stale")
    name = target.user.shown_name
    if target.role == Role.OWNER:
        if target.user_id == actor.pk:
            raise NotAllowed(_("You cannot do this to yourself."))
        # His own earlier copy (a double click, a second tab) did it: said as news.
        mine_before = AuditLog.objects.filter(
            action="club.handed_over", club=club, actor=actor, target_user=target.user
        ).exists()
        raise ServiceError(
            _("%(name)s is already the club's owner.") % {"name": name}, code="stale", done=mine_before
        )
    owner = next((row for row in rows if row.role == Role.OWNER), None)
    if owner is None:
        # Handed over meanwhile (the owner and the operator at once): the owner's row, read again
        # when its lock came free, no longer matched and was left out, and the new owner's was not
        # read. Without this the club got a second owner, which the one-owner index refused with a
        # server error (review 149). A statement of its own sees what the other committed.
        owner = (
            Membership.objects.filter(club=club, role=Role.OWNER)
            .exclude(pk=target.pk)
            .select_related("user")
            .first()
        )
        if owner is not None and mine.role == Role.OWNER:
            raise ServiceError(
                _("The club was handed over meanwhile: %(name)s owns it now.")
                % {"name": owner.user.shown_name},
                code="stale",
            )
    if mine.role != Role.OWNER:
        if owner is not None and AuditLog.objects.filter(
            action="club.handed_over", club=club, actor=actor
        ).exists():
            # His other tab handed it to someone else first: "only the owner can" left him guessing.
            raise ServiceError(
                _("You have handed the club over already: %(name)s owns it now.")
                % {"name": owner.user.shown_name},
                code="stale",
            )
        if owner is not None and AuditLog.objects.filter(
            action="club.handed_over", club=club, target_user=owner.user, data__old_owner=f"@{actor.username}"
        ).exists():
            # The operator handed it over from him while he was handing it himself.
            raise ServiceError(
                _("The club was handed over meanwhile: %(name)s owns it now.")
                % {"name": owner.user.shown_name},
                code="stale",
            )
        raise NotAllowed(_("Only the club's owner can hand it over."))
    if target.user_id == actor.pk:
        raise NotAllowed(_("You cannot do this to yourself."))
    if target.status != Status.ACTIVE:  # banned, or left, since the page was drawn
        raise ServiceError(_("This person is no longer in the club."), code="stale")
    if target.is_manager and target.is_suspended:
        # He would own a club he may not manage, and nobody may lift an owner's suspension.
        raise ServiceError(
            one_full_stop(
                _(
                    "%(name)s is suspended from the club's tables until %(until)s: the club is handed "
                    "over to a manager who is not, so lift the suspension first."
                )
                % {
                    "name": name,
                    "until": date_format(timezone.localtime(target.suspended_until), "DATETIME_FORMAT"),
                }
            ),
            code="stale",
        )
    if not target.is_manager:
        raise ServiceError(
            _("A club is handed over to one of its managers: make %(name)s a manager first.")
            % {"name": name},
            code="stale",
        )
    if not _account_on(target.user):
        raise ServiceError(
            _("The account of %(name)s is switched off: the club cannot be handed over to it.")
            % {"name": name},
            code="stale",
        )
    return target


def club_hand_over_check(*, membership: Membership, actor: User) -> Membership:
    """Whether ``club_hand_over`` would hand the club to this membership now (its refusal if not),
    without holding or changing anything: asked before a confirmation page, which asked "Make Misha
    the owner?" of a plain member, a banned one or the owner himself, and only its button said why not
    (review 149). The hand-over asks again under its locks. Returns the target's row as read."""
    rows = _hand_over_rows(membership=membership, lock=False)
    return _hand_over_refusal(membership=membership, actor=actor, rows=rows)


@transaction.atomic
def club_hand_over(*, membership: Membership, actor: User) -> Membership:
    """The owner makes one of the club's managers its owner and stays a manager himself, free to
    leave then (an owner cannot leave). The site's operator may do it for an owner who cannot (his
    account switched off). Returns the new owner's membership."""
    club = membership.club
    # The target's row and the owner's, held in id order (as ``_managed_target``): a second tab's
    # hand-over, or a demotion of the target, waits and then finds what was decided.
    rows = _hand_over_rows(membership=membership, lock=True)
    target = _hand_over_refusal(membership=membership, actor=actor, rows=rows)
    old = next((row for row in rows if row.role == Role.OWNER), None)
    if old is not None:
        # Before the new owner's row: one owner per club (a unique index) at every moment.
        old.role = Role.MANAGER
        old.save(update_fields=["role", "updated_at"])
        member_role_changed.send(sender=Membership, membership=old)
    target.role = Role.OWNER
    target.save(update_fields=["role", "updated_at"])
    member_role_changed.send(sender=Membership, membership=target)
    audit_log_write(
        action="club.handed_over",
        actor=actor,
        club=club,
        target_user=target.user,
        data={"old_owner": f"@{old.user.username}"} if old is not None else {},
    )
    return target


def _check_until(until: datetime | None, *, required: bool) -> None:
    if until is None:
        if required:
            raise ServiceError(_("Say until when."), code="invalid")
        return
    if until <= timezone.now():
        raise ServiceError(_("The end must be in the future."), code="invalid")
    if until > timezone.now() + timedelta(days=3650):
        raise ServiceError(_("The end must be within ten years."), code="invalid")


@transaction.atomic
def membership_ban(
    *, membership: Membership, actor: User, reason: str = "", until: datetime | None = None
) -> Membership:
    """Ban a member (until ``until``, or until a manager lifts it): he leaves the club's tables after
    the deal he plays in, his table sockets close, and no door lets him back in meanwhile."""
    _check_until(until, required=False)
    _mine, target = _managed_target(membership=membership, actor=actor)
    if target.status == Status.BANNED:
        name = target.user.shown_name
        asked = reason.strip()[:500]
        if target.ban_until == until and asked in ("", target.ban_reason):
            raise ServiceError(_("%(name)s is already banned.") % {"name": name}, code="stale", done=True)
        # Banned on other terms meanwhile (a second manager, a list shown before): his are not the
        # ban standing, so not said done (review 68: "already banned", as news, and the member was
        # back on the first ban's end).
        if target.ban_until is None:
            refusal = _(
                "%(name)s is already banned, with no end: lift the ban first to ban him on other terms."
            )
            raise ServiceError(refusal % {"name": name}, code="stale")
        refusal = _(
            "%(name)s is already banned until %(until)s: lift the ban first to ban him on other terms."
        )
        until_shown = date_format(timezone.localtime(target.ban_until), "DATETIME_FORMAT")
        raise ServiceError(refusal % {"name": name, "until": until_shown}, code="stale")
    old = target.status
    target.status = Status.BANNED
    target.role = Role.MEMBER
    target.ban_reason = reason.strip()[:500]
    target.banned_at = timezone.now()
    target.ban_until = until
    target.save(update_fields=["status", "role", "ban_reason", "banned_at", "ban_until", "updated_at"])
    data: dict[str, Any] = {"reason": target.ban_reason, "from": old}
    if until is not None:
        data["until"] = until.isoformat(timespec="minutes")
    audit_log_write(
        action="membership.banned", actor=actor, club=target.club, target_user=target.user, data=data
    )
    member_gone.send(sender=Membership, membership=target, reason="banned")
    return target


@transaction.atomic
def membership_suspend(*, membership: Membership, actor: User, reason: str, until: datetime) -> Membership:
    """Keep an active member away from the tables until ``until`` (he stays in the club): he leaves
    its tables after the deal he plays in and his table sockets close."""
    _check_until(until, required=True)
    reason = (reason or "").strip()[:500]
    if not reason:
        raise ServiceError(_("Say why the member is suspended."), code="invalid")
    _mine, target = _managed_target(membership=membership, actor=actor)
    if target.status != Status.ACTIVE:
        raise ServiceError(_("Only active members can be suspended."), code="stale")
    if target.is_suspended and target.suspended_until == until and target.suspend_reason == reason:
        # The same suspension again (a retry, a second tab): written and his sockets closed twice.
        raise ServiceError(
            # An English time ends with its own full stop ("5:05 a.m."): one is enough.
            one_full_stop(
                _("%(name)s is already suspended from the tables until %(until)s.")
                % {
                    "name": target.user.shown_name,
                    "until": date_format(timezone.localtime(until), "DATETIME_FORMAT"),
                }
            ),
            code="stale",
            done=True,
        )
    if target.is_suspended and until < target.suspended_until:
        # A later end extends the suspension (review 55); an earlier one, from a second manager or a
        # page shown before (the club page offers Suspend only to members not suspended), would end
        # a colleague's suspension early without a word, as a ban on other terms could (review 68).
        refusal = _(
            "%(name)s is already suspended from the tables until %(until)s: lift the suspension "
            "first to end it sooner."
        )
        until_shown = date_format(timezone.localtime(target.suspended_until), "DATETIME_FORMAT")
        raise ServiceError(refusal % {"name": target.user.shown_name, "until": until_shown}, code="stale")
    if target.is_suspended and until == target.suspended_until:
        # Two managers at once, or a page shown before: the second reason would replace the first
        # without a word, and the club's page would say only the later one.
        refusal = _(
            "%(name)s is already suspended from the tables until %(until)s for another reason: lift "
            "the suspension first to suspend him for yours. The reason standing: %(reason)s."
        )
        until_shown = date_format(timezone.localtime(until), "DATETIME_FORMAT")
        words = {"name": target.user.shown_name, "until": until_shown, "reason": target.suspend_reason}
        # The reason is the manager's own words and may end with its own full stop.
        raise ServiceError(one_full_stop(refusal % words), code="stale")
    target.suspended_until = until
    target.suspend_reason = reason
    target.save(update_fields=["suspended_until", "suspend_reason", "updated_at"])
    audit_log_write(
        action="membership.suspended",
        actor=actor,
        club=target.club,
        target_user=target.user,
        data={"reason": reason, "until": until.isoformat(timespec="minutes")},
    )
    member_gone.send(sender=Membership, membership=target, reason="suspended")
    return target


@transaction.atomic
def membership_unsuspend(
    *, membership: Membership, actor: User, seen: str | None = None, shown_at: datetime | None = None
) -> Membership:
    """Lift the suspension. ``seen``: ``Membership.suspension_seen`` of the page it was lifted from
    (as unban). ``shown_at``: when the page was shown, for a row it did not show (as unban): a
    suspension given after it, by the moderation log, is refused."""
    _mine, target = _managed_target(membership=membership, actor=actor)
    if not target.is_suspended:
        raise ServiceError(
            _("%(name)s is not suspended (any more).") % {"name": target.user.shown_name},
            code="stale",
            done=True,
        )
    given_since = (
        seen is None
        and shown_at is not None
        and AuditLog.objects.filter(
            action="membership.suspended", club=target.club, target_user=target.user, created_at__gt=shown_at
        ).exists()
    )
    if (seen == "" and target.suspension_seen) or given_since:
        raise ServiceError(
            _(
                "%(name)s was suspended after your page was shown: look at this suspension before you "
                "lift it."
            )
            % {"name": target.user.shown_name},
            code="stale",
        )
    if seen is not None and seen != target.suspension_seen:
        raise ServiceError(
            _(
                "%(name)s was suspended again after your page was shown: look at this suspension "
                "before you lift it."
            )
            % {"name": target.user.shown_name},
            code="stale",
        )
    target.suspended_until, target.suspend_reason = None, ""
    target.save(update_fields=["suspended_until", "suspend_reason", "updated_at"])
    audit_log_write(action="membership.unsuspended", actor=actor, club=target.club, target_user=target.user)
    return target


#: Why the clock ended an owner's suspension before its time (stored in English; the log reads it
#: through ``club.models.SYSTEM_REASONS``).
OWNER_NOT_SUSPENDED = "the club's owner: nobody may suspend him"


def memberships_due(now: datetime) -> models.QuerySet[Membership]:
    """Memberships whose ban or suspension ends by ``now`` (the clock also asks only whether any
    exist, so the filter lives in one place), and an owner's suspension whenever it is found: nobody
    may suspend the owner nor lift his suspension, and one given while he was a manager, before a
    suspended manager could no longer be handed the club (review 149), kept him from the tables he
    owned until a date nobody could bring nearer (review 156)."""
    return Membership.objects.filter(
        models.Q(status=Status.BANNED, ban_until__lte=now)
        | models.Q(suspended_until__lte=now)
        | models.Q(role=Role.OWNER, suspended_until__isnull=False)
    )


def _ban_lift_if_ended(member: Membership, now: datetime) -> bool:
    """Lift ``member``'s ban (its row locked by the caller) if its time is up; True if it was."""
    if member.status != Status.BANNED or member.ban_until is None or member.ban_until > now:
        return False
    member.status = Status.LEFT
    member.ban_reason, member.banned_at, member.ban_until = "", None, None
    member.save(update_fields=["status", "ban_reason", "banned_at", "ban_until", "updated_at"])
    audit_log_write(action="membership.ban_expired", actor=None, club=member.club, target_user=member.user)
    return True


def _suspension_end_if_due(member: Membership, now: datetime) -> bool:
    """End ``member``'s suspension (his row locked by the caller) if its time is up, or if he owns
    the club (``memberships_due``); True if it was."""
    if member.suspended_until is None:
        return False
    early = member.suspended_until > now
    if early and member.role != Role.OWNER:
        return False
    member.suspended_until, member.suspend_reason = None, ""
    member.save(update_fields=["suspended_until", "suspend_reason", "updated_at"])
    audit_log_write(
        action="membership.suspension_ended",
        actor=None,
        club=member.club,
        target_user=member.user,
        data={"reason": OWNER_NOT_SUSPENDED} if early else None,
    )
    return True


def memberships_expire(*, now: datetime | None = None) -> int:
    """Lift the bans and end the suspensions whose time is up (the clock runs this; idempotent:
    each row is re-read under its lock). Returns how many ended."""
    now = now or timezone.now()
    done = 0
    for pk in list(memberships_due(now).values_list("pk", flat=True)):
        with transaction.atomic():
            member = (
                Membership.objects.select_for_update(no_key=True, of=("self",))
                .select_related("club", "user")
                .get(pk=pk)
            )
            if _ban_lift_if_ended(member, now):
                done += 1
            if _suspension_end_if_due(member, now):
                done += 1
    return done


@transaction.atomic
def membership_unban(
    *, membership: Membership, actor: User, seen: str | None = None, shown_at: datetime | None = None
) -> Membership:
    """Lift the ban. ``seen``: ``Membership.ban_seen`` of the page the manager lifted it from; another ban
    placed since (lifted and placed again meanwhile) is refused, showing it. ``shown_at``: when the
    page was shown, for a row it did not show (the admin's "select all" across its pages): a ban
    placed after it is refused."""
    _mine, target = _managed_target(membership=membership, actor=actor)
    if target.status != Status.BANNED:
        raise ServiceError(
            _("%(name)s is not banned (any more).") % {"name": target.user.shown_name},
            code="stale",
            done=True,
        )
    if (seen == "" and target.ban_seen) or (
        seen is None and shown_at is not None and target.banned_at is not None and target.banned_at > shown_at
    ):
        # The page showed him without a ban (review 113: the admin's list lifted it all the same).
        raise ServiceError(
            _("%(name)s was banned after your page was shown: look at this ban before you lift it.")
            % {"name": target.user.shown_name},
            code="stale",
        )
    if seen is not None and seen != target.ban_seen:
        raise ServiceError(
            _("%(name)s was banned again after your page was shown: look at this ban before you lift it.")
            % {"name": target.user.shown_name},
            code="stale",
        )
    target.status = Status.LEFT
    target.ban_reason, target.banned_at, target.ban_until = "", None, None
    target.save(update_fields=["status", "ban_reason", "banned_at", "ban_until", "updated_at"])
    audit_log_write(action="membership.unbanned", actor=actor, club=target.club, target_user=target.user)
    return target


def _left_by_self(membership: Membership) -> bool:
    """Is his membership's last change his own leaving (not a manager's refusal or a ban's end)?"""
    return _last_change(membership) == ("membership.left", membership.user_id)


@transaction.atomic
def membership_leave(*, club: Club, user: User, request_only: bool = False) -> Membership:
    """Leave the club, or withdraw a request to join. ``request_only``: the person withdraws a
    request, as the page he clicked on showed it; admitted since, he stays a member."""
    membership = _lock_membership(club=club, user=user)
    if membership is not None and membership.status == Status.LEFT and _left_by_self(membership):
        # His own earlier copy (a double click, a retry, a second tab) did it: said as news.
        raise ServiceError(
            _("Your request to join has already been withdrawn.")
            if request_only
            else _("You have already left this club."),
            code="stale",
            done=True,
        )
    if (
        request_only
        and membership is not None
        and membership.status == Status.LEFT
        and (_last_change(membership) or ("",))[0] == "membership.refused"
    ):
        # A manager answered while his page still offered to withdraw: "You are not a member of this
        # club." told him nothing of the refusal (review 104). Still in red: not his doing (review 63).
        raise ServiceError(
            _("A manager has refused your request to join in the meantime: it is no longer waiting."),
            code="stale",
        )
    if membership is None or membership.status not in (Status.ACTIVE, Status.PENDING):
        raise ServiceError(_("You are not a member of this club."), code="stale")
    if request_only and membership.status != Status.PENDING:
        raise ServiceError(
            _(
                "A manager has accepted your request in the meantime: you are a member now. To leave "
                "the club, use “Leave the club…” on its page."
            ),
            code="stale",
        )
    if membership.role == Role.OWNER:
        raise NotAllowed(_("The owner cannot leave the club they own."))
    membership.status = Status.LEFT
    membership.role = Role.MEMBER
    membership.save(update_fields=["status", "role", "updated_at"])
    audit_log_write(action="membership.left", actor=user, club=club, target_user=user)
    member_gone.send(sender=Membership, membership=membership, reason="left")
    return membership
