"""A table's live frame (``<div id="table-live">``) as HTML, written in Python.

Every move sends each reader of a table his own frame, and the Django template engine took most of
a move's server time to draw it: a Python function over the same context (``presenter.table_context``)
draws it for a fraction of that. This module is the markup's one source: the socket's frames, the
table page, the deal page, the replay and the report all draw it here (``{% live_frame %}`` in a
template). ``tests/games/test_live_frame.py`` keeps it byte for byte what the template it replaced
drew, for every phase, reader, language and preset.

The words are the template's messages (same msgids, so the catalogues apply), looked up once per
language and process: a catalogue gives the same text for the same message every time. As in the
template, a message's own text is markup (a translator's, trusted, never escaped); the values put in
a sentence are escaped.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from html import escape
from typing import Any

from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, ngettext, pgettext

__all__ = ["csrf_input", "live_frame_html"]


class _Words:
    """One language's messages, looked up once each in the active language and kept. The methods
    have gettext's names, so ``makemessages`` finds the messages where they are used."""

    __slots__ = ("plural", "word")

    def __init__(self) -> None:
        self.word: dict[str | tuple[str, str], str] = {}
        self.plural: dict[tuple[str, str, int], str] = {}

    def gettext(self, message: str) -> str:
        text = self.word.get(message)
        if text is None:
            text = self.word[message] = gettext(message)
        return text

    def pgettext(self, context: str, message: str) -> str:
        text = self.word.get((context, message))
        if text is None:
            text = self.word[context, message] = pgettext(context, message)
        return text

    def ngettext(self, singular: str, plural: str, counter: int) -> str:
        """The sentence for ``counter``, filled with it (``%(counter)s``, as ``blocktranslate count``).
        Kept by count: a frame's counts (cards, tricks, watchers, players) are small numbers."""
        key = (singular, plural, counter)
        text = self.plural.get(key)
        if text is None:
            text = self.plural[key] = ngettext(singular, plural, counter) % {"counter": counter}
        return text


#: By language. Filled under that language (the caller's active one), never evicted: a site has few.
_WORDS: dict[str, _Words] = {}


def _words() -> _Words:
    language = get_language() or ""
    words = _WORDS.get(language)
    if words is None:
        words = _WORDS[language] = _Words()
    return words


def _fill(sentence: str, **values: Any) -> str:
    """A sentence's values put in, escaped (the sentence itself is markup: ``<code>`` in some)."""
    return sentence % {name: _text(value) for name, value in values.items()}


def _text(value: Any) -> str:
    """A value as ``{{ value }}`` prints it with localisation off: escaped unless marked safe."""
    kind = type(value)
    if kind is int:  # most values of a frame: chips, counts, seats
        return str(value)
    if kind is str:
        return escape(value)
    if isinstance(value, SafeString):
        return value
    if isinstance(value, str):
        return escape(value)
    if value is None or isinstance(value, int):  # bool too: True, False
        return str(value)
    return escape(str(value))


@cache
def _fairness_url() -> str:
    return escape(reverse("fairness"))


@lru_cache(maxsize=1024)
def _deal_url(deal_id: int) -> str:
    return escape(reverse("deal_page", args=[deal_id]))


def _look_back(out: list[str], w: _Words, deal_id: int, *, replay: bool, deal_page: bool) -> None:
    """Where a finished deal is looked back at from its seed's line: from the table, its page; on
    its page, its replay (the link to the deal's page led to the page it was on; the cards' check
    is the page's own, below); the replay is itself the looking back, and has none (review 157)."""
    out.append("\n      ")
    if not replay:
        out += [
            '· <a href="',
            _deal_url(deal_id),
            '">',
            w.gettext("Look back at this deal and check it"),
            "</a>",
        ]
    elif deal_page:
        out += [
            '· <a href="',
            escape(reverse("deal_replay", args=[deal_id])),
            '">',
            w.gettext("Replay this deal"),
            "</a>",
        ]


def csrf_input(token: Any) -> str:
    """``{% csrf_token %}`` of a page (a frame sent on a socket has none: its forms go by socket)."""
    if not token or token == "NOTPROVIDED":
        return ""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(str(token))}">'


def live_frame_html(context: Mapping[str, Any], *, csrf: str = "", replay: bool = False) -> SafeString:
    """The frame of ``context`` (``presenter.table_context``) in the active language. ``csrf``: the
    page's ``csrf_input``; ``replay``: a finished deal looked back at, where nothing can be done."""
    w = _words()
    deal = context.get("deal")
    view = context.get("view")
    me = context.get("me")
    pending = context.get("pending") or {}
    my_turn = context.get("my_turn")
    contribute = context.get("contribute")
    out: list[str] = [
        '\n<div id="table-live" class="table-live" data-deal-number="',
        str((deal and deal.get("number")) or 0),
        '" data-seq="',
        str((deal and deal.get("seq")) or 0),
        # The turn's end: a look by another player moves ``seq`` but not the turn (nor its clock).
        '" data-turn="',
        _text((deal and deal.get("deadline")) or ""),
        '" data-my-turn="',
        "1" if my_turn else "",
        '" data-contribute="',
        _text(pending.get("commitment")) if contribute else "",
        '" data-starts="',
        _text(context["session"].get("starts") or ""),
        '">\n  ',
    ]
    _head(out, w, context, deal)
    out += [
        '\n\n  <div class="felt">\n    <ol class="seats" id="seats" aria-label="',
        w.gettext("Seats"),
        '">\n      ',
    ]
    for seat in context["seats"]:
        _seat(out, w, context, seat, csrf, replay)
        out.append("\n      ")
    out.append("\n    </ol>\n\n    ")
    _center(out, w, context, view, deal, my_turn)
    out.append("\n  </div>\n\n  ")
    seated = bool(view and view.get("seat") is not None)
    moves = bool(context.get("bids") or context.get("suits"))
    # One box for the reader's cards and moves: on a phone it stays at the bottom of the screen
    # (table.css), where they stood two screens below the top of the table.
    if seated or moves:
        out.append('<div class="my-move">')
        if my_turn and not replay and deal and deal.get("deadline") and (me or {}).get("status") != "away":
            # Shown by the page when the clock reaches 0, the moves held: a press then only came back
            # "too late" while the clock's move was on its way (table.js, dueNow).
            out += [
                '<p class="clock-due" id="clock-due" role="status" hidden>',
                w.gettext("Your time is up: your move is being made for you."),
                "</p>",
            ]
            _my_clock(out, w, context)
    if seated:
        _hand(out, w, context, view, deal, csrf, my_turn)
    out.append("\n\n  ")
    if moves:
        _bids(out, w, context, deal, csrf)
    if seated or moves:
        out.append("</div>")
    out.append("\n\n  ")
    if context.get("settlement"):
        _settlement(out, w, context)
    out.append("\n\n  ")
    if not replay:
        _seat_controls(out, w, context, me, csrf)
    out.append("\n\n  ")
    _tail(out, w, context, deal, pending, replay)
    out.append("\n</div>\n")
    return SafeString("".join(out))


def _head(out: list[str], w: _Words, context: Mapping[str, Any], deal: Mapping[str, Any] | None) -> None:
    session = context["session"]
    out += [
        '<header class="table-head">\n    <h1>',
        _text(session["title"]),
        '</h1>\n    <p class="muted small">\n      ',
        _text(context["title"]),
        " · ",
        _fill(w.gettext("stake %(stake)s"), stake=session["stake"]),
        "\n      ",
    ]
    if session.get("practice"):
        out += [' · <span class="badge">', w.gettext("practice chips"), "</span>"]
    out.append("\n      ")
    if deal:
        out += [" · ", _fill(w.gettext("deal %(n)s"), n=deal.get("number"))]
    out.append("\n      ")
    watching = context.get("watching")
    if watching:
        out += [" · ", w.ngettext("%(counter)s watching", "%(counter)s watching", watching)]
    out.append("\n    </p>\n  </header>")


def _left_words(w: _Words, because: str) -> str:
    """What the others at the table are told of a player who left his seat since the deal began. A
    ban, a suspension or leaving the club is his own business: "left the table", as his own leave."""
    if because == "away":
        return w.gettext("%(name)s was stood up: away for two deals.")
    if because == "idle":
        return w.gettext("%(name)s was stood up: no sign of life at the table.")
    if because == "manager":
        return w.gettext("%(name)s was stood up by a manager.")
    if because == "chips":
        return w.gettext("%(name)s was stood up: out of chips.")
    return w.gettext("%(name)s left the table.")


def _away_words(w: _Words, notice: str | None) -> str:
    """What an away player reads of his seat (``table_context``'s ``away_notice``): played for in
    his deal, or sitting deals out until the end of his second deal away stands him up."""
    if notice == "played":
        return w.gettext("You are away: your moves are made for you (pass, stand pat, the lowest card).")
    if notice == "last":
        return w.gettext(
            "You are away and sit this deal out: unless you come back, you are stood up when it ends."
        )
    return w.gettext(
        "You are away: you sit the deals out until you come back. Away for two deals in a row, you are "
        "stood up."
    )


def _seat(
    out: list[str], w: _Words, context: Mapping[str, Any], seat: Mapping[str, Any], csrf: str, replay: bool
) -> None:
    session = context["session"]
    urls = context["urls"]
    can_manage = context.get("can_manage")
    number = str(seat["number"])
    is_me = seat.get("me")
    empty = seat.get("empty")
    # Hidden words after a seat's controls: a screen reader's list of buttons read "Sit down" or
    # "Stand up…" once per seat, with nothing to say which seat or whom.
    which_seat = f'<span class="visually-hidden">, {_fill(w.gettext("seat %(n)s"), n=seat["number"])}</span>'
    whom = f'<span class="visually-hidden"> {_text(seat.get("name", ""))}</span>'
    out += [
        '\n      <li class="seat',
        " me" if is_me else "",
        " to-act" if seat.get("to_act") else "",
        " empty" if empty else "",
        '" id="seat-',
        number,
        '">\n        ',
    ]
    if empty:
        reserved = None if replay else seat.get("reserved")
        if reserved == "mine":
            words = w.gettext("Seat %(n)s is reserved for you")
        elif reserved:
            # Held for a member who has not sat down yet: his Sit, or a bot, would be refused.
            words = w.gettext("Seat %(n)s is reserved")
        else:
            words = w.gettext("Seat %(n)s is free")
        out += [
            '\n          <span class="seat-name muted">',
            _fill(words, n=seat["number"]),
            "</span>\n          ",
        ]
        gone = None if replay else seat.get("left")
        if gone:
            out += [
                '<span class="seat-left muted small" id="seat-left-',
                number,
                '">',
                _fill(_left_words(w, gone["because"]), name=gone["name"]),
                "</span>\n          ",
            ]
        if (
            not replay
            and not context.get("me")
            and reserved != "other"
            and session["status"] in ("open", "running")
            and not session.get("ending")
        ):
            low, high = str(session["buy_in_min"]), str(session["buy_in_max"])
            out += [
                '\n          <form class="sit-form" ws-send method="post" action="',
                urls["sit"],
                '">',
                csrf,
                '\n            <input type="hidden" name="do" value="sit">'
                '<input type="hidden" name="position" value="',
                number,
                '">\n            <label class="visually-hidden" for="buy-in-',
                number,
                '">',
                w.gettext("Chips to bring"),
                '</label>\n            <input id="buy-in-',
                number,
                '" type="number" name="buy_in" min="',
                low,
                '" max="',
                high,
                '" value="',
                low,
                '"',
                " readonly" if session["buy_in_min"] == session["buy_in_max"] else "",
                '>\n            <button type="submit" id="sit-',
                number,
                '">',
                w.gettext("Sit down"),
                which_seat,
                "</button>\n          </form>\n          ",
            ]
        out.append("\n          ")
        if (
            can_manage
            and not replay
            and not reserved
            and not session.get("ending")
            # Where a player could sit (``table_bot_add`` refuses a table not open for play): a
            # scheduled table offered it at every seat, and each press was refused.
            and session["status"] in ("open", "running")
        ):
            out += [
                '\n          <form class="bot-form" ws-send method="post" action="',
                urls["bot"],
                '">',
                csrf,
                '\n            <input type="hidden" name="do" value="bot">'
                '<input type="hidden" name="position" value="',
                number,
                '"><input type="hidden" name="buy_in" value="',
                str(session["buy_in_max"]),
                '">\n            <button type="submit" class="link" id="bot-',
                number,
                '">',
                w.gettext("Seat a bot here"),
                which_seat,
                "</button>\n          </form>\n          ",
            ]
        out.append("\n        ")
        out.append("\n      </li>")
        return
    out += ['\n          <span class="seat-name">', _text(seat.get("name", ""))]
    if is_me:
        out += [' <span class="muted small">(', w.gettext("you"), ")</span>"]
    out.append("</span>\n          ")
    if seat.get("bot"):
        out += ['<span class="badge">', w.gettext("bot"), "</span>\n            "]
        if can_manage and (not seat.get("leaving") or seat.get("idle_leave")):
            out += [
                '<form class="bot-form" ws-send method="post" action="',
                urls["bot"],
                '">',
                csrf,
                '<input type="hidden" name="do" value="unbot"><input type="hidden" name="position" value="',
                number,
                # The seat as the manager saw it, as his "Stand up…" sends it: another bot seated there
                # since (a second manager, a page a moment old) is not stood up for the one he meant.
                '"><input type="hidden" name="seat" value="',
                _text(seat.get("seat_id", "")),
                '"><button type="submit" class="link" id="unbot-',
                number,
                '">',
                w.gettext("Stand the bot up"),
                whom,
                "</button></form>",
            ]
        out.append("\n          ")
    out.append("\n          ")
    if seat.get("dealer"):
        out += [
            '<span class="dealer-button" title="',
            w.gettext("Dealer"),
            '">',
            w.pgettext("dealer button", "D"),
            "</span>",
        ]
    out += [
        '\n          <span class="seat-facts">\n            <span class="chips" title="',
        w.gettext("Stack"),
        '">',
        _text(seat.get("stack", "")),
        "</span>\n            ",
    ]
    hold = seat.get("hold")
    if hold:
        out += [
            '<span class="hold" title="',
            w.gettext("Blocked until the deal ends"),
            '">+',
            _text(hold),
            " ",
            w.gettext("on hold"),
            "</span>",
        ]
    out.append("\n            ")
    if seat.get("status_word"):
        out += ['<span class="status-word">', _text(seat["status_word"]), "</span>"]
    out.append("\n            ")
    in_deal = seat.get("in_deal")
    phase = (context.get("view") or {}).get("phase")
    if in_deal and phase in ("play", "over"):
        out += [
            '<span class="tricks">',
            w.ngettext("%(counter)s trick", "%(counter)s tricks", seat["tricks"]),
            "</span>",
        ]
    out.append("\n            ")
    if in_deal and not is_me and seat.get("cards") and phase != "over":
        out += [
            '<span class="card-count" title="',
            w.gettext("Cards in hand"),
            '">',
            w.ngettext("%(counter)s card", "%(counter)s cards", seat["cards"]),
            "</span>",
        ]
    out.append('\n          </span>\n          <span class="presence">\n            ')
    if seat.get("status") == "away":
        out += ['<span class="badge away">', w.gettext("away"), "</span>\n            "]
    elif not seat.get("connected"):
        out += ['<span class="badge offline">', w.gettext("not connected"), "</span>"]
    out.append("\n            ")
    if seat.get("waiting"):
        out += ['<span class="badge">', w.gettext("waits for an empty bank"), "</span>"]
    out.append("\n            ")
    if seat.get("leaving"):
        out += ['<span class="badge">', w.gettext("leaves after this deal"), "</span>"]
    out.append("\n          </span>\n          ")
    if seat.get("takeable") and not replay:
        # His seat at a full table, he away and gone: a watcher may take it (review 148).
        low, high = str(session["buy_in_min"]), str(session["buy_in_max"])
        out += [
            '<form class="sit-form" ws-send method="post" action="',
            urls["sit"],
            '">',
            csrf,
            '<input type="hidden" name="do" value="sit"><input type="hidden" name="position" value="',
            number,
            '"><label class="visually-hidden" for="buy-in-',
            number,
            '">',
            w.gettext("Chips to bring"),
            '</label><input id="buy-in-',
            number,
            '" type="number" name="buy_in" min="',
            low,
            '" max="',
            high,
            '" value="',
            low,
            '"',
            " readonly" if session["buy_in_min"] == session["buy_in_max"] else "",
            '><button type="submit" id="sit-',
            number,
            '">',
            w.gettext("Take this seat"),
            which_seat,
            "</button></form>\n          ",
        ]
    if (
        seat.get("role") in context.get("stands_up", ())
        and not replay
        and not seat.get("bot")
        and not is_me
        and (not seat.get("leaving") or seat.get("idle_leave"))
    ):
        # A refused plain form's page shows its box open holding the reason typed (review 123).
        kept = context.get("standup_kept")
        kept = kept if kept and kept.get("seat") == str(seat.get("seat_id", "")) else None
        out += [
            # Ids that stay from frame to frame: the box a manager opened to type a reason in stays
            # open across updates (table.js), its text and focus with it, for the same seat only.
            '\n            <details class="standup" id="standup-box-',
            number,
            '" data-seat="',
            _text(seat.get("seat_id", "")),
            '" open><summary id="standup-summary-' if kept else '"><summary id="standup-summary-',
            number,
            '">',
            w.gettext("Stand up…"),
            whom,
            '</summary>\n              <form ws-send method="post" action="',
            urls["standup"],
            '">',
            csrf,
            '\n                <input type="hidden" name="do" value="standup">'
            '<input type="hidden" name="position" value="',
            number,
            # The seat as the manager saw it: whoever sat down there since is not stood up for him.
            '"><input type="hidden" name="seat" value="',
            _text(seat.get("seat_id", "")),
            '">\n                <label class="visually-hidden" for="standup-',
            number,
            '">',
            w.gettext("Reason"),
            '</label>\n                <input id="standup-',
            number,
            '" type="text" name="reason" maxlength="500" required placeholder="',
            w.gettext("Reason"),
            f'" value="{_text(kept["reason"])}' if kept else "",
            '">\n                <button type="submit" class="danger" id="standup-button-',
            number,
            '">',
            w.gettext("Stand up"),
            whom,
            "</button>\n              </form>\n            </details>\n          ",
        ]
    out.append("\n          ")
    deal = context.get("deal")
    if seat.get("to_act") and deal and deal.get("deadline"):
        total = "1" if seat.get("bot") or seat.get("status") == "away" else _text(session["turn_seconds"])
        out += [
            '\n            <span class="clock"',
            ' data-thinking="1"' if seat.get("bot") else "",
            ' data-remaining="',
            _text(context.get("clock_ms")),
            '" data-deadline="',
            _text(context.get("deadline_ms")),
            '" data-total="',
            total,
            *_clock_formats(w),
            '" role="timer" aria-label="',
            w.gettext("Time left"),
            # A bot's turn is its thinking delay, under a second: counted, it read "0s" until the
            # table's clock made its move, as if a player had run out of time (review 157).
            '"><span class="clock-bar"></span><span class="clock-text">',
            w.pgettext("turn clock", "thinking…") if seat.get("bot") else "",
            "</span></span>\n          ",
        ]
    out.append("\n        \n      </li>")


def _my_clock(out: list[str], w: _Words, context: Mapping[str, Any]) -> None:
    """His turn's clock again beside his moves, which a phone keeps at the screen's bottom (table.css):
    his seat is the table's first, and on a phone following the trick below twelve seats his clock
    was off the screen (review 157). Hidden from screen readers: his seat's clock is the timer they
    read, and his turn is said with its time (table.js)."""
    out += [
        '<p class="my-clock" aria-hidden="true"><span class="my-clock-label">',
        w.gettext("Time left"),
        '</span> <span class="clock" data-remaining="',
        _text(context.get("clock_ms")),
        '" data-deadline="',
        _text(context.get("deadline_ms")),
        '" data-total="',
        _text(context["session"]["turn_seconds"]),
        *_clock_formats(w),
        '"><span class="clock-bar"></span><span class="clock-text"></span></span></p>',
    ]


def _clock_formats(w: _Words) -> tuple[str, ...]:
    """A clock's formats of the time left, from its ``data-format`` attribute's value on (its closing
    quote is the caller's): the seconds as the clock shows them in the reader's language ("30 с",
    not "30s"); a minute or more as a clock draws it (10:00, not 600s) and said in words."""
    return (
        '" data-format="',
        w.pgettext("turn clock", "{seconds}s"),
        '" data-format-minutes="',
        w.pgettext("turn clock", "{minutes} min"),
        '" data-format-long="',
        w.pgettext("turn clock", "{minutes} min {seconds}s"),
    )


def _center(
    out: list[str],
    w: _Words,
    context: Mapping[str, Any],
    view: Mapping[str, Any] | None,
    deal: Mapping[str, Any] | None,
    my_turn: Any,
) -> None:
    out += ['<div class="center" aria-label="', w.gettext("Table"), '">\n      ']
    if view:
        out += ['\n        <p class="phase">', _text(context["phase"])]
        to_act_name = context.get("to_act_name")
        if to_act_name and view["phase"] != "over":
            out.append(" · ")
            if my_turn:
                out += ["<strong>", w.gettext("your turn"), "</strong>"]
            else:
                out.append(_fill(w.gettext("%(name)s's turn"), name=to_act_name))
        out += [
            '</p>\n        <dl class="table-facts">\n          <div><dt>',
            w.gettext("Trump"),
            "</dt><dd>",
        ]
        trump = context.get("trump")
        if trump:
            out += [
                '<span class="suit-big',
                " red" if context.get("trump_red") else "",
                '" role="img" aria-label="',
                _text(context.get("trump_name", "")),
                '">',
                _text(trump),
                "</span>",
            ]
        else:
            out.append("—")
        out.append("</dd></div>\n          ")
        trump_card = context.get("trump_card")
        if trump_card:
            out += ["<div><dt>", w.gettext("Trump card"), "</dt><dd>", trump_card["html"], "</dd></div>"]
        out.append("\n          ")
        turned = context.get("turned")
        if turned:
            out += [
                "<div><dt>",
                w.gettext("Turned"),
                "</dt><dd>",
                *(c["html"] for c in turned),
                "</dd></div>",
            ]
        b0_meaning = w.gettext("The bank when bidding started: what tricks are worth")
        out += [
            "\n          <div><dt>",
            w.gettext("Stock"),
            "</dt><dd>",
            _text(view["stock"]),
            "</dd></div>\n          <div><dt>",
            w.gettext("Bank"),
            '</dt><dd class="chips">',
            _text(view["bank"]),
            '</dd></div>\n          <div><dt title="',
            b0_meaning,
            # The rules' "B0" is shown in the page's letters; a screen reader says what it means (it
            # read "B zero", the meaning left in a tooltip it does not say).
            '"><span aria-hidden="true">',
            w.pgettext("the bank when bidding started, as the rules write it", "B0"),
            '</span><span class="visually-hidden">',
            b0_meaning,
            "</span></dt><dd>",
            _text(view["b0"]),
            '</dd></div>\n        </dl>\n        <div class="trick" aria-label="',
            w.gettext("Current trick"),
            '">\n          ',
        ]
        trick = context.get("trick")
        if trick:
            for t in trick:
                out += ["<figure>", t["html"], "<figcaption>", _text(t["name"])]
                if t.get("joker"):
                    out += [" · ", w.gettext("joker")]
                out.append("</figcaption></figure>")
        elif view["phase"] == "play":
            out += ['<p class="muted small">', w.gettext("No card on the table yet."), "</p>"]
        out.append("\n        </div>\n        ")
        last_trick = context.get("last_trick")
        if last_trick:
            out += [
                '\n        <div class="last-trick"><span class="muted small">',
                w.gettext("Last trick"),
                ":</span> ",
                *(t["html"] for t in last_trick),
                "</div>\n        ",
            ]
        out.append("\n      ")
    elif deal is None:
        status = context["session"]["status"]
        if status == "cancelled":
            waiting = w.gettext("This table was cancelled.")
        elif status == "finished":
            waiting = w.gettext("This table is closed.")
        elif status == "scheduled":
            waiting = w.gettext("Seating is not open yet: it opens 15 minutes before the start.")
        elif status == "open" and not context["session"].get("started", True):
            waiting = w.gettext(
                "Seating is open: the first deal is dealt at the start, once enough people sit down."
            )
        elif status == "open" and not context["session"].get("practice") and context.get("nobody_sits"):
            # Started, nothing dealt yet: a table nobody sits at is called off (NO_SHOW_GRACE), and
            # "waiting" alone promised a game to whoever kept the page open (review 70's note).
            waiting = w.gettext(
                "Waiting for players: the first deal starts when enough people sit down. If nobody sits "
                "down within 15 minutes of the start, the table is called off."
            )
        else:
            waiting = w.gettext("Waiting for players: the first deal starts when enough people sit down.")
        out += ['\n        <p class="phase">', waiting, "</p>\n      "]
    out.append("\n    </div>")


def _hand(
    out: list[str],
    w: _Words,
    context: Mapping[str, Any],
    view: Mapping[str, Any],
    deal: Mapping[str, Any] | None,
    csrf: str,
    my_turn: Any,
) -> None:
    hand = context["hand"]
    urls = context["urls"]
    seq = _text((deal or {}).get("seq", ""))
    deal_id = _text((deal or {}).get("id", ""))
    out += ['\n  <section class="my-hand" aria-label="', w.gettext("Your cards"), '">\n    ']
    if hand["unseen"]:
        out += [
            "\n      <p>",
            w.ngettext(
                "Your %(counter)s card is face down.",
                "Your %(counter)s cards are face down.",
                hand["unseen_count"],
            ),
            "</p>\n    ",
        ]
    elif hand["mode"]:
        mode, low, high = hand["mode"], hand["low"], hand["high"]
        out += [
            '\n      <form class="choose-cards" ws-send method="post" action="',
            urls["act"],
            '" data-low="',
            str(low),
            '" data-high="',
            str(high),
            '">',
            csrf,
            '\n        <input type="hidden" name="do" value="',
            _text(mode),
            '"><input type="hidden" name="seq" value="',
            seq,
            '"><input type="hidden" name="deal" value="',
            deal_id,
            '">\n        <fieldset>\n          <legend>',
            w.ngettext("Choose %(counter)s card to discard", "Choose %(counter)s cards to discard", low)
            if mode == "discard"
            # A forced count (Bulgarian shoot gives up 3) is said as one: not "Choose 3 to 3 cards".
            else w.ngettext(
                "Choose %(counter)s card to exchange", "Choose %(counter)s cards to exchange", low
            )
            if low == high
            # "0 to 1 cards" took the form of many for one ("до 1 карт", "до 1 карти").
            else w.gettext("Choose one card to exchange, or none")
            if high == 1
            else _fill(w.gettext("Choose %(low)s to %(high)s cards to exchange"), low=low, high=high),
            '</legend>\n          <div class="hand">\n          ',
        ]
        for counter, c in enumerate(hand["cards"], 1):
            code = c["code"]
            out += [
                '\n            <label class="card-pick" id="pick-',
                code,
                '"><input type="checkbox" name="cards" value="',
                code,
                # The deal's id too: a tick kept across an update (table.js) went back onto the
                # same card at the same move of a later deal after a reconnect.
                '" id="pick-input-',
                code,
                "-",
                deal_id,
                "-",
                seq,
                '" data-key="',
                str(counter),
                '">',
                c["html"],
                "</label>\n          ",
            ]
        out.append("\n          </div>\n          ")
        if hand["sources"]:
            out += ['\n          <p class="small">', w.gettext("Draw from"), "\n            "]
            for counter in range(1, len(hand["cards"]) + 1):
                if counter <= high:
                    n = str(counter)
                    out += [
                        '\n              <select name="from_',
                        n,
                        # The deal's id too, as a card's tick (above): "bottom" kept across an
                        # update came back at the same move of a later deal after a reconnect.
                        '" id="from-',
                        n,
                        "-",
                        deal_id,
                        "-",
                        seq,
                        '" aria-label="',
                        _fill(w.gettext("Card %(n)s drawn from"), n=counter),
                        '"><option value="top">',
                        w.gettext("top"),
                        '</option><option value="bottom">',
                        w.gettext("bottom"),
                        "</option></select>\n            ",
                    ]
            out.append("\n          </p>\n          ")
        out += [
            '\n        </fieldset>\n        <button type="submit" id="act-choose" data-key="Enter">',
            w.gettext("Discard") if mode == "discard" else w.gettext("Exchange the chosen cards"),
            "</button>\n        ",
        ]
        if mode == "exchange" and low == 0:
            out += ['<span class="muted small">', w.gettext("Choose none to stand pat."), "</span>"]
        out.append("\n      </form>\n    ")
    else:
        dim = " dim" if view.get("need") == "play" and my_turn else ""
        out.append('\n      <div class="hand">\n      ')
        for counter, c in enumerate(hand["cards"], 1):
            out.append("\n        ")
            plays = c.get("plays")
            if plays:
                out.append("\n          ")
                code = c["code"]
                for index, p in enumerate(plays):
                    play_as = p.get("as")
                    out += [
                        '\n          <form class="play" ws-send method="post" action="',
                        urls["act"],
                        '">',
                        csrf,
                        '\n            <input type="hidden" name="do" value="play">'
                        '<input type="hidden" name="card" value="',
                        code,
                        '">',
                    ]
                    if play_as:
                        out += ['<input type="hidden" name="as" value="', _text(play_as), '">']
                    out += [
                        '\n            <input type="hidden" name="seq" value="',
                        seq,
                        '"><input type="hidden" name="deal" value="',
                        deal_id,
                        '">\n            <button type="submit" class="card-button" id="play-',
                        code,
                    ]
                    if play_as:
                        out += ["-", _text(play_as)]
                    out.append('" ')
                    if index == 0:
                        out += ['data-key="', str(counter), '"']
                        if len(plays) > 1:
                            out.append(' data-choose="1"')
                    out += [">", c["html"]]
                    if p.get("label"):
                        out += ['<span class="small"> ', _text(p["label"]), "</span>"]
                    out.append("</button>\n          </form>\n          ")
                out.append("\n        ")
            elif c.get("why"):
                # Its key says why it cannot be played (static/js/table.js), rather than nothing.
                out += [
                    '\n          <span class="card-slot',
                    dim,
                    '" data-key="',
                    str(counter),
                    '" data-why="',
                    _text(c["why"]),
                    '">',
                    c["html"],
                    "</span>\n        ",
                ]
            else:
                out += ['\n          <span class="card-slot', dim, '">', c["html"], "</span>\n        "]
            out.append("\n      ")
        out.append("\n      </div>\n    ")
    out.append("\n  </section>\n  ")


def _bids(
    out: list[str], w: _Words, context: Mapping[str, Any], deal: Mapping[str, Any] | None, csrf: str
) -> None:
    act = context["urls"]["act"]
    seq = _text((deal or {}).get("seq", ""))
    deal_id = _text((deal or {}).get("id", ""))
    out += ['\n  <section class="bids" aria-label="', w.gettext("Your move"), '">\n    ']
    for b in context.get("bids") or ():
        do = _text(b["do"])
        out += [
            '\n      <form class="bid" ws-send method="post" action="',
            act,
            '">',
            csrf,
            '\n        <input type="hidden" name="do" value="',
            do,
            '"><input type="hidden" name="seq" value="',
            seq,
            '"><input type="hidden" name="deal" value="',
            deal_id,
            '">\n        ',
        ]
        if b.get("position") is not None:
            out += ['<input type="hidden" name="position" value="', _text(b["position"]), '">']
        out.append("\n        ")
        if b.get("take_trump"):
            out.append('<input type="hidden" name="take_trump" value="true">')
        out += [
            '\n        <button type="submit" id="bid-',
            _text(b["key"]),
            '" class="',
            "secondary" if b["do"] == "pass" else "",
            '" data-key="',
            do,
            '">',
            _text(b["label"]),
            "</button>\n      </form>\n    ",
        ]
    out.append("\n    ")
    for s in context.get("suits") or ():
        code = _text(s["code"])
        out += [
            '\n      <form class="bid" ws-send method="post" action="',
            act,
            '">',
            csrf,
            '\n        <input type="hidden" name="do" value="name_trump">'
            '<input type="hidden" name="suit" value="',
            code,
            '"><input type="hidden" name="seq" value="',
            seq,
            '"><input type="hidden" name="deal" value="',
            deal_id,
            '">\n        <button type="submit" id="suit-',
            code,
            '" class="secondary"><span class="suit-big',
            " red" if s.get("red") else "",
            '" role="img" aria-label="',
            _text(s.get("name", "")),
            '">',
            _text(s["symbol"]),
            "</span> ",
            w.gettext("trump"),
            "</button>\n      </form>\n    ",
        ]
    out.append("\n    ")
    if context.get("out_of_reach"):
        out += ['<p class="muted small out-of-reach">', _text(context["out_of_reach"]), "</p>"]
    out.append("\n  </section>\n  ")


def _settlement(out: list[str], w: _Words, context: Mapping[str, Any]) -> None:
    out += [
        '\n  <section class="settlement" aria-label="',
        w.gettext("Settlement"),
        '">\n    <h2>',
        _text(context.get("result", "")),
        '</h2>\n    <ul class="settled">\n      ',
    ]
    for row in context["settlement"]:
        out += [
            '\n        <li>\n          <span class="who">',
            _text(row["name"]),
            '</span>\n          <span class="status-word">',
            _text(row["status"]),
            "</span>\n          <span>",
            w.ngettext("%(counter)s trick", "%(counter)s tricks", row["tricks"]),
            '</span>\n          <span class="money">',
        ]
        if row["payout"]:
            out += [
                '<span class="plus" data-collected="',
                _text(row["payout"]),
                '">',
                _fill(w.gettext("collects %(n)s"), n=row["payout"]),
                "</span>",
            ]
        out.append("\n            ")
        if row["penalty"]:
            out += [
                '<span class="minus" data-penalty="',
                _text(row["penalty"]),
                '">',
                _fill(w.gettext("pays %(n)s"), n=row["penalty"]),
                "</span>",
            ]
        out.append("</span>\n          ")
        if row["hand"]:
            out += ['<span class="shown-hand">', *(c["html"] for c in row["hand"]), "</span>"]
        out.append("\n        </li>\n      ")
    if context.get("bank_shared") and context.get("table_over"):
        bank_line = _fill(
            w.gettext("This table is closed: its bank of %(bank)s was emptied and there is no next deal."),
            bank=context["bank_shared"],
        )
    elif context.get("bank_shared") and context.get("bank_practice"):
        bank_line = _fill(
            w.gettext(
                "Nobody plays here any more: the bank's %(bank)s went back to the club's practice chips."
            ),
            bank=context["bank_shared"],
        )
    elif context.get("bank_shared"):
        bank_line = _fill(
            w.gettext("Nobody else could ante: the bank's %(bank)s went back to this deal's players."),
            bank=context["bank_shared"],
        )
    elif context.get("table_over"):
        bank_line = w.gettext("This table is closed: there is no next deal.")
    else:
        bank_line = _fill(
            w.gettext("The bank carries %(bank)s into the next deal."), bank=context.get("bank_after", "")
        )
    out += ["\n    </ul>\n    <p>", bank_line, "</p>\n  </section>\n  "]


def _short_stack(context: Mapping[str, Any], me: Mapping[str, Any]) -> bool:
    """His chips at the table (his stack, and what a deal holds of it until it ends) are below the
    stake: he cannot pay an ante."""
    stack, hold, stake = me.get("stack"), me.get("hold") or 0, context["session"].get("stake")
    return isinstance(stack, int) and isinstance(stake, int) and stack + hold < stake


def _seat_controls(
    out: list[str], w: _Words, context: Mapping[str, Any], me: Mapping[str, Any] | None, csrf: str
) -> None:
    urls = context["urls"]
    out.append('\n  <section class="seat-controls">\n    ')
    ending = context["session"].get("ending")
    if ending:
        out += [
            '\n      <span class="muted small" id="table-ending">',
            w.gettext("This table's time is over: it closes when this deal ends."),
            "</span>\n    ",
        ]
    if me and me.get("removed"):
        # Stood up mid-deal: "I'm back", "Step away" and "Leave" would each be refused.
        out += [
            '\n      <span class="muted small" id="stood-up">',
            w.gettext(
                "You were stood up from this table: your seat plays by default moves until this deal ends."
            ),
            "</span>\n    ",
        ]
    elif me:
        out.append("\n      ")
        if me.get("status") == "away":
            out += [
                '\n        <form ws-send method="post" action="',
                urls["back"],
                '">',
                csrf,
                '<input type="hidden" name="do" value="back"><button type="submit" id="back-button">',
                w.gettext("I'm back"),
                '</button></form>\n        <span class="muted small" id="away-notice">',
                _away_words(w, context.get("away_notice")),
                "</span>\n      ",
            ]
        else:
            out += [
                '\n        <form ws-send method="post" action="',
                urls["away"],
                '">',
                csrf,
                '<input type="hidden" name="do" value="away">'
                '<button type="submit" class="secondary" id="away-button">',
                w.gettext("Step away"),
                "</button></form>\n      ",
            ]
        out.append("\n      ")
        if me.get("leaving"):
            out += [
                '\n        <span class="muted small">',
                w.gettext("You will leave the table when this deal ends."),
                "</span>\n      ",
            ]
        else:
            out += [
                '\n        <form ws-send method="post" action="',
                urls["leave"],
                '">',
                csrf,
                '<input type="hidden" name="do" value="leave">'
                '<button type="submit" class="secondary" id="leave-button">',
                w.gettext("Leave the table"),
                "</button></form>\n      ",
            ]
        if _short_stack(context, me):
            # No deal that needs an ante deals him in (and bots are not dealt among themselves beside
            # him): the page said only "Waiting for players", or showed the last deal, for good.
            out += [
                '<span class="muted small" id="short-stack">',
                w.gettext(
                    "Your stack is below the stake: you cannot ante, so you sit out the deals that need "
                    "an ante. To play on, leave the table and sit down again with more chips."
                ),
                "</span>",
            ]
        out.append("\n    ")
    elif context["session"]["status"] in ("open", "running") and not ending:
        empty = [seat for seat in context["seats"] if seat.get("empty")]
        if context.get("takeable"):
            # A full table where a player away and gone holds a seat (review 148).
            watching = w.gettext(
                "You are watching. Every seat is taken, but a player who is away has left the table: "
                "take his seat to play."
            )
        elif context.get("every_seat_taken"):
            # A full table (a practice table's opener and his bots): "Sit down at a free seat" above
            # no free seat and no Sit form (review 122).
            watching = w.gettext("You are watching. Every seat is taken.")
        elif all(seat.get("reserved") == "other" for seat in empty):
            # "Sit down at a free seat" to a member who may take none of them (review 70).
            watching = w.gettext("You are watching. Every free seat is reserved for another player.")
        else:
            watching = w.gettext("You are watching. Sit down at a free seat to play.")
        out += [
            '\n      <span class="muted small">',
            watching,
            "</span>\n    ",
        ]
    out.append("\n  </section>\n  ")


def _tail(
    out: list[str],
    w: _Words,
    context: Mapping[str, Any],
    deal: Mapping[str, Any] | None,
    pending: Mapping[str, Any],
    replay: bool,
) -> None:
    log_html = context.get("log_html")
    if log_html:
        out += [
            '\n  <section class="deal-log" aria-label="',
            w.gettext("What happened"),
            '">\n    <h2>',
            w.gettext("This deal"),
            # The list scrolls: it takes the focus so a keyboard can scroll it in every browser
            # (Chromium scrolls a box that cannot take the focus, Safari does not).
            '</h2>\n    <ol id="deal-log" tabindex="0" aria-label="',
            w.gettext("What happened"),
            '">',
            _text(log_html),
            "</ol>\n  </section>\n  ",
        ]
    out.append("\n  ")
    commitment = pending.get("commitment")
    if commitment and not replay:
        contributed = len(pending.get("contributed") or ())
        out += [
            '\n  <p class="fairness muted small" id="next-deal-commitment">\n    ',
            _fill(
                w.gettext("Next deal: the server has committed to its seed <code>%(c)s</code>"), c=commitment
            ),
            "\n    · ",
            w.ngettext(
                "%(counter)s player has added randomness",
                "%(counter)s players have added randomness",
                contributed,
            ),
            '\n    · <a href="',
            _fairness_url(),
            '">',
            w.gettext("How the cards are shuffled fairly"),
            "</a>\n  </p>\n  ",
        ]
    out.append("\n  ")
    if deal:
        out += [
            '\n  <p class="fairness muted small">\n    ',
            _fill(
                w.gettext("Deck commitment (SHA-256 of the secret seed): <code>%(c)s</code>"),
                c=deal.get("commitment", ""),
            ),
            "\n    ",
        ]
        if deal.get("seed"):
            out += [
                "<br>",
                _fill(w.gettext("Seed, revealed after the deal: <code>%(s)s</code>"), s=deal["seed"]),
            ]
            _look_back(out, w, deal["id"], replay=replay, deal_page=bool(context.get("deal_page")))
        out.append("\n  </p>\n  ")
