"""Seed a demo club for `make demo`: an owner, a manager and several members, and print the logins.

Safe to run again: existing demo users and the club are reused.
"""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.http.request import validate_host

from club.errors import ServiceError
from club.models import Club, Membership, User
from club.services import club_create, membership_join, membership_set_role
from games.models import Seat, TableSession
from games.services import table_bot_add, table_session_create
from ledger.models import Journal
from ledger.services import chips_grant

DEMO_PASSWORD = "khrap-demo-2026"
DEMO_CLUB = "Demo Club"
DEMO_SLUG = "demo-club"  # what club_create makes of DEMO_CLUB
DEMO_CHIPS = 1_000
PRACTICE_TITLE = "Practice with bots"
PEOPLE = [
    # username, display name, language, role in the demo club
    ("anna", "Анна", "ru", Membership.Role.OWNER),
    ("boris", "Борис", "bg", Membership.Role.MANAGER),
    ("vera", "Vera", "en", Membership.Role.MEMBER),
    ("gleb", "Глеб", "ru", Membership.Role.MEMBER),
    ("dasha", "Даша", "ru", Membership.Role.MEMBER),
]


class Command(BaseCommand):
    help = "Create the demo club and its people (idempotent) and print how to log in."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--allow-without-debug", action="store_true",
            help="Seed even with DEBUG off (a LAN demo). Never on a real site: the passwords are public.",
        )
        parser.add_argument(
            "--address", metavar="HOST:PORT",
            help="Where the demo's server listens (make demo's HOST and PORT): prints the addresses to open.",
        )

    @transaction.atomic
    def handle(self, *args: object, **options: object) -> None:
        if not settings.DEBUG and not options.get("allow_without_debug"):
            # The demo's superuser has a password printed in this file: on a real site it is an open door.
            raise CommandError(
                "seed_demo creates a superuser with a public password; it runs with DEBUG=1 only "
                "(or --allow-without-debug for a private demo)."
            )
        users: dict[str, User] = {}
        made: set[str] = set()  # the accounts this run created (and so gave the demo's password)
        for username, display, lang, _role in PEOPLE:
            user, created = User.objects.get_or_create(
                username=username,
                defaults={
                    "display_name": display,
                    "preferred_language": lang,
                    "email": f"{username}@example.org",
                },
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
                made.add(username)
            users[username] = user
        admin, created = User.objects.get_or_create(
            username="admin", defaults={"is_staff": True, "is_superuser": True, "email": "admin@example.org"}
        )
        if created:
            admin.set_password(DEMO_PASSWORD)
            admin.save()
            made.add("admin")

        # By its address, which a rename keeps: found by its name, a demo club its owner renamed got a
        # second "Demo Club" beside it at the next start, its people and chips seeded again.
        club = Club.objects.filter(slug=DEMO_SLUG).first() or Club.objects.filter(name=DEMO_CLUB).first()
        if club is None:
            club = club_create(user=users["anna"], name=DEMO_CLUB,
                               description="A club to try Khrap in.", join_policy=Club.JoinPolicy.OPEN)
        # What the demo's managers did stays: a banned member is not joined again (refused, which
        # stopped `make demo` from starting) nor one who left a club since made invite-only. They are
        # left out, said so among the logins, and granted nothing.
        left_out: dict[str, str] = {
            username: "banned"
            for username in Membership.objects.filter(club=club, status=Membership.Status.BANNED)
            .values_list("user__username", flat=True)
        }
        for username, _display, _lang, role in PEOPLE[1:]:
            if username in left_out:
                continue
            if Membership.objects.filter(club=club, user=users[username], status="active").exists():
                # A member already: his role is what the club's owner has made it since (a manager
                # demoted, a member promoted, the club handed over), not set back.
                continue
            try:
                membership = membership_join(club=club, user=users[username])
            except ServiceError as exc:
                left_out[username] = f"not a member: {exc}"
                continue
            if role == Membership.Role.MANAGER and membership.is_active and membership.role != role:
                owner = Membership.objects.filter(club=club, role=Membership.Role.OWNER).first()
                actor = owner.user if owner else users["anna"]
                try:
                    membership_set_role(membership=membership, actor=actor, role=role)
                except ServiceError as exc:
                    left_out[username] = f"member, not made a manager: {exc}"

        # Starting chips, granted through the ledger like any manager's grant; the fixed keys make a
        # second run grant nothing.
        for username, *_rest in PEOPLE:
            key = f"demo:grant:{username}"
            # A grant made once is not asked for again: its granter may be banned since, and a
            # banned manager's grant is refused even when it would change nothing.
            if username in left_out or Journal.objects.filter(idempotency_key=key).exists():
                continue
            membership = Membership.objects.get(club=club, user=users[username])
            # Nobody grants himself (four eyes): the manager grants the owner's chips.
            granter = users["boris"] if username == "anna" else users["anna"]
            chips_grant(membership=membership, amount=DEMO_CHIPS, actor=granter,
                        reason="Demo club starting chips", idempotency_key=key)

        # A practice table with three bots and a free seat: a newcomer plays within a minute. Opened by
        # the club's owner as it is now: in anna's name, a club handed over to boris and left by her
        # stopped `make demo` with a traceback once its practice table had been closed.
        owner = Membership.objects.filter(club=club, role=Membership.Role.OWNER, status="active").first()
        opener = owner.user if owner is not None else users["anna"]
        unopened = ""
        table = (
            TableSession.objects.filter(club=club, title=PRACTICE_TITLE, status__in=["open", "running"])
            .order_by("pk")
            .first()
        )
        if table is None:
            try:
                table = table_session_create(
                    club=club, actor=opener, title=PRACTICE_TITLE, preset="classic", stake=5, seat_count=4,
                    buy_in_min=500, buy_in_max=500, turn_seconds=30, practice=True,
                )
            except ServiceError as exc:
                unopened = str(exc)
        # Its bots seated again if it has none left (before review 132 the inactivity sweep stood them
        # up with a member who went away): the line below said three bots waited at an empty table,
        # where a newcomer who sat down waited for players for good. Bots a manager left there stay.
        seated = Seat.objects.filter(session=table, left_at__isnull=True)
        bots = seated.exclude(bot="")
        if table is not None and not bots.exists():
            taken = set(seated.values_list("position", flat=True))
            for position in (1, 2, 3):
                if position in taken:
                    continue
                try:
                    table_bot_add(session_id=table.pk, actor=opener, position=position, buy_in=500)
                except ServiceError:
                    break  # nobody may seat them now: the table is said as it is

        self.stdout.write(
            self.style.SUCCESS(f"Demo club “{club.name}” is ready. Log in with password {DEMO_PASSWORD!r}:")
        )
        # Each login as the database has it now, not as PEOPLE says: a second start finds the club
        # handed over, managers named or demoted, names and passwords changed since the first.
        for username, *_rest in PEOPLE:
            user = User.objects.get(pk=users[username].pk)
            role = left_out.get(username) or _standing(club=club, user=user)
            own = "" if username in made or user.check_password(DEMO_PASSWORD) else " (own password)"
            self.stdout.write(f"  {username:<6} {user.display_name:<6} {role}{own}")
        admin.refresh_from_db()
        if admin.is_superuser and admin.is_active:
            own = "" if "admin" in made or admin.check_password(DEMO_PASSWORD) else " (own password)"
            self.stdout.write(f"  admin  (superuser, /admin/){own}")
        else:
            self.stdout.write("  admin  not a superuser on this database: /admin/ is closed to it")
        count = bots.count()
        if table is None:
            self.stdout.write(f"No practice table could be opened in the club: {unopened}")
        elif count == 3:
            self.stdout.write(f"A practice table with three bots waits in the club: “{PRACTICE_TITLE}”.")
        else:
            bots_said = f"{count} bot{'' if count == 1 else 's'}"
            self.stdout.write(f"A practice table waits in the club: “{PRACTICE_TITLE}”, {bots_said} at it.")
        if options.get("address"):
            self.stdout.write(serving_line(str(options["address"])))


def _standing(*, club: Club, user: User) -> str:
    """A demo login's place in the club as it is now: its role, or why it has none."""
    membership = Membership.objects.filter(club=club, user=user).first()
    if membership is None or membership.status == Membership.Status.LEFT:
        return "not a member"
    if membership.status == Membership.Status.BANNED:
        return "banned"
    if membership.status == Membership.Status.PENDING:
        return "waiting for approval"
    return f"{membership.role}, suspended from tables" if membership.is_suspended else str(membership.role)


#: What a server bound to listens on every address of the machine.
ANY_ADDRESS = {"", "0.0.0.0", "::", "[::]"}


def serving_line(address: str) -> str:
    """Where to open the demo served on ``address`` (HOST:PORT): the host names the site answers
    (ALLOWED_HOSTS), not the address the server binds to. Bound to every address (``HOST=0.0.0.0``,
    the README's LAN demo) the line used to name http://0.0.0.0:8000/, which no other machine can
    type and which the site answers with a 400 when ALLOWED_HOSTS does not list it."""
    host, _sep, port = address.rpartition(":")
    hosts = [h for h in settings.ALLOWED_HOSTS if h != "*" and not h.startswith(".")]
    if host in ANY_ADDRESS:
        urls = [f"http://{h}:{port}/" for h in hosts] or [f"http://THIS-MACHINE'S-ADDRESS:{port}/"]
        return (
            f"Serving Khrap Club on every address of this machine, port {port}: {' '.join(urls)} "
            "(Ctrl-C stops it)"
        )
    name = f"[{host}]" if ":" in host and not host.startswith("[") else host
    line = f"Serving Khrap Club on http://{name}:{port}/ (Ctrl-C stops it)"
    if not validate_host(name, settings.ALLOWED_HOSTS):
        opens = " ".join(f"http://{h}:{port}/" for h in hosts)
        line += (
            f"\nALLOWED_HOSTS does not list {name}: the site answers it “Bad Request (400)”. "
            f"Add it to ALLOWED_HOSTS{f', or open {opens}' if opens else ''}."
        )
    return line
