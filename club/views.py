"""Thin views: form → service → message → redirect (or a partial for htmx).

A ``ServiceError`` becomes ``messages.error(request, exc.message)`` and nothing changes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, InterfaceError, OperationalError, connections, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import i18n as i18n_views
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods, require_POST

from . import selectors, services
from .db_errors import connection_lost
from .errors import ServiceError, refusal_say
from .forms import (
    EMAIL_TAKEN,
    BanForm,
    CheckedPasswordChangeForm,
    ClubCreateForm,
    ClubSettingsForm,
    InviteCreateForm,
    ProfileForm,
    RegisterForm,
    RoleForm,
    SiteAuthenticationForm,
    SuspendForm,
    club_form_loaded,
    form_problem,
    same_address,
)
from .models import LOOK_ALIKE_MESSAGE, Club, Invite, Membership, User
from .password_change import SentAgainIsDone
from .password_reset import (
    TOO_MANY_TAKEN,
    registration_count,
    registrations_left,
    taken_answer_count,
    taken_answers_left,
)
from .registration_twice import account_opened_by_this_form
from .sessions import PASSWORD_CHANGED_MARK

Status = Membership.Status

logger = logging.getLogger("club.requests")


def _safe_next(request: HttpRequest, fallback: str) -> str:
    """``next`` when it is an address of this site with a path (``/...``), else ``fallback``. A word
    with no slash ("0", "abc") passes Django's host check as a relative address, and ``redirect()``
    reads it as a page's name: a 500, after the account had been opened (review 29)."""
    target = _next_as_read(request.POST.get("next") or request.GET.get("next") or "")
    return target if _safe_next_value(request, target) else fallback


#: What a browser drops from both ends of an address (WHATWG: C0 controls and the space).
_ADDRESS_ENDS = "".join(chr(code) for code in range(0x21))


def _next_as_read(target: str) -> str:
    """``next`` as a browser reads an address: without the spaces, tabs and line breaks around it. Sent
    on as it came, " /clubs/x/" (a pasted link) passed the check (Python reads it without them too)
    and became the Location "%20/clubs/x/", relative to the page: a 404 (review 135)."""
    return target.strip(_ADDRESS_ENDS)


def language_set(request: HttpRequest) -> HttpResponse:
    """Django's language switch, with a ``next`` that is no path of this site ("abc", typed or
    linked) dropped: Django took it as relative to ``/i18n/setlang/`` and the switch ended on a 404.
    Without it Django goes back to the page the request came from, or home."""
    for method in ("GET", "POST"):
        data = getattr(request, method)
        if "next" in data:
            target = _next_as_read(data.get("next") or "")
            data = data.copy()
            if _safe_next_value(request, target):
                data["next"] = target
            else:
                del data["next"]
            setattr(request, method, data)
    return i18n_views.set_language(request)


def _safe_next_value(request: HttpRequest, target: str) -> bool:
    return bool(
        target
        and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
        and urlsplit(target).path.startswith("/")
    )


def _unheard_words() -> str:
    """Said when a form's change may have been made although the database never confirmed it."""
    return _(
        "The database did not confirm your request: it may or may not have been done. This page "
        "shows things as they are now: please check it before trying again."
    )


def commit_unheard(page: Callable[..., str], fragment: Callable[..., HttpResponse] | None = None) -> Callable:
    """A plain form's POST whose database connection dropped (a restart, a network blip) shows its
    page again, read afresh, with a message asking to check it (``_unheard_words``), instead of the
    500 page. The COMMIT may have been on its way when the connection went: the change is then made
    although the view heard an error, and only a fresh read of the page says which (the table
    socket does the same since review 87). Only a lost connection is answered so (OperationalError,
    InterfaceError: never an IntegrityError or a fault of the code).

    An htmx POST gets ``fragment(request, *args, **kwargs)``: the part it swaps, read afresh on a new
    connection, saying so itself (review 99: it got the server error, htmx swapped nothing and the
    page said only that the site refused it). Without a ``fragment`` htmx is told to load ``page``,
    which shows the message."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            try:
                return view(request, *args, **kwargs)
            except (OperationalError, InterfaceError) as exc:
                if request.method != "POST" or not connection_lost(exc):
                    raise
                logger.warning("%s: database connection lost under a POST", request.path, exc_info=True)
                if getattr(request, "htmx", False):
                    _connections_renewed()
                    if fragment is not None:
                        return fragment(request, *args, **kwargs)
                    messages.warning(request, _unheard_words())
                    return HttpResponse(headers={"HX-Redirect": page(*args, **kwargs)})
                messages.warning(request, _unheard_words())
                return HttpResponseRedirect(page(*args, **kwargs))

        return wrapped

    return decorate


def _connections_renewed() -> None:
    """A connection that was lost is closed, so that the next read opens a new one (a view's
    ``atomic`` closes it when its rollback fails too, but a statement outside one leaves it broken)."""
    for conn in connections.all(initialized_only=True):
        conn.close_if_unusable_or_obsolete()


def post_only(page: Callable[..., str], fragment: Callable[..., HttpResponse] | None = None) -> Callable:
    """``require_POST`` for a form's action, but a GET or HEAD of its address goes to ``page`` (the
    page the form is on, from the view's arguments) instead of a blank 405. Such a GET is no attack:
    a form sent from a page whose log-in had ended (logged out in another tab, the password changed
    elsewhere) comes back from the log-in page as a GET of the action's address. ``fragment``: what
    an htmx POST whose commit went unheard gets (``commit_unheard``)."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        posted = commit_unheard(page, fragment)(require_POST(view))

        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in ("GET", "HEAD"):
                return HttpResponseRedirect(page(*args, **kwargs))
            return posted(request, *args, **kwargs)

        return wrapped

    return decorate


def club_page(slug: str, **_kwargs: Any) -> str:
    return reverse("club_detail", args=[slug])


# --- accounts ----------------------------------------------------------------------------------------


def home(request: HttpRequest) -> HttpResponse:
    # Odd values (a word, a negative, a 30-digit page) show the first page; a search is cut to a
    # club name's length.
    raw = request.GET.get("clubs", "")
    page = int(raw) if raw.isascii() and raw.isdigit() and 0 < len(raw) <= 6 and int(raw) > 0 else 1
    query = " ".join(request.GET.get("q", "").split())[: Club._meta.get_field("name").max_length]
    return render(request, "club/home.html", selectors.home_lists(user=request.user, page=page, query=query))


@sensitive_post_parameters("password1", "password2")
@never_cache
def register(request: HttpRequest) -> HttpResponse:
    """Never stored, as Django's log-in page is not: the browser kept the page whole, the form as
    it was sent, and the next person at a shared computer pressed Back to the new account's password
    in its fields (review 49). Its passwords stay out of error reports too."""
    next_url = _safe_next(request, reverse("home"))
    if request.user.is_authenticated:
        return HttpResponseRedirect(next_url)
    if request.method == "POST" and not taken_answers_left(request):
        # Not even checked: whatever the form said next could be that the address has an account.
        messages.error(request, TOO_MANY_TAKEN)
        kept = {name: request.POST.get(name, "") for name in ("username", "email", "display_name")}
        context = {"form": RegisterForm(initial=kept), "next": next_url}
        return render(request, "registration/register.html", context, status=429)
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and not form.is_valid() and form.has_error("username"):
        again = account_opened_by_this_form(request)
        if again is not None:
            return _registered(request, again, next_url)
    if request.method == "POST" and not form.is_valid() and form.has_error("email", "email_taken"):
        taken_answer_count(request)
    if request.method == "POST" and form.is_valid():
        if not registrations_left(request):
            form.add_error(
                None, _("Too many accounts were opened from your network. Please try again in an hour.")
            )
            return render(request, "registration/register.html", {"form": form, "next": next_url}, status=429)
        try:
            with transaction.atomic():
                user = form.save()
                registration_count(request)
        except IntegrityError as exc:
            # A racing registration took the address, the username or a look-alike of it after the
            # form's check: the other copy of this very form, perhaps.
            again = account_opened_by_this_form(request)
            if again is not None:
                return _registered(request, again, next_url)
            if "email" in str(exc):
                form.add_error("email", EMAIL_TAKEN)
            else:
                form.add_error("username", LOOK_ALIKE_MESSAGE)
        else:
            return _registered(request, user, next_url)
    return render(request, "registration/register.html", {"form": form, "next": next_url})


def _registered(request: HttpRequest, user: User, next_url: str) -> HttpResponse:
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(request, _("Welcome, %(name)s! Your account is ready.") % {"name": user.shown_name})
    return HttpResponseRedirect(next_url)


def _changes_email(request: HttpRequest) -> bool:
    """As ``ProfileForm.clean`` reads it: a change of ASCII case alone keeps the address."""
    sent = (request.POST.get("email") or "").strip()
    opened = request.POST.get("initial-email")
    if opened is not None and sent == opened.strip():
        return False  # left as it was found: kept as stored (club.forms.KeptIfUntouched)
    return not same_address(sent, request.user.email or "")


class _NameTakenMeanwhile(Exception):
    """The profile's new display name reads like someone's who entered one of his clubs meanwhile."""


def _name_checked_again(form: ProfileForm) -> None:
    """Hold the rows of the clubs he is in (in id order, as an entry into a club holds its row:
    ``services._enter``) and check his new name again under them. Checked only by the form, a
    rename and a look-alike's join at the same moment each passed before the other was written,
    and the club had two players nobody could tell apart (review 91)."""
    clubs = Membership.objects.filter(user_id=form.instance.pk).values("club_id")
    list(Club.objects.select_for_update(no_key=True).filter(pk__in=clubs).order_by("pk").values_list("pk"))
    try:
        form.instance.clean()
    except ValidationError as exc:
        form.add_error(None, exc)
        raise _NameTakenMeanwhile from exc


@sensitive_post_parameters("current_password")
@login_required
def profile(request: HttpRequest) -> HttpResponse:
    if request.method == "POST" and _changes_email(request) and not taken_answers_left(request):
        # Not even checked: whatever the form said next could be that the address has an account.
        messages.error(request, TOO_MANY_TAKEN)
        form = ProfileForm(instance=request.user, request=request)
        return render(request, "registration/profile.html", {"form": form}, status=429)
    # The form writes what was typed onto its instance as it checks it: on the logged-in user himself,
    # a refused form showed the refused display name in the page's header, as if saved.
    form = ProfileForm(request.POST or None, instance=User.objects.get(pk=request.user.pk), request=request)
    if request.method == "POST" and not form.is_valid() and form.has_error("email", "email_taken"):
        taken_answer_count(request)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                if "display_name" in form.changed_data:
                    _name_checked_again(form)
                user = form.save()
        except _NameTakenMeanwhile:
            return render(request, "registration/profile.html", {"form": form})
        except IntegrityError:
            # Another account took the address (or a look-alike name) after the form's check.
            request.user.refresh_from_db()
            form.add_error(None, EMAIL_TAKEN)
            return render(request, "registration/profile.html", {"form": form})
        response = redirect("profile")
        # Left as the page showed it, the language is no choice made here: the cookie the site's
        # language switch left stays (review 100: a time zone saved sent the person back to the
        # browser's language). A page sent without what it was opened with chose it, as before.
        language_chosen = (
            "preferred_language" in form.changed_data or "initial-preferred_language" not in request.POST
        )
        if language_chosen and user.preferred_language:
            # The profile is a deliberate choice too: make it win over an older language-switch cookie.
            translation.activate(user.preferred_language)
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                user.preferred_language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            )
        elif language_chosen:
            # "As the browser asks" is a choice too: a cookie left by an earlier choice (this page's
            # or the language switch's) would keep the old language on every page.
            request.COOKIES.pop(settings.LANGUAGE_COOKIE_NAME, None)
            translation.activate(translation.get_language_from_request(request))
            response.delete_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        messages.success(request, _("Your profile has been saved."))
        return response
    return render(request, "registration/profile.html", {"form": form})


# --- clubs -------------------------------------------------------------------------------------------


@login_required
def club_create(request: HttpRequest) -> HttpResponse:
    form = ClubCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_create(user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("Your club “%(club)s” is open.") % {"club": club.name})
            return redirect(club)
    return render(request, "club/club_create.html", {"form": form})


_UNREAD: Any = object()


#: Members listed per page of the club page (``?people=N``).
MEMBERS_PAGE = 50


#: Usable invite links listed per page of the club page (``?invites=N``).
INVITES_PAGE = 20


def _page_param(request: HttpRequest, name: str) -> int:
    """A page number of the club page's lists: ``name`` of the address, or of the form an action
    sent from that page (its answer shows the same page). Odd values show the first page."""
    raw = request.GET.get(name) or request.POST.get(name) or ""
    return int(raw) if raw.isascii() and raw.isdigit() and 0 < len(raw) <= 6 and int(raw) > 0 else 1


def _people_page(request: HttpRequest) -> int:
    """The page of the members list (``people``)."""
    return _page_param(request, "people")


def _invites_context(request: HttpRequest, club: Club) -> dict:
    """The open invite links, newest first, ``INVITES_PAGE`` at a time: a club that hands out a link
    a day had them all on its page. Those whose maker no longer manages the club are listed as
    stopped (he may come back to find them, and a manager withdraws them); the count is of those
    that work. A first page that holds them all gives it."""
    page = _page_param(request, "invites")
    start = (page - 1) * INVITES_PAGE
    listed = selectors.invite_list_open(club=club)
    invites = list(listed[start : start + INVITES_PAGE + 1])
    more = len(invites) > INVITES_PAGE
    invites = invites[:INVITES_PAGE]
    if page == 1 and not more:
        count = sum(invite.maker_manages for invite in invites)
    else:
        count = selectors.invite_list_usable(club=club).count()
    return {
        "invites": invites,
        "invites_page": page,
        "invites_more": more,
        "invite_count": count,
    }


def _club_context(request: HttpRequest, club: Club, membership: Membership | None = _UNREAD) -> dict:
    """``membership``: the reader's (None: he has none), read with the club by
    ``club_and_membership_or_404``; read here when not given."""
    if membership is _UNREAD:
        membership = selectors.membership_get_with_wallet(club=club, user=request.user)
    is_member = membership is not None and membership.is_active
    # A manager suspended from the tables manages nothing meanwhile (review 149): the page offered
    # him every manager's form, each refused.
    is_manager = membership is not None and membership.manages_now
    context: dict = {
        "club": club,
        "membership": membership,
        "is_member": is_member,
        "is_manager": is_manager,
        "is_owner": is_manager and membership.role == Membership.Role.OWNER,
    }
    # His request refused: the page offered "Ask to join" as if he had never asked (review 139).
    context["refused"] = services.membership_refused_last(membership)
    if is_member:
        # The members are listed ``MEMBERS_PAGE`` at a time (a club after a year has hundreds: the
        # whole list, each row with a manager's forms, made a page of about a megabyte), ordered owner,
        # managers, then by name. A first page that holds them all gives their count, and one that
        # ends with a plain member holds every manager (whom a member asks for chips): no more reads.
        page = _people_page(request)
        start = (page - 1) * MEMBERS_PAGE
        members = list(selectors.club_members(club=club)[start : start + MEMBERS_PAGE + 1])
        more = len(members) > MEMBERS_PAGE
        members = members[:MEMBERS_PAGE]
        context.update(members=members, people_page=page, people_more=more)
        context["member_count"] = (
            len(members) if page == 1 and not more else selectors.club_member_count(club=club)
        )
        if page == 1 and (not more or not members[-1].is_manager):
            managers = [m for m in members if m.is_manager]
        else:
            managers = list(selectors.club_managers(club=club))
        # Whom a member may ask for chips: not one whose account the operator switched off, nor a
        # manager suspended from the tables, who manages (grants) nothing meanwhile (review 156).
        context["managers"] = [m for m in managers if m.user.is_active and m.manages_now]
    else:
        context["member_count"] = selectors.club_member_count(club=club)
    if is_manager:
        # Requests to join and bans grow as well (anyone may ask to join an open-by-approval club):
        # the page shows the first ``MEMBERS_PAGE`` of each, the admin lists them all.
        # Longest waiting first, by when each asked: one who withdrew and asked again waits from then,
        # not from his first request (the row is kept and used again).
        pending_all = selectors.club_members(club=club, status=Status.PENDING).order_by("updated_at", "pk")
        pending = list(pending_all[: MEMBERS_PAGE + 1])
        banned = list(selectors.club_members(club=club, status=Status.BANNED)[: MEMBERS_PAGE + 1])
        context.update(
            pending=pending[:MEMBERS_PAGE],
            pending_more=len(pending) > MEMBERS_PAGE,
            banned=banned[:MEMBERS_PAGE],
            banned_more=len(banned) > MEMBERS_PAGE,
            **_invites_context(request, club),
            audit=selectors.audit_log_recent(club=club),
            invite_form=InviteCreateForm(),
        )
    return context


def club_page_again(request: HttpRequest, club: Club, **kept: Any) -> HttpResponse:
    """The club page shown again under a refused form of it, holding what was typed (``kept``)."""
    return render(request, "club/club_detail.html", _club_context(request, club) | kept)


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club, membership = selectors.club_and_membership_or_404(slug=slug, user=request.user)
    return render(request, "club/club_detail.html", _club_context(request, club, membership))


@post_only(club_page)
@login_required
def club_join(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    try:
        membership = services.membership_join(club=club, user=request.user)
    except ServiceError as exc:
        refusal_say(request, exc)
    else:
        if membership.is_active:
            messages.success(request, _("Welcome to %(club)s!") % {"club": club.name})
        else:
            messages.success(request, _("Your request to join has been sent to the club's managers."))
    return redirect(club)


@commit_unheard(club_page)
@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def club_leave(request: HttpRequest, slug: str) -> HttpResponse:
    """Leaving takes two steps: the button opens a confirmation (the club page's own, fetched from here
    with htmx when it is opened, or this page without JavaScript), and only a POST that says
    ``confirm`` leaves."""
    club = get_object_or_404(Club, slug=slug)
    if request.method != "POST" or request.POST.get("confirm") != "1":
        membership = selectors.membership_get(club=club, user=request.user)
        template = (
            "club/club_leave.html#confirm" if getattr(request, "htmx", False) else "club/club_leave.html"
        )
        response = render(request, template, {"club": club, "membership": membership})
        # One address, two answers: a browser's cache must not give the box's part as the page.
        patch_vary_headers(response, ("HX-Request",))
        return response
    try:
        services.membership_leave(
            club=club, user=request.user, request_only=bool(request.POST.get("withdraw"))
        )
    except ServiceError as exc:
        refusal_say(request, exc)
        # Out already by his own earlier copy: where that copy went.
        return redirect("home" if exc.done else club)
    if request.POST.get("withdraw"):
        text = _("Your request to join %(club)s has been withdrawn.") % {"club": club.name}
        # As the leave box says it: asking again would be refused until tomorrow (review 112).
        spent = services.joins_in_the_last_day(club=club, user=request.user)
        if spent >= settings.JOINS_PER_CLUB_PER_DAY:
            text += " " + ngettext(
                "You have joined or asked to join this club %(counter)s time in the last day: you can "
                "come back tomorrow.",
                "You have joined or asked to join this club %(counter)s times in the last day: you can "
                "come back tomorrow.",
                spent,
            ) % {"counter": spent}
        messages.success(request, text)
    else:
        messages.success(request, _("You have left %(club)s.") % {"club": club.name})
    return redirect("home")


@login_required
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """The owner's page for the club's description and join policy."""
    club = get_object_or_404(Club, slug=slug)
    membership = selectors.membership_get(club=club, user=request.user)
    if not request.user.is_superuser and (
        membership is None or not membership.is_manager or membership.role != Membership.Role.OWNER
    ):
        if membership is None or membership.status != Membership.Status.ACTIVE:
            raise PermissionDenied
        # A member, or an owner who has handed the club over since (his settings tab left open),
        # read the bare 403 page: he is told who decides now, on the club's page.
        owner = (
            Membership.objects.filter(club=club, role=Membership.Role.OWNER, status=Membership.Status.ACTIVE)
            .select_related("user")
            .first()
        )
        if owner is None:
            messages.error(request, _("Only the club's owner can change its settings."))
        else:
            messages.error(
                request,
                _("Only the club's owner can change its settings (%(name)s owns it).")
                % {"name": owner.user.shown_name},
            )
        return redirect(club)
    form = ClubSettingsForm(
        request.POST or None,
        initial={
            "description": club.description,
            "join_policy": club.join_policy,
            "grant_limit": club.grant_limit,
            "self_grant_limit": club.self_grant_limit,
            "four_eyes_above": club.four_eyes_above,
            "loaded": club_form_loaded(club),
        },
    )
    if request.method == "POST" and form.is_valid():
        try:
            # A limit left empty keeps its value.
            values = {k: v for k, v in form.cleaned_data.items() if v is not None}
            services.club_update(club=club, actor=request.user, **values)
        except ServiceError as exc:
            if not exc.done:
                messages.error(request, exc.message)
            else:  # the same form sent again: what it asked is stored, as the first copy said
                messages.success(request, _("The club's settings have been saved."))
                return redirect(club)
        else:
            messages.success(request, _("The club's settings have been saved."))
            return redirect(club)
    return render(request, "club/club_settings.html", {"club": club, "form": form})


@post_only(club_page)
@login_required
def invite_create(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    form = InviteCreateForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("An invite can be valid for 1 to 90 days and used 1 to 1000 times."))
        membership = selectors.membership_get(club=club, user=request.user)
        if membership is not None and membership.is_manager:
            # The page again, the form holding the numbers typed (review 123), and its token.
            return club_page_again(request, club, invite_form=form)
        return redirect(club)
    values = {k: v for k, v in form.cleaned_data.items() if k != "token"}
    try:
        services.invite_create(
            club=club, actor=request.user, create_key=form.cleaned_data["token"] or None, **values
        )
    except ServiceError as exc:
        refusal_say(request, exc)  # the same form again: its link is made, said as news
    else:
        messages.success(request, _("A new invite link is ready: copy it from the list of invites."))
    return redirect(f"{club.get_absolute_url()}#invites")


@post_only(club_page)
@login_required
def invite_revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    try:
        # Before the invite is looked for: a stranger's "only the managers" of an invite that exists
        # and his 404 of one that does not told him which numbers the club's invites have.
        services.membership_require_manager(club=club, actor=request.user)
    except ServiceError as exc:
        refusal_say(request, exc)
        return redirect(club)
    invite = get_object_or_404(Invite.objects.select_related("club"), pk=pk, club=club)
    try:
        services.invite_revoke(invite=invite, actor=request.user)
    except ServiceError as exc:
        refusal_say(request, exc)
    else:
        messages.success(request, _("The invite link has been withdrawn."))
    # Back to the page of links the withdrawn one was on (the form says which).
    page = _page_param(request, "invites")
    return redirect(f"{invite.club.get_absolute_url()}{f'?invites={page}' if page > 1 else ''}#invites")


def invite_accept(request: HttpRequest, code: str) -> HttpResponse:
    invite = Invite.objects.select_related("club").filter(code=code).first()
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        try:
            services.invite_accept(code=code, user=request.user)
        except ServiceError as exc:
            refusal_say(request, exc)
            # Already in (his own earlier copy let him in): the club's page, not the invite's.
            return redirect(invite.club if exc.done and invite is not None else request.path)
        messages.success(request, _("Welcome to %(club)s!") % {"club": invite.club.name})
        return redirect(invite.club)
    problem = ""
    try:
        services.invite_check(invite=invite, user=request.user)
    except ServiceError as exc:
        problem = exc.message
    membership = selectors.membership_get(club=invite.club, user=request.user) if invite is not None else None
    context = {
        "invite": invite,
        "club": invite.club if invite else None,
        "problem": problem,
        "membership": membership,
    }
    return render(request, "club/invite_accept.html", context, status=404 if invite is None else 200)


# --- managers acting on a membership -----------------------------------------------------------------


def _people_unheard(request: HttpRequest, slug: str, **_kwargs: Any) -> HttpResponse:
    """An htmx action on a membership whose commit went unheard: the people list read afresh, saying
    so (``commit_unheard``)."""
    club = get_object_or_404(Club, slug=slug)
    messages.warning(request, _unheard_words())
    return render(request, "club/club_detail.html#people", _club_context(request, club))


def _membership_action(
    request: HttpRequest, slug: str, pk: int, act, typed: tuple[str, ...] = (), members_changed: bool = False
) -> HttpResponse:
    """Run one manager action on a membership of this club; answer htmx with the people partial.
    ``typed``: the names of the form's fields a person types (a ban's reason); refused, the form is
    shown again holding them (``kept``), as a Django form is: a plain form's refusal went back to an
    empty form, and the list htmx swapped in had its fields empty too (review 123)."""
    club = get_object_or_404(Club, slug=slug)
    kept: dict | None = None
    manages = False
    try:
        # Before the member is looked for (as ``invite_revoke``): a stranger's "only the managers" of
        # a number that is a membership of the club and his 404 of one that is not told him, number
        # after number, who had ever joined or asked to (review 79).
        services.membership_require_manager(club=club, actor=request.user)
        target = get_object_or_404(Membership.objects.select_related("club", "user"), pk=pk, club=club)
        manages = True  # only a manager's own form is shown again: a stranger's page is not his
        message = act(target)
    except ServiceError as exc:
        refusal_say(request, exc)  # what was asked is already so: said as news, not in red
        if typed and manages and not exc.done:
            kept = {"pk": pk, "form": request.resolver_match.url_name}
            kept |= {name: request.POST.get(name, "") for name in typed}
    else:
        messages.success(request, message)
    if request.htmx:
        extra: dict[str, Any] = {"kept": kept}
        if members_changed:
            # The grant form's list of members is sent again with the list (review 142), the member
            # the manager had chosen in it still chosen (the Approve button sends him): a fresh list
            # said "---------" and his grant was refused for want of a member (review 145).
            from ledger.forms import GrantForm

            chosen = request.POST.get("member", "")
            extra["fresh_grant"] = GrantForm(
                club=club, initial={"member": chosen if chosen.isdigit() else None}
            )
        return render(request, "club/club_detail.html#people", _club_context(request, club) | extra)
    if kept is not None:
        return club_page_again(request, club, kept=kept)
    return HttpResponseRedirect(f"{club.get_absolute_url()}#people")


@post_only(club_page, _people_unheard)
@login_required
def membership_approve(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def act(target: Membership) -> str:
        services.membership_approve(membership=target, actor=request.user)
        return _("%(name)s is now a member.") % {"name": target.user.shown_name}

    return _membership_action(request, slug, pk, act, members_changed=True)


@post_only(club_page, _people_unheard)
@login_required
def membership_refuse(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def act(target: Membership) -> str:
        services.membership_refuse(membership=target, actor=request.user)
        return _("The request of %(name)s has been refused.") % {"name": target.user.shown_name}

    return _membership_action(request, slug, pk, act)


@post_only(club_page, _people_unheard)
@login_required
def membership_role(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    form = RoleForm(request.POST)

    def act(target: Membership) -> str:
        if not form.is_valid():
            raise ServiceError(_("A member can be made a manager or a plain member."))
        role = form.cleaned_data["role"]
        services.membership_set_role(membership=target, actor=request.user, role=role)
        if role == Membership.Role.MANAGER:
            return _("%(name)s is now a manager.") % {"name": target.user.shown_name}
        return _("%(name)s is now a plain member.") % {"name": target.user.shown_name}

    return _membership_action(request, slug, pk, act)


@post_only(club_page)
@login_required
def membership_hand_over(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The owner hands the club over to a manager (a full page's form: the page changes for him)."""
    club = get_object_or_404(Club, slug=slug)
    if request.POST.get("confirm") != "1":
        return HttpResponseRedirect(f"{club.get_absolute_url()}#people")
    try:
        services.membership_require_manager(club=club, actor=request.user)  # as ``_membership_action``
    except ServiceError as exc:
        refusal_say(request, exc)
        return HttpResponseRedirect(f"{club.get_absolute_url()}#people")
    target = get_object_or_404(Membership.objects.select_related("club", "user"), pk=pk, club=club)
    was_owner = Membership.objects.filter(club=club, user=request.user, role=Membership.Role.OWNER).exists()
    try:
        services.club_hand_over(membership=target, actor=request.user)
    except ServiceError as exc:
        refusal_say(request, exc)
    else:
        values = {"name": target.user.shown_name, "club": club.name}
        if was_owner:
            messages.success(
                request, _("%(name)s is now the owner of %(club)s; you stay one of its managers.") % values
            )
        else:
            messages.success(request, _("%(name)s is now the owner of %(club)s.") % values)
    return HttpResponseRedirect(f"{club.get_absolute_url()}#people")


@post_only(club_page, _people_unheard)
@login_required
def membership_ban(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    form = BanForm(request.POST)

    def act(target: Membership) -> str:
        if not form.is_valid():
            raise ServiceError(form_problem(form))
        services.membership_ban(
            membership=target,
            actor=request.user,
            reason=form.cleaned_data["reason"],
            until=form.cleaned_data["until"],
        )
        return _("%(name)s has been banned from the club.") % {"name": target.user.shown_name}

    return _membership_action(request, slug, pk, act, typed=("reason", "until"))


@post_only(club_page, _people_unheard)
@login_required
def membership_suspend(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    form = SuspendForm(request.POST)

    def act(target: Membership) -> str:
        if not form.is_valid():
            raise ServiceError(form_problem(form))
        services.membership_suspend(
            membership=target,
            actor=request.user,
            reason=form.cleaned_data["reason"],
            until=form.cleaned_data["until"],
        )
        return _("%(name)s is suspended from the tables.") % {"name": target.user.shown_name}

    return _membership_action(request, slug, pk, act, typed=("reason", "until"))


@post_only(club_page, _people_unheard)
@login_required
def membership_unsuspend(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def act(target: Membership) -> str:
        services.membership_unsuspend(membership=target, actor=request.user, seen=request.POST.get("seen"))
        return _("%(name)s may play at the tables again.") % {"name": target.user.shown_name}

    return _membership_action(request, slug, pk, act)


@post_only(club_page, _people_unheard)
@login_required
def membership_unban(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def act(target: Membership) -> str:
        services.membership_unban(membership=target, actor=request.user, seen=request.POST.get("seen"))
        return _("%(name)s is no longer banned and may join again.") % {"name": target.user.shown_name}

    return _membership_action(request, slug, pk, act)


class LoginView(auth_views.LoginView):
    """Django's, with ``next`` read as the registration page reads it (``_safe_next``), and never the
    log-in page itself: Django raised on that for a logged-in reader (a 500 any link could cause),
    and a word with no slash ("abc") sent the person on to ``/accounts/login/abc``, a 404."""

    authentication_form = SiteAuthenticationForm
    redirect_authenticated_user = True

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.session.pop(PASSWORD_CHANGED_MARK, False):
            # His login here ended because his password changed elsewhere (club.sessions.flush).
            messages.warning(
                request,
                _(
                    "Your password was changed (on another device, perhaps), so you were logged out "
                    "here: log in with the new password. If you did not change it, reset it now."
                ),
            )
        return super().get(request, *args, **kwargs)

    def get_redirect_url(self) -> str:
        target = _safe_next(self.request, "")
        return "" if target and urlsplit(target).path == reverse("login") else target


class LogoutView(auth_views.LogoutView):
    """Django's, which takes POST only: its address opened by hand (typed, from the browser's
    history) was a blank 405. A GET asks to confirm with the header's button; it logs nobody out,
    as another site could link to it."""

    http_method_names = ["get", "head", "post", "options"]

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return HttpResponseRedirect(reverse("home"))
        return render(request, "registration/logout_confirm.html")

    def get_redirect_url(self) -> str:
        # As the log-in reads ``next`` (review 67): Django followed a word with no slash ("abc" to
        # /accounts/logout/abc, a 404) and "//"; the log-out itself drew the admin's "Logged out".
        target = _safe_next(self.request, "")
        return "" if target and urlsplit(target).path == reverse("logout") else target


class PasswordChangeView(SentAgainIsDone, auth_views.PasswordChangeView):
    """Django's, with the old password checked as a log-in is (``CheckedPasswordChangeForm``)."""

    form_class = CheckedPasswordChangeForm

    def get_form_kwargs(self) -> dict:
        return {**super().get_form_kwargs(), "request": self.request}
