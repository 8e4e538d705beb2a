"""The hand's set of cards in play (``Hand.in_play``, kept as cards move) always equals the cards
its lists hold: a card read twice fouls the deck (002 Rule 36-E) exactly when one of them already
holds it, whatever the misdeals, exposed, extra, held, premature and burned cards on the way.

Hypothesis plays a few known cards into every zone, face up and down, among deals, boards,
checks, folds, awards, undos and new hands, and checks the set after each event.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablectl.engine.events import event_from_obj
from tablectl.engine.hand import Hand
from tablectl.engine.table import Table

# Few cards, so the same card comes back often: re-reads, moves and fouled decks.
CARDS = ["Ah", "Kd", "7c", "2s", "9h", "Td", "4c", "Qs", "3d", "8h", "Jc", "5s", "??"]
SEATS = {"1": 1000, "2": 1000, "3": 1000}
TURN = 0  # stands for the seat in turn, found as the event is applied


def lists(hand: Hand) -> set[str]:
    cards = [
        *hand.board,
        *hand.deal.burns,
        *hand.deal.held,
        *hand.deal.exposed,
        *hand.deal.extra,
        *hand.deal.premature,
    ]
    for held in hand.hole.values():
        cards += held
    return set(cards)


@st.composite
def events(draw: st.DrawFn) -> dict[str, Any]:
    seat = draw(st.sampled_from([TURN, TURN, 1, 2, 3, 4]))
    card = draw(st.sampled_from(CARDS))
    return draw(
        st.sampled_from(
            [
                {
                    "card": card,
                    "zone": f"seat:{seat}",
                    "face": draw(st.sampled_from(["up", "down"])),
                },
                {
                    "card": card,
                    "zone": draw(st.sampled_from(["board", "burn", "muck"])),
                    "face": "up",
                },
                {
                    "board": draw(st.lists(st.sampled_from(CARDS[:-1]), min_size=1, max_size=4)),
                    "burn": draw(st.sampled_from([None, *CARDS[:-1]])),
                },
                {"deal": {"1": ["Ah", "Kd"], "2": ["7c", "2s"], "3": ["9h", "Td"]}},
                {"press": draw(st.sampled_from(["check", "award", "new_hand", "undo"]))},
                {"declare": {"seat": seat, "say": draw(st.sampled_from(["call", "check"]))}},
                # the betting closing now and then: cards read too early go back to the stub
                {"declare": {"seat": TURN, "say": "call"}},
                {"declare": {"seat": TURN, "say": "call"}},
                {"fold": seat},
                {"floor": {"by": "Sam (floor)", "misdeal": True}},
            ]
        )
    )


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["tda-2025", "wfp", "roberts", "home"]),
    st.lists(events(), min_size=30, max_size=80),
)
def test_in_play_is_the_cards_the_lists_hold(rules: str, objs: list[dict[str, Any]]) -> None:
    table = Table({"rules": rules, "seats": SEATS, "button": 1, "blinds": [50, 100]})
    for obj in objs:
        if "board" in obj and obj["burn"] is None:
            obj = {"board": obj["board"]}
        seat = table.hand.to_act if table.hand is not None else None
        if "card" in obj and obj["zone"] == f"seat:{TURN}":
            obj = {**obj, "zone": f"seat:{seat or 1}"}
        elif "declare" in obj and obj["declare"]["seat"] == TURN:
            obj = {"declare": {**obj["declare"], "seat": seat or 1}}
        elif obj.get("fold") == TURN:
            obj = {"fold": seat or 1}
        table.apply(event_from_obj(obj))
        hand = table.hand
        if hand is not None:
            assert hand.deal.in_play == lists(hand), f"after {obj}"
