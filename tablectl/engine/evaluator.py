"""Hold'em high-hand evaluation: the best five of five to seven cards, as one comparable int.

Cards speak (002 Rule 13): the table reads the hand from the cards, so this is what decides who
wins a showdown. Higher value = better hand; equal values tie and split the pot (002 Rule 21).

Speed comes from table lookups, not from trying the 21 five-card subsets. Each card is one int
that packs three counters, so adding the cards' ints counts everything at once:

* bits 0-63: the card's own bit, one 16-bit field per suit (``1 << (16*suit + rank)``); a sum of
  distinct bits is their OR, so each field ends up as that suit's 13-bit rank mask;
* bits 64-79: a 4-bit counter per suit (at most 7 < 16);
* bits 80-118: a 3-bit counter per rank (at most 4 < 8).

If some suit counts five or more, the hand is a flush or straight flush and nothing else can beat
it with seven cards (quads or a full house would need more cards outside that suit than remain),
so the flush table over that suit's 13-bit mask answers. Otherwise the rank-count vector is looked
up in a dict of every multiset of 5-7 ranks (about 74,000 entries).

Building those tables in Python takes a quarter of a second, too long for every `tablectl`
start on a Pi, so they ship precomputed in :mod:`tablectl.engine.evaluator_tables` (hex text,
decoded at import in about 10 ms). The builders stay here: :func:`tables_source` writes that
module from them, and tests/test_perf_evaluator.py checks the shipped module is exactly that.

Value layout: ``category << 20`` plus up to five 4-bit ranks (0 = deuce ... 12 = ace), most
significant first, holding only the ranks that make the five-card hand, so five-card hands take
exactly 7,462 distinct values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache

RANKS = "23456789TJQKA"
SUITS = "cdhs"

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

_SUIT_COUNT_SHIFT = 64
_RANK_COUNT_SHIFT = 80
_WHEEL = 0b1_0000_0000_1111  # A-2-3-4-5: the ace plays low (five high)


def _pack(category: int, ranks: Sequence[int]) -> int:
    value = category
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


def _straight_top(mask: int) -> int:
    """Top rank of the best straight in a 13-bit rank mask, or -1 (the wheel is five high)."""
    for top in range(12, 3, -1):
        run = 0b11111 << (top - 4)
        if mask & run == run:
            return top
    if mask & _WHEEL == _WHEEL:
        return 3
    return -1


@cache
def _masks() -> tuple[list[tuple[int, ...]], list[int]]:
    """Ranks present in each 13-bit mask, highest first, and its best straight's top (-1: none);
    for the builders only."""
    desc = [tuple(r for r in range(12, -1, -1) if m >> r & 1) for m in range(8192)]
    return desc, [_straight_top(m) for m in range(8192)]


def _top_ranks(mask: int, n: int) -> tuple[int, ...]:
    return _masks()[0][mask][:n]


def _build_flush_table() -> list[int]:
    """Value of a flush/straight flush for each 13-bit mask of one suit's ranks (5+ bits)."""
    table = [0] * 8192
    for mask in range(8192):
        if mask.bit_count() < 5:
            continue
        top = _masks()[1][mask]
        if top >= 0:
            table[mask] = _pack(STRAIGHT_FLUSH, [top])
        else:
            table[mask] = _pack(FLUSH, _top_ranks(mask, 5))
    return table


def _rank_value(counts: Sequence[int]) -> int:
    """Best non-flush value from rank counts (index = rank)."""
    mask = 0
    quads: list[int] = []
    trips: list[int] = []
    pairs: list[int] = []
    for r in range(12, -1, -1):
        c = counts[r]
        if c:
            mask |= 1 << r
            if c == 4:
                quads.append(r)
            elif c == 3:
                trips.append(r)
            elif c == 2:
                pairs.append(r)
    if quads:
        q = quads[0]
        return _pack(QUADS, [q, *_top_ranks(mask & ~(1 << q), 1)])
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        # The pair part: the best of the other trips (the lower plays as a pair) and the pairs.
        p = max(trips[1:] + pairs)
        return _pack(FULL_HOUSE, [t, p])
    top = _masks()[1][mask]
    if top >= 0:
        return _pack(STRAIGHT, [top])
    if trips:
        t = trips[0]
        return _pack(TRIPS, [t, *_top_ranks(mask & ~(1 << t), 2)])
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        return _pack(TWO_PAIR, [hi, lo, *_top_ranks(mask & ~(1 << hi) & ~(1 << lo), 1)])
    if pairs:
        p = pairs[0]
        return _pack(PAIR, [p, *_top_ranks(mask & ~(1 << p), 3)])
    return _pack(HIGH_CARD, _top_ranks(mask, 5))


def _build_rank_table() -> dict[int, int]:
    """Every multiset of 5-7 ranks with at most four of a rank, keyed by packed 3-bit counts."""
    table: dict[int, int] = {}
    counts = [0] * 13

    def fill(rank: int, left: int, key: int) -> None:
        # Choose how many of `rank` (and of every lower rank) with `left` cards still to place.
        if rank < 0:
            if left <= 2:  # 5, 6 or 7 cards placed
                table[key] = _rank_value(counts)
            return
        for c in range(min(4, left) + 1):
            counts[rank] = c
            fill(rank - 1, left - c, key + (c << (3 * rank)))

    fill(12, 7, 0)
    return table


def _hex_lines(data: bytes) -> str:
    text = data.hex()
    return "(\n" + "".join(f'    "{text[i : i + 96]}"\n' for i in range(0, len(text), 96)) + ")"


def tables_source() -> str:
    """The text of :mod:`tablectl.engine.evaluator_tables`, from the builders above
    (`python3 bench/make_evaluator_tables.py` writes it)."""
    rank = _build_rank_table()
    keys = sorted(rank)
    return (
        '"""The evaluator\'s lookup tables, precomputed: generated by\n'
        "tablectl.engine.evaluator.tables_source() (`python3 bench/make_evaluator_tables.py`);\n"
        "tests/test_perf_evaluator.py checks they match the builders.\n\n"
        "Little-endian: RANK_KEYS 8 bytes a key (sorted), RANK_VALUES 4 bytes a value (same "
        'order),\nFLUSH 4 bytes a value for each 13-bit mask of one suit\'s ranks.\n"""\n\n'
        f"RANK_KEYS = {_hex_lines(b''.join(k.to_bytes(8, 'little') for k in keys))}\n"
        f"RANK_VALUES = {_hex_lines(b''.join(rank[k].to_bytes(4, 'little') for k in keys))}\n"
        f"FLUSH = {_hex_lines(b''.join(v.to_bytes(4, 'little') for v in _build_flush_table()))}\n"
    )


def _load_tables() -> tuple[list[int], dict[int, int]]:
    """The shipped tables (C-speed decoding: bytes.fromhex and memoryview.cast)."""
    from tablectl.engine import evaluator_tables as t

    keys = memoryview(bytes.fromhex(t.RANK_KEYS)).cast("Q")
    values = memoryview(bytes.fromhex(t.RANK_VALUES)).cast("I")
    flush = memoryview(bytes.fromhex(t.FLUSH)).cast("I").tolist()
    return flush, dict(zip(keys.tolist(), values.tolist(), strict=True))


_FLUSH, _RANK = _load_tables()

CODES: dict[str, int] = {}
"""Card text ("As") -> the packed card int that :func:`evaluate_codes` sums."""
for _s, _suit in enumerate(SUITS):
    for _r, _rank in enumerate(RANKS):
        CODES[_rank + _suit] = (
            (1 << (16 * _s + _r))
            | (1 << (_SUIT_COUNT_SHIFT + 4 * _s))
            | (1 << (_RANK_COUNT_SHIFT + 3 * _r))
        )


def evaluate_codes(codes: Iterable[int]) -> int:
    """Value of 5-7 distinct cards given as :data:`CODES` ints (the fast path: no text parsing).

    The caller guarantees 5-7 distinct cards; :func:`evaluate` checks that for text input.
    """
    v = sum(codes)
    # A suit counter of five or more gets its top bit set by adding 3 (at most 7 + 3 < 16).
    flush = ((v >> _SUIT_COUNT_SHIFT) + 0x3333) & 0x8888
    if not flush:
        return _RANK[v >> _RANK_COUNT_SHIFT]
    return _FLUSH[(v >> (4 * flush.bit_length() - 16)) & 0x1FFF]


def evaluate(cards: Sequence[str]) -> int:
    """Value of the best five-card hold'em high hand among 5-7 cards like ``"As"``, ``"Td"``.

    Higher is better; equal values tie (cards speak, 002 Rule 13; ties split, 002 Rule 21).
    Raises ValueError for a card that is not rank+suit, a repeated card, or fewer than 5 or more
    than 7 cards.
    """
    try:
        codes = [CODES[c] for c in cards]
    except (KeyError, TypeError):
        bad = [c for c in cards if not isinstance(c, str) or c not in CODES]
        raise ValueError(f"not a card (rank 23456789TJQKA then suit cdhs): {bad[0]!r}") from None
    if not 5 <= len(codes) <= 7:
        raise ValueError(f"a hold'em hand is 5 to 7 cards, got {len(codes)}")
    v = sum(codes)
    if (v & 0xFFFF_FFFF_FFFF_FFFF).bit_count() != len(codes):
        raise ValueError(f"repeated card in {list(cards)}")
    flush = ((v >> _SUIT_COUNT_SHIFT) + 0x3333) & 0x8888
    if not flush:
        return _RANK[v >> _RANK_COUNT_SHIFT]
    return _FLUSH[(v >> (4 * flush.bit_length() - 16)) & 0x1FFF]


def with_board(board: Sequence[str]) -> Callable[[Sequence[str]], int]:
    """``evaluate`` of a player's cards with ``board`` (as it is now), the board's cards coded once
    (issue 14: the showdown values every live hand against one board). Whatever :func:`evaluate`
    refuses (not a card, a card twice, too few or too many) goes through it and raises the same."""
    try:
        base = sum(map(CODES.__getitem__, board))
    except (KeyError, TypeError):
        return lambda hole: evaluate([*hole, *board])
    size = len(board)

    def value(hole: Sequence[str]) -> int:
        n = len(hole) + size
        if 5 <= n <= 7:
            try:
                v = base + sum(map(CODES.__getitem__, hole))
            except (KeyError, TypeError):
                pass
            else:
                if (v & 0xFFFF_FFFF_FFFF_FFFF).bit_count() == n:  # no card twice, as evaluate
                    flush = ((v >> _SUIT_COUNT_SHIFT) + 0x3333) & 0x8888
                    if not flush:
                        return _RANK[v >> _RANK_COUNT_SHIFT]
                    return _FLUSH[(v >> (4 * flush.bit_length() - 16)) & 0x1FFF]
        return evaluate([*hole, *board])

    return value


def category(value: int) -> int:
    """The hand category of a value: ``HIGH_CARD`` (0) ... ``STRAIGHT_FLUSH`` (8)."""
    return value >> 20


_SINGULAR = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
RANK_WORDS = _SINGULAR  # the ranks in words, two to ace (hand histories name hands with them)
_PLURAL = (
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)


def describe(value: int) -> str:
    """The hand in a dealer's words: "full house, kings full of fours", "pair of jacks"."""
    # The words name the category and at most two ranks, the value's top 12 bits: one string for
    # each (at most 9 x 13 x 13), worked out once (issue 14: each pot's award names its winners).
    words = _WORDS.get(value >> 12)
    if words is None:
        words = _WORDS[value >> 12] = _words(value)
    return words


_WORDS: dict[int, str] = {}


def _words(value: int) -> str:
    cat = value >> 20
    if not 0 <= cat <= STRAIGHT_FLUSH:
        raise ValueError(f"{value!r} is not a hand value")
    r1 = (value >> 16) & 0xF
    r2 = (value >> 12) & 0xF
    if max(r1, r2) > 12:
        raise ValueError(f"{value!r} is not a hand value")
    if cat == STRAIGHT_FLUSH and r1 == 12:
        return "royal flush"
    # s: the top rank in the singular ("king high"), p and q: the two ranks in the plural
    return _CATEGORY_WORDS[cat].format(s=_SINGULAR[r1], p=_PLURAL[r1], q=_PLURAL[r2])


# Each category's words, by category value (HIGH_CARD 0 up to STRAIGHT_FLUSH 8)
_CATEGORY_WORDS = (
    "high card, {s}",
    "pair of {p}",
    "two pair, {p} and {q}",
    "three of a kind, {p}",
    "straight, {s} high",
    "flush, {s} high",
    "full house, {p} full of {q}",
    "four of a kind, {p}",
    "straight flush, {s} high",
)


def best_description(cards: Sequence[str]) -> str:
    """Shorthand for ``describe(evaluate(cards))``."""
    return describe(evaluate(cards))
