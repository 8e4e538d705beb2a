"""Chip reading: what chips pushed into a bet zone mean, ruled as a floor person would.

002 Rules 41-52, 57 and 61 (with the Illustration Addendum) are the default; where another house
profile's rulebook differs, the difference is a named option of the house profile
(:class:`~tablectl.engine.profiles.HouseProfile`, one table for the engine and the chip rules). The
module is pure: the engine describes the moment in a :class:`BetSituation`, calls
:func:`read_push` with the chips seen, and applies the :class:`Reading` it gets back.

Amounts are street totals unless said otherwise: ``to`` is the seat's whole bet this street after
the ruling, so a seat's chips in the zone after the dealer acts are ``to`` (``owes`` is added,
``returned`` handed back).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from tablectl.engine.citations import cite, option
from tablectl.engine.outputs import Ruled
from tablectl.engine.profiles import TDA, HouseProfile
from tablectl.engine.records import record

SAYS = ("fold", "check", "call", "bet", "raise", "all-in")
# What the engine declares to chip reading (declarations.on_declare): "check" and "call" it
# rules itself (002 Rules 44-A, 41-A); "fold" only when pulled-back chips may bind a call
# (002 Rule 51-B).
DECLARED = ("fold", "bet", "raise", "all-in")


@record
class Declaration:
    """A verbal declaration made before the chips (002 Rule 41-A: whichever is first defines the
    bet). ``say`` is one of :data:`DECLARED` (anything else reads as silent). ``amount``: with
    ``raise`` the total bet (002 Rule 48-B); with ``bet`` the chips to put out now, the same as
    pushing that amount (002 Rule 41-C)."""

    say: str
    amount: int | None = None


@record
class BetSituation:
    """Everything a chip ruling depends on, computed by the engine for the seat in turn.

    ``stack`` is what the seat owns beyond ``seat_bet``: chips behind, plus any change still lying
    in its zone (a 1,000 chip posted for a 100 blind leaves 900 of it uncommitted).
    ``pot`` is the pot before this action including bets not yet pulled in (002 Rule 57).
    ``previous_bet`` is the bet level before the last raise, the amount an undercaller most likely
    meant to call (002 Rule 44 Addendum Ex. 4); if ``None``, ``current_bet - last_full_raise``.
    ``posted_blind`` is the blind this seat posted this street, for the wfp "Blind Bets" option.
    ``unit``: a declared number below it (and below the legal minimum) is shorthand for hundreds or
    thousands (002 Rule 57); 0 means the smallest chip in play.
    ``barred`` is the rule that bars this seat from betting or raising on this turn (a check out of
    turn, 004 Betting and Raising 10), or empty.
    ``undercaller`` is the seat whose earlier undercall this round is still uncorrected, if any
    (002 Rule 44-C).
    """

    current_bet: int
    seat_bet: int
    stack: int
    min_raise_to: int
    can_raise: bool = True
    min_bet: int = 0
    last_full_raise: int = 0
    is_opening_bet: bool = False
    heads_up: bool = False
    chips: tuple[int, ...] = ()
    declared: Declaration | None = None
    profile: HouseProfile = field(default=TDA)
    pot: int = 0
    previous_bet: int | None = None
    posted_blind: int = 0
    unit: int = 0
    barred: str = ""
    undercaller: int | None = None


@record
class Reading(Ruled):
    """The ruling on one push, before it is a seat's: a :class:`Ruled` (``to`` the seat's total
    bet this street after the ruling; ``owes`` chips still to add, ``returned`` chips handed
    back, never both). ``alert`` names a contract alert kind when the dealer or floor must decide
    something; ``forfeit`` is, for an ``undercall`` alert, the total the seat leaves in the pot if
    the floor lets it fold. ``undercall``: the ruling is on an undercall (002 Rule 44), whatever
    the profile's remedy."""

    alert: str | None = None
    forfeit: int = 0
    undercall: bool = False


# --------------------------------------------------------------------------- reading


def _n(value: object) -> int:
    """An amount from the engine as a non-negative int (garbage counts as 0, never raises)."""
    if type(value) is int:  # the engine's amounts: the usual case, one test
        return value if value > 0 else 0
    if isinstance(value, bool) or not isinstance(value, int):
        return 0
    return max(value, 0)


def _chip_values(chips: object) -> list[int]:
    """Positive int chip values; anything else is not a chip."""
    if not isinstance(chips, (list, tuple)) or not chips:  # often no chips (no list to build)
        return []
    for c in chips:  # the usual chips: every one a positive int (a bool is no int here)
        if type(c) is not int or c <= 0:
            break
    else:
        return list(chips)
    return [c for c in chips if isinstance(c, int) and not isinstance(c, bool) and c > 0]


# The last chip set read and its denominations: a table's chip set is one tuple all session
# and every reading needs it as a set. A tuple cannot change, so the same object is the same
# chips (a list can: it is read anew each time).
_last_chips: tuple[object, frozenset[int]] = ((), frozenset())


def _denominations(chips: object) -> frozenset[int]:
    """The chip values in play (``BetSituation.chips`` as a set; empty: no chip set)."""
    global _last_chips
    if chips is _last_chips[0]:
        return _last_chips[1]
    values = frozenset(_chip_values(chips))
    if type(chips) is tuple:
        _last_chips = (chips, values)
    return values


def _money(n: int) -> str:
    return f"{n:,}"


@dataclass(slots=True)
class _Ctx:
    """The normalized moment: totals, the zone's chips, and the profile."""

    rules: HouseProfile
    cur: int  # current bet (at least the seat's own bet)
    seat: int  # seat_bet
    cap: int  # seat_bet + stack: the most the seat can have in this street
    mrt: int  # min raise total, above cur
    min_bet: int
    can_raise: bool
    new: list[int]  # chips pushed now (that play)
    left: list[int]  # prior chips still in the zone
    prior_total: int
    pulled: int  # value of prior chips pulled back
    zone: int  # value now in the zone
    sit: BetSituation
    dead: int = 0  # value of chips of no denomination in play (they do not play)
    garbage: bool = False  # readings that were not chip values at all

    @property
    def facing(self) -> bool:
        return self.cur > self.seat

    @property
    def call_to(self) -> int:
        return min(self.cur, self.cap)

    def cite(self, topic: str) -> str:
        """This profile's citation for ``topic`` (citations.py)."""
        return cite(self.rules, topic)

    def option(self, name: str) -> str:
        """This profile's citation for the value of house option ``name`` (citations.py)."""
        return option(self.rules, name)


def read_push(
    sit: BetSituation,
    pushed: Sequence[int],
    prior: Sequence[int] = (),
    pulled_back: Sequence[int] = (),
) -> Reading:
    """Rule what ``pushed`` (chips moved into the bet zone in one motion) means.

    ``prior`` are chips already in the zone from an earlier action this street (a blind, an earlier
    bet); ``pulled_back`` those of them the seat took back before pushing (002 Rule 51). A
    declaration made before the chips is ``sit.declared``. With no chips and a declaration, the
    declaration alone is ruled (the chips that follow settle ``owes``).

    Guarantees (tested as properties): ``seat_bet <= to <= seat_bet + stack`` (a fold leaves
    ``to == seat_bet``); a ruling that leaves nothing behind is ``all-in``; silently pushing exactly
    the call is a call; ``owes`` and ``returned`` are never both set unless chips that do not play
    come back. Pushing all one's chips is all-in *unless* every chip is needed to call (002 Rule
    50-A Ex-2), it is one overchip (49), or betting is not re-opened (52-A): those are calls.
    Never raises: impossible input (chips the seat does not own, values not in play) is read as
    far as it goes and flagged with a ``chips_unknown`` alert.
    """
    try:
        return _read(sit, pushed, prior, pulled_back)
    except Exception as exc:  # a ruling must always come back; the floor takes over
        return _unreadable(sit, "Chips could not be read", exc)


def _unreadable(sit: object, what: str, exc: Exception) -> Reading:
    """The floor takes over a reading that failed (002 Rule 1): no action, the seat in turn."""
    return Reading(
        "check",
        _n(getattr(sit, "seat_bet", 0)),
        rule="002 Rule 1",
        alert="action_void",
        text=f"{what} ({type(exc).__name__}): call the floor (002 Rule 1).",
    )


# An action item (bounty chip, clock token: a tag enrolled with no nominal value) in a chip list.
ITEM = 0


def read_item(sit: BetSituation) -> Reading:
    """An action item pushed alone by the seat in turn (002 RP-20: "Betting with these items will
    be interpreted per house policy or Rule 1 and may be ruled a call or all-in at TDs
    discretion"), ruled by house option ``action_item_bet``: ``floor`` asks the floor and rules
    nothing (an ``action_item`` alert, the seat still in turn); ``call`` and ``all-in`` rule the
    house policy, the chips still to put out ``owes``. The item itself never plays: handed back."""
    try:
        ctx = _context(sit, (), (), ())
        policy = ctx.rules.action_item_bet
        rule = ctx.option("action_item_bet")
        said = "An action item (bounty chip, clock token) of no nominal value pushed alone"
        if policy == "floor":
            return Reading(
                "check",
                ctx.seat,
                rule=rule,
                alert="action_item",
                text=f"{said}: the floor decides whether it is a call or an all-in ({rule}; "
                "002 Rule 1); hand the item back. The seat is still in turn: enter the "
                "floor's decision as its declaration.",
            )
        if policy == "all-in":
            r = _declared_all_in(ctx)
            if r.action == "all-in":
                r = Reading(
                    "all-in",
                    ctx.cap,
                    rule=rule,
                    text=f"{said}: all-in for {_money(ctx.cap)} by house policy ({rule}).",
                )
            else:
                r = replace(r, text=f"{said}, ruled all-in by house policy ({rule}). {r.text}")
        else:
            to = ctx.call_to
            verb = f"a call of {_money(to)}" if ctx.facing else "a check"
            r = Reading("call", to, rule=rule, text=f"{said}: {verb} by house policy ({rule}).")
        r = _finish(ctx, r, 0)
        return replace(r, text=r.text + " Hand the item back: it does not play.")
    except Exception as exc:  # a ruling must always come back; the floor takes over
        return _unreadable(sit, "An action item could not be ruled", exc)


def _context(sit: BetSituation, pushed: object, prior: object, pulled_back: object) -> _Ctx:
    rules = sit.profile if isinstance(sit.profile, HouseProfile) else TDA
    seat = _n(sit.seat_bet)
    cur = max(_n(sit.current_bet), seat)
    cap = seat + _n(sit.stack)
    min_bet = _n(sit.min_bet)
    # A raise must add something; guard against an engine that passes a minimum at or below cur.
    mrt = max(_n(sit.min_raise_to), cur + max(min_bet, 1))

    raw = _chip_values(pushed)
    denoms = _denominations(sit.chips)
    new = [c for c in raw if c in denoms] if denoms else raw
    dead = sum(raw) - sum(new)  # chips of no denomination in play (none without a chip set)
    garbage = isinstance(pushed, (list, tuple)) and len(raw) != len(pushed)

    prior_chips = _chip_values(prior)
    prior_total = sum(prior_chips)
    if prior_total < seat:
        # Committed chips the sensors did not list (or no list given): one lump of their value.
        prior_chips.append(seat - prior_total)
        prior_total = seat
    pulled_chips = _chip_values(pulled_back)
    if pulled_chips:
        left_c = Counter(prior_chips)
        left_c.subtract(Counter(pulled_chips))
        left = sorted(left_c.elements())  # elements() drops counts <= 0: only chips that were there
    else:
        left = sorted(prior_chips)  # the usual case: nothing pulled back (no Counter to build)
    left_total = sum(left)
    return _Ctx(  # the fields in their order, positionally (no kwargs to bind: every reading)
        rules,  # rules
        cur,  # cur
        seat,  # seat
        cap,  # cap
        mrt,  # mrt
        min_bet,  # min_bet
        bool(sit.can_raise) and not sit.barred,  # can_raise
        new,  # new
        left,  # left
        prior_total,  # prior_total
        prior_total - left_total,  # pulled
        left_total + sum(new),  # zone
        sit,  # sit
        dead,  # dead
        garbage,  # garbage
    )


def _read(sit: BetSituation, pushed: object, prior: object, pulled_back: object) -> Reading:
    ctx = _context(sit, pushed, prior, pulled_back)
    over = max(ctx.zone - ctx.cap, 0)
    if over:
        # More in the zone than the seat owns: read what it owns, hand back the rest, and let the
        # floor reconcile the ledger (002 Rule 63).
        ctx.zone = ctx.cap
    return _finish(ctx, _decide(ctx), over)


def _finish(ctx: _Ctx, r: Reading, over: int) -> Reading:
    """Settle owes/returned against the chips in the zone, name all-ins and checks, say what the
    dealer does with the chips, and flag impossible input."""
    to = r.to if r.action == "fold" else min(max(r.to, ctx.seat), ctx.cap)
    owes = max(to - ctx.zone, 0)
    returned = max(ctx.zone - to, 0)
    action = r.action
    if action in ("call", "bet", "raise") and to >= ctx.cap and ctx.cap > ctx.seat:
        action = "all-in"
    if action == "call" and not ctx.facing:
        action = "check"
    text, alert = r.text, r.alert
    if owes:
        text += f" The seat owes {_money(owes)} more."
    elif returned:
        text += f" Return {_money(returned)} to the seat."
    extra = []
    if ctx.dead:
        extra.append(
            f"chips worth {_money(ctx.dead)} are not a denomination in play and do not "
            f"play (004 Betting and Raising 7): hand them back"
        )
    if over:
        extra.append(
            f"{_money(over)} more than the seat owns lies in its zone: hand it back and "
            f"have the floor check the stacks (002 Rule 63)"
        )
    if ctx.garbage:
        extra.append("some readings were not chips and were ignored")
    if extra:
        # Chips that do not play always go back, even when the seat also owes chips.
        returned += ctx.dead + over
        text += f" Also: {'; '.join(extra)}."
        alert = alert or "chips_unknown"
    return Reading(action, to, owes, returned, r.rule, text, alert, r.forfeit, r.undercall)


def _decide(ctx: _Ctx) -> Reading:
    d = ctx.sit.declared
    say = d.say if isinstance(d, Declaration) and d.say in DECLARED else None
    amount = _n(d.amount) if isinstance(d, Declaration) and d.amount is not None else None
    if amount == 0:
        amount = None
    if say == "fold":
        return _fold(ctx)
    if say == "all-in":
        return _declared_all_in(ctx)
    if say == "raise" or (say == "bet" and amount is None and (ctx.facing or ctx.cur > 0)):
        return _declared_raise(ctx, amount)
    if say == "bet" and amount is not None:
        return _declared_amount(ctx, amount)
    # "bet" with no amount and no bet yet: the chips define the bet, as if silent.
    return _silent(ctx)


def _void(ctx: _Ctx, why: str) -> Reading:
    return Reading(
        "check",
        ctx.seat,
        rule="002 Rule 41-A",
        alert="action_void",
        text=f"{why}: the seat must fold, call {_money(ctx.call_to)} or raise; "
        f"the floor rules on unclear action (002 Rule 41-A).",
    )


def _fold(ctx: _Ctx) -> Reading:
    if ctx.pulled and ctx.facing:
        # 002 Rule 51-B: pulling back a prior bet chip facing a raise binds a call or raise.
        to = ctx.call_to
        return Reading(
            "call",
            to,
            rule="002 Rule 51-B",
            text=f"Prior chips were pulled back facing a raise, so the seat may not "
            f"fold: call {_money(to)} (002 Rule 51-B).",
        )
    return Reading("fold", ctx.seat, rule=ctx.cite("declared"), text="Fold declared.")


def _declared_all_in(ctx: _Ctx) -> Reading:
    if (ctx.facing or ctx.cur > 0) and not ctx.can_raise and ctx.cap > ctx.cur:
        return _not_reopened(ctx, "All-in declared")
    return Reading(
        "all-in",
        ctx.cap,
        rule=ctx.cite("declared"),
        text=f"All-in declared: {_money(ctx.cap)} in all.",
    )


def _not_reopened(ctx: _Ctx, what: str) -> Reading:
    to = ctx.call_to
    # the seat may already have the bet in (its chips out of turn after it acted): a check
    then = f"a call of {_money(to)}" if to > ctx.seat else "a check: it has the bet in already"
    barred = ctx.sit.barred if isinstance(ctx.sit.barred, str) else ""
    if barred:
        return Reading(
            "call",
            to,
            rule=barred,
            text=f"{what}, but the seat checked out of turn and may not bet or raise "
            f"on this turn ({barred}): {then}.",
        )
    rule = ctx.option("reopen")
    return Reading(
        "call",
        to,
        rule=rule,
        text=f"{what}, but betting is not re-opened to this seat ({rule}): {then}.",
    )


def _meanings(ctx: _Ctx, amount: int, total: bool) -> list[int]:
    """The legal meanings of a declared number that cannot legally mean itself (002 Rule 57):
    empty unless the number is below the smallest legal amount for what was said and below the
    shorthand unit (the smallest chip in play, or the table's ``unit``), so a number in real chips
    that is too small stays an underbet or underraise (002 Rule 45-A). The meanings are the number
    in tens, hundreds, thousands... that are legal and affordable. ``total``: the number is the
    bet total ("raise, seven", a bet); else it is an amount only, as if pushed (002 Rule 41-C)."""
    base = 0 if total else sum(ctx.left)
    opening = not ctx.facing and ctx.cur == 0
    if opening:
        lowest = max(min(ctx.min_bet, ctx.cap), 1)
    else:
        lowest = min(ctx.mrt if total else ctx.cur, ctx.cap)
    denoms = _denominations(ctx.sit.chips)  # kept per chip set
    unit = _n(ctx.sit.unit) or (min(denoms) if denoms else 0)
    if base + amount >= lowest or amount >= unit:
        return []
    meanings = []
    value = amount
    for _ in range(7):
        value *= 10
        if lowest <= base + value <= ctx.cap:
            meanings.append(value)
    return meanings


def _vague(ctx: _Ctx, amount: int, total: bool) -> tuple[int, str, str]:
    """002 Rule 57: a number with several legal meanings is the highest not above the pot before
    the bet; 001 "Vague Bets" (wfp): the chips thrown with it decide (the closest meaning)."""
    candidates = _meanings(ctx, amount, total)
    if not candidates:
        return amount, "", ""
    rule = ctx.option("unclear_amount")
    if ctx.rules.unclear_amount == "chip_size" and ctx.new:
        pushed = sum(ctx.new)
        pick = min(candidates, key=lambda c: (abs(pushed - c), c))
        return (
            pick,
            (
                f" '{amount}' is read as {_money(pick)}, the meaning closest to the chips "
                f"put out ({rule})."
            ),
            rule,
        )
    pot = _n(ctx.sit.pot)
    base = 0 if total else sum(ctx.left)
    under = [c for c in candidates if base + c <= pot]
    pick = max(under) if under else min(candidates)
    rule = cite(ctx.rules, "unclear_amount.pot_57")
    return (
        pick,
        (
            f" '{amount}' is read as {_money(pick)}, the highest reasonable amount not above "
            f"the pot of {_money(pot)} ({rule})."
        ),
        rule,
    )


def unclear(sit: BetSituation, amount: int, total: bool) -> bool:
    """Whether a declared ``amount`` has several legal meanings (002 Rule 57; see _meanings)."""
    try:
        return bool(_meanings(_context(sit, (), (), ()), _n(amount), total))
    except Exception:  # a question about a reading never stops the table
        return False


def _declared_raise(ctx: _Ctx, amount: int | None) -> Reading:
    opening = not ctx.facing and ctx.cur == 0
    if not opening and not ctx.can_raise:
        return _not_reopened(ctx, "Raise declared")
    floor = max(min(ctx.min_bet, ctx.cap), 1) if opening else ctx.mrt
    word = "bet" if opening else "raise"
    note = ""
    if amount is not None:
        amount, note, vague = _vague(ctx, amount, total=True)
        total_rule = ctx.cite("raise_total")
        target, rule = amount, vague or total_rule
        why = (
            f"'{word.capitalize()}, {_money(amount)}' is a total of {_money(amount)} "
            f"({total_rule})."
        )
    elif not ctx.new:
        target, rule = floor, "002 Rule 43-B"
        why = (
            f"Raise declared with no amount yet: at least {_money(floor)}; the amount must "
            f"be made clear before the next player acts (002 Rule 43-B)."
        )
    elif len(ctx.new) == 1 and ctx.rules.overchip_declared_no_amount == "min_raise":
        # the profile's own single-chip rule where it has one (001 Single Chip Bet for wfp)
        target, rule = floor, ctx.cite("overchip_bet")
        why = f"Raise declared with one chip and no amount: the house reads the minimum {word}."
    elif len(ctx.new) == 1:
        target, rule = ctx.zone, ctx.cite("overchip_bet")
        why = (
            f"Raise declared with one chip and no amount: the most the chip allows, "
            f"{_money(ctx.zone)} ({rule})."
        )
    else:
        target, rule = ctx.zone, "002 Rule 47"
        why = f"Raise declared, chips in one motion: {_money(ctx.zone)} (002 Rule 47)."
    to = min(max(target, floor), ctx.cap)
    if target < floor and to > target:
        rule = ctx.cite("underbet")
        why += f" Short of the minimum {word}: corrected to {_money(to)} ({rule})."
    return Reading(word, to, rule=rule, text=why + note)


def _declared_amount(ctx: _Ctx, amount: int) -> Reading:
    """An amount only ("fourteen hundred"): the same as pushing that amount (002 Rule 41-C),
    judged by the 50% standard (002 Rule 48-A), never by chip counts."""
    amount, note, vague = _vague(ctx, amount, total=False)
    declared_zone = min(sum(ctx.left) + amount, ctx.cap)
    said = f"'{_money(amount)}' declared, the same as pushing {_money(amount)} (002 Rule 41-C)."
    if not ctx.facing and ctx.cur == 0:
        return _opening_bet(ctx, declared_zone, said + note, vague or "002 Rule 41-C")
    return _by_amount(ctx, declared_zone, said + note, vague or ctx.option("raise_threshold"))


def _opening_bet(ctx: _Ctx, total: int, why: str, rule: str = "") -> Reading:
    """Nothing to call and no bet yet: the chips are a bet; a bet under the minimum is brought up
    to it unless it is all-in (002 Rule 45-A; 003 Rule 15 sets the home minimum by street)."""
    floor = min(ctx.min_bet, ctx.cap)
    if total < floor:
        rule = ctx.cite("underbet")
        return Reading(
            "bet",
            floor,
            rule=rule,
            text=f"{why} A bet of {_money(total)} is under the minimum bet of "
            f"{_money(ctx.min_bet)}: it is {_money(floor)} ({rule}).",
        )
    rule = rule or (ctx.cite("overchip_bet") if len(ctx.new) == 1 else "002 Rule 50")
    return Reading("bet", total, rule=rule, text=f"{why} A bet of {_money(total)}.")


def _reaches(ctx: _Ctx, total: int) -> bool:
    """The 50% standard: does ``total`` raise by half the minimum raise (002 Rule 48-A), or by more
    than half (001 "More Than Half is a Raise")?"""
    extra2 = 2 * (total - ctx.cur)
    need = ctx.mrt - ctx.cur
    if ctx.rules.raise_threshold == "more_than_half":
        return extra2 > need
    return extra2 >= need


def _threshold_words(ctx: _Ctx) -> str:
    need = ctx.mrt - ctx.cur
    if ctx.rules.raise_threshold == "more_than_half":
        mark, tail = (
            f"more than {_money(ctx.cur + need // 2)}",
            " above the call (001 More Than Half is a Raise)",
        )
    else:
        mark, tail = f"the 50% mark of {_money(ctx.cur + (need + 1) // 2)}", " (002 Rule 48-A)"
    return f"{mark}, half the minimum raise of {_money(need)}{tail}"


def _by_amount(ctx: _Ctx, total: int, why: str, rule: str) -> Reading:
    """Facing a bet (or holding the option), ``total`` is ruled by the 50% standard: a raise if it
    reaches it (completed to the minimum), a call if not; the last chips are all-in (002 Rule
    50-B-2); a raise where betting is not re-opened is a call (002 Rule 52-A)."""
    if total < ctx.call_to:
        return _undercall(ctx, total, why)
    if total >= ctx.cap and ctx.cap > ctx.cur:
        if not ctx.can_raise:
            return _not_reopened(ctx, why.rstrip(".") + ", all the seat's chips")
        return Reading(
            "all-in",
            ctx.cap,
            rule="002 Rule 50-B",
            text=f"{why} The seat's last chips: all-in for {_money(ctx.cap)} whether or "
            f"not it reaches the 50% standard (002 Rule 50-B-2).",
        )
    if total > ctx.cur and _reaches(ctx, total):
        if not ctx.can_raise:
            return _not_reopened(ctx, why.rstrip("."))
        to = min(max(total, ctx.mrt), ctx.cap)
        more = ctx.rules.raise_threshold == "more_than_half"
        r = ctx.option("raise_threshold") if more else rule
        text = f"{why} {_money(total)} reaches {_threshold_words(ctx)}: a raise"
        text += f", made up to the minimum of {_money(to)}." if to > total else f" to {_money(to)}."
        return Reading("raise", to, rule=r, text=text)
    to = ctx.call_to
    if total > ctx.cur:
        text = f"{why} {_money(total)} is short of {_threshold_words(ctx)}: a call of {_money(to)}."
    else:
        text = f"{why} A call of {_money(to)}."
    return Reading("call", to, rule=rule, text=text)


def _undercall(ctx: _Ctx, total: int, why: str) -> Reading:
    """Less than the call with chips behind (002 Rule 44-B; Robert's: make the call correct);
    a second undercall while an earlier one is uncorrected is the floor's (002 Rule 44-C).
    ``total`` is what the seat's chips (or its declared amount) come to; what it owes and what
    goes back are said of the chips in the zone (a declared amount has none there yet), and
    ``_finish`` says what it owes."""
    to = ctx.call_to
    owed = max(to - ctx.zone, 0)
    prev = ctx.sit.previous_bet
    prev_level = _n(prev) if prev is not None else max(ctx.cur - _n(ctx.sit.last_full_raise), 0)
    rule = ctx.option("undercall")
    if ctx.rules.undercall == "make_correct":
        # Robert's has no rule for undercalls in sequence: each is made correct.
        text = (
            f"{why} Undercall: {_money(total)} of {_money(to)}. Chips released to call must be "
            f"made correct ({rule})."
        )
        if ctx.sit.is_opening_bet:
            return Reading("call", to, rule=rule, text=text, undercall=True)
        return Reading(
            "call",
            to,
            rule=rule,
            alert="undercall",
            forfeit=ctx.seat,
            undercall=True,
            text=text + " If the player did not know of the raise and no one has acted "
            "since, the floor may let the chips be withdrawn.",
        )
    first = ctx.sit.undercaller
    if isinstance(first, int) and not isinstance(first, bool):
        # 002 Rule 44-C: the intended undercall is what this seat put out now (against the
        # opening bet nothing matched an earlier level), at most the earlier level otherwise.
        keep = max(min(total, prev_level) if prev_level else total, ctx.seat)
        return Reading(
            "call",
            to,
            rule="002 Rule 44-C",
            alert="undercall",
            forfeit=keep,
            undercall=True,
            text=f"{why} A second undercall in sequence: play backs up to seat {first}, the first "
            f"undercaller, who must correct its bet per 002 Rule 44-B; the floor decides this "
            f"seat's hand (002 Rule 44-C): a full call of {_money(to)} "
            f"(owes {_money(owed)}), "
            f"or fold leaving {_money(keep)} in the pot with "
            f"{_money(max(ctx.zone - keep, 0))} returned.",
        )
    if ctx.sit.heads_up or ctx.sit.is_opening_bet:
        where = "heads-up" if ctx.sit.heads_up else "against the opening bet"
        return Reading(
            "call",
            to,
            rule=rule,
            undercall=True,
            text=f"{why} Undercall {where}: a mandatory full call of {_money(to)} ({rule}).",
        )
    keep = max(min(total, prev_level), ctx.seat)
    return Reading(
        "call",
        to,
        rule=rule,
        alert="undercall",
        forfeit=keep,
        undercall=True,
        text=f"{why} Undercall of a raise multi-way: the floor decides ({rule}): "
        f"a full call of {_money(to)} (owes {_money(owed)}), or fold leaving "
        f"{_money(keep)} in the pot with {_money(max(ctx.zone - keep, 0))} returned "
        f"(Addendum Rule 44 Ex. 1, 4).",
    )


def _silent(ctx: _Ctx) -> Reading:
    if not ctx.new:
        if ctx.facing:
            return _void(ctx, "No chips pushed")
        return Reading("check", ctx.seat, rule="002 Rule 43-A", text="No chips pushed: a check.")
    if not ctx.facing and ctx.cur == 0:
        if len(ctx.new) == 1:
            why = (
                "One chip, silently, with no bet to face: a bet of the chip's value "
                f"({ctx.cite('overchip_bet')})."
            )
        else:
            why = "Chips pushed with no bet to face."
        return _opening_bet(ctx, ctx.zone, why)
    return _facing(ctx)


def _facing(ctx: _Ctx) -> Reading:
    """Silent chips facing a bet, or added to a blind that covers it (002 Rules 49-51)."""
    wfp = _wfp_blind(ctx)
    if wfp is not None:
        return wfp
    covers = ctx.prior_total >= ctx.cur and ctx.prior_total > 0
    partial = 0 < ctx.pulled < ctx.prior_total
    if covers or partial:
        # 002 Rule 51-C-2 (Addendum situations 3 and 4): one multiple-chip bet of all the chips.
        why = "Prior chips cover the call" if covers else "Prior chips partly pulled back"
        why += ", so all the chips are one multiple-chip bet (002 Rule 51-C-2)."
        return _multi(ctx, ctx.left + ctx.new, why, "002 Rule 51-C")
    prior_note = ""
    if ctx.prior_total:
        prior_note = " Prior chips fully pulled back" if ctx.pulled else " Prior chips left alone"
        prior_note += " and short of the call: the new chips are read (002 Rule 51-C-1)."
    if len(ctx.new) == 1:
        chip = ctx.new[0]
        if ctx.zone >= ctx.call_to:
            single = ctx.cite("overchip_call")
            rule = "002 Rule 51-C" if ctx.prior_total else single
            return Reading(
                "call",
                ctx.call_to,
                rule=rule,
                text=f"One {_money(chip)} chip, silently, facing a bet: a call "
                f"({single}).{prior_note}",
            )
        return _undercall(ctx, ctx.zone, f"One {_money(chip)} chip, silently.{prior_note}")
    return _multi(
        ctx,
        ctx.new,
        f"Chips pushed silently.{prior_note}",
        "002 Rule 51-C" if ctx.prior_total else "002 Rule 50-B",
    )


def _multi(ctx: _Ctx, test_chips: list[int], why: str, rule: str) -> Reading:
    """002 Rule 50: a call if removing one of the smallest chips leaves less than the call; else
    the 50% standard, or all-in with the last chips. Robert's reads the amount only."""
    total = ctx.zone
    if total < ctx.call_to:
        return _undercall(ctx, total, why)
    if ctx.rules.multi_chip == "every_chip_needed" and test_chips:
        smallest = min(test_chips)
        if total - smallest < ctx.cur and total >= ctx.cur:
            to = ctx.call_to
            every = ctx.cite("every_chip")
            return Reading(
                "call",
                to,
                rule=every,
                text=f"{why} Every chip is needed: removing a {_money(smallest)} leaves "
                f"less than {_money(ctx.cur)}, so it is a call ({every}).",
            )
    elif ctx.rules.multi_chip == "amount_only":
        rule = ctx.option("multi_chip")
    return _by_amount(ctx, total, why, rule)


def _wfp_blind(ctx: _Ctx) -> Reading | None:
    """001 "Blind Bets": a blind who, not having pulled the blind back, adds chips that alone
    would be a call has called (or checked); the extra chips are returned."""
    posted = _n(ctx.sit.posted_blind)
    if ctx.rules.blind_chips != "call_returned" or not posted or ctx.seat != posted or ctx.pulled:
        return None
    alone = replace(
        ctx, seat=0, left=[], prior_total=0, pulled=0, zone=sum(ctx.new), dead=0, garbage=False
    )
    r = _facing(alone)
    if r.action != "call" or r.alert:
        return None
    to = ctx.call_to
    verb = f"a call of {_money(to)}" if ctx.facing else "a check"
    return Reading(
        "call",
        to,
        rule="001 Blind Bets",
        text=f"The blind added chips that alone would call: it is treated as forgetting "
        f"the posted blind, {verb} (001 Blind Bets).",
    )
