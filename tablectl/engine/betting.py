"""One betting round: the bet to call, the minimum raise, and who may still raise.

Kept apart from the hand flow so each house option (profiles.py) is one branch here:
- ``largest_increment`` (002 Rule 48): a raise is at least the largest prior full bet or raise
  of the street; a short all-in moves the bet but not the minimum increment (002 Rule 52-A).
- ``min_bet`` (002 Rule 48; 003 rule 15): the minimum opening bet of a street.
- ``double_bet`` (001 "Minimum bets and raises"): a raise is to at least double the last full
  bet; an all-in of more than half a raise counts as a raise (001 "Re-raise after an All-in
  Partial Raise").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tablectl.engine.profiles import HouseProfile


@dataclass(slots=True)
class Round:
    """Betting state of the current street. Written by betting.py (its own methods), flow.py
    and folds.py (an undercaller's fold)."""

    min_bet: int  # the minimum opening bet this street
    current_bet: int = 0  # the highest total bet this street: what a call must reach
    last_full_raise: int = 0  # largest full bet/raise increment (002 Rule 48)
    full_level: int = 0  # total of the last full bet or raise (double_bet profiles)
    bets: dict[int, int] = field(default_factory=dict)  # each seat's total bet this street
    # seat -> (bet it faced after acting, the raise increment then): who may re-raise (Rule 52)
    acted: dict[int, tuple[int, int]] = field(default_factory=dict)
    aggressor: int | None = None  # last seat to bet or raise a full amount this street
    increases: int = 0  # times the bet to call went up this street (bets, raises, all-ins)
    previous_bet: int | None = None  # the bet to call before the latest increase
    # (current_bet, last_full_raise, full_level, aggressor, previous_bet) before the latest
    # increase: what a killed hand's uncalled raise gives back (002 Rules 48, 64-A)
    before_increase: tuple[int, int, int, int | None, int | None] | None = None

    @classmethod
    def preflop(cls, big_blind: int, min_bet: int) -> Round:
        """Pre-flop the big blind is the bet to call even when posted short (000 "Betting" 1-2);
        the minimum raise is the minimum bet (the big blind; the small blind at home, 003)."""
        return cls(
            min_bet=min_bet,
            current_bet=big_blind,
            last_full_raise=min_bet,
            full_level=big_blind,
        )

    @classmethod
    def postflop(cls, min_bet: int) -> Round:
        return cls(min_bet=min_bet, last_full_raise=min_bet)

    def to_call(self, seat: int) -> int:
        owed = self.current_bet - self.bets.get(seat, 0)
        return owed if owed > 0 else 0

    def min_raise_to(self, profile: HouseProfile) -> int:
        """The smallest legal bet or raise total this street (002 Rule 48; 001 minimums)."""
        if profile.min_raise == "double_bet":
            return max(2 * self.full_level, self.current_bet + 1, self.min_bet)
        return self.current_bet + self.last_full_raise

    def is_full(self, to: int, profile: HouseProfile) -> bool:
        """Whether a bet or raise to ``to`` is a full one (it re-opens the betting)."""
        if profile.min_raise == "double_bet":
            base = max(self.full_level, self.min_bet)
            return (to - self.full_level) * 2 > base
        return to - self.current_bet >= self.last_full_raise

    def record(self, seat: int, to: int, profile: HouseProfile) -> bool:
        """Record ``seat``'s action leaving ``to`` in front of it; True if it was a full raise."""
        full = False
        double = profile.min_raise == "double_bet"
        if to > self.current_bet:
            self.before_increase = (
                self.current_bet,
                self.last_full_raise,
                self.full_level,
                self.aggressor,
                self.previous_bet,
            )
            full = self.is_full(to, profile)
            if full:
                self.last_full_raise = max(to - self.current_bet, self.last_full_raise)
                self.full_level = max(to, self.min_bet) if double else to
            self.aggressor = seat  # a short all-in raise is aggression too (002 Rule 18-A)
            self.previous_bet = self.current_bet
            self.current_bet = to
            self.increases += 1
        self.bets[seat] = to
        # _increment inline (every action): the increment a re-raise must face (Rule 52)
        if double:
            increment = self.full_level if self.full_level > self.min_bet else self.min_bet
        else:
            increment = self.last_full_raise
        self.acted[seat] = (self.current_bet, increment)
        return full

    def stand(self, seat: int, to: int) -> None:
        """Chips that stand in ``seat``'s bet, ``to`` in all, without being its action: it has
        still to act on the bet (001 Act in Turn: chips out of turn that stand when the skipped
        seat raised)."""
        self.bets[seat] = to

    def take_back_increase(self, live: int) -> None:
        """The latest increase was an uncalled raise of a hand now mucked or killed: its uncalled
        part went back, the bet to call falls to ``live``, and the last full bet or raise before
        it stands as the increment a raise must add (002 Rules 48-A, 64-A: "the largest prior
        full bet or raise of the current betting round"; the returned raise is no prior bet)."""
        before = self.before_increase
        self.before_increase = None
        if before is None or before[0] != live:
            # the live bet is no level this round's record holds (a short all-in call of the
            # killed raise): the minimum bet is the least a raise may add (002 Rule 48)
            self.current_bet = self.full_level = live
            self.last_full_raise = self.min_bet
            self.aggressor = self.previous_bet = None
            return
        (
            self.current_bet,
            self.last_full_raise,
            self.full_level,
            self.aggressor,
            self.previous_bet,
        ) = before
        self.increases -= 1

    def reopened_for(self, seat: int, profile: HouseProfile) -> bool:
        """Whether ``seat`` may raise: it has not acted, or it now faces at least a full raise
        since it did, short all-ins counting together (002 Rule 52-A), or more than half a raise
        (001 "Re-raise after an All-in Partial Raise")."""
        if seat not in self.acted:
            return True
        level, increment = self.acted[seat]
        faced = self.current_bet - level
        if profile.reopen == "more_than_half":
            return faced * 2 > increment
        return faced >= increment


def min_bet_for(profile: HouseProfile, blinds: tuple[int, int], street: str, unit: int) -> int:
    """The minimum opening bet: the big blind (002 Rule 48), or by street at home (003 rule 15:
    the small blind pre-flop and on the flop, the big blind on the turn and river)."""
    sb, bb = blinds
    if profile.min_bet == "home" and street in ("preflop", "flop"):
        return max(sb, unit)
    return bb
