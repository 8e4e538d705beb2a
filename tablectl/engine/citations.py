"""Which rule a ruling cites, per house profile: one table keyed by rule topic.

A profile cites its own rulebook where that text states the rule the engine applied (wfp: 001,
then 000, its edition of Robert's Rules; roberts: 004; home: 003). Where the profile's rulebook
has nothing on the topic, or says something the engine does not apply, the house default 002 is
cited: the TDA text wins when a profile does not say (seeds/README.md). A topic tied to a house
option carries the option's value in its name (``undercall.make_correct``), so a profile that
overrides the option cites the rule of the value it uses.
"""

from __future__ import annotations

from tablectl.engine.profiles import HouseProfile

# topic -> its citations, by rulebook. Only texts that state what the engine rules are listed.
_CITATIONS: dict[str, tuple[str, ...]] = {
    # A verbal declaration in turn binds (002 Rules 41-A, 44-A; Robert's: "If in turn you
    # verbally declare a fold, check, bet, call, or raise, you are forced to take that action").
    "declared": (
        "002 Rule 41-A",
        "004 Betting and Raising 8",
        "000 Betting & Raising 5",
        "003 Betting and Raising 5",
    ),
    "declared_call": (
        "002 Rule 44-A",
        "004 Betting and Raising 8",
        "000 Betting & Raising 5",
        "003 Betting and Raising 5",
    ),
    # "Raise, X" is a total of X (002 Rule 48-B; 001: "Saying 'Raise, X' is equivalent to
    # 'Raise to X'").
    "raise_total": ("002 Rule 48-B", "001 Raises & Bets"),
    # A bet or raise under the minimum is brought up to it, unless all-in.
    "underbet": (
        "002 Rule 45-A",
        "004 Betting and Raising 16",
        "000 Betting & Raising 16",
        "003 Betting and Raising 12",
    ),
    # One chip facing a bet is a call; not facing one, a bet of the chip's value (002 Rule 49).
    "overchip_call": (
        "002 Rule 49",
        "001 Single Chip Bet",
        "004 Betting and Raising 15",
        "000 Betting & Raising 15",
    ),
    "overchip_bet": ("002 Rule 49", "001 Single Chip Bet"),
    # Every chip needed is a call (002 Rule 50-A; 001 "Multiple Chips Bet": two 500s facing a
    # 550 all-in are a call).
    "every_chip": ("002 Rule 50-A", "001 Multiple Chips Bet"),
    # A second motion is a string bet (002 Rule 56).
    "string_bet": (
        "002 Rule 56",
        "001 String Bet",
        "004 Betting and Raising 14",
        "000 Betting & Raising 14",
        "003 Betting and Raising 6",
    ),
    # An out-of-turn fold binds (002 Rules 42-A, 58; 001: "an out of turn (OOT) folded hand will
    # be mucked immediately").
    "oot_fold": ("002 Rule 42-A", "001 Act in Turn, Know the Blinds"),
    # A seat that already acted and faces less than a full raise may not raise.
    "reopen.full_raise": ("002 Rule 52-A", "003 Betting and Raising 14"),
    "reopen.more_than_half": ("001 Re-raise after an All-in Partial Raise",),
    # Undercalls (house option ``undercall``).
    "undercall.tda_44b": ("002 Rule 44-B",),
    "undercall.make_correct": (
        "004 Betting and Raising 13",
        "000 Betting & Raising 9",
    ),
    # Several chips by amount only (house option ``multi_chip``).
    "multi_chip.amount_only": (
        "004 Betting and Raising 14",
        "000 Betting & Raising 14",
    ),
    # The silent-raise threshold (house option ``raise_threshold``).
    "raise_threshold.at_least_half": ("002 Rule 48-A",),
    "raise_threshold.more_than_half": ("001 More Than Half is a Raise",),
    # An unclear declared amount (house option ``unclear_amount``).
    "unclear_amount.pot_57": ("002 Rule 57",),
    "unclear_amount.chip_size": ("001 Vague Bets",),
    # A check out of turn (house option ``oot_check``).
    "oot_check.all_options": ("002 Rule 42-A",),
    "oot_check.no_raise": ("004 Betting and Raising 10", "000 Betting & Raising 7"),
    "oot_check.call_only": ("003 Betting and Raising 9",),
    # A bet out of turn over a check just before it (house option ``oot_bet_after_check``).
    "oot_bet_after_check.stands": ("002 Rule 42-A",),
    "oot_bet_after_check.check": ("003 Betting and Raising 10",),
    # The odd chips of a split pot (house option ``odd_chip``).
    "odd_chip.left_of_button": ("002 Rule 21",),
    "odd_chip.carry": ("003 Ties 3",),
    # Chips out of turn when the skipped seat raises (house option ``oot_bet_raised``).
    "oot_bet_raised.returned": ("002 Rule 42-A",),
    "oot_bet_raised.stands": ("001 Act in Turn, Know the Blinds",),
    # The showdown order (house option ``show_order``).
    "show_order.tda_18a": ("002 Rule 18-A",),
    "show_order.side_pot_first": ("004 The Showdown 7",),
    # The clock (002 Rule 29; 001 "Clock"; 003: facing a bet, one more minute with a ten-second
    # warning). 003 says nothing of a clock not facing a bet: the house default checks the hand.
    "clock": ("002 Rule 29", "001 Clock", "003 Betting & Raising 15"),
    "clock_check": ("002 Rule 29", "001 Clock"),
    # A hand must show all its cards to win (002 Rules 14-A, 16-A: one card that would win).
    "show_all_cards": (
        "002 Rule 14-A",
        "001 Two Cards to Win",
        "004 The Showdown 1",
        "003 The Showdown 1",
    ),
    "show_all_cards.would_win": (
        "002 Rule 16-A",
        "001 Two Cards to Win",
        "004 The Showdown 1",
        "003 The Showdown 1",
    ),
    # A card dealt out of sequence (house option ``deal_sequence``: the whole deal's order).
    "deal_sequence.sequence": (
        "004 Misdeals 1(f)",
        "000 Misdeals 1(f)",
        "003 Misdeals 1(e)",
    ),
    # An extra card to the first player becomes the burn (house option ``extra_card``).
    "extra_card.burn": ("004 Irregularities 11", "000 Irregularities 18"),
    # A joker or scrap dealt is replaced (house option ``scrap_card``).
    "scrap_card.replace": ("004 Irregularities 8", "000 Irregularities 7"),
    # Action items of no nominal value bet at the table (house option ``action_item_bet``).
    "action_item_bet.floor": ("002 RP-20",),
    "action_item_bet.call": ("002 RP-20",),
    "action_item_bet.all-in": ("002 RP-20",),
    # A deck with a card that does not answer is changed (house option ``deck_change``).
    "deck_change.hand_end": ("002 Rule 27", "000 tournament rule 24"),
    "deck_change.push": ("002 Rule 27",),
    # Floor decisions (tablectl/engine/floor.py). The floor's word is final (002 Rule 1). 000
    # Decision-Making 2 says so of WFP management, but the engine also cites 002 Rule 1 for a
    # void console entry under every profile: one citation keeps the two the same.
    "floor": ("002 Rule 1",),
    # A hand killed: no redress, its called bets stay in the pot (002 Rules 14-B, 16, 64-A, 67).
    "floor.kill": ("002 Rule 64-A",),
    # Disputed hands and pots, awarded by the floor (002 Rule 23).
    "floor.award": ("002 Rule 23",),
    # Chips found, forfeited, taken out of play; re-buys and add-ons (002 Rules 62, 63, 65, 67-D,
    # 28): the stack correction cites the rule for the chips it adds or removes.
    "floor.stack_add": ("002 Rule 28",),
    "floor.stack_remove": ("002 Rule 65",),
    "floor.button": ("002 Rule 35-A",),
    "floor.misdeal": ("002 Rule 36-C",),
    "floor.seat": ("002 Rule 10-A",),
    "floor.unseat": ("002 Rule 11-A",),
}
# topic -> {rulebook: citation}: a citation's first three characters name its rulebook
RULES: dict[str, dict[str, str]] = {
    topic: {c[:3]: c for c in citations} for topic, citations in _CITATIONS.items()
}


def books(profile: HouseProfile) -> tuple[str, ...]:
    """The rulebooks a profile cites, own first, then the house default 002, then its edition
    of Robert's Rules (for a Robert's option a house chose on another profile)."""
    own = {"001": ("001", profile.roberts_edition), "004": (profile.roberts_edition,)}
    return (*own.get(profile.rulebook, (profile.rulebook,)), "002", profile.roberts_edition)


# cite's answers by (rulebook, Robert's edition, topic), the only parts of a profile it reads:
# chip readings and rulings cite on every action (a few dozen keys in all)
_CITED: dict[tuple[str, str, str], str] = {}


def cite(profile: HouseProfile, topic: str) -> str:
    """The citation for ``topic`` under ``profile`` (see :data:`RULES`)."""
    key = (profile.rulebook, profile.roberts_edition, topic)
    cited = _CITED.get(key)
    if cited is None:
        entry = RULES[topic]
        first = next(iter(entry.values()))  # no book of the profile states it
        cited = _CITED[key] = next((entry[b] for b in books(profile) if b in entry), first)
    return cited


def option(profile: HouseProfile, name: str) -> str:
    """The citation for the value the profile gives house option ``name``."""
    return cite(profile, f"{name}.{getattr(profile, name)}")
