"""Forms of the games pages. They check shapes; ``games.services`` checks the rules."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from club.confusables import truncate_whole
from club.errors import ServiceError
from club.fields import PlainIdChoiceField, WallClockField, WholeNumberField
from club.models import validate_visible_text
from ledger.forms import DAMAGED
from ledger.labels import journal_words

from .engine.json_objects import KeyNamedTwice, named_once
from .engine.rules import PRESETS
from .howto import preset_title
from .rules_errors import printable
from .services.errors import TableError
from .services.sessions import table_dates_check

# Any count of digits: "10000" seconds or "100:00" is a time, too long (said so), not "not a time".
_TURN_LENGTH = re.compile(r"(?:([0-9]+):([0-5][0-9])|([0-9]+))")
#: Digits (past leading zeros) read as a number; more is beyond any limit (and Python refuses to
#: read an integer of a few thousand digits).
_TURN_DIGITS = 9


def minutes_and_seconds(seconds: int) -> str:
    """``90`` as ``1:30``: a clock's way of writing a time, read alike in every language here."""
    return f"{seconds // 60}:{seconds % 60:02d}"


class TurnLengthField(forms.Field):
    """The time per turn as minutes and seconds (``1:30``, ``10:00``), or whole seconds (``90``);
    its value is seconds. Typed and shown in seconds only, a 10-minute turn was "600"."""

    widget = forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "size": 6})
    default_error_messages = {
        "invalid": _("Enter minutes and seconds, such as 1:30, or whole seconds, such as 90."),
        "min_value": _("Take at least %(limit)s per turn."),
        "max_value": _("Take at most %(limit)s per turn."),
    }

    def __init__(self, *, min_value: int, max_value: int, **kwargs: Any) -> None:
        self.min_value, self.max_value = min_value, max_value
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        return minutes_and_seconds(value) if isinstance(value, int) and not isinstance(value, bool) else value

    def to_python(self, value: Any) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        text = str(value).strip() if value is not None else ""
        if text in self.empty_values:
            return None
        found = _TURN_LENGTH.fullmatch(text)
        if not found:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        whole = found.group(3) if found.group(3) is not None else found.group(1)
        if len(whole.lstrip("0")) > _TURN_DIGITS:
            return self.max_value + 1  # beyond reach: said as too long by validate()
        if found.group(3) is not None:
            return int(found.group(3))
        return int(found.group(1)) * 60 + int(found.group(2))

    def validate(self, value: int | None) -> None:
        super().validate(value)
        if value is None:
            return
        for code, limit, out in (
            ("min_value", self.min_value, value < self.min_value),
            ("max_value", self.max_value, value > self.max_value),
        ):
            if out:
                raise ValidationError(
                    self.error_messages[code], code=code, params={"limit": minutes_and_seconds(limit)}
                )


def zone_named(field: forms.Field) -> None:
    """Put the reader's time zone in a start's help: "In your time zone" told one who never chose
    a zone nothing of the UTC his times were read in (review 103)."""
    field.help_text = str(field.help_text) % {"zone": timezone.get_current_timezone_name()}


class TableSessionForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=80)
    preset = forms.ChoiceField(label=_("Game"), choices=())
    stake = WholeNumberField(label=_("Stake (ante)"), min_value=1, max_value=10**12, initial=5)
    seat_count = WholeNumberField(label=_("Seats"), min_value=2, max_value=12, initial=4)
    # Empty by default: the fewest the game allows (sessions.table_session_create). An offered 2 was
    # refused for Student Khrap, a game for 3–4, with the rest of the form as offered.
    min_players = WholeNumberField(
        label=_("Players needed to deal"),
        min_value=2,
        max_value=12,
        required=False,
        help_text=_("Empty: as few as the game allows."),
    )
    buy_in_min = WholeNumberField(label=_("Smallest buy-in"), min_value=1, max_value=10**15, initial=100)
    buy_in_max = WholeNumberField(label=_("Largest buy-in"), min_value=1, max_value=10**15, initial=500)
    turn_seconds = TurnLengthField(
        label=_("Time per turn"),
        min_value=5,
        max_value=600,
        initial=30,
        help_text=_("Minutes and seconds, from 0:05 to 10:00."),
    )
    starts_at = WallClockField(
        label=_("Starts at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
        help_text=_("In your time zone (%(zone)s). Empty: now. Seating opens 15 minutes before."),
    )
    ends_at = WallClockField(
        label=_("Ends at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
        help_text=_("Optional. The deal in progress finishes, then everyone's chips go home."),
    )
    repeat_weekly = forms.BooleanField(
        label=_("Repeat every week"),
        required=False,
        help_text=_("With no end set, each week's table closes when the next week's opens its seats."),
    )
    overrides = forms.CharField(
        label=_("Rule changes (advanced)"),
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 2, "placeholder": '{"exchange_snorer": [1, 3]}'}),
        help_text=_("Parameters of the rule book as JSON; leave empty to play the game as it is."),
    )

    # The same form sent twice (a double click, a browser retry) opens one table. Optional: a form
    # without it (an older page) opens a table each time, as before.
    token = forms.CharField(
        label=_("Form token"),
        widget=forms.HiddenInput,
        required=False,
        max_length=32,
        min_length=32,
        error_messages={key: DAMAGED for key in ("min_length", "max_length")},
    )

    # Shown (a tick box) only once the manager is told he opened a table like this a moment ago: the
    # page fetched again by Back has a new token, and saved again it opened a second table (review 68).
    open_twin = forms.BooleanField(
        label=_("Open another table like it"), required=False, widget=forms.HiddenInput
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {}).setdefault("token", uuid.uuid4().hex)
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = [(name, preset_title(name)) for name in PRESETS]
        zone_named(self.fields["starts_at"])

    def clean_token(self) -> str:
        token = self.cleaned_data.get("token") or ""
        if any(c not in "0123456789abcdef" for c in token):
            raise forms.ValidationError(DAMAGED)
        return token

    def clean_overrides(self) -> dict[str, Any]:
        text = (self.cleaned_data.get("overrides") or "").strip()
        if not text:
            return {}
        try:
            value = json.loads(text, object_pairs_hook=named_once)
        except KeyNamedTwice as twice:
            # Python keeps the last of two keys without a word: the table played one of the two.
            # Shown as the rules' own errors show a typed name: invisible characters spelled out (a lone
            # surrogate, "\ud800", could not even be sent in the page: a 500).
            name = printable(twice.name)
            raise forms.ValidationError(
                _("The rule “%(name)s” is given twice; name each rule once.") % {"name": name}
            ) from None
        except (ValueError, RecursionError):
            raise forms.ValidationError(_("Write the rule changes as a JSON object.")) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_("Write the rule changes as a JSON object."))
        return value

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if "starts_at" in self.errors or "ends_at" in self.errors:
            return cleaned
        # Checked here as well as in the service: a date near the calendar's end cannot even be
        # shown back in some time zones, and the error belongs beside the field that holds it.
        try:
            table_dates_check(
                starts_at=cleaned.get("starts_at"),
                ends_at=cleaned.get("ends_at"),
                now=timezone.now(),
                weekly=bool(cleaned.get("repeat_weekly")),
            )
        except TableError as exc:
            self.add_error("starts_at" if exc.code == "starts_too_far" else "ends_at", exc.message)
        return cleaned

    def service_values(self) -> dict[str, Any]:
        values = {k: v for k, v in self.cleaned_data.items() if k not in ("token", "open_twin")}
        values["create_key"] = self.cleaned_data.get("token") or None
        values["twin_ok"] = bool(self.cleaned_data.get("open_twin"))
        return values

    def refused(self, refusal: ServiceError) -> None:
        """The service's refusal, said beside the field that holds the value (at the top if none)."""
        if refusal.code == "table_twin":
            self.twin_refused(refusal)  # type: ignore[arg-type]
            return
        field = getattr(refusal, "field", None)
        self.add_error(field if field in self.fields else None, refusal.message)

    def twin_refused(self, refusal: TableError) -> None:
        """The service's ``table_twin``: said beside the tick box that lets him open it even so."""
        self.fields["open_twin"].widget = forms.CheckboxInput()
        self.add_error("open_twin", refusal.message)
        twin = getattr(refusal, "twin", None)
        if twin is not None:
            # The manager is asked whether he meant a second table: he can look at the first.
            # On the bound field, which read its help text when the form was checked.
            self["open_twin"].help_text = format_html(
                '<a href="{}">{}</a>', reverse("table_page", args=[twin.pk]), _("See the table you opened")
            )


class ReportForm(forms.Form):
    reason = forms.ChoiceField(label=_("What went wrong"), choices=())
    comment = forms.CharField(
        label=_("Comment (optional)"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
        validators=[validate_visible_text],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from .models import Report

        super().__init__(*args, **kwargs)
        self.fields["reason"].choices = Report.Reason.choices


class ResolveForm(forms.Form):
    """A manager's answer to a report: the note the reporter reads, and what is done."""

    note = forms.CharField(
        label=_("Note for the player who reported"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
        validators=[validate_visible_text],
    )
    outcome = forms.ChoiceField(label=_("Action"), choices=())
    member = PlainIdChoiceField(label=_("Player it is about"), queryset=None, required=False)
    # Read as the club page's ban and suspend forms read it (``WallClockField``): the hour the clocks go
    # back was refused in Django's words ("it may be ambiguous or it may not exist"), review 122.
    until = WallClockField(
        label=_("Suspended or banned until"),
        required=False,
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    journal = PlainIdChoiceField(label=_("Journal to move back"), queryset=None, required=False)

    def __init__(self, *args: Any, members: Any, journals: Any, **kwargs: Any) -> None:
        from .models import Report

        super().__init__(*args, **kwargs)
        self.fields["outcome"].choices = Report.Outcome.choices
        self.fields["member"].queryset = members
        self.fields["member"].label_from_instance = lambda m: m.user.name_and_username
        self.fields["journal"].queryset = journals
        # The memo in the reader's words, as the statement and the admin show it: stored, a deal's
        # is its booking trail in machine English, and a reversal's may be the manager's note alone.
        self.fields["journal"].label_from_instance = _journal_label

    def service_values(self) -> dict[str, Any]:
        return dict(self.cleaned_data)


def _journal_label(j: Any) -> str:
    label = f"#{j.pk} {j.get_kind_display()} · " + truncate_whole(journal_words(j), 80)
    # Still offered (a stale page's choice gets the service's clear refusal, not "not a valid choice"),
    # but said: a manager picked one a colleague had moved back and learnt it only from the refusal.
    reversal = getattr(j, "reversed_by", None)
    if reversal is not None:
        label += " · " + _("already moved back by journal #%(id)s") % {"id": reversal.pk}
    return label
