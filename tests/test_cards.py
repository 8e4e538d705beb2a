"""Engine-level details of deal tracking and card irregularities (tablectl/engine/dealing.py,
cards.py).

The scenarios in tests/scenarios/cards_*.jsonl show each rule from the outside; these tests look
at the state behind them: dealing order, what a misdeal restores, where an exposed or extra card
goes, and the profile options of the rulebooks that differ.
"""

from __future__ import annotations

from typing import Any

from tablectl.engine import dealing
from tablectl.engine.events import Event, event_from_obj
from tablectl.engine.outputs import Alert, Notice, Output
from tablectl.engine.positions import Positions
from tablectl.engine.table import Table, fold_events

DEAL = {"2": ["2c", "2d"], "3": ["3c", "3d"], "4": ["4c", "4d"], "1": ["5c", "5d"]}


def setup(rules: str = "tda-2025", **extra: Any) -> dict[str, Any]:
    return {
        "rules": rules,
        "seats": {"1": 10000, "2": 10000, "3": 10000, "4": 10000},
        "button": 1,
        "blinds": [100, 200],
        "ante": 0,
        "chips": [25, 100, 500, 1000, 5000],
        **extra,
    }


def play(table: Table, *objs: dict[str, Any]) -> list[Output]:
    out: list[Output] = []
    for obj in objs:
        out += table.apply(event_from_obj(obj))
    return out


def kinds(out: list[Output]) -> list[str]:
    return [o.kind for o in out if isinstance(o, Alert)]


def card(c: str, seat: int, face: str = "down") -> dict[str, Any]:
    return {"card": c, "zone": f"seat:{seat}", "face": face}


def test_deal_shorthand_is_dealt_in_proper_order_button_last() -> None:
    """002 Rule 35-B: from the first seat left of the button, two rounds, the button last."""
    t = Table(setup())
    out = play(
        t, {"deal": {"1": ["5c", "5d"], "4": ["4c", "4d"], "2": ["2c", "2d"], "3": ["3c", "3d"]}}
    )
    assert kinds(out) == []
    assert t.hand is not None
    assert [s for s, _ in t.hand.deal.deal_log] == [2, 3, 4, 1, 2, 3, 4, 1]
    assert t.hand.deal.deal_done


def test_dead_button_on_an_empty_seat_deals_first_to_its_left() -> None:
    """002 Rule 33: the button may sit on an empty seat; the deal starts left of it."""
    t = Table({**setup(), "seats": {"1": 10000, "2": 10000, "3": 10000, "4": 10000, "6": 10000}})
    play(t, {"deal": {**DEAL, "6": ["6c", "6d"]}})
    assert t.hand is not None
    t.hand.positions = Positions(button=5, sb_seat=6, sb=None, bb=1)
    assert dealing.deal_order(t.hand) == [6, 1, 2, 3, 4]


def test_misdeal_restores_the_hand_and_replays_it() -> None:
    """002 Rule 36-C: same button, same blinds, every chip back; the hand number stays."""
    t = Table(setup())
    total = t.chips_total()
    play(t, {"deal": DEAL}, {"push": {"seat": 4, "chips": [100, 100]}})
    hand = t.hand
    assert hand is not None and hand.number == 1
    out = play(t, card("9h", 2))
    assert "misdeal" in kinds(out)
    assert t.hand is not hand and t.hand is not None
    assert t.hand.number == 1 and t.hand.deal.redeals == 1 and t.hand_no == 1
    assert t.stacks() == {1: 10000, 2: 9900, 3: 9800, 4: 10000}
    assert t.chips_total() == total
    assert t.hand.hole == {1: [], 2: [], 3: [], 4: []} and not t.hand.deal.deal_log
    # the call lying in seat 4's bet zone goes back to it: pulling it is no action
    assert kinds(play(t, {"pull": {"seat": 4, "chips": [100, 100]}})) == []
    # The re-deal deals the same cards again without a fouled deck.
    assert kinds(play(t, {"deal": DEAL})) == []


def test_undo_after_a_misdeal_does_not_reach_back_into_the_misdealt_hand() -> None:
    t = Table(setup())
    play(t, card("2c", 3))  # the first card to the wrong seat: misdeal
    assert t.hand is not None and t.hand.deal.redeals == 1
    out = play(t, {"deal": DEAL}, {"push": {"seat": 4, "chips": [100, 100]}}, {"press": "undo"})
    assert t.hand.deal.redeals == 1 and t.hand.to_act == 4 and t.stacks()[4] == 10000
    assert not [k for k in kinds(out) if k == "misdeal"]


def test_replay_of_a_misdealt_and_fouled_session_gives_the_same_state() -> None:
    objs = [
        card("2c", 3),
        {"deal": DEAL},
        {"push": {"seat": 4, "chips": [100, 100]}},
        {"push": {"seat": 1, "chips": [100, 100]}},
        {"push": {"seat": 2, "chips": [100]}},
        {"press": "check"},
        {"board": ["Ah", "2c", "7h"], "burn": "8s"},
    ]
    events = [event_from_obj(o) for o in objs]
    a = fold_events(setup(), events)
    b = fold_events(setup(), events)
    assert a.view() == b.view() and a.stacks() == b.stacks()
    assert a.hand is not None and a.hand.deal.redeals == 2


def test_fouled_deck_returns_every_bet_and_says_how_much() -> None:
    """002 Rule 36-E: all bets returned, blinds included, then the same hand again."""
    t = Table(setup())
    total = t.chips_total()
    five = [100] * 5
    play(
        t,
        {"deal": DEAL},
        {"push": {"seat": 4, "chips": five}},
        {"push": {"seat": 1, "chips": five}},
        {"fold": 2},
        {"push": {"seat": 3, "chips": [100, 100, 100]}},
    )
    assert t.hand is not None and t.hand.to_act is None
    out = play(t, {"board": ["Ah", "Kd", "4d"], "burn": "8s"})
    assert kinds(out) == ["fouled_deck"]
    returned = [o for o in out if isinstance(o, Notice) and o.kind == "returned"]
    assert returned and returned[0].seats == {1: 500, 2: 100, 3: 500, 4: 500}
    assert t.chips_total() == total
    assert t.hand is not None and t.hand.street == "preflop" and t.hand.positions.button == 1


def test_single_exposed_card_is_replaced_after_the_deal_and_burned() -> None:
    """000 Irregularities 17: the deal goes on; the replacement is the seat's; it is the burn."""
    t = Table(setup())
    out = play(t, card("2c", 2), card("3c", 3), card("4c", 4, "up"))
    assert kinds(out) == ["exposed_card"]
    hand = t.hand
    assert hand is not None
    assert hand.deal.exposed == ["4c"] and hand.hole[4] == [] and hand.deal.owed_cards == {4: 1}
    play(t, card("5c", 1), card("2d", 2), card("3d", 3), card("4d", 4), card("5d", 1))
    assert hand.deal.deal_done and hand.hole[4] == ["4d"]  # the replacement comes after the deal
    assert kinds(play(t, card("6h", 4))) == []
    assert hand.hole[4] == ["4d", "6h"] and hand.deal.deal_done and not hand.deal.owed_cards
    play(t, {"card": "4c", "zone": "burn"})
    assert hand.deal.burns == ["4c"] and hand.deal.burn_pending == 1 and not hand.deal.exposed
    # A fourth card to seat 4 now is a wrong count: a misdeal before substantial action.
    assert "misdeal" in kinds(play(t, card("7h", 4)))


def test_one_exposed_card_is_a_misdeal_at_home() -> None:
    """003 Misdeals 1(a): one or more cards exposed by the dealer before the flop."""
    t = Table(setup("home"))
    out = play(t, card("2c", 2), card("3c", 3), card("4c", 4, "up"))
    assert kinds(out) == ["misdeal"]
    assert "003 Misdeals 1(a)" in [o.rule for o in out if isinstance(o, Alert)]


def test_one_boxed_card_is_a_misdeal_at_home_but_not_under_tda() -> None:
    boxed = {"card": "Jd", "zone": "muck", "face": "up"}
    tda = Table(setup())
    assert kinds(play(tda, card("2c", 2), boxed)) == ["boxed_card"]
    home = Table(setup("home"))
    assert kinds(play(home, card("2c", 2), boxed)) == ["misdeal"]


def test_substantial_action_thresholds_per_profile() -> None:
    """002 Rule 37 (two actions, one with chips, or three), 000/004 (two players acted),
    003 (one player acted)."""

    def after(rules: str, *objs: dict[str, Any]) -> bool:
        t = Table({**setup(rules), "seats": {str(s): 10000 for s in range(1, 7)}})
        play(
            t,
            {
                "deal": {
                    str(s): [f"{r}c", f"{r}d"] for s, r in zip(range(1, 7), "234567", strict=True)
                }
            },
            *objs,
        )
        assert t.hand is not None
        return dealing.substantial(t, t.hand)

    fold4, fold5 = {"fold": 4}, {"fold": 5}
    call4 = {"push": {"seat": 4, "chips": [100, 100]}}
    assert not after("tda-2025", fold4, fold5)  # two folds are not substantial
    assert after("tda-2025", call4, fold5)  # two actions, one with chips
    assert after("roberts", fold4, fold5)  # two players acted
    assert not after("home")
    assert after("home", fold4)


def test_third_card_after_substantial_action_kills_the_hand_chips_stay() -> None:
    t = Table(setup())
    total = t.chips_total()
    play(
        t,
        {"deal": DEAL},
        {"push": {"seat": 4, "chips": [100, 100]}},
        {"push": {"seat": 1, "chips": [100, 100]}},
    )
    out = play(t, card("9h", 3))
    assert kinds(out) == ["wrong_card_count"]
    hand = t.hand
    assert hand is not None and 3 in hand.showdown.dead and 3 in hand.folded
    assert hand.contributed[3] == 200 and t.chips_total() == total
    assert hand.to_act == 2  # seat 3 was not in turn: the turn is unchanged


def test_killed_hand_leaving_one_player_awards_the_pot() -> None:
    t = Table({**setup(), "seats": {"1": 10000, "2": 10000}})
    play(
        t,
        {"deal": {"1": ["5c", "5d"], "2": ["2c", "2d"]}},
        {"push": {"seat": 1, "chips": [100]}},
        {"press": "check"},
        {"board": ["Ah", "Kd", "7c"], "burn": "8s"},
    )
    # heads-up: the button (seat 1) completes and the big blind checks: substantial action
    assert t.hand is not None and dealing.substantial(t, t.hand)
    out = play(t, card("9h", 2))
    assert kinds(out) == ["wrong_card_count"]
    assert t.hand is not None and t.hand.street == "over" and t.hand.showdown.won == {1: 400}


def test_button_with_one_card_can_still_get_its_second() -> None:
    """002 Rules 36-B, 39: the button may be dealt two cards in a row."""
    t = Table(setup())
    play(
        t,
        card("2c", 2),
        card("3c", 3),
        card("4c", 4),
        card("2d", 2),
        card("3d", 3),
        card("4d", 4),
        card("5c", 1),
    )
    out = play(t, {"push": {"seat": 4, "chips": [100, 100]}})
    assert kinds(out) == ["wrong_card_count"]
    assert kinds(play(t, card("5d", 1))) == []
    out = play(t, {"push": {"seat": 1, "chips": [100, 100]}})
    assert kinds(out) == [] and t.hand is not None and not t.hand.showdown.dead


def test_a_table_without_card_reads_is_never_misdealt() -> None:
    """A hand started from the console with no hole cards read: action and a showdown read."""
    t = Table({**setup(), "seats": {"1": 10000, "2": 10000}})
    out = play(
        t,
        {"press": "new_hand"},
        {"push": {"seat": 1, "chips": [100]}},
        {"press": "check"},
        {"board": ["Ah", "Kd", "7c"], "burn": "8s"},
        {"press": "check"},
        {"press": "check"},
        {"board": ["9c"], "burn": "8h"},
        {"press": "check"},
        {"press": "check"},
        {"board": ["2s"], "burn": "8d"},
        {"press": "check"},
        {"press": "check"},
        card("As", 2, "up"),
        card("Ad", 2, "up"),
        card("3c", 1, "up"),
        card("4d", 1, "up"),
    )
    assert kinds(out) == []
    assert t.hand is not None and t.hand.street == "over" and t.hand.showdown.won == {2: 400}


def test_unknown_tag_before_substantial_action_names_itself_and_misdeals() -> None:
    t = Table(setup())
    out = play(t, card("2c", 2), card("??", 3))
    assert kinds(out) == ["foreign_card", "misdeal"]
    assert {o.rule for o in out if isinstance(o, Alert)} == {"002 Rule 36-A(6)"}


def test_four_card_flop_pick_leaves_the_other_three_as_the_flop() -> None:
    t = Table(setup())
    play(
        t,
        {"deal": DEAL},
        {"push": {"seat": 4, "chips": [100, 100]}},
        {"fold": 1},
        {"push": {"seat": 2, "chips": [100]}},
        {"press": "check"},
    )
    out = play(
        t,
        {"board": ["Ah", "Kd", "7c"], "burn": "8s"},
        {"card": "2s", "zone": "board", "face": "up"},
    )
    assert kinds(out) == ["four_card_flop"]
    hand = t.hand
    assert hand is not None and hand.board == ["Ah", "Kd", "7c"] and hand.deal.held == ["2s"]
    play(t, {"card": "Ah", "zone": "burn"})
    assert (
        hand.board == ["Kd", "7c", "2s"]
        and hand.deal.held == []
        and hand.deal.burns == ["8s", "Ah"]
    )


def test_premature_card_is_set_aside_and_may_come_again_after_the_reshuffle() -> None:
    t = Table(setup())
    play(
        t,
        {"deal": DEAL},
        {"push": {"seat": 4, "chips": [100, 100]}},
        {"fold": 1},
        {"card": "8s", "zone": "burn"},
    )
    out = play(t, {"card": "Kh", "zone": "board", "face": "up"})
    assert kinds(out) == ["premature_card"]
    hand = t.hand
    assert hand is not None and hand.board == [] and hand.deal.premature == ["Kh"]
    assert kinds(play(t, {"card": "Kh", "zone": "board", "face": "up"})) == ["premature_card"]
    play(t, {"push": {"seat": 2, "chips": [100]}}, {"press": "check"})
    out = play(t, {"board": ["Kh", "Qh", "2h"]})
    assert kinds(out) == [] and hand.board == ["Kh", "Qh", "2h"] and hand.deal.premature == []


def test_wfp_premature_flop_needs_a_second_burn_and_no_turn_burn() -> None:
    """001 "Premature Flop, Turn or River"."""
    t = Table(setup("wfp"))
    play(
        t,
        {"deal": DEAL},
        {"push": {"seat": 4, "chips": [100, 100]}},
        {"fold": 1},
        {"card": "8s", "zone": "burn"},
        {"card": "Kh", "zone": "board", "face": "up"},
    )
    hand = t.hand
    assert hand is not None and hand.deal.burn_need == {"flop": 2, "turn": 0}
    play(t, {"push": {"seat": 2, "chips": [100]}}, {"press": "check"})
    assert kinds(play(t, {"board": ["Qc", "Jc", "9d"], "burn": "8h"})) == []
    play(t, {"press": "check"}, {"press": "check"}, {"press": "check"})
    assert kinds(play(t, {"board": ["2h"]})) == []
    # under the TDA profile the same second burn is one too many
    tda = Table(setup())
    play(
        tda,
        {"deal": DEAL},
        {"push": {"seat": 4, "chips": [100, 100]}},
        {"fold": 1},
        {"card": "8s", "zone": "burn"},
        {"card": "Kh", "zone": "board", "face": "up"},
        {"push": {"seat": 2, "chips": [100]}},
        {"press": "check"},
    )
    assert kinds(play(tda, {"board": ["Qc", "Jc", "9d"], "burn": "8h"})) == ["missed_burn"]


def test_missed_burn_stands_once_anyone_acted() -> None:
    """002 Rule 38-B: after any action (even one check) play proceeds with the flop."""
    t = Table(setup())
    play(
        t,
        {"deal": DEAL},
        {"push": {"seat": 4, "chips": [100, 100]}},
        {"fold": 1},
        {"push": {"seat": 2, "chips": [100]}},
        {"press": "check"},
    )
    assert kinds(play(t, {"board": ["Ah", "Kd", "7c"]})) == ["missed_burn"]
    play(t, {"press": "check"})
    out = play(t, {"card": "Kd", "zone": "burn"})
    assert kinds(out) == ["action_void"]
    assert t.hand is not None and t.hand.board == ["Ah", "Kd", "7c"]


def test_boxed_card_is_a_scrap_and_not_a_duplicate_later() -> None:
    t = Table(setup())
    play(t, {"deal": DEAL})
    out = play(t, {"card": "Jd", "zone": "muck", "face": "up"})
    assert kinds(out) == ["boxed_card"]
    assert kinds(play(t, {"card": "Jd", "zone": "muck", "face": "up"})) == []


def test_dealing_out_of_turn_chips_event_is_screened_like_a_push() -> None:
    t = Table(setup())
    play(
        t, card("2c", 2), card("3c", 3), card("5c", 1), card("2d", 2), card("3d", 3), card("5d", 1)
    )
    out = t.apply(Event("chips", {"bet:4": [100, 100]}))
    assert "misdeal" in kinds(out)
    assert t.felt.give_back == {4: 200} and t.felt.zones["bet:4"] == [100, 100]
    assert kinds(play(t, {"pull": {"seat": 4, "chips": [100, 100]}})) == []


def test_a_mucked_card_dealt_again_to_the_same_seat_starts_the_next_hand() -> None:
    """After the award a card is gathered into the muck; the next deal may give it to the same
    seat: that is a new hand, not the old hand turned over."""
    t = Table(setup())
    play(t, {"deal": DEAL}, {"fold": 4}, {"fold": 1}, {"fold": 2})
    assert t.hand is not None and t.hand.street == "over"
    play(t, {"card": "3c", "zone": "muck"}, {"card": "3d", "zone": "muck"})
    out = play(t, card("3c", 3), card("7h", 4))  # button 2 now: seat 3 gets the first card
    assert kinds(out) == [] and t.hand_no == 2
    assert t.hand is not None and t.hand.hole[3] == ["3c"] and t.hand.hole[4] == ["7h"]


def test_first_hole_cards_read_after_the_flop_are_no_deal() -> None:
    """Heads-up, both all-in on the blinds from a console-started hand: the first hole cards
    read are the hands tabled at the end, not a deal to check."""
    t = Table({**setup(), "seats": {"1": 100, "2": 200}})
    play(t, {"press": "new_hand"}, {"board": ["Ah", "Kd", "7c"], "burn": "8s"})
    assert t.hand is not None and t.hand.betting.betting_over and t.hand.street == "flop"
    out = play(
        t,
        card("9c", 1, "up"),
        card("9d", 1, "up"),
        card("2c", 2, "up"),
        card("2d", 2, "up"),
        {"board": ["3s"], "burn": "8h"},
        {"board": ["4s"], "burn": "8d"},
    )
    assert kinds(out) == []
    assert t.hand.street == "over" and t.hand.showdown.won == {1: 200}


# ------------------------------------------------------ deal_sequence (004 Misdeals 1(f))


def _sequence(n: int) -> list[int]:
    """Seats 1..n, button n: the proper order is 1..n twice round."""
    return list(range(1, n + 1)) * 2


def _deal_reads(rules: str, n: int, seats: list[int]) -> list[str]:
    t = Table(
        {
            "rules": rules,
            "seats": {str(s): 10000 for s in range(1, n + 1)},
            "button": n,
            "blinds": [100, 200],
            "ante": 0,
            "chips": [25, 100, 500, 1000, 5000],
        }
    )
    deck = iter(f"{r}{s}" for s in "cdhs" for r in "23456789TJQKA")
    return kinds(play(t, *(card(next(deck), s) for s in seats)))


def test_sequence_tolerates_any_one_swap_of_neighbouring_reads() -> None:
    # The antennas' timing jitter may swap two reads next to each other: never a misdeal.
    for n in range(2, 8):
        proper = _sequence(n)
        for i in range(1, len(proper) - 1):  # the first card is checked on its own (36-A(2))
            reads = [*proper[:i], proper[i + 1], proper[i], *proper[i + 2 :]]
            assert "misdeal" not in _deal_reads("roberts", n, reads), (n, reads)


def test_sequence_two_cards_in_a_row_to_one_seat_is_a_misdeal_roberts_only() -> None:
    for n in range(3, 8):
        for seat in range(2, n + 1):
            # seat gets its second card right after its first, in the first round
            proper = _sequence(n)
            i = proper.index(seat)
            reads = [*proper[: i + 1], seat, *[s for s in proper[i + 1 :] if s != seat], seat]
            reads = reads[: 2 * n]
            assert "misdeal" in _deal_reads("roberts", n, reads), (n, reads)
            assert "misdeal" not in _deal_reads("tda-2025", n, reads), (n, reads)


def test_wfp_stray_joker_tag_at_a_full_hand_is_no_replacement() -> None:
    # 000 Irregularities 7: a seat already holding two cards owes nothing for a stray tag
    t = Table(setup("wfp"))
    play(t, {"deal": DEAL})
    out = play(t, card("??", 2))
    assert kinds(out) == ["foreign_card"] and t.hand is not None
    assert t.hand.deal.owed_cards == {} and t.hand.number == 1 and not t.hand.showdown.dead
