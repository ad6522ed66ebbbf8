"""A table frame in words and cards: the context ``games.live_frame`` draws.

Input is what a reader may know (his seat's ``observe`` view and the table's public part), so the page
can show nothing more. Words come from the active language, and the preset's own words for its
statuses (frap / whist / cut in the Frap family).
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime, timedelta
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from django.urls import reverse
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from .engine import PRESETS
from .howto import FRAP_FAMILY, preset_title
from .models import away_seat_free_to_take

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUIT_ORDER = ("S", "H", "D", "C")


def card(code: str, language: str | None = None) -> dict[str, Any]:
    """A card's face and words; ``language``: the active one, if the caller has it already (a frame
    shows dozens of cards, and asking for the active language costs as much as the rest)."""
    rank, suit = code[:-1], code[-1]
    if language is None:
        language = get_language() or ""
    return {
        "code": code,
        "rank": rank,
        "suit": SUIT_SYMBOL[suit],
        "red": suit in "HD",
        "text": rank + SUIT_SYMBOL[suit],
        "name": card_name(code, language),
        "html": _card_html(code, language),
    }


@lru_cache(maxsize=1024)
def card_name(code: str, language: str) -> str:
    """A card in words, as a screen reader should say it ("7 of spades", "Queen of hearts"): the
    face alone was read as "7 black spade suit", or as "7" where a reader skips the symbol.
    ``language`` is the active one (the cache's key); the words are looked up under it."""
    rank, suit = code[:-1], code[-1]
    suits = {
        "S": _("%(rank)s of spades"),
        "H": _("%(rank)s of hearts"),
        "D": _("%(rank)s of diamonds"),
        "C": _("%(rank)s of clubs"),
    }
    return suits[suit] % {"rank": rank_name(rank)}


def rank_name(rank: str) -> str:
    """A rank in words, in the active language ("Ace"; numbers stay numbers): a face's letter
    alone was read out as an English letter."""
    return {
        "A": pgettext("card rank", "Ace"),
        "K": pgettext("card rank", "King"),
        "Q": pgettext("card rank", "Queen"),
        "J": pgettext("card rank", "Jack"),
    }.get(rank, rank)


def suit_name(suit: str, language: str | None = None) -> str:
    """A suit in words, in the active language ("spades"): a trump shown as "♣" alone was read
    "black club suit", or nothing. ``language``: the active one, if the caller has it already."""
    return _suit_name(suit, get_language() or "" if language is None else language)


@lru_cache(maxsize=64)
def _suit_name(suit: str, language: str) -> str:
    """``suit_name`` under ``language``, the active one (the cache's key). Every frame names its
    trump, four lookups in the catalogue each time: most of the translating a frame did."""
    return {
        "S": pgettext("suit", "spades"),
        "H": pgettext("suit", "hearts"),
        "D": pgettext("suit", "diamonds"),
        "C": pgettext("suit", "clubs"),
    }.get(suit, "")


@lru_cache(maxsize=1024)
def _card_html(code: str, language: str) -> SafeString:
    """A card face as ``games/_card.html`` draws it. A frame shows dozens of cards; a template
    include for each was a good part of rendering it, and a deck has few faces to remember.
    The face is an image named in words (``role="img"``): a card button's name is the card's."""
    rank, suit = code[:-1], code[-1]
    return format_html(
        '<span class="pcard{}" data-card="{}" role="img" aria-label="{}">'
        '{}<span class="suit">{}</span></span>\n',
        " red" if suit in "HD" else "",
        code,
        card_name(code, language),
        rank,
        SUIT_SYMBOL[suit],
    )


@lru_cache(maxsize=4096)
def _table_urls(session_id: int) -> dict[str, str]:
    """The table's form actions: reversed once per table, not at every form of every frame."""
    return {
        name: reverse(f"table_{name}", args=[session_id])
        for name in ("sit", "bot", "standup", "act", "back", "away", "leave")
    }


#: Log lines rendered, by (deal, language, preset, players): (how many events, their lines). Every
#: socket of a table in this process shows the same lines after an update, so they are rendered
#: once; and a deal's log only grows, so an update renders only the lines of its new events.
_LOG_HTML: OrderedDict[tuple[Any, ...], tuple[int, SafeString]] = OrderedDict()
_LOG_LOCK = threading.Lock()
LOG_HTML_KEPT = 512


def _lines_html(
    public: Mapping[str, Any], words: Mapping[str, str], events: Any, earlier: Any = ()
) -> SafeString:
    deal = public.get("deal") or {}
    # Each event makes its own line; of what came before, only who is still in the deal counts (a
    # round's antes tell who could not pay them).
    # The players' names stand in the sentences as marks, put back once the cards are named: a name
    # of card symbols ("A♠") was read out as the card ("Ace of spades passes.").
    names = list(deal.get("players") or ())
    marked = [_NAME_MARK % i for i in range(len(names))]
    part = {**public, "deal": {**deal, "players": marked, "log": events, "in_deal_before": _in_deal(earlier)}}
    return format_html_join(
        "", "<li>{}</li>", ((_cards_named(line, names),) for line in log_lines(part, words))
    )


_CARD_IN_TEXT = re.compile(r"(10|[2-9JQKA])?([♠♥♦♣])")
_SUIT_OF_SYMBOL = {symbol: suit for suit, symbol in SUIT_SYMBOL.items()}
#: A player's place in a log line while its cards are named (private-use characters: no rank nor suit).
_NAME_MARK = "\ue000%d\ue001"
_NAME_MARKED = re.compile("\ue000(\\d+)\ue001")


def _cards_named(line: str, names: Sequence[str] = ()) -> SafeString:
    """A log line with each card ("7♠") and suit ("♣") in it an image named in words: a screen
    reader (and the table's announcer) says "Vera plays 7 of spades", not "7 black spade suit".
    ``names``: the players the line's marks (``_NAME_MARK``) stand for, put back as written."""
    language = get_language() or ""

    def named(match: re.Match[str]) -> str:
        rank, suit = match.group(1), _SUIT_OF_SYMBOL[match.group(2)]
        name = card_name(rank + suit, language) if rank else suit_name(suit)
        return f'<span role="img" aria-label="{escape(name)}">{match.group(0)}</span>'

    def player(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return str(escape(name_isolated(names[index]))) if index < len(names) else match.group(0)

    cards = _CARD_IN_TEXT.sub(named, str(escape(line)))  # the line itself is escaped first
    return mark_safe(_NAME_MARKED.sub(player, cards))


def _log_html(
    public: Mapping[str, Any], words: Mapping[str, str], preset: str, language: str | None
) -> SafeString:
    deal = public.get("deal") or {}
    log = deal.get("log") or ()
    # A deal's log never changes, it grows; its sentences depend on the language, the preset's
    # words and the players' names.
    key = (
        deal.get("id"),
        deal.get("commitment"),  # unique per deal even where ids are reused (a test database rolled back)
        language,
        preset,
        tuple(deal.get("players") or ()),
    )
    with _LOG_LOCK:
        done, html = _LOG_HTML.get(key, (0, SafeString()))
    if done == len(log):
        return html
    if done > len(log):  # an older picture than one shown already: its lines alone
        return _lines_html(public, words, log)
    html = SafeString(html + _lines_html(public, words, log[done:], log[:done]))
    with _LOG_LOCK:
        if _LOG_HTML.get(key, (0,))[0] < len(log):
            _LOG_HTML[key] = (len(log), html)
            _LOG_HTML.move_to_end(key)
        while len(_LOG_HTML) > LOG_HTML_KEPT:
            _LOG_HTML.popitem(last=False)
    return html


def _card_key(code: str, trump: str | None) -> tuple[int, int, int]:
    suit = code[-1]
    # Trumps last, then by suit and rank: the usual way to hold a hand.
    return (suit == trump, _SUIT_ORDER.index(suit), _RANK_ORDER.index(code[:-1]))


def status_words(preset: str, *, dark: str | None = None) -> dict[str, str]:
    """Every status and bid in the preset's own words, in the active language. ``dark``: the table's
    dark form where its rules differ from the preset's (a Classic table with the Zone 52 wrap said
    "Dark" on the button its how-to calls "Wrap", review 28); by default the preset's."""
    frap = preset in FRAP_FAMILY
    rules = PRESETS.get(preset)
    dark_word = {
        "take_trump": pgettext("status", "dark"),
        "wrap_swap": pgettext("status", "wrap"),
        # The dealer's wrap takes the face-up ace: Russian names it «обмен сдающего», as its how-to does,
        # not «обмен вслепую», Bulgarian 36's unseen swap.
        "dealer_wrap": pgettext("status, the dealer's wrap", "wrap"),
    }.get(dark or (rules.dark if rules else "") or "", pgettext("status", "dark"))
    return {
        "snore": pgettext("status", "frap") if frap else pgettext("status", "snore"),
        "help": pgettext("status", "whist") if frap else pgettext("status", "help"),
        "five": pgettext("status", "cut") if frap else pgettext("status", "five"),
        "six": pgettext("status", "cut") if frap else pgettext("status", "six"),
        "cheer": pgettext("status", "cheer"),
        "mourn": pgettext("status", "mourn"),
        "helicopter": pgettext("status", "helicopter"),
        "dark": dark_word,
        "shoot": pgettext("status", "shoot"),
        "blind": pgettext("status", "blind frap") if frap else pgettext("status", "blind snore"),
        "pass": pgettext("status", "pass"),
        "out": pgettext("status", "sits out"),
    }


def _texts() -> dict[str, str]:
    """The frame's own words and sentences to fill, in the active language."""
    return {
        "S": _("declarations"),
        "H": _("help"),
        "F": _("fives"),
        "bidding": _("Bidding, round %(round)s: %(step)s"),
        "exchange": _("Exchange"),
        "naming": _("Naming the trump"),
        "play": _("Play: trick %(n)s of %(of)s"),
        "over": _("The deal is over"),
        "look": _("Look at my cards"),
        "wrap_swap": _("%(wrap)s: swap card %(n)s"),
        "wrap": pgettext("status", "wrap"),
        "cut_with_trump": _("%(cut)s with the trump card"),
        "as_joker": _("as the joker"),
        "as_seven": _("as a seven"),
        "played": _("Played"),
        "redeal": _("Redeal: everybody passed"),
        "redeal_short": _("Redeal: fewer than two players are left"),
        "instant_win": _("Won at once"),
    }


@lru_cache(maxsize=256)
def _frame_words(
    preset: str, language: str | None, dark: str | None = None
) -> tuple[Mapping[str, str], str, Mapping[str, str]]:
    """``status_words``, the preset's title and the frame's other words in ``language``, which the
    caller has activated: catalogue lookups that give the same words every time, asked once per
    language instead of at every frame."""
    words = status_words(preset, dark=dark)
    return MappingProxyType(words), preset_title(preset), MappingProxyType(_texts())


def _bid_label(action: Mapping[str, Any], words: Mapping[str, str], texts: Mapping[str, str]) -> str:
    do = action["do"]
    if do == "look":
        return texts["look"]
    if do == "wrap_swap":
        label = texts["wrap_swap"] % {"wrap": texts["wrap"], "n": action["position"] + 1}
    elif do == "five" and action.get("take_trump"):
        label = texts["cut_with_trump"] % {"cut": words["five"]}
    else:
        return words.get(do, do).capitalize()
    # Begins with a status word, which is written in small letters: a button beside "Pass" and "Snore"
    # said "wrap: swap card 1" and "cut with the trump card" (review 24).
    return label[:1].upper() + label[1:]


def _out_of_reach(view: Mapping[str, Any], words: Mapping[str, str], texts: Mapping[str, str]) -> str:
    """Why a bid the rules offer is missing: the reader's stack cannot cover what it holds."""
    short = view.get("out_of_reach")
    if not short or view["seat"] is None:
        return ""
    bids = ", ".join(
        ngettext("%(bid)s (%(cost)s chip)", "%(bid)s (%(cost)s chips)", s["cost"])
        % {
            "bid": (texts["wrap"] if s["do"] == "wrap_swap" else words.get(s["do"], s["do"])).capitalize(),
            "cost": s["cost"],
        }
        for s in short
    )
    stack = view["stacks"][view["seat"]]
    return ngettext(
        "Your stack of %(stack)s chip does not cover %(bids)s.",
        "Your stack of %(stack)s chips does not cover %(bids)s.",
        stack,
    ) % {"stack": stack, "bids": bids}


def _whose(public: Mapping[str, Any], seat: int | None) -> str:
    deal = public.get("deal") or {}
    names = deal.get("players") or []
    return name_isolated(names[seat]) if seat is not None and 0 <= seat < len(names) else "?"


def name_isolated(name: str) -> str:
    """A right-to-left name inside a sentence, between Unicode's first-strong isolate and its pop:
    bare, "דוד plays 10♥." turned the sentence round it ("10♥ plays דוד." as read). Other names are
    left bare (the isolates are invisible, but a copy of the log would carry them)."""
    if any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in name):
        return f"\u2068{name}\u2069"
    return name


def _round_antes(log: Any, index: int, in_deal: list[int]) -> list[int] | None:
    """At ``log[index]``: if it is the last ante of a new bidding round (RULES.md 4.2,
    ``ante_each_round``), the seats still in the deal after the round's antes, in dealing order; else
    None. A seat that could not pay left the deal without an event of its own. (A round nobody could
    pay for has no ante to tell it by: its redeal still reads "Everybody passed".)"""
    if not _is_ante(log[index]) or (index + 1 < len(log) and _is_ante(log[index + 1])):
        return None
    paid = set()
    for earlier in reversed(log[: index + 1]):  # one engine step: the run never spans two log slices
        if not _is_ante(earlier):
            break
        paid.add(_moved_seat(earlier))
    return [seat for seat in in_deal if seat in paid]


def _is_ante(event: Mapping[str, Any]) -> bool:
    return event.get("type") == "ChipsMoved" and event.get("kind") == "ante"


def _in_deal(log: Any) -> list[int] | None:
    """Who is still in the deal after ``log`` (None: not known, the log began before the deal did),
    as far as a round's antes change it."""
    in_deal: list[int] | None = None
    bidding = False
    for index, event in enumerate(log):
        kind = event.get("type")
        if kind == "DealStarted":
            in_deal, bidding = list(event.get("seats") or ()), False
        elif kind in ("Declared", "Looked"):
            bidding = True
        elif bidding and in_deal is not None:
            left = _round_antes(log, index, in_deal)
            if left is not None:
                in_deal = left
    return in_deal


def log_lines(public: Mapping[str, Any], words: Mapping[str, str]) -> list[str]:
    """The deal's events as sentences ("Vera: snore", "Gleb plays A♠")."""
    deal = public.get("deal") or {}
    lines: list[str] = []
    log = deal.get("log", ())
    # Who is in the deal: a seat that cannot pay a new round's ante leaves it without a word of its
    # own in the log (RULES.md 4.2), and the log said only "Everybody passed" when that left one.
    in_deal = deal.get("in_deal_before")
    bidding = in_deal is not None
    short = False
    # RULES.md 4.5: the snorer alone in the deal takes every trick without play. The log went from the
    # last pass to "Vera collects 15"; a played deal's last step otherwise always holds its last trick.
    alone = any(e.get("type") == "DealOver" and e.get("result") == "played" for e in log) and not any(
        e.get("type") in ("Played", "TrickWon", "InstantWin") for e in log
    )
    for index, event in enumerate(log):
        kind = event.get("type")
        who = _whose(public, event.get("seat"))
        if event.get("actor") == "timeout" and (index == 0 or log[index - 1].get("seq") != event.get("seq")):
            # A default move was told as the player's own choice (review 47): said once per move.
            lines.append(_("The clock moves for %(name)s:") % {"name": who})
        if kind == "DealStarted":
            in_deal, bidding, short = list(event.get("seats") or ()), False, False
            lines.append(
                _("Deal %(n)s: %(name)s deals.")
                % {"n": deal.get("number"), "name": _whose(public, event["dealer"])}
            )
        elif kind == "TrumpTurned":
            following = log[index + 1] if index + 1 < len(log) else None
            if following is not None and following.get("type") == "TrumpTurned":
                # A new round wants a new trump suit (new_trump_suit, RULES.md 4.2): a card of a suit
                # that has been trump is turned and set aside, and turning goes on in the same step.
                # The log said "Trump card: A♦" for each, as if trump had changed four times.
                lines.append(
                    _("%(card)s is turned and set aside: its suit has been trump in this deal.")
                    % {"card": card(event["card"])["text"]}
                )
            else:
                lines.append(_("Trump card: %(card)s.") % {"card": card(event["card"])["text"]})
        elif kind == "Looked":
            bidding = True
            lines.append(_("%(name)s looks at their cards.") % {"name": who})
        elif kind == "Declared":
            bidding = True
            if event["status"] == "pass":
                lines.append(_("%(name)s passes.") % {"name": who})
            else:
                lines.append(
                    _("%(name)s declares “%(status)s”.")
                    % {"name": who, "status": words.get(event["status"], event["status"])}
                )
        elif kind == "StatusChanged":
            if event["status"] == "pass":
                lines.append(_("%(name)s is out of the deal.") % {"name": who})
            else:
                lines.append(
                    _("%(name)s now plays “%(status)s”.")
                    % {"name": who, "status": words.get(event["status"], event["status"])}
                )
        elif kind == "Drew":
            # An exchange of no cards is told once, by its discard ("stands pat"); the log said
            # "Vera discards 0. Vera draws 0." at every exchange where someone kept his hand.
            if event["count"]:
                lines.append(_("%(name)s draws %(n)s.") % {"name": who, "n": event["count"]})
        elif kind == "Discarded":
            if event["count"]:
                lines.append(_("%(name)s discards %(n)s.") % {"name": who, "n": event["count"]})
            else:
                lines.append(_("%(name)s stands pat.") % {"name": who})
        elif kind == "TookTrumpCard":
            lines.append(
                _("%(name)s takes the trump card %(card)s.")
                % {"name": who, "card": card(event["card"])["text"]}
            )
        elif kind == "TrumpNamed":
            lines.append(
                _("%(name)s names %(suit)s trump.") % {"name": who, "suit": SUIT_SYMBOL[event["suit"]]}
            )
        elif kind == "Played":
            text = card(event["card"])["text"]
            if event.get("as") == "joker":
                lines.append(_("%(name)s plays %(card)s as the joker.") % {"name": who, "card": text})
            else:
                lines.append(_("%(name)s plays %(card)s.") % {"name": who, "card": text})
        elif kind == "TrickWon":
            lines.append(_("%(name)s takes trick %(n)s.") % {"name": who, "n": event["trick_no"]})
        elif kind == "InstantWin":
            lines.append(_("%(name)s shows a winning hand and takes every trick.") % {"name": who})
        elif kind == "Redeal":
            if short:
                lines.append(_("Fewer than two players are left in the deal: the cards will be dealt again."))
            else:
                lines.append(_("Everybody passed: the cards will be dealt again."))
        elif kind == "ChipsMoved":
            seat = _moved_seat(event)
            name = _whose(public, seat)
            if alone and event["kind"] in ("payout", "release", "penalty"):
                alone = False  # said once, before his chips: only he is in the deal to settle
                text = _("%(name)s is the only one left in the deal and takes every trick without play.")
                lines.append(text % {"name": name})
            if event["kind"] == "ante":
                lines.append(_("%(name)s antes %(n)s.") % {"name": name, "n": event["amount"]})
            elif event["kind"] == "penalty":
                lines.append(_("%(name)s pays %(n)s into the bank.") % {"name": name, "n": event["amount"]})
            elif event["kind"] == "payout":
                lines.append(_("%(name)s collects %(n)s.") % {"name": name, "n": event["amount"]})
        if bidding and in_deal is not None:
            left = _round_antes(log, index, in_deal)
            if left is not None:
                for seat in in_deal:
                    if seat not in left:
                        text = _("%(name)s cannot pay the ante and leaves the deal.")
                        lines.append(text % {"name": _whose(public, seat)})
                in_deal, short = left, len(left) < 2
    return lines


def _moved_seat(event: Mapping[str, Any]) -> int | None:
    for end in (event.get("src", ""), event.get("dst", "")):
        where, _sep, seat = end.partition(":")
        if where in ("stack", "hold") and seat.isdigit():
            return int(seat)
    return None


def _phase_text(view: Mapping[str, Any], texts: Mapping[str, str], words: Mapping[str, str]) -> str:
    phase = view["phase"]
    if phase == "bid":
        step = view["step"] or ""
        name = texts[step] if step in ("S", "H", "F") else ""
        if view.get("preset") in FRAP_FAMILY and step in ("H", "F"):
            # The Frap family's words for its steps, as its buttons say them: "whist" and "cut", not
            # "help" and "fives" over a "Whist" button (review 24).
            name = words["help" if step == "H" else "five"]
        return texts["bidding"] % {"round": view["round"], "step": name}
    if phase == "exchange":
        # Named5 (RULES.md 4.3): the exchange is over and the snorer names the trump; the table read
        # "Exchange · Vera's turn" while nobody could exchange any more.
        return texts["naming"] if view.get("need") == "name_trump" else texts["exchange"]
    if phase == "play":
        return texts["play"] % {
            "n": min(view["trick_no"] + 1, view["hand_size"]),
            "of": view["hand_size"],
        }
    return texts["over"]


def _hand(view: Mapping[str, Any], texts: Mapping[str, str], language: str) -> dict[str, Any]:
    """The reader's cards and what he can do with them."""
    legal = view["legal_actions"]
    trump = view["trump"]
    hand = view.get("hand")
    plays: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        if action["do"] == "play":
            plays.setdefault(action["card"], []).append(action)
    choose = [a for a in legal if a["do"] in ("exchange", "discard")]
    mode = None
    low = high = 0
    if choose:
        mode = choose[0]["do"]
        sizes = [len(a.get("cards", ())) for a in choose]
        low, high = min(sizes), max(sizes)
    cards = []
    for code in hand or []:
        c = card(code, language)
        c["why"] = "" if plays.get(code) else _why_not_playable(view, code)
        c["plays"] = [
            {
                "as": a.get("as"),
                "label": texts["as_joker"]
                if a.get("as") == "joker"
                else (texts["as_seven"] if a.get("as") else ""),
            }
            for a in plays.get(code, [])
        ]
        cards.append(c)
    cards.sort(key=lambda c: _card_key(c["code"], trump))
    return {
        "cards": cards,
        "unseen": hand is None and view["seat"] is not None and view["hand_counts"][view["seat"]] > 0,
        "unseen_count": view["hand_counts"][view["seat"]] if view["seat"] is not None else 0,
        "mode": mode,
        "low": low,
        "high": high,
        "sources": [a for a in choose if a.get("from")][:1] != [],
    }


def _why_not_playable(view: Mapping[str, Any], code: str) -> str:
    """Why the reader cannot play ``code`` now, in words: not his turn, or the rules (4.5, 5.9) at his
    turn to play; "" when he can. His number key on such a card did nothing, said nothing (review 157)."""
    trick, trump, hand = view.get("trick") or (), view.get("trump") or "", view.get("hand") or ()
    if view.get("phase") == "play" and view["to_act"] not in (None, view["seat"]):
        # Another's turn to play: a number key said nothing of why nothing happened either.
        return _("It is not your turn.")
    # No moves offered (stood up mid-deal: the clock plays his seat), no card of his is refused.
    if view.get("need") != "play" or view["to_act"] != view["seat"] or not trick or not view["legal_actions"]:
        return ""
    suit, suits = code[-1], {c[-1] for c in hand}
    lead = trick[0]
    if lead["joker"]:
        if suit == trump or trump not in suits:
            return ""
        text = _("You cannot play the %(card)s: the joker was led, and you must play a trump (%(suit)s).")
        return text % {"card": card_name(code, get_language() or ""), "suit": suit_name(trump)}
    led = lead["card"][-1]
    if suit == led:
        return ""
    if led in suits:
        text = _("You cannot play the %(card)s: you must follow suit (%(suit)s).")
        return text % {"card": card_name(code, get_language() or ""), "suit": suit_name(led)}
    if suit == trump or trump not in suits:
        return ""
    text = _("You cannot play the %(card)s: you cannot follow suit, so you must play a trump (%(suit)s).")
    return text % {"card": card_name(code, get_language() or ""), "suit": suit_name(trump)}


#: How long a free seat says who left it and why.
LEFT_SEAT_TOLD = timedelta(minutes=2)


def table_context(
    *,
    view: Mapping[str, Any] | None,
    public: Mapping[str, Any],
    user_id: int | None,
    now: datetime,
    can_manage: bool = False,
    stands_up: Collection[str] = (),
) -> dict[str, Any]:
    """Everything the table's frame (``games.live_frame``) shows to one reader. ``can_manage``: he
    seats and removes bots; ``stands_up``: the roles of the members he may stand up."""
    session = public["session"]
    deal = public.get("deal")
    language = get_language()
    lang = language or ""  # for the cards' and suits' words, read once here rather than per card
    words, title, texts = _frame_words(session["preset"], language, session.get("dark"))
    me = next((s for s in public["seats"] if user_id is not None and s["user_id"] == user_id), None)
    positions = list(range(session["seat_count"]))
    if me is not None:
        # The reader sits at the bottom: positions go round from his.
        positions = positions[me["position"] :] + positions[: me["position"]]
    by_position = {s["position"]: s for s in public["seats"]}
    # Held seats nobody sits at yet: the holder's to take, nobody else's (the club page's count).
    reserved = {position: holder for position, holder in public.get("reserved") or ()}
    # A stand-up is news for a while: after LEFT_SEAT_TOLD the seat is just free.
    left = {
        gone["position"]: gone
        for gone in public.get("left") or ()
        if datetime.fromisoformat(gone["at"]) >= now - LEFT_SEAT_TOLD
    }
    in_deal = view is not None and deal is not None
    # A live table's finished deal: the chips are shown as the ledger has them now (a table that cannot
    # deal again shares its bank into the stacks after the deal). A history page has no "bank" and
    # shows the deal's own numbers.
    ledger_now = in_deal and bool(deal.get("over")) and "bank" in public
    seats = []
    for position in positions:
        seat = dict(by_position.get(position) or {"position": position, "empty": True})
        seat["number"] = position + 1
        if seat.get("empty") and position in reserved:
            seat["reserved"] = "mine" if user_id is not None and reserved[position] == user_id else "other"
        if seat.get("empty") and position in left:
            seat["left"] = left[position]
        engine = seat.get("engine") if in_deal else None
        if engine is not None:
            status = view["statuses"][engine]
            seat.update(
                in_deal=True,
                stack=seat["stack"] if ledger_now else view["stacks"][engine],
                hold=seat["hold"] if ledger_now else view["holds"][engine],
                tricks=view["tricks"][engine],
                cards=view["hand_counts"][engine],
                dealer=view["dealer"] == engine,
                to_act=view["to_act"] == engine,
                snorer=view["snorer"] == engine,
                status_word=words.get(status, status) if status else "",
            )
        seat["me"] = me is not None and seat.get("position") == me["position"] and not seat.get("empty")
        seats.append(seat)
    # At a full table, the seat of a player away and gone is offered to a watcher (review 148):
    # ``table_sit`` gives it to him by the same test (``away_seat_free_to_take``).
    running = deal is not None and not deal.get("over")
    if (
        me is None
        and user_id is not None
        and session["status"] in ("open", "running")
        and not session.get("ending")
        and not session.get("personal")
        and not any(s.get("empty") and s.get("reserved") != "other" for s in seats)
    ):
        for seat in seats:
            seat["takeable"] = not seat.get("empty") and away_seat_free_to_take(
                seat_status=seat.get("status", ""),
                bot=bool(seat.get("bot")),
                removed=bool(seat.get("removed")),
                leaving=bool(seat.get("leaving")),
                dealt_in=running and seat.get("engine") is not None,
                # A page reconnecting, or read without a socket, is his page open (review 161).
                connected=bool(seat.get("connected") or seat.get("page_lately")),
            )
    clock_ms = deadline_ms = None
    if deal and deal.get("deadline"):
        deadline = datetime.fromisoformat(deal["deadline"])
        clock_ms = max(0, int((deadline - now).total_seconds() * 1000))
        # The deadline on the table's clock: a page that knows that clock counts to it, and a frame's
        # time on the way is not added to the player's turn (``static/js/table.js``).
        deadline_ms = int(deadline.timestamp() * 1000)
    context: dict[str, Any] = {
        "clock_ms": clock_ms,
        "deadline_ms": deadline_ms,
        "session": session,
        "title": title,
        "seats": seats,
        "me": me,
        "seated": me is not None,
        "deal": deal,
        "view": view,
        "log_html": _log_html(public, words, session["preset"], language) if deal and deal.get("log") else "",
        "urls": _table_urls(session["id"]),
        "watching": public.get("watching", 0),
        # Nobody but bots sits: a started table is called off so (games.services.schedule).
        "nobody_sits": not any(not s.get("bot") for s in public["seats"]),
        # No seat free, reserved or not: a watcher is not asked to sit down at a free seat.
        "every_seat_taken": not any(seat.get("empty") for seat in seats),
        "takeable": any(seat.get("takeable") for seat in seats),
        "can_manage": can_manage,
        "stands_up": tuple(stands_up),
        "pending": public.get("pending") or {},
        "contribute": bool(
            me is not None
            and (public.get("pending") or {}).get("commitment")
            # His seat's own string (table_public_parts), not its position's: one given by whoever sat
            # there before him is not his.
            and not me.get("gave_string")
        ),
        "free_positions": [
            p + 1
            for p in range(session["seat_count"])
            if p not in by_position and reserved.get(p, user_id) == user_id
        ],
    }
    if me is not None and me.get("status") == "away" and not me.get("removed"):
        # Away, his moves are made for him only in a deal he was dealt into; new deals are dealt
        # without him, and the end of his second deal away stands him up (``deal_finish``).
        if deal and not deal.get("over") and me.get("engine") is not None:
            context["away_notice"] = "played"
        elif deal and not deal.get("over") and me.get("away_deals", 0) >= 1:
            context["away_notice"] = "last"
        else:
            context["away_notice"] = "sitting_out"
    if view is None:
        return context
    if ledger_now:
        view = {**view, "bank": public["bank"]}
        context["view"] = view
    removed = bool(me is not None and me.get("removed"))
    if removed:
        # Stood up mid-deal: the clock makes his seat's moves and his own are refused ('removed'),
        # so his turn offered him bids and cards whose every press was an error.
        view = {**view, "legal_actions": []}
        context["view"] = view
    trick_names = deal.get("players", []) if deal else []
    context.update(
        phase=_phase_text(view, texts, words),
        trump=SUIT_SYMBOL.get(view["trump"] or "", ""),
        trump_red=(view["trump"] or "") in "HD" and bool(view["trump"]),
        trump_name=suit_name(view["trump"] or "", lang),
        trump_card=card(view["trump_card"], lang) if view["trump_card"] else None,
        turned=[card(c, lang) for c in view["turned"]],
        trick=[
            {**card(t["card"], lang), "joker": t["joker"], "name": trick_names[t["seat"]]}
            for t in view["trick"]
        ],
        last_trick=[
            {**card(t["card"], lang), "joker": t["joker"], "name": trick_names[t["seat"]]}
            for t in view["last_trick"]
        ],
        my_turn=not removed and view["seat"] is not None and view["to_act"] == view["seat"],
        to_act_name=_whose(public, view["to_act"]) if view["to_act"] is not None else "",
        bids=[
            {
                **a,
                "label": _bid_label(a, words, texts),
                "key": f"{a['do']}-{a.get('position', '')}{'-trump' if a.get('take_trump') else ''}",
            }
            for a in view["legal_actions"]
            if a["do"] not in ("play", "exchange", "discard", "name_trump")
        ],
        suits=[
            {
                "code": a["suit"],
                "symbol": SUIT_SYMBOL[a["suit"]],
                "red": a["suit"] in "HD",
                "name": suit_name(a["suit"], lang),
            }
            for a in view["legal_actions"]
            if a["do"] == "name_trump"
        ],
        hand=_hand(view, texts, lang),
        need=view["need"],
        out_of_reach=_out_of_reach(view, words, texts),
    )
    if view["outcome"] is not None:
        out = view["outcome"]
        hands = view.get("hands") or []
        context["settlement"] = [
            {
                "name": trick_names[i] if i < len(trick_names) else "?",
                "status": words.get(out["statuses"][i], out["statuses"][i]),
                "tricks": out["tricks"][i],
                "payout": out["payouts"][i],
                "penalty": out["penalties"][i],
                "hand": [card(c, lang) for c in (hands[i] or [])] if i < len(hands) and hands[i] else [],
            }
            for i in range(len(out["statuses"]))
        ]
        result = out["result"]
        context["result"] = texts[result] if result in ("played", "redeal", "instant_win") else result
        if result == "redeal" and out["statuses"].count("pass") < 2:
            # RULES.md 4.2: a round's antes left fewer than two in the deal (the others are "out"); in a
            # redeal after passes every player dealt in passed, and a deal deals in two at least.
            context["result"] = texts["redeal_short"]
        context["bank_after"] = public["bank"] if ledger_now else out["bank"]
        # The ledger's bank is empty while the deal left chips in it only when nobody else could ante
        # and they went back to the deal's players; a closed table has no next deal to carry them.
        past = public.get("deal") or {}  # a past deal's page: what became of its bank
        context["bank_shared"] = (
            out["bank"]
            if ledger_now and not public["bank"] and out["bank"]
            else past.get("bank_shared", 0) or past.get("bank_emptied", 0)
        )
        # A practice table's bank goes home to the club's practice chips (the treasury) once no person
        # sits there (``closing.table_after_stand_up``): the bots could ante, nothing went to players.
        # A past deal's page shows its players in their seats, so its own mark says so.
        context["bank_practice"] = bool(
            context["bank_shared"]
            and session.get("practice")
            and (past.get("bank_emptied") or not any(s.get("user_id") for s in public["seats"]))
        )
        context["table_over"] = session["status"] in ("finished", "cancelled") and not (
            public.get("deal") or {}
        ).get("followed")
    return context


def action_words(action: Any, preset: str, *, dark: str | None = None) -> str:
    """A stored move in the table's words, in the active language ("Snore", "Play A♠", "Exchange:
    7♠ 9♥"), for the admin's list of a deal's moves, where a manager read its JSON. Anything it
    cannot read is shown as stored."""
    do = action.get("do") if isinstance(action, Mapping) else None
    try:
        if do == "play":
            text = _("Play %(card)s") % {"card": card(action["card"])["text"]}
            as_ = {"joker": "as_joker", "seven": "as_seven"}.get(action.get("as") or "")
            return f"{text} ({_texts()[as_]})" if as_ else text
        if do in ("exchange", "discard"):
            cards = " ".join(card(code)["text"] for code in action.get("cards") or ())
            if not cards:
                return _("Stand pat")
            return (_("Exchange: %(cards)s") if do == "exchange" else _("Discard: %(cards)s")) % {
                "cards": cards
            }
        if do == "name_trump":
            return _("Trump named: %(suit)s") % {"suit": SUIT_SYMBOL[action["suit"]]}
        if isinstance(do, str):
            return _bid_label(action, status_words(preset, dark=dark), _texts())
    except (KeyError, TypeError, IndexError):
        pass
    return str(action)


def deal_result_label(result: str) -> str:
    """How a deal ended (``Deal.result``), in the active language (the frame's words for it)."""
    return _texts()[result] if result in ("played", "redeal", "instant_win") else result
