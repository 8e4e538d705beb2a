"""The table's geometry and the maths of its lines (docs/rf.md, "The bridge's tracker";
docs/protocol.md, "The stack/bet line" and "The card line"): the zones' names, which chip zones
share a line and the prior of a chip read by both, and the edge read rates that weigh each
round. Pure: names and numbers, no state, no I/O."""

from __future__ import annotations

import math

# A chip that two chip zones sharing a line (a seat's stack and bet, two neighbouring bets:
# ``_line_prior``) both read since it landed lies at their line, at the edge of one: its own
# antenna reads it in EDGE_OWN of its rounds, the other in EDGE_OTHER (the table's measured edge
# statistics, docs/rf.md). The log-likelihood ratio of all those rounds of both antennas
# decides, from the line's prior (towards a stack, log 4: a stack borders only its bet, a bet
# four zones; even between two bets); once |LLR| >= EDGE_BOUND, else at EDGE_CAP seconds (and
# SURE rounds) after the landing by its sign; the seat waits meanwhile.
# Each round moves the LLR by 0.5-1.4: with one sequential test per landing (``_Landing``), plain
# arrivals included, the bound of 6 and the cap of 0.7 s misplace 45 of bench/rf_edge.py's 2,000
# landings (59 judged at the time looked at, without plain arrivals; 105 at 4 and 0.5 s).
EDGE_OWN, EDGE_OTHER, EDGE_BOUND, EDGE_CAP = 0.8, 0.5, 6.0, 0.7
# A line's contest the cap decides with |LLR| below EDGE_SURE (wrong about one time in eight or
# more: a chip read about as often by both antennas) is not ruled on: the dealer counts a bet of
# the line (a ``recount``), as a card the card line leaves unclear (CARD_SURE). Of 23 stack/bet
# contests decided at the cap in 2,000 realistic hands, 2 went the wrong way, one at |LLR| 1.06
# ("seat 1 bet to 5,400" for a 5,000 chip of change at its stack's edge); 6 were below 2. Of 4
# bet/pot and bet/bet ones below 2, 2 went the wrong way (realistic seed 17: a call's chip at the
# pot's edge, read in 69% of the bet's rounds and 62% of the pot's, went to the pot).
EDGE_SURE = 2.0
# a round's step of the line's LLR towards the zone the tag is read by (read, missed)
EDGE_STEPS = math.log(EDGE_OWN / EDGE_OTHER), math.log((1 - EDGE_OWN) / (1 - EDGE_OTHER))
EDGE_ROUND = 0.15  # the rates are a reader per antenna's (rounds 20-100 ms): not on slower rounds
# A card two card zones read as it landed lies at the edge of one (the same edge read rates):
# placed once the LLR of all their rounds reaches CARD_BOUND (a wrong card is a misdeal: surer
# than a chip), else at CARD_CAP seconds by its sign if at least CARD_SURE, else asked about.
CARD_BOUND, CARD_CAP, CARD_SURE = 6.0, 0.6, 2.0


def _is_seat_chip_zone(zone: str) -> bool:
    """A seat's stack or bet."""
    return zone.startswith(("stack:", "bet:"))


def _lines_of(zone: str) -> list[str]:
    """The chip zones across a line from ``zone`` (shared/spec/rf-model.md's geometry: a stack
    and its bet, neighbouring bets, each bet and the pot); none for the card zones."""
    kind, _, n = zone.partition(":")
    if kind == "stack":
        return [f"bet:{n}"]
    if kind == "bet":
        return [f"stack:{n}", f"bet:{int(n) - 1}", f"bet:{int(n) + 1}", "pot"]
    if zone == "pot":
        return [f"bet:{s}" for s in range(1, _SEATS + 1)]
    return []


def _line_prior(a: str, b: str) -> float | None:
    """The prior log-likelihood ratio that a chip read by both ``a`` and ``b`` lies in ``a``
    at ``b``'s edge rather than the other way round, or None if the two share no line. A
    chip lies at its zone's edge towards each of the zone's neighbours alike: a stack borders
    only its bet, a bet four zones (its stack, two bets, the pot), the pot every bet, so a chip
    on a stack/bet line is a stack chip 4:1; between two bets it is even. A chip moved across a
    line from its place starts even instead (``TagTracker._moved_across``)."""
    if b not in _lines_of(a):
        return None
    return math.log(_BORDERS[_zone_key(b)[0]] / _BORDERS[_zone_key(a)[0]])


_SEATS = 10  # a table's seats (the simulated table's; a bet zone of a seat not there is no line)
_BORDERS = {"stack": 1, "bet": 4, "pot": _SEATS}  # how many zones a chip zone borders


def _line_words(bet: str, other: str) -> str:
    """The antennas of a line of ``bet``, as a recount's reason names them."""
    seat = _seat_group(bet)
    if other.startswith("stack:"):
        return f"seat {seat}'s stack and bet"
    if other == "pot":
        return f"seat {seat}'s bet and the pot"
    return f"seat {seat}'s and seat {_seat_group(other)}'s bet"


def _seat_group(zone: str) -> str:
    return zone.split(":")[1] if ":" in zone else zone


def _is_card_zone(zone: str) -> bool:
    return zone.startswith("seat:") or zone in ("board", "burn", "muck")


def _zone_key(zone: str) -> tuple[str, int]:
    kind, _, n = zone.partition(":")
    return kind, int(n) if n else 0
