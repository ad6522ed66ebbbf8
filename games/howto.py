"""“How to play” for every preset, produced from the engine's own preset data.

The engine stays free of Django and I/O, so the words live here, in the site's translation catalogues
(Russian, Bulgarian, English). Every sentence is chosen or filled in from a ``Rules`` field, so a club
that overrides a parameter reads its own rules, and a preset added to the engine gets a text without
anybody writing one by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.engine.rules import PRESETS, Rules

#: Presets that use Frap's words (frap / whist / cut) for snore / help / five.
FRAP_FAMILY = frozenset({"frap", "khrap5", "named5"})


@dataclass(frozen=True)
class Section:
    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class HowTo:
    preset: str
    title: str
    summary: str
    sections: tuple[Section, ...]
    differences: tuple[str, ...] = field(default=())


def preset_title(name: str) -> str:
    titles = {
        "classic": _("Classic Khrap"),
        "moryak": _("Khrap, Moryak rules"),
        "bulgarian36": _("Bulgarian Khrap, 36 cards"),
        "zone52": _("Khrap with 52 cards"),
        "student": _("Student Khrap"),
        "frap": _("Frap"),
        "khrap5": _("Five-card Khrap"),
        "named5": _("Khrap with a named trump"),
    }
    return titles.get(name, name)


def _words(rules: Rules) -> dict[str, str]:
    if rules.name in FRAP_FAMILY:
        return {
            "snore": pgettext("status", "frap"),
            "help": pgettext("status", "whist"),
            "five": pgettext("status", "cut"),
            "six": pgettext("status", "cut"),
        }
    return {
        "snore": pgettext("status", "snore"),
        "help": pgettext("status", "help"),
        "five": pgettext("status", "five"),
        "six": pgettext("status", "six"),
    }


def _decks(rules: Rules) -> str:
    parts: list[str] = []
    low = rules.min_players
    for top, size in rules.deck:
        high = min(top, rules.max_players)
        if high < low:
            continue
        if len(rules.deck) == 1 or (low == rules.min_players and high == rules.max_players):
            parts.append(ngettext("%(size)d card", "%(size)d cards", size) % {"size": size})
        else:
            text = ngettext(
                "%(size)d card for %(low)d–%(high)d players",
                "%(size)d cards for %(low)d–%(high)d players",
                size,
            )
            parts.append(text % {"size": size, "low": low, "high": high})
        low = high + 1
    return "; ".join(parts)


def _table(rules: Rules) -> Section:
    lines = [
        _("%(min)d to %(max)d players; the deck: %(decks)s.")
        % {"min": rules.min_players, "max": rules.max_players, "decks": _decks(rules)},
        ngettext("Each player is dealt %(n)d card.", "Each player is dealt %(n)d cards.", rules.hand_size)
        % {"n": rules.hand_size},
    ]
    if rules.trump_source == "turned":
        lines.append(_("The next card is turned face up: its suit is trump."))
    else:
        lines.append(_("No card is turned: the player who declared names the trump suit after the exchange."))
    if rules.trump_rounds > 1:
        if rules.trump_source == "turned":
            text = _(
                "If everyone passes, the next card of the stock becomes the trump card; at most %(n)d rounds."
            )
        else:
            text = _("If everyone passes, bidding starts again; at most %(n)d rounds.")
        lines.append(text % {"n": rules.trump_rounds})
    if rules.new_trump_suit:
        lines.append(_("A new round always has a suit that has not been trump yet in this deal."))
    lines.append(_("When every round ends in passes, the cards are dealt again and the bank stays."))
    return Section(_("The table"), tuple(lines))


def _antes(rules: Rules) -> Section:
    if rules.ante_policy == "every_deal":
        lines = [_("Before every deal each player puts the stake into the bank.")]
    else:
        lines = [_("Players put the stake into the bank only when the bank is empty.")]
        if rules.penalty_to == "next_bank":
            # With winners_now the penalties are paid out at once (the chips section says so).
            lines.append(_("Penalties go into the bank and are played for in the next deal."))
    if rules.ante_each_round and rules.trump_rounds > 1:  # one round: there is no new one to ante for
        lines.append(_("Each new round of bidding, everyone antes again, so the bank grows."))
    if rules.ante_on_redeal:
        lines.append(_("After a redeal everyone antes again."))
    if rules.join_when_bank_empty:
        lines.append(_("A player who sits down while the bank holds chips waits for a deal that starts "
                       "with an empty bank."))
    return Section(_("Antes and the bank"), tuple(lines))


def _statuses(rules: Rules, w: dict[str, str]) -> Section:
    snore = rules.snore_tricks
    # The holds are the table's liabilities (6.3): a club may change them, and the how-to must not
    # promise the presets' 2× / 1× when the engine blocks something else.
    if rules.liability_snorer == 2:
        snore_line = ngettext(
            "%(snore)s: promise to take at least %(n)d trick; it blocks twice the bank until the deal ends.",
            "%(snore)s: promise to take at least %(n)d tricks; it blocks twice the bank until the deal ends.",
            snore,
        )
    else:
        snore_line = ngettext(
            "%(snore)s: promise to take at least %(n)d trick; it blocks %(l)d× the bank until the deal ends.",
            "%(snore)s: promise to take at least %(n)d tricks; it blocks %(l)d× the bank until the deal "
            "ends.",
            snore,
        )
    if rules.liability_helper == 1:
        help_line = _("%(help)s: only once someone has declared %(snore)s; take at least 1 trick; it blocks "
                      "the bank.")
    else:
        help_line = _("%(help)s: only once someone has declared %(snore)s; take at least 1 trick; it blocks "
                      "%(l)d× the bank.")
    lines = [
        snore_line % {"snore": w["snore"].capitalize(), "n": snore, "l": rules.liability_snorer},
        help_line % {"help": w["help"].capitalize(), "snore": w["snore"], "l": rules.liability_helper},
    ]
    if rules.five_timing == "after_help":
        for kind in rules.five:
            draw = rules.five_draw if kind == "five" else rules.six_draw
            lines.append(
                _("%(five)s: a player who passed may come back, give up his cards, draw %(draw)d and keep "
                  "%(keep)d; take at least 1 trick.")
                % {"five": w[kind].capitalize(), "draw": draw, "keep": rules.hand_size}
            )
    else:
        # The engine asks step F after the exchange for each kind the table lists (none: no cut).
        for kind in rules.five:
            draw = rules.five_draw if kind == "five" else rules.six_draw
            # He gives up his dealt cards, as every five does: "may draw 5 cards and keep 4" read as
            # keeping the best 4 of 9.
            line = ngettext(
                "%(five)s: after the exchange, a player who passed may give up his cards, draw %(draw)d "
                "card and keep %(keep)d; take at least 1 trick.",
                "%(five)s: after the exchange, a player who passed may give up his cards, draw %(draw)d "
                "cards and keep %(keep)d; take at least 1 trick.",
                draw,
            ) % {"five": w[kind].capitalize(), "draw": draw, "keep": rules.hand_size}
            if rules.five_take_trump and kind == "five":
                line += " " + _("He may take the turned trump card as one of them.")
            lines.append(line)
    cheer = {
        "only_trump_ace": _("Cheer: a player whose only trump is the ace shows it, gives up his other cards "
                            "and draws a new hand; he plays as the snorer."),
        "holds_trump_ace": _("Cheer: a player holding the ace of trumps shows it, gives up his other cards "
                             "and draws a new hand; he plays as the snorer, and may do it even after "
                             "someone has snored, taking his place."),
    }
    if rules.cheer in cheer:
        lines.append(cheer[rules.cheer])
    if rules.mourn:
        lines.append(_("Mourn: a player whose only trump is the six shows it and draws a new hand; "
                       "he helps."))
    helicopter = {
        "ace_six_only": _("Helicopter: his only trumps are the ace and the six"),
        "ace_six_or_ace_seven": _("Helicopter: his only trumps are the ace and the six, or the ace and the "
                                  "seven while the trump card is the six"),
        "holds_ace_six": _("Helicopter: he holds the ace and the six of trumps"),
        "two_with_six": _("Helicopter: he holds at least two trumps, one of them the six"),
    }
    if rules.helicopter in helicopter:
        lines.append(helicopter[rules.helicopter] + _("; nobody exchanges and everyone else must help."))
    dark = {
        "take_trump": _("Dark: before looking at his cards a player takes the trump card, then looks and "
                        "gives up one card."),
        "wrap_swap": _("Wrap: before looking at his cards a player swaps one of them, unseen, for the trump "
                       "card."),
        "dealer_wrap": _("Wrap: while the trump card is an ace, the dealer may take it, give up his hand and "
                         "draw a new one; he may do it even after someone has snored."),
    }
    if rules.dark in dark:
        lines.append(dark[rules.dark])
        # RULES.md 5.5: each form makes him the snorer (his promise and hold) and ends his exchange, and
        # the Moryak dark is only for the first round; the lines above told only how the cards move.
        if rules.dark == "take_trump":
            lines.append(_("Only in the first round; he then plays as the snorer and exchanges no further."))
        else:
            lines.append(_("He then plays as the snorer and exchanges no further."))
    if rules.dark == "dealer_wrap" and rules.dealer_wrap_hidden:
        # RULES.md 5.5 (Zone 52): his cards face down and a "look" button, with nothing saying why
        # nor that looking before his turn gives the wrap up.
        lines.append(_("When the first trump card is an ace, the dealer's cards stay face down to him until "
                       "his first turn, where he may wrap first; looking at them, or any other bid, gives "
                       "the wrap up."))
    if rules.dark == "blind" and rules.liability_blind != 4:
        lines.append(_("%(blind)s: %(snore)s without looking at your cards; it blocks %(l)d× the bank.") % {
            "blind": (pgettext("status", "blind frap") if rules.name in FRAP_FAMILY
                      else pgettext("status", "blind snore")).capitalize(),
            "snore": w["snore"], "l": rules.liability_blind})
    elif rules.dark == "blind" and rules.name in FRAP_FAMILY:
        lines.append(_("Blind frap: frap without looking at your cards; it blocks four times the bank."))
    elif rules.dark == "blind":
        # A Khrap table with the blind bid added: its bids are snores, not fraps.
        lines.append(_("Blind snore: snore without looking at your cards; it blocks four times the bank."))
    if rules.shoot:
        lines.append(_("Shoot: the snorer gives up 3 cards, draws 4 and discards 1, before anyone else "
                       "exchanges."))
    # RULES.md 4.2: only a final pass takes a player out; one who passed in step S is asked again
    # (help, a five: Decision 1), which "you are out of this deal" denied.
    lines.append(_("Pass: you declare nothing now and may be asked again later in the deal; a final pass "
                   "takes you out of it: you pay and collect nothing."))
    return Section(_("What you can declare"), tuple(lines))


def _exchange(rules: Rules, w: dict[str, str]) -> Section:
    # At most the cards of a hand (the engine's own cap): "may change 0 to 4" of three-card hands.
    lo_s, hi_s = rules.exchange_snorer[0], min(rules.exchange_snorer[1], rules.hand_size)
    lo_h, hi_h = rules.exchange_helper[0], min(rules.exchange_helper[1], rules.hand_size)
    values = {"snore": w["snore"], "help": w["help"], "lo": lo_s, "hi": hi_s, "lo2": lo_h, "hi2": hi_h}
    if rules.draw_choice == "top_or_bottom":
        # The next line says each card comes from the top or the bottom: "from the top" contradicted it.
        first = _("After the bidding, the player who said “%(snore)s” may change %(lo)d to %(hi)d cards, "
                  "and each player who said “%(help)s” %(lo2)d to %(hi2)d, drawing from the stock.")
    else:
        first = _("After the bidding, the player who said “%(snore)s” may change %(lo)d to %(hi)d cards, and "
                  "each player who said “%(help)s” %(lo2)d to %(hi2)d, drawing from the top of the stock.")
    lines = [first % values]
    order = {
        "fives_snorer_helpers": _(
            "Order: the players who came back first, then the snorer, then the helpers."
        ),
        "snorer_fives_helpers": _(
            "Order: the snorer first, then the players who came back, then the helpers."
        ),
        "snorer_clockwise": _("Order: the snorer first, then the others clockwise."),
    }
    lines.append(order[rules.exchange_order])
    if rules.draw_choice == "top_or_bottom":
        lines.append(_("For each card you draw you choose the top or the bottom of the stock."))
    if rules.trump_source == "named":
        lines.append(_("When the exchange is over, the snorer names the trump suit."))
    return Section(_("Exchange"), tuple(lines))


def _first_lead(rules: Rules, w: dict[str, str]) -> str:
    """RULES.md 4.5 (``first_lead``): the first five-taker (six-takers and cutters count) clockwise
    from the snorer leads, else the snorer. The page said who exchanges first, never who leads."""
    kinds = [k for k in ("five", "six") if k in rules.five]
    if len(kinds) == 2 and w["five"] != w["six"]:
        return _("The first player clockwise from the snorer who said “%(five)s” or “%(six)s” leads the "
                 "first trick; if nobody did, the snorer leads it.") % {"five": w["five"], "six": w["six"]}
    if kinds:
        return _("The first player clockwise from the snorer who said “%(five)s” leads the first trick; if "
                 "nobody did, the snorer leads it.") % {"five": w[kinds[0]]}
    return _("The snorer leads the first trick.")


def _play(rules: Rules, w: dict[str, str]) -> Section:
    lines = [
        _("Follow the suit led if you can; if you cannot, you must play a trump if you have one; "
          "otherwise any card. You never have to beat the cards already played."),
        _("The highest trump wins the trick, else the highest card of the suit led; the winner leads next."),
        _first_lead(rules, w),
    ]
    if rules.first_trick_order == "fives_snorer_rest":
        lines.append(_("In the first trick the players who came back play first, then the snorer, then the "
                       "others."))
    if rules.instant_win == "four_aces":
        lines.append(_("Four aces take every trick without play."))
    elif rules.instant_win == "four_of_a_kind":
        lines.append(_("Four cards of one rank take every trick without play (the higher rank wins)."))
    if rules.joker:
        lines.append(_("The seven of spades may be played as the joker: at any time, and it wins the trick. "
                       "When it is led, the others must play a trump if they can."))
    return Section(_("Play"), tuple(lines))


def _chips(rules: Rules, w: dict[str, str]) -> Section:
    # RULES.md 6.2 rounds a collector's whole share once, floor(B0 × tricks / hand_size): "each trick
    # is worth 1/4 of the bank, rounded down" paid two tricks of a bank of 10 as 4, the engine pays 5.
    lines = [
        _("A player who collects gets his tricks × the bank ÷ %(n)d, rounded down; remainders stay in "
          "the bank.") % {"n": rules.hand_size},
    ]
    if rules.failed_collect:
        lines.append(_("Everyone in the deal collects for the tricks he took, even if he failed."))
    else:
        lines.append(_("Only players who kept their promise collect for their tricks."))
    lines.append(
        _("A player who said “%(snore)s” and fails pays %(s)d× the bank; any other player who fails pays "
          "%(h)d× the bank.")
        # With a by-tricks table (6.5) the engine charges its first entry to a snorer with no trick.
        % {"snore": w["snore"], "h": rules.penalty_helper,
           "s": (rules.penalty_snorer_by_tricks or (rules.penalty_snorer,))[0]}
    )
    # The engine charges a failed snorer by the tricks he made only where the table's rules list it
    # (penalty_snorer_by_tricks: Frap (2, 1), Khrap-5 (2, 1, 1)), whatever the preset's name.
    partial = rules.penalty_snorer_by_tricks[1:]
    if partial and set(partial) == {1} and rules.failed_collect:
        lines.append(_("A player who said “%(snore)s” and took some tricks, but fewer than promised, pays 1× "
                       "the bank and still collects them.") % {"snore": w["snore"]})
    elif partial and set(partial) == {1}:
        # failed_collect off: the engine pays a failed player nothing, whatever he took.
        lines.append(_("A player who said “%(snore)s” and took some tricks, but fewer than promised, pays 1× "
                       "the bank and collects nothing.") % {"snore": w["snore"]})
    if rules.dark == "blind":
        # 6.5 / Decision 7: a blind bid's penalty is its own table by tricks (Frap: 0 tricks 2×, 1 trick
        # 4×, 3× under a trump ace), dearer than the plain bid's lines above suggest.
        def by_tricks(table: tuple[int, ...]) -> str:
            return ", ".join(
                ngettext("%(t)d trick: %(m)d×", "%(t)d tricks: %(m)d×", t)
                % {"t": t, "m": table[min(t, len(table) - 1)]}
                for t in range(rules.snore_tricks)
            )

        plain, ace = by_tricks(rules.penalty_blind), by_tricks(rules.penalty_blind_ace)
        if plain == ace:
            text = _("A failed blind bid pays, by the tricks taken, in multiples of the bank: %(plain)s.")
        else:
            text = _("A failed blind bid pays, by the tricks taken, in multiples of the bank: %(plain)s; "
                     "when the trump card is an ace: %(ace)s.")
        lines.append(text % {"plain": plain, "ace": ace})
    if rules.snorer_payout == "rest_by_round":
        # 6.6: the snorer is not paid by the trick; "each trick is worth 1/n" would mislead him.
        lines.append(_("A player who said “%(snore)s” and kept his promise is not paid by the trick: he "
                       "takes what is left of the bank after the others are paid, at most half the bank "
                       "if he declared in the second round or later.") % {"snore": w["snore"]})
    if rules.penalty_to == "winners_now":
        lines.append(_("Penalties are paid out at once to the players who kept their promise, in "
                       "proportion to their tricks."))
    else:
        lines.append(_("Penalties go into the bank for the next deal."))
    lines.append(
        _("The next dealer is the last snorer.") if rules.next_dealer == "snorer"
        else _("The deal passes clockwise.")
    )
    return Section(_("Chips"), tuple(lines))


_DIFF_LABELS = {
    "deck": lambda r: _("Deck: %(decks)s.") % {"decks": _decks(r)},
    "hand_size": lambda r: ngettext(
        "%(n)d card each.", "%(n)d cards each.", r.hand_size
    ) % {"n": r.hand_size},
    "snore_tricks": lambda r: ngettext(
        "A declarer promises %(n)d trick.", "A declarer promises %(n)d tricks.", r.snore_tricks
    ) % {"n": r.snore_tricks},
    "trump_rounds": lambda r: ngettext(
        "At most %(n)d round of bidding.", "At most %(n)d rounds of bidding.", r.trump_rounds
    ) % {"n": r.trump_rounds},
    "five": lambda r: _("No six.") if "five" in r.five and "six" not in r.five
    else _("No five or six.") if not r.five else _("Different fives."),
    "penalty_snorer_by_tricks": lambda r: _("A failed declarer pays less if he took some tricks."),
    "snorer_payout": lambda r: _("A declarer who keeps his promise takes what is left of the bank."),
    "trump_source": lambda r: _("The trump suit is named by the snorer, not turned."),
    "new_trump_suit": lambda r: _("A new round always brings a new trump suit."),
    "ante_policy": lambda r: _("Antes every deal.") if r.ante_policy == "every_deal"
    else _("Antes only when the bank is empty."),
    "ante_each_round": lambda r: _("Antes again every round of bidding.") if r.trump_rounds > 1 else "",
    "five_timing": lambda r: _("The cut comes after the exchange."),
    "cheer": lambda r: _("Cheer on holding the ace of trumps, which may interrupt.") if r.cheer
    else _("No cheer."),
    "mourn": lambda r: _("No mourn.") if not r.mourn else _("Mourn on the six of trumps."),
    "helicopter": lambda r: _("Different helicopter.") if r.helicopter else _("No helicopter."),
    "dark": lambda r: _dark_difference(r),
    "shoot": lambda r: _("Shoot: give up 3, draw 4, discard 1."),
    "exchange_snorer": lambda r: _("Exchange %(lo)d to %(hi)d cards.")
    % {"lo": r.exchange_snorer[0], "hi": min(r.exchange_snorer[1], r.hand_size)},
    "exchange_order": lambda r: _("Different exchange order."),
    "draw_choice": lambda r: _("Draw from the top or the bottom of the stock."),
    "first_trick_order": lambda r: _("Players who came back play first in the first trick."),
    "instant_win": lambda r: _("No instant win.") if not r.instant_win
    else _("Instant win with four of a kind."),
    "failed_collect": lambda r: _("Failed players collect nothing."),
    "penalty_to": lambda r: _("Penalties are paid out to the winners at once."),
    "next_dealer": lambda r: _("The deal passes clockwise.") if r.next_dealer == "clockwise"
    else _("The last snorer deals next."),
    "joker": lambda r: _("The seven of spades is a joker."),
}


def _dark_difference(rules: Rules) -> str:
    """The ``dark`` line of the differences, naming the bid as the table's button and log do: Bulgarian
    wrap and blind frap read "Dark play", Moryak's other bid in Russian and Bulgarian."""
    if not rules.dark:
        return _("No dark play.")
    if rules.dark == "dealer_wrap":
        # Zone 52's and Student's wrap is not played unseen: the dealer takes a trump ace (5.5).
        return _("Wrap: the dealer may take a trump ace and draw a new hand.")
    if rules.dark == "wrap_swap":
        return _("%(wrap)s: swap one of your unseen cards for the trump card.") % {
            "wrap": pgettext("status", "wrap").capitalize()}
    if rules.dark == "blind":
        frap = rules.name in FRAP_FAMILY
        blind = pgettext("status", "blind frap") if frap else pgettext("status", "blind snore")
        return _("%(blind)s: %(snore)s without looking at your cards.") % {
            "blind": blind.capitalize(),
            "snore": pgettext("status", "frap") if frap else pgettext("status", "snore"),
        }
    return _("Dark play before looking at the cards.")


def differences_from_classic(rules: Rules) -> tuple[str, ...]:
    classic = PRESETS["classic"]
    out: list[str] = []
    for f in fields(Rules):
        if f.name in _DIFF_LABELS and getattr(rules, f.name) != getattr(classic, f.name):
            text = _DIFF_LABELS[f.name](rules)
            if text and text not in out:
                out.append(text)
    return tuple(out)


def preset_howto(rules: Rules | str, *, language: str | None = None) -> HowTo:
    """The “how to play” of a preset (or a table's preset with overrides) in ``language``
    (default: the active language)."""
    if isinstance(rules, str):
        rules = PRESETS[rules]
    with translation.override(language or translation.get_language()):
        w = _words(rules)
        sections = (
            _table(rules),
            _antes(rules),
            _statuses(rules, w),
            _exchange(rules, w),
            _play(rules, w),
            _chips(rules, w),
        )
        summary = ngettext(
            "A trick-taking game for %(min)d–%(max)d players: declare how many tricks you will take, "
            "keep the promise, collect your share of the bank.",
            "A trick-taking game for %(min)d–%(max)d players: declare how many tricks you will take, "
            "keep the promise, collect your share of the bank.",
            rules.max_players,
        ) % {"min": rules.min_players, "max": rules.max_players}
        return HowTo(
            preset=rules.name,
            title=preset_title(rules.name),
            summary=summary,
            sections=sections,
            differences=differences_from_classic(rules),
        )
