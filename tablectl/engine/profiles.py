"""House profiles: where the rulebooks differ, each difference is a named option.

The default is ``tda-2025`` (shared/seeds/002, the Poker TDA rules as adopted by the house). Every
option's docstring line names the rule each profile follows. An option nobody's rulebook settles is
still an option, with its default stated (seeds/README.md).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

# Each option's allowed values, first = the default (the TDA reading, 002).
CHOICES: dict[str, tuple[str, ...]] = {
    "button": ("dead", "moving"),
    "dead_button": ("empty_seat", "stays"),
    "min_raise": ("largest_increment", "double_bet"),
    "reopen": ("full_raise", "more_than_half"),
    "raise_threshold": ("at_least_half", "more_than_half"),
    "min_bet": ("big_blind", "home"),
    "bb_ante_short": ("blind_first", "ante_first"),
    "odd_chip": ("left_of_button", "carry"),
    "misdeal_until": ("substantial_action", "two_actions", "first_action"),
    "exposed_misdeal": ("first_two_or_two", "any"),
    "boxed_misdeal": ("two", "one"),
    "premature_card": ("reshuffle_stub", "next_cards"),
    "overchip_declared_no_amount": ("max_for_chip", "min_raise"),
    "multi_chip": ("every_chip_needed", "amount_only"),
    "undercall": ("tda_44b", "make_correct"),
    "unclear_amount": ("pot_57", "chip_size"),
    "blind_chips": ("tda_51", "call_returned"),
    "roberts_edition": ("004", "000"),
    "oot_check": ("all_options", "no_raise", "call_only"),
    "oot_bet_after_check": ("stands", "check"),
    "oot_bet_raised": ("returned", "stands"),
    "show_order": ("tda_18a", "side_pot_first"),
    "clock": ("tda_29", "wfp_dead"),
    "bb_option_fold": ("binding", "returned"),
    "extra_card": ("misdeal", "burn"),
    "scrap_card": ("misdeal", "replace"),
    "deal_sequence": ("first_card", "sequence"),
    "moved_sb": ("sb", "sb_and_bb"),
    "action_item_bet": ("floor", "call", "all-in"),
    "deck_change": ("hand_end", "push"),
}


@dataclass(frozen=True, slots=True)
class HouseProfile:
    name: str
    rulebook: str  # the seed file prefix cited in rulings: "002", "001", "004", "003"

    # Button movement. "dead": the big blind always moves one player on and the button and small
    # blind follow it, even onto an empty seat (002 Rule 33; 001 "Blinds"; 000 rule 25).
    # "moving": the button always moves to the next player (003 "Button and blind use").
    button: str = "dead"
    # With a dead button, where the button sits when last hand's small blind is gone: on the empty
    # seat (002 Rule 33, "dead button") or "stays" where it was (001 "Blinds": "If the small blind
    # is eliminated, the button will remain in place").
    dead_button: str = "empty_seat"

    # Minimum raise. "largest_increment": at least the largest prior full bet or raise of the
    # street (002 Rule 48; 004/000 "raises must be equal to or greater than the previous bet or
    # raise"). "double_bet": double the last full bet (001 "Minimum bets and raises"; after 400
    # and a 600 all-in that is not more than half a raise, "the minimum raise is still 800").
    min_raise: str = "largest_increment"
    # What re-opens betting for a seat that has acted: facing at least a full raise, cumulative
    # short all-ins included (002 Rule 52-A), or an all-in "more than half" of a raise
    # (001 "Re-raise after an All-in Partial Raise").
    reopen: str = "full_raise"
    # The silent-raise threshold: "at_least_half" (002 Rule 48-A: 50% or more of a raise is a
    # raise) or "more_than_half" (001 "More Than Half is a Raise": exactly half is a call).
    raise_threshold: str = "at_least_half"
    # The minimum opening bet: "big_blind" (002 Rule 48; 001; 000 "minimum bet size is the
    # bring-in") or "home" (003 rule 15: the small blind pre-flop and on the flop, the big blind on
    # the turn and river).
    min_bet: str = "big_blind"
    # A big blind too short for both blind and big blind ante pays which first. No seed settles it
    # (seeds/README.md); default "blind_first", the TDA practice: the blind is live money.
    bb_ante_short: str = "blind_first"
    # Seconds a player on the clock has: 002 Rule 29 (25 s plus a 5 s countdown), 001's 30 s,
    # Robert's one minute plus ten seconds.
    clock_seconds: int = 30
    # What the end of the clock does. "tda_29" (002 Rule 29): a tie goes to the player; facing a
    # bet the hand is dead, otherwise checked. "wfp_dead" (001 "Clock"): the hand is dead when
    # the dealer says "dead", even with an action at that moment, facing a bet or not; "raise"
    # said without an amount is a minimum raise.
    clock: str = "tda_29"
    # Seconds before the end when the dealer warns the player (0: none): 003 Betting & Raising
    # 15's ten-second warning.
    clock_warning: int = 0
    # Odd chips of a split pot: to the winners one each from the first left of the button
    # ("left_of_button": 002 Rule 21; 000 "Split pots" 3-5), or "carry": left in the pot for the
    # next hand (003 Ties 3: "An odd chip will be broken down to the smallest unit used in the
    # game. If it cannot be, it will be left in the pot").
    odd_chip: str = "left_of_button"

    # Card irregularities (dealing.py, cards.py).
    # Until when a dealing error is a misdeal: "substantial_action" (002 Rules 36-D, 37),
    # "two_actions" (000 and 004 Misdeals 1-2: two players acted after the blinds) or
    # "first_action" (003 Misdeals 1: before one player has acted).
    misdeal_until: str = "substantial_action"
    # Exposed hole cards that make a misdeal: "first_two_or_two" (002 Rule 36-A(7), 000
    # Irregularities 17: the first or second card, or any two) or "any" (003 Misdeals 1(a):
    # one or more cards exposed by the dealer before the flop).
    exposed_misdeal: str = "first_two_or_two"
    # Boxed cards on the initial deal that make a misdeal: "two" (002 Rule 36-A(1), 000 and 004
    # Misdeals 1(c)) or "one" (003 Misdeals 1(b)).
    boxed_misdeal: str = "two"
    # A board card dealt before the betting closed: "reshuffle_stub" (002 RP-5, 000 Irregularities
    # 22: the premature cards go back into the stub, reshuffled, re-dealt without another burn)
    # or "next_cards" (001 "Premature Flop, Turn or River": burn the next street's burn and use
    # the next cards; the following street has no burn).
    premature_card: str = "reshuffle_stub"
    # A fold by the big blind on its option (or before any action): "binding" (002 Rule 58) or
    # "returned" (001 "Unintentional Folds": its cards are returned, it keeps its option).
    bb_option_fold: str = "binding"
    # One extra card dealt in sequence to the first player after the starting hands, before any
    # action: a "misdeal" (002 Rule 36-A(5), 003 Misdeals 1(c)) or the "burn" (000 Irregularities
    # 10 and 18, 004 Irregularities 11); a second extra card is a misdeal under both.
    extra_card: str = "misdeal"
    # A non-standard card (joker) in a hand before substantial action: a "misdeal" (002 Rule
    # 36-A(6)) or a scrap of paper "replace"d by the next card, dead if acted on (000 Irr 7).
    scrap_card: str = "misdeal"
    # Which hole-card reads are held to the dealing order: only the "first_card" (002 Rule
    # 36-A(2); 36-B lets the button take two in a row), or the whole "sequence" (004 and 000
    # Misdeals 1(f), 003 Misdeals 1(e)) up to one place of read jitter (scenario-extensions.md).
    deal_sequence: str = "first_card"
    # Moving button, the upcoming small blind eliminated: the next player posts the "sb" only,
    # or "sb_and_bb" (003 Button and blind use 5: the small blind dead, the big blind live).
    moved_sb: str = "sb"
    # When a deck with a card tag that does not answer is changed: at the "hand_end" (000
    # tournament rule 24: "changed only when dealers change, unless a card is damaged"; 002
    # Rule 27's "as prescribed by the house") or at the next dealer "push" or level change
    # (002 Rule 27's own times; the table asks about the dead card's seat until then).
    deck_change: str = "hand_end"

    # Chip reading (chipread.py, docs/chip-reading.md).
    # 002 Rule 49: "raise" declared, single overchip, no amount -> the most the chip allows.
    # Rulebooks are silent beyond that; "min_raise" is the other common house choice.
    overchip_declared_no_amount: str = "max_for_chip"
    # 002 Rule 50: a multiple-chip push is a call if every chip is needed; Robert's Rules
    # (004 Betting and Raising 14, 000 Betting & Raising 14): "a full bet plus a half-bet or more"
    # is a raise, whatever the chips.
    multi_chip: str = "every_chip_needed"
    # 002 Rule 44-B: undercalls are full calls heads-up or against the opening bet, else the TD
    # decides; Robert's Rules (004 Betting and Raising 13, 000 Betting & Raising 9): a call by
    # released chips must be made correct, unless the caller was unaware of a raise.
    undercall: str = "tda_44b"
    # 002 Rule 57: an amount with several legal meanings is the highest not above the pot;
    # 001 "Vague Bets": the chips put out decide between hundreds and thousands.
    unclear_amount: str = "pot_57"
    # 002 Rule 51-C: chips added to a blind that covers the call are one multiple-chip bet;
    # 001 "Blind Bets": a blind who adds what would otherwise be a call has called (or checked),
    # the extra chips are returned.
    blind_chips: str = "tda_51"
    # Which edition of Robert's Rules the profile cites for its Robert's options.
    roberts_edition: str = "004"
    # A check out of turn when the action then changes: "all_options" (002 Rule 42-A), "no_raise"
    # (004 Betting and Raising 10, 000 Betting & Raising 7: no bet or raise on the next turn) or
    # "call_only" (003 Betting and Raising 9: must call the bet made in turn, no raise or fold).
    oot_check: str = "all_options"
    # A bet or raise out of turn when the player in turn just before it checks: "stands" (002
    # Rule 42-A: the action did not change) or "check" (003 Betting and Raising 10: the player
    # acting out of turn must also check; the chips go back).
    oot_bet_after_check: str = "stands"
    # Chips bet or raised out of turn when a seat before it (the skipped seat) then raises:
    # "returned" (002 Rule 42-A: the action changed, the chips go back, all options) or "stands"
    # (001 Act in Turn: "If the skipped player makes a raise, the OOT action will stand. I.E. The
    # OOT player can call the raise, or re-raise, but if he chooses to fold, the chips put in
    # will remain in the pot").
    oot_bet_raised: str = "returned"
    # Who shows first at showdown: "tda_18a" (002 Rule 18-A: the last aggressor on the river,
    # else the first seat left of the button) or "side_pot_first" (004 The Showdown 7: the same
    # among the players in the side pot, before anyone all-in for the main pot only).
    show_order: str = "tda_18a"
    # A bounty chip, clock token or other action item of no nominal value pushed alone by the
    # seat in turn (002 RP-20: "interpreted per house policy or Rule 1 and may be ruled a call or
    # all-in at TDs discretion"): "floor" (002 Rule 1, the default: the floor is asked, nothing is
    # ruled on the item), or the house policy "call" or "all-in".
    action_item_bet: str = "floor"

    def __post_init__(self) -> None:
        # An unknown value fails when the profile is built (configuration time), never mid-hand.
        for f in fields(self):
            allowed = CHOICES.get(f.name)
            value = getattr(self, f.name)
            if allowed is not None and value not in allowed:
                raise ValueError(
                    f"house option {f.name}={value!r}: choose one of {', '.join(allowed)}"
                )

    def with_options(self, **options: Any) -> HouseProfile:
        """This profile with some options overridden (a setup line's ``options`` object)."""
        # name and rulebook are the profile's identity (cited in rulings), not options
        unknown = set(options) - (set(self.__dataclass_fields__) - {"name", "rulebook"})
        if unknown:
            raise ValueError(f"unknown house option(s): {', '.join(sorted(unknown))}")
        return replace(self, **options)


PROFILES: dict[str, HouseProfile] = {
    "tda-2025": HouseProfile(name="tda-2025", rulebook="002"),
    "wfp": HouseProfile(
        name="wfp",
        rulebook="001",
        dead_button="stays",
        min_raise="double_bet",
        reopen="more_than_half",
        raise_threshold="more_than_half",
        clock_seconds=30,
        misdeal_until="two_actions",
        premature_card="next_cards",
        undercall="make_correct",
        unclear_amount="chip_size",
        blind_chips="call_returned",
        roberts_edition="000",
        oot_check="no_raise",
        oot_bet_raised="stands",
        clock="wfp_dead",
        bb_option_fold="returned",
        extra_card="burn",
        scrap_card="replace",
        deal_sequence="sequence",
    ),
    "roberts": HouseProfile(
        name="roberts",
        rulebook="004",
        show_order="side_pot_first",
        clock_seconds=70,
        misdeal_until="two_actions",
        multi_chip="amount_only",
        undercall="make_correct",
        oot_check="no_raise",
        extra_card="burn",
        scrap_card="replace",
        deal_sequence="sequence",
    ),
    "home": HouseProfile(
        name="home",
        rulebook="003",
        button="moving",
        min_bet="home",
        misdeal_until="first_action",
        exposed_misdeal="any",
        boxed_misdeal="one",
        oot_check="call_only",
        oot_bet_after_check="check",
        odd_chip="carry",
        clock_seconds=60,
        clock_warning=10,
        deal_sequence="sequence",
        moved_sb="sb_and_bb",
    ),
}


def profile_for(name: str, options: dict[str, Any] | None = None) -> HouseProfile:
    """The named house profile, with a setup's option overrides applied and checked."""
    try:
        profile = PROFILES[name]
    except KeyError:
        known = ", ".join(PROFILES)
        raise ValueError(f"unknown house profile {name!r} (known: {known})") from None
    if not options:
        return profile
    try:
        # the types too: 1 and True are equal keys, and the profile keeps the value given (the
        # options in the order given: another order is another key for an equal profile)
        key = (name, tuple(options.items()), tuple(map(type, options.values())))
        cached = _WITH_OPTIONS.get(key)
    except TypeError:  # an unhashable option value: with_options names what is wrong with it
        return profile.with_options(**options)
    if cached is None:
        # profiles are frozen, so one per (profile, options) serves every table (issue 14:
        # building and checking it cost 30-60 µs a Table)
        if len(_WITH_OPTIONS) >= 256:
            _WITH_OPTIONS.clear()
        cached = _WITH_OPTIONS[key] = profile.with_options(**options)
    return cached


_WITH_OPTIONS: dict[tuple[Any, ...], HouseProfile] = {}


TDA = PROFILES["tda-2025"]
