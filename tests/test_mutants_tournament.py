"""The venue's rules that mutation runs found untested (issue 34), each written from the rule and
driven through ``Venue.apply``."""

from __future__ import annotations

from test_venue_model import commands, confirm, notices, report, seats_of, venue_with

from tablectl.wire.commands import SeatCmd


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
