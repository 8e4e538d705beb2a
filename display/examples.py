"""Hand-built table views of the moments a dealer screen must get right.

They let the screens be drawn, tested and screenshotted without the engine: normal action, an
out-of-turn alert (002 Rule 53), a misdeal (002 Rule 36), side pots at showdown (001 "Side Pots")
and a player on the clock (002 Rule 29). The figures are consistent: stacks, bets and pots add up.
"""

from __future__ import annotations

from tablectl.engine.outputs import Alert, Ruling
from tablectl.engine.view import ClockView, LevelView, PotView, SeatView, TableView

NAMES = ["Ana", "Bo", "Chidi", "Dana", "Eve", "Farid", "Gus", "Hana", "Ivan", "Jo"]


def _seats(stacks: dict[int, int], **overrides: dict[int, object]) -> tuple[SeatView, ...]:
    """Ten seats; ``overrides`` maps a SeatView field to {seat: value}."""
    seats = []
    for n in range(1, 11):
        fields: dict[str, object] = {
            "seat": n,
            "player": NAMES[n - 1],
            "stack": stacks.get(n, 0),
            "bet": 0,
            "status": "active" if n in stacks else "empty",
        }
        for name, per_seat in overrides.items():
            if n in per_seat:
                fields[name] = per_seat[n]
        seats.append(SeatView(**fields))  # type: ignore[arg-type]
    return tuple(seats)


LEVEL = LevelView(
    number=6, small_blind=300, big_blind=600, ante=600, bb_ante=True, seconds_left=754.0
)


def normal_action() -> TableView:
    """Flop, seat 7 to act facing a bet of 1,800 with the minimum raise to 3,600."""
    stacks = {
        1: 24_300,
        2: 18_750,
        3: 9_600,
        4: 31_200,
        5: 12_000,
        6: 15_450,
        7: 22_900,
        8: 8_150,
        9: 27_000,
    }
    seats = _seats(
        stacks,
        bet={4: 1_500},
        status={
            1: "folded",
            2: "folded",
            3: "folded",
            5: "folded",
            6: "folded",
            8: "folded",
            10: "out",
        },
        button={3: True},
        sb={4: True},
        bb={5: True},
        in_turn={7: True},
        hidden={4: 2, 7: 2, 9: 2},
    )
    return TableView(
        profile="tda-2025",
        hand_no=57,
        street="flop",
        board=("Kh", "9s", "4d"),
        seats=seats,
        pots=(PotView(4_200, (4, 7, 9)),),
        to_act=7,
        to_call=1_800,
        min_raise_to=3_600,
        can_raise=True,
        last=Ruling(
            "bet",
            1_800,
            owes=300,
            rule="002 Rule 41",
            text="Declared 1,800 and pushed 1,500: the declaration binds.",
            seat=4,
        ),
        alerts=(),
        level=LEVEL,
        eliminated=(10,),
        chips=(100, 500, 1000, 5000),
    )


def out_of_turn() -> TableView:
    """Seat 9 pushed chips while seat 7 was in turn (002 Rule 42)."""
    view = normal_action()
    seats = tuple(
        s if s.seat != 9 else SeatView(9, "Ivan", 25_200, 1_800, "active", hidden=2)
        for s in view.seats
    )
    return TableView(
        profile=view.profile,
        hand_no=view.hand_no,
        street=view.street,
        board=view.board,
        seats=seats,
        pots=view.pots,
        to_act=7,
        to_call=1_800,
        min_raise_to=3_600,
        can_raise=True,
        last=view.last,
        alerts=(
            Alert(
                "out_of_turn",
                "002 Rule 42-A",
                "Seat 9 acted out of turn: seat 7 is to act. The action (a call of 1,800) "
                "is binding if the action to seat 9 does not change; if seat 7 bets or "
                "raises, seat 9 may take the chips back.",
                9,
            ),
        ),
        level=view.level,
        eliminated=view.eliminated,
        chips=view.chips,
    )


def misdeal() -> TableView:
    """Seat 6's first card was exposed by the dealer: a misdeal before any action (002 Rule 36)."""
    stacks = {
        1: 24_300,
        2: 18_750,
        3: 9_000,
        4: 31_200,
        5: 11_400,
        6: 15_450,
        7: 22_900,
        8: 8_150,
        9: 27_000,
    }
    seats = _seats(
        stacks,
        bet={4: 300, 5: 600},
        status={10: "out"},
        button={3: True},
        sb={4: True},
        bb={5: True},
        in_turn={6: True},
        hidden={1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 7: 2, 8: 2, 9: 2, 6: 1},
        shown={6: ("Qc",)},
    )
    return TableView(
        profile="tda-2025",
        hand_no=58,
        street="preflop",
        board=(),
        seats=seats,
        pots=(PotView(600, (1, 2, 3, 4, 5, 6, 7, 8, 9)),),
        to_act=6,
        to_call=600,
        min_raise_to=1_200,
        can_raise=True,
        last=None,
        alerts=(
            Alert(
                "misdeal",
                "002 Rule 36-A",
                "The first card dealt to seat 6 was exposed by the dealer. Misdeal: collect "
                "the cards and re-deal with the same button and blinds (002 Rule 36-C).",
                6,
            ),
            Alert("exposed_card", "002 Rule 36-A", "Qc exposed on the deal to seat 6.", 6),
        ),
        level=LEVEL,
        eliminated=(10,),
        chips=(100, 500, 1000, 5000),
    )


def side_pots_showdown() -> TableView:
    """Three all-ins of different sizes, hands tabled at showdown (002 Rule 17, 001 Side Pots)."""
    stacks = {1: 0, 2: 0, 4: 0, 7: 14_600, 9: 21_000}
    seats = _seats(
        stacks,
        status={
            1: "all-in",
            2: "all-in",
            4: "all-in",
            3: "out",
            5: "out",
            6: "out",
            8: "out",
            10: "out",
        },
        button={9: True},
        sb={1: True},
        bb={2: True},
        shown={1: ("Ah", "Kh"), 2: ("Qc", "Qd"), 4: ("7s", "7d"), 7: ("Jc", "Td")},
        hidden={9: 0},
    )
    seats = tuple(
        s if s.seat != 9 else SeatView(9, "Ivan", 21_000, 0, "folded", button=True) for s in seats
    )
    return TableView(
        profile="wfp",
        hand_no=112,
        street="showdown",
        board=("2c", "5h", "8s", "Qh", "Kc"),
        seats=seats,
        pots=(PotView(19_200, (1, 2, 4, 7)), PotView(12_600, (1, 2, 7)), PotView(5_000, (2, 7))),
        to_act=None,
        to_call=0,
        min_raise_to=None,
        can_raise=False,
        last=Ruling(
            "call",
            9_100,
            returned=400,
            rule="002 Rule 43",
            text="Chips beyond the call are handed back.",
            seat=7,
        ),
        alerts=(),
        level=LevelView(11, 1_000, 2_000, 0, False, 301.0),
        eliminated=(10, 3, 5, 8, 6),
        chips=(500, 1000, 5000),
    )


def on_the_clock() -> TableView:
    """Seat 7 on the clock with 8 seconds left (002 Rule 29: 25 seconds plus a 5 second count)."""
    view = normal_action()
    return TableView(
        profile=view.profile,
        hand_no=view.hand_no,
        street="flop",
        board=view.board,
        seats=view.seats,
        pots=view.pots,
        to_act=7,
        to_call=1_800,
        min_raise_to=3_600,
        can_raise=True,
        last=view.last,
        alerts=(),
        clock=ClockView(7, 8.0),
        level=view.level,
        eliminated=view.eliminated,
        chips=view.chips,
    )


EXAMPLES = {
    "normal_action": normal_action,
    "out_of_turn": out_of_turn,
    "misdeal": misdeal,
    "side_pots_showdown": side_pots_showdown,
    "on_the_clock": on_the_clock,
}
