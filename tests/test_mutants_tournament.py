"""The rules mutation runs found untested in the venue's seating and model (issue 34), each written
from the rule: through ``Venue.apply`` where the venue reaches it, else the seating function."""

from __future__ import annotations

import random

import pytest
from test_results import played_out
from test_venue_manual import FLOOR, Room
from test_venue_model import STRUCTURE, commands, confirm, notices, report, seats_of, venue_with

from tablectl.engine.events import event_from_obj
from tablectl.engine.table import Table
from tablectl.engine.view import TableView
from tablectl.tournament import seating
from tablectl.tournament.chiprace import card_key
from tablectl.tournament.handforhand import TableHold, runout_pending
from tablectl.tournament.points import parse_league
from tablectl.tournament.results import results
from tablectl.tournament.venue import Venue
from tablectl.wire.commands import SeatCmd, UnseatCmd


def test_rule_10a_a_player_seated_before_the_first_hand_is_dealt_in_at_once() -> None:
    """002 Rule 10-A: a new player may take any seat and is dealt in, except between the small
    blind and the button. Before the first hand there are no blinds, so no seat lies between
    them: a late registrant drawn to a table that has reported but dealt no hand waits for
    nothing."""
    v, out = venue_with(12, tables=2, late_until_level=2)  # 6 and 6
    confirm(v, out)
    for n, table in enumerate(("T1", "T2"), start=1):
        said = v.apply(report(v, table, n))  # no hand yet: button, sb and bb all None
        assert [o for o in said if o.kind == "alert"] == []
        assert v.tables[table].report is not None and v.tables[table].report.bb is None
    (seat,) = commands(v.apply({"register": {"name": "Late"}}), SeatCmd)
    assert seat.rule == "002 Rule 8-A" and seat.waits is False
    assert "button" not in seat.why


def test_rule_10a_a_late_player_between_the_small_blind_and_the_button_waits() -> None:
    """The other side of 002 Rule 10-A, so the test above cannot pass by never waiting: the last
    hand's small blind on seat 1 and big blind on seat 5 (seats 2-4 open), the next hand's button
    is on seat 1 and a player drawn to seats 2-4 would be dealt in behind it without a blind."""
    v, out = venue_with(6, tables=1, late_until_level=2, seed=5)
    confirm(v, out)
    assert sorted(seats_of(v, "T1")) == [1, 5, 6, 7, 8, 9]
    v.apply(report(v, "T1", 1, button=9, sb=1, bb=5))
    (seat,) = commands(v.apply({"register": {"name": "Late"}}), SeatCmd)
    assert seat.seat in (2, 3, 4) and seat.waits is True
    assert seat.why.endswith("; dealt in once the button passes (002 Rule 10-A)")


def test_rule_11a_a_proposed_move_says_who_moves_from_where_to_where() -> None:
    """With ``approve_moves`` the director reads the proposal before approving it: a balancing
    move (002 Rule 11-A) names the player due the big blind, the seat left and the seat taken."""
    v, out = venue_with(16, approve_moves=True)  # 8 and 8
    confirm(v, out)
    t1, t2 = sorted(seats_of(v, "T1")), sorted(seats_of(v, "T2"))
    v.apply(report(v, "T1", 1, button=t1[0], sb=t1[1], bb=t1[2]))
    said = v.apply(report(v, "T2", 1, out=tuple(t2[:2]), button=t2[4], sb=t2[5], bb=t2[6]))
    (proposed,) = notices(said, "proposed")
    (p,) = v.proposals.values()
    name = seats_of(v, "T1")[t1[3]].name  # the next big blind: one player on from the last
    assert proposed.rule == "002 Rule 11-A"
    assert proposed.text == (
        f"to approve ({p.id}): move {name} from T1 seat {t1[3]} to T2 seat {p.to_seat}"
    )


def test_rule_10b_a_proposed_break_names_the_table() -> None:
    """A table break waiting for the director (002 Rule 10-B) says which table breaks."""
    v, out = venue_with(19, tables=3, approve_moves=True)  # 7, 6, 6
    confirm(v, out)
    seat = next(iter(seats_of(v, "T1")))
    said = v.apply(report(v, "T1", 1, out=(seat,), button=1, sb=2, bb=3))  # 18 fit two tables
    (proposed,) = notices(said, "proposed")
    (p,) = v.proposals.values()
    assert proposed.rule == "002 Rule 10-B"
    assert proposed.text == f"to approve ({p.id}): break table T3"


# ----------------------------------------------------------------------- seating (mutmut run)


def test_rule_12_a_three_handed_event_ends_at_a_final_table_of_four() -> None:
    """002 Rule 12: a full table plus one; only a heads-up event keeps its own size."""
    assert seating.final_table_size(3) == 4
    assert seating.final_table_size(2) == 2


def test_rule_10a_the_button_and_blind_seats_themselves_are_dealt_in() -> None:
    """002 Rule 10-A: a new player may take "any seat including the small or big blind or the
    button" and be dealt in, except *between* the small blind and the button. Last hand's small
    blind seat is the next button, its big blind seat the next small blind: neither waits."""
    assert not seating.waits_for_button(3, 3, 5)  # the next button
    assert not seating.waits_for_button(5, 3, 5)  # the next small blind
    assert seating.waits_for_button(4, 3, 5)
    # the same round the corner of the table (small blind 9, big blind 2)
    assert not seating.waits_for_button(9, 9, 2) and not seating.waits_for_button(2, 9, 2)
    assert seating.waits_for_button(10, 9, 2) and seating.waits_for_button(1, 9, 2)
    # positions not known (no hand reported): nothing to wait for
    assert not seating.waits_for_button(4, None, 5) and not seating.waits_for_button(4, 3, None)


def test_rule_11d_blinds_impacted_counts_every_seat_of_the_table_and_no_other() -> None:
    """002 Rule 11-D: a table's blinds are impacted once its big blind would pass an open seat
    of the table. Seats 1 and ``handed`` count like any other; there are no seats 0 or
    ``handed + 1``; before the first hand there is no big blind to pass anything."""
    full = list(range(1, 10))
    assert not seating.blinds_impacted(full, 9, 9)  # nine-handed, full: nothing open
    assert seating.blinds_impacted(full[1:], 9, 9)  # seat 1 open, from 9 to 2
    assert seating.blinds_impacted([*range(1, 9)], 8, 9)  # seat 9 open, from 8 to 1
    assert seating.blinds_impacted([1, 2, 3, 5, 6, 7, 9], 7, 9)  # seat 8 open, from 7 to 9
    assert not seating.blinds_impacted([1, 2, 3], None, 9)  # no hand played yet


def test_rule_11d_one_player_left_passes_every_open_seat() -> None:
    """A table down to its last player (the next big blind is the same seat): every open seat
    lies before it comes round again, so its blinds are impacted (002 Rule 11-D)."""
    assert seating.blinds_impacted([5], 5, 9)


def test_rule_10b_the_highest_cards_take_the_seat_cards_first() -> None:
    """002 Rule 10-B, Illustration Addendum: one card dealt face up to each player, the first
    seat card to the highest card by suit. With fewer seat cards than players, the players left
    without one are those with the lowest cards, whatever their names."""
    players = ["zed", "amy", "kim", "bob", "pat", "lou"]
    for seed in range(20):
        seats, dealt = seating.two_step_draw(players, [("A", 1), ("A", 2)], random.Random(seed))
        got = sorted(seats, key=lambda p: card_key(dealt[p]))
        rest = [p for p in players if p not in seats]
        assert len(got) == 2 and len(rest) == 4
        assert max(card_key(dealt[p]) for p in rest) < min(card_key(dealt[p]) for p in got)


def test_rule_11a_before_the_first_hand_the_big_blind_is_two_players_after_the_button() -> None:
    """002 Rule 11-A moves the player due the big blind next. A table that has drawn its button
    but dealt no hand has no last big blind: the first one is posted two players clockwise from
    the button (003 Button and blind use 2), so that player moves."""
    v, out = venue_with(16)  # 8 and 8
    confirm(v, out)
    t1, t2 = sorted(seats_of(v, "T1")), sorted(seats_of(v, "T2"))
    v.apply(report(v, "T1", 1, button=t1[5]))  # no blinds yet
    said = v.apply(report(v, "T2", 1, out=tuple(t2[:2]), button=t2[4], sb=t2[5], bb=t2[6]))
    (move,) = commands(said, UnseatCmd)
    assert (move.table, move.seat, move.rule) == ("T1", t1[7], "002 Rule 11-A")


def test_heads_up_the_first_big_blind_is_the_player_after_the_button() -> None:
    """Heads-up the button is the small blind (002 Rule 35-B): the other player is due the big
    blind."""
    assert seating.next_big_blind(None, [3, 7], button=3) == 7
    assert seating.next_big_blind(None, [3, 7], button=7) == 3
    assert seating.next_big_blind(None, [2, 3, 7], button=7) == 3


def test_rule_7_a_field_that_fits_one_table_starts_at_one_table() -> None:
    """002 Rule 7 seats the field at random, at the fewest tables it needs: six players and
    three tables of nine play at the first table only."""
    v, _out = venue_with(6, tables=3)
    assert v.summary()["tables"] == {"T1": 6}
    assert v.active_tables() == ["T1"]


def test_rule_7_a_field_too_big_for_the_tables_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match=r"^10 players do not fit 1 tables of 9$"):
        seating.initial_draw([f"P{i}" for i in range(10)], ["A"], 9, random.Random(1))


def test_rule_11c_seat_cards_go_one_by_one_to_the_shortest_table_ties_in_break_order() -> None:
    """002 Rules 10-B, 11-C: each seat card goes to the table with the fewest players, a tie to
    the first in the predetermined order. A at 5 and B at 6, four cards: A, then A (6 and 6,
    A first), B, A: A ends at 8, B at 7."""
    pool = seating.balanced_pool(
        {"A": 5, "B": 6}, {"A": [1, 2, 3, 4], "B": [7, 8, 9]}, 4, ["A", "B"], random.Random(3)
    )
    assert [t for t, _ in pool] == ["A", "A", "B", "A"]


# ------------------------------------------------------ prizes.Purse (tests/hand_mutants.py)


def _priced(**prize: float) -> dict:
    structure = dict(STRUCTURE)
    structure["prize"] = {**STRUCTURE["prize"], **prize}
    return structure


def test_the_guarantee_is_added_to_the_pool() -> None:
    """The prize pool is what the entries put in plus the house's added money (``guaranteed``):
    12 entries of 100 and 500 added make 1,700, paid 50/30/20 (the 10+ bracket)."""
    v, _out = venue_with(12, structure=_priced(guaranteed=500))
    assert v.summary()["prize_pool"] == 1700.0
    assert v.summary()["payouts"] == [[1, 850.0], [2, 510.0], [3, 340.0]]


def test_a_freeroll_pays_no_money_for_a_place() -> None:
    """With no money in the pool the payout table stays percentages for the screens, but a place
    is paid nothing: the 12th player out of a freeroll wins 0, not "50"."""
    v, out = venue_with(12, structure=_priced(per_entry=0))
    assert v.summary()["prize_pool"] == 0
    confirm(v, out)
    (seat, entry), *_ = seats_of(v, "T1").items()
    v.apply(report(v, "T1", 1, out=(seat,), button=1, sb=2, bb=3))
    assert v.prize_of(entry, 1) == 0.0 and v.prize_of(entry, 12) == 0.0


# -------------------------------------------------------------- handforhand.runout_pending


def _hand(stacks: dict[int, int], *events: dict) -> TableView:
    t = Table.from_setup(
        {
            "rules": "tda-2025",
            "seats": {str(s): n for s, n in stacks.items()},
            "button": 2,
            "blinds": [100, 200],
            "chips": [100, 500, 1000],
        }
    )
    t.apply(event_from_obj({"deal": {"4": ["As", "Ah"], "6": ["7c", "2d"], "2": ["Kd", "Qs"]}}))
    for ev in events:
        t.apply(event_from_obj(ev))
    return t.view()


def _push(seat: int, *chips: int) -> dict:
    return {"push": {"seat": seat, "chips": list(chips)}}


def test_rp8f_only_an_all_in_and_call_with_cards_to_come_holds_the_cards() -> None:
    """002 RP-8 F: "In the event of an all-in and call during H4H, the cards of all players in
    the hand should remain face down. Dealers should not deal additional cards until
    instructed." Button 2, small blind 4, big blind 6: Hal (2) acts first preflop."""
    three = {2: 3000, 4: 9000, 6: 9000}
    # a player still to act: no all-in and call yet
    assert not runout_pending(_hand(three))
    assert not runout_pending(_hand(three, _push(2, 1000, 1000, 1000)))
    # everyone in for the big blind, nobody all-in: the flop comes and they bet on
    limped = _hand(three, _push(2, 100, 100), _push(4, 100), {"press": "check"})
    assert limped.street == "preflop" and limped.to_act is None
    assert not runout_pending(limped)
    # Hal all-in, called by both: Ida and Jon still bet between them on the flop
    called = _hand(three, _push(2, 1000, 1000, 1000), _push(4, 1000, 1000, 500, 100, 100, 100, 100))
    called_too = _hand(
        three,
        _push(2, 1000, 1000, 1000),
        _push(4, 1000, 1000, 500, 100, 100, 100, 100),
        _push(6, 1000, 1000, 500, 100, 100, 100),
    )
    assert called.to_act == 6 and not runout_pending(called)
    assert called_too.to_act is None and not runout_pending(called_too)
    # two all-in and one caller with chips behind: nobody can bet: the cards stay down
    short = {2: 3000, 4: 5000, 6: 9000}
    two_in = _hand(
        short,
        _push(2, 1000, 1000, 1000),
        _push(4, 1000, 1000, 1000, 1000, 500, 100, 100, 100, 100),  # 4,900 on the blind: all in
        _push(6, 1000, 1000, 1000, 1000, 500, 100, 100, 100),  # the call, on the big blind
    )
    assert two_in.to_act is None and runout_pending(two_in)
    # run out to the river: no card to come, nothing left to hold
    river = _hand(
        short,
        _push(2, 1000, 1000, 1000),
        _push(4, 1000, 1000, 1000, 1000, 500, 100, 100, 100, 100),  # 4,900 on the blind: all in
        _push(6, 1000, 1000, 1000, 1000, 500, 100, 100, 100),  # the call, on the big blind
        {"board": ["2c", "7h", "8s"], "burn": "3d"},
        {"board": ["9c"], "burn": "4d"},
        {"board": ["Jc"], "burn": "5d"},
    )
    assert river.street not in ("preflop", "flop", "turn") and not runout_pending(river)


# ---------------------------------------------------------------------------- results


def test_results_list_players_still_in_by_stack_biggest_first_with_no_prize_yet() -> None:
    """The standings while play goes on: those still in first, the biggest stack first, none
    with a place or a prize yet; then the places out, best first."""
    v, out = venue_with(4, tables=1, handed=10)
    confirm(v, out)
    here = seats_of(v, "T1")
    low, mid, high, gone = sorted(here)
    stacks = {low: 7000, mid: 21000, high: 12000}
    v.apply(report(v, "T1", 1, out=(gone,), stacks=stacks))
    rows = results(v)
    assert [r.name for r in rows] == [here[s].name for s in (mid, high, low, gone)]
    assert [(r.place, r.prize) for r in rows] == [(0, 0.0), (0, 0.0), (0, 0.0), (4, 0.0)]


def test_results_leave_out_players_still_on_the_waiting_list() -> None:
    """002 Rule 8-A: an entry counts once seated; a player still waiting for a seat has no row."""
    v = Venue()
    setup = {"tables": ["T1"], "handed": 4, "seed": 1, "structure": STRUCTURE}
    v.apply({"setup": {**setup, "late_until_level": 2}})
    for i in range(6):  # one table of four: a final table of five (002 Rule 12)
        v.apply({"register": {"name": f"P{i + 1}"}})
    confirm(v, v.apply({"start": {}}))
    assert [e.name for e in v.waiting()] == ["P6"]
    assert sorted(r.name for r in results(v)) == ["P1", "P2", "P3", "P4", "P5"]


def test_league_formulas_read_each_figure_of_a_finish() -> None:
    """tablectl.tournament.points: a formula reads ``players`` (people), ``b`` (the buy-in),
    ``pool``, this player's ``prize`` and ``bounties``. Ten people, eleven entries at 100, a
    re-buy of 50 and an add-on of 25: a pool of 1,175."""
    v, *_ = played_out()
    for formula, want in (
        ("players", lambda r: 10),
        ("b", lambda r: 100),
        ("pool", lambda r: 1175),
        ("prize", lambda r: r.prize),
        ("bounties + 1", lambda r: 1),
    ):
        rows = results(v, parse_league(formula))
        assert [r.points for r in rows] == [want(r) for r in rows], formula


# ------------------------------------------------- handforhand.TableHold (hand_mutants.py)


def test_a_table_never_told_of_hand_for_hand_deals_freely() -> None:
    hold = TableHold()
    assert hold.may_deal() and hold.started(1) is None
    assert hold.report(_hand({2: 3000, 4: 9000, 6: 9000})) is None
    assert hold.lines(_hand({2: 3000, 4: 9000, 6: 9000})) == ()


def test_rp8a_a_second_hand_for_hand_period_deals_its_first_round() -> None:
    """002 RP-8 A each time hand-for-hand starts: the hand in progress is round 0's, and round
    1 allows one hand. A second period (the director ended the first and starts again) counts
    from its own round 0, not from the rounds the first one dealt."""
    hold = TableHold()
    for _period in range(2):
        hold.take({"on": True, "round": 0, "deal": False, "waiting": ["T2"], "release": 0})
        assert not hold.may_deal()
        hold.take({"on": True, "round": 1, "deal": True, "waiting": [], "release": 0})
        assert hold.may_deal() and hold.started(7) is None and not hold.may_deal()
        hold.take({"on": False, "round": 0, "deal": False, "waiting": [], "release": 0})
        assert hold.may_deal()


def test_rp8f_the_dealer_screen_says_all_in_and_call() -> None:
    """002 RP-8 F in the dealer's words: an all-in *and* call, every hand face down."""
    hold = TableHold()
    hold.take({"on": True, "round": 1, "deal": True, "waiting": [], "release": 0})
    view = _hand(
        {2: 3000, 4: 5000, 6: 9000},
        _push(2, 1000, 1000, 1000),
        _push(4, 1000, 1000, 1000, 1000, 500, 100, 100, 100, 100),
        _push(6, 1000, 1000, 1000, 1000, 500, 100, 100, 100),
    )
    assert hold.lines(view)[:2] == (
        "ALL-IN: CARDS DOWN",
        "all-in and call: keep every hand face down; deal no further card until the director "
        "releases this table",
    )


def test_results_say_who_entered_a_bust_out_by_hand() -> None:
    """A bust-out at a table without sensors is entered by its floor person: the results name
    them on that player's row; a bust the table sensed, and a player still in, name no one."""
    room = Room()
    ann, bo, cy = room.names("T3")[:3]
    room.enter("T3", hand={"busts": [{"name": ann, "by": {bo: 2, cy: 1}}], "button": 2})
    t1 = sorted(seats_of(room.v, "T1"))
    sensed = seats_of(room.v, "T1")[t1[0]].name
    room.v.apply(report(room.v, "T1", 99, out=(t1[0],), button=t1[1], sb=t1[2], bb=t1[3]))
    rows = {r.name: r for r in results(room.v)}
    assert (rows[ann].place, rows[ann].entered) == (20, FLOOR)
    assert (rows[sensed].place, rows[sensed].entered) == (19, "")
    assert rows[bo].place == 0 and rows[bo].entered == ""
