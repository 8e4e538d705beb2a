"""Seat draws, positions and table counts for the venue (pure; randomness is passed in).

- 002 Rule 7: seats are randomly assigned (:func:`initial_draw`).
- 002 Rule 8-A: late registrants and re-entries draw a table and seat from the same seat pool then
  in place for new players (:func:`seat_pool`, :func:`draw_seat`).
- 002 Rule 10-A: new players and players from broken tables may take any seat and are dealt in
  except between the small blind and the button (:func:`waits_for_button`).
- 002 Rule 10-B and its Illustration Addendum: players from a broken table get new tables and seats
  by a 2-step random process (:func:`two_step_draw`): the seat cards are scrambled face down, one
  playing card is dealt face up to each player, and the first seat card goes to the highest card
  by suit.
- 002 Rule 11-A: balancing moves the player due the big blind next (:func:`next_big_blind`) to the
  worst position (:func:`worst_seat`), never the small blind.
- 002 Rule 11-D: play halts at a table three or more players short of the fullest once its blinds
  are impacted (:func:`blinds_impacted`).
- 002 Rule 12: the final table seats a full table plus one, never more than 10
  (:func:`final_table_size`).

Every random choice takes a ``random.Random`` handed in by the caller (the venue seeds one from its
setup), so the same seed gives the same seats.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tablectl.tournament.chiprace import card_key, full_deck

Place = tuple[str, int]  # (table, seat)


def final_table_size(handed: int) -> int:
    """002 Rule 12: a full table for the event plus one, at most 10 (heads-up events excepted)."""
    if handed <= 2:
        return handed
    return min(handed + 1, 10)


def clockwise_after(start: int, seats: Sequence[int]) -> list[int]:
    """``seats`` in clockwise order beginning with the first one after ``start``."""
    ordered = sorted(seats)
    return [s for s in ordered if s > start] + [s for s in ordered if s <= start]


def strictly_between(seat: int, a: int, b: int) -> bool:
    """Seat lies clockwise strictly after ``a`` and strictly before ``b``."""
    if a < b:
        return a < seat < b
    return seat > a or seat < b  # wraps past seat 10 (or a == b: every other seat)


def next_big_blind(
    bb: int | None, occupied: Sequence[int], button: int | None = None
) -> int | None:
    """The player due the big blind next: the big blind moves one player on (002 Rule 33)."""
    if not occupied:
        return None
    if bb is None:
        # no hand played yet: the first hand's big blind is two players after the button
        if button is None:
            return sorted(occupied)[0]
        after = clockwise_after(button, occupied)
        return after[1] if len(after) > 2 else after[0]
    return clockwise_after(bb, occupied)[0]


def waits_for_button(seat: int, sb: int | None, bb: int | None) -> bool:
    """002 Rule 10-A: a new player is dealt in at once except between the small blind and the
    button. With the last hand's big blind ``bb``, the next hand's button stands on the last small
    blind's seat (``sb``, dead or not) and its small blind on ``bb``: a seat strictly between them
    would get a hand behind the button without paying a blind, so it waits."""
    if sb is None or bb is None:
        return False
    return strictly_between(seat, sb, bb)


def worst_seat(open_seats: Sequence[int], bb: int | None) -> int | None:
    """002 Rule 11-A: the worst position for a balanced-in player: the open seat that takes the
    big blind soonest, i.e. the first open seat clockwise after the last hand's big blind ("single
    big blind if available", even a seat that had the big blind last hand). Never the small blind:
    the last big blind's seat, if open, is the next small blind's (a dead one) and is skipped.
    ``None`` when positions are unknown (no hand played yet): draw instead."""
    if bb is None:
        return None
    candidates = [s for s in open_seats if s != bb]
    if not candidates:
        return None
    return clockwise_after(bb, candidates)[0]


def blinds_impacted(occupied: Sequence[int], bb: int | None, handed: int) -> bool:
    """002 Rule 11-D (Illustration Addendum: "play halts ... once the BB hits an open seat"): an
    open seat of the table's ``handed`` seats lies between the last big blind and the next one."""
    if bb is None or not occupied:
        return False
    nxt = clockwise_after(bb, occupied)[0]
    return any(strictly_between(s, bb, nxt) for s in range(1, handed + 1) if s not in occupied)


def balanced_pool(
    counts: Mapping[str, int],
    open_seats: Mapping[str, Sequence[int]],
    needed: int,
    order: Sequence[str],
    rng: random.Random,
) -> list[Place]:
    """``needed`` seat cards that keep the tables balanced (002 Rules 8-A, 10-B, 11): one at a
    time at the table with the fewest players (ties: the first in ``order``, the predetermined
    procedure of 11-C), each a seat drawn at random among that table's open seats."""
    counts = dict(counts)
    free = {t: list(s) for t, s in open_seats.items()}
    pool: list[Place] = []
    for _ in range(needed):
        tables = [t for t in order if free.get(t)]
        if not tables:
            break
        table = min(tables, key=lambda t: (counts.get(t, 0), order.index(t)))
        seat = free[table].pop(rng.randrange(len(free[table])))
        counts[table] = counts.get(table, 0) + 1
        pool.append((table, seat))
    return pool


def seat_pool(
    counts: Mapping[str, int], open_seats: Mapping[str, Sequence[int]], order: Sequence[str]
) -> list[Place]:
    """002 Rule 8-A: the seat pool in place for new players: every open seat at the tables with
    the fewest players (so a late registrant never unbalances the room)."""
    tables = [t for t in order if open_seats.get(t)]
    if not tables:
        return []
    fewest = min(counts.get(t, 0) for t in tables)
    return [(t, s) for t in tables if counts.get(t, 0) == fewest for s in sorted(open_seats[t])]


def draw_seat(pool: Sequence[Place], rng: random.Random) -> Place | None:
    """One seat card drawn uniformly from the pool (002 Rules 7, 8-A)."""
    if not pool:
        return None
    return pool[rng.randrange(len(pool))]


def initial_draw(
    players: Sequence[str], tables: Sequence[str], handed: int, rng: random.Random
) -> dict[str, Place]:
    """002 Rule 7: random seating of the starting field. The seat cards are drawn so the tables
    differ by one player at most (the fewest tables the field needs, first in ``tables``), then
    shuffled and handed out in registration order."""
    needed = max(1, -(-len(players) // handed)) if players else 0
    used = list(tables[:needed])
    if len(players) > len(used) * handed:
        raise ValueError(f"{len(players)} players do not fit {len(tables)} tables of {handed}")
    pool = balanced_pool(
        {t: 0 for t in used}, {t: range(1, handed + 1) for t in used}, len(players), used, rng
    )
    rng.shuffle(pool)
    return dict(zip(players, pool, strict=True))


def two_step_draw(
    players: Sequence[str], seat_cards: Sequence[Place], rng: random.Random
) -> tuple[dict[str, Place], dict[str, str]]:
    """002 Rule 10-B, Illustration Addendum: 1) the seat cards are scrambled face down into a
    stack; 2) one playing card is dealt face up to each player, and the seat cards are dealt out
    with the first going to the highest card by suit. Returns the seats and the cards dealt.

    With fewer seat cards than players (seats still being vacated by moves under way), the lowest
    cards get no seat yet and draw again with the next seat cards."""
    stack = list(seat_cards)
    rng.shuffle(stack)  # step 1: scrambled face down
    deck = full_deck()
    rng.shuffle(deck)
    cards = dict(zip(players, deck, strict=False))  # step 2: one card each, in seat order
    ranked = sorted(players, key=lambda p: card_key(cards[p]), reverse=True)
    return {p: stack[i] for i, p in enumerate(ranked[: len(stack)])}, cards
