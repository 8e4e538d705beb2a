"""House profiles: where the rulebooks differ, each difference is a named option.

The default is ``tda-2025`` (shared/seeds/002, the Poker TDA rules as adopted by the house). Every
option's docstring line names the rule each profile follows. An option nobody's rulebook settles is
still an option, with its default stated (seeds/README.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tablectl.chipread import OPTIONS as CHIP_OPTIONS


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
    # raise"). "double_bet": double the bet faced (001 "Minimum bets and raises").
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
    # Odd chips: to the first winner left of the button, at most one each (002 Rule 21; 000
    # "Split pots" 3-5). No profile differs, named so a house can see it.
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

    def with_options(self, **options: Any) -> HouseProfile:
        """This profile with some options overridden (a setup line's ``options`` object)."""
        unknown = set(options) - set(self.__dataclass_fields__)
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
    ),
    "roberts": HouseProfile(name="roberts", rulebook="004", clock_seconds=70,
                            misdeal_until="two_actions"),
    "home": HouseProfile(name="home", rulebook="003", button="moving", min_bet="home",
                         misdeal_until="first_action", exposed_misdeal="any",
                         boxed_misdeal="one"),
}

# Allowed values of each option, for validating a setup's overrides. The options the chip rules
# share with the engine (raise threshold, minimum raise, minimum bet) have their values in chipread.
CHOICES: dict[str, tuple[str, ...]] = {
    **{key: CHIP_OPTIONS[key] for key in ("min_raise", "raise_threshold", "min_bet")},
    "button": ("dead", "moving"),
    "dead_button": ("empty_seat", "stays"),
    "reopen": ("full_raise", "more_than_half"),
    "bb_ante_short": ("blind_first", "ante_first"),
    "odd_chip": ("left_of_button",),
    "misdeal_until": ("substantial_action", "two_actions", "first_action"),
    "exposed_misdeal": ("first_two_or_two", "any"),
    "boxed_misdeal": ("two", "one"),
    "premature_card": ("reshuffle_stub", "next_cards"),
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
    for key, value in options.items():
        allowed = CHOICES.get(key)
        if allowed is not None and value not in allowed:
            raise ValueError(f"house option {key}={value!r}: choose one of {', '.join(allowed)}")
    return profile.with_options(**options)
