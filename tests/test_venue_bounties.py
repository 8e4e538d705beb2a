"""Bounties in the venue model (issue 32 section 1): the setup option, the eliminators from a
table's award records (tablectl.wire.busts), the director asked when a report does not say, a
manual table's ``by``, and the bounty pool paid out to the cent."""

from __future__ import annotations

from typing import Any

from test_venue_manual import Room
from test_venue_manual import structure as manual_structure
from test_venue_model import confirm, notices, report, seats_of, venue_with

from tablectl.engine.notices import Award, Eliminated, HandStart
from tablectl.tournament.results import results
from tablectl.tournament.venue import Venue
from tablectl.wire.busts import BustRecords


def three(kind: str = "pko", amount: float = 20, **setup: Any) -> Venue:
    """Three players at one table, seats 1-3 (seat order by the draw: names by seat below)."""
    v, out = venue_with(3, tables=1, handed=3, bounty={"kind": kind, "amount": amount}, **setup)
    confirm(v, out)
    return v


def names(v: Venue) -> dict[int, str]:
    return {s: e.name for s, e in seats_of(v, "T1").items()}


def bust(
    v: Venue, seq: int, out: tuple[int, ...], pots: list[dict[str, Any]], button: int = 1
) -> list[Any]:
    """A report of a hand that busted ``out``, with the award records a table publishes."""
    r = report(v, "T1", seq, out=out)
    seat_names = names(v)
    r["report"]["busts"] = [
        {
            "hand": seq,
            "button": button,
            "busted": {str(s): seat_names[s] for s in out},
            "pots": pots,
        }
    ]
    return v.apply(r)


def pot(seats: list[int], winners: dict[int, int]) -> dict[str, Any]:
    return {"seats": seats, "winners": {str(s): c for s, c in winners.items()}}


def head(v: Venue, seat: int) -> int:
    book = v.bounties.book
    assert book is not None
    return book.heads[seats_of(v, "T1")[seat].id]


def conserved(v: Venue) -> bool:
    book = v.bounties.book
    assert book is not None
    return sum(book.won.values()) + book.outstanding() == book.pool


def test_setup_bounty_options_and_clear_refusals() -> None:
    v = three("fixed", 25)
    assert v.bounties.book is not None and v.bounties.book.pool == 3 * 2500
    assert v.summary()["bounty"]["pool"] == 75.0
    none, _ = venue_with(3, tables=1, bounty={"kind": "none"})
    assert none.bounties.book is None and none.summary()["bounty"] is None
    for bad, words in (
        ({"kind": "mystery", "amount": 5}, "kind"),
        ({"kind": "pko", "amount": 0}, "above 0"),
        ({"kind": "pko", "amount": 5, "extra": 1}, "unknown key"),
    ):
        w = Venue()
        said = w.apply(
            {"setup": {"tables": ["T1"], "structure": report_structure(), "bounty": bad}}
        )
        assert said[0].kind == "alert" and words in said[0].text and "setup.bounty" in said[0].text
        assert w.cfg is None


def report_structure() -> dict[str, Any]:
    from test_venue_model import STRUCTURE

    return STRUCTURE


def test_pko_the_winner_of_the_pot_that_busted_takes_half_and_half_goes_on_their_head() -> None:
    v = three("pko", 20)
    n = names(v)
    said = bust(v, 1, (3,), [pot([1, 2, 3], {1: 4500})])
    out = notices(said, "eliminated")[0]
    winner = seats_of(v, "T1")[1]
    assert out.data["by"] == {winner.id: 4500}
    assert out.data["bounty"] == {winner.id: 1000}
    assert f"bounty $10.00 to {n[1]}" in out.text
    assert head(v, 1) == 3000 and head(v, 2) == 2000
    assert conserved(v)


def test_a_side_pot_does_not_make_its_winner_the_eliminator() -> None:
    """Seat 3 all in for the main pot only; seat 2 wins the side pot, seat 1 the main: seat 1
    took seat 3's last chips (the last pot seat 3 was in)."""
    v = three("fixed", 20)
    said = bust(v, 1, (3,), [pot([1, 2, 3], {1: 3000}), pot([1, 2], {2: 8000})])
    assert notices(said, "eliminated")[0].data["bounty"] == {seats_of(v, "T1")[1].id: 2000}


def test_a_split_pot_splits_the_bounty_as_the_pot_was_split_in_the_house_unit() -> None:
    """$25 fixed split two ways in whole dollars: the odd dollar to the first winner left of
    the button (as the odd chip, 002 Rule 21)."""
    v = three("fixed", 25, money_unit=1)
    said = bust(v, 1, (2,), [pot([1, 2, 3], {1: 1500, 3: 1500})], button=2)
    paid = notices(said, "eliminated")[0].data["bounty"]
    s = seats_of(v, "T1")
    assert paid == {s[3].id: 1300, s[1].id: 1200}  # seat 3 is first left of button 2
    assert conserved(v)


def test_a_report_without_the_records_asks_the_director_who_then_answers() -> None:
    v = three("pko", 20)
    s = seats_of(v, "T1")
    said = v.apply(report(v, "T1", 1, out=(3,)))  # an older table: no busts key
    asked = [a for a in notices(said, "alert") if a.data.get("knockout") == s[3].id]
    assert asked and "who eliminated" in asked[0].text
    assert v.summary()["bounty"]["asked"] == [s[3].name]
    bad = v.apply({"knockout": {"entry": s[3].id, "by": {"nobody": 1}}})
    assert bad[0].kind == "alert" and "not a player still in" in bad[0].text
    said = v.apply({"knockout": {"entry": s[3].id, "by": {s[2].name: 1}}})
    assert notices(said, "bounty")[0].data["bounty"] == {s[2].id: 1000}
    assert v.entries[s[3].id].by == {s[2].id: 1} and not v.bounties.asked
    again = v.apply({"knockout": {"entry": s[3].id, "by": {s[2].name: 1}}})
    assert again[0].kind == "alert"


def test_a_floor_award_names_no_pot_seats_so_the_director_is_asked() -> None:
    v = three("fixed", 20)
    said = bust(v, 1, (3,), [{"winners": {"1": 4500}}])
    assert notices(said, "eliminated")[0].data.get("bounty_asked")


def test_the_winner_takes_their_own_head_once_every_knockout_is_answered() -> None:
    v = three("pko", 20)
    s = seats_of(v, "T1")
    v.apply(report(v, "T1", 1, out=(3,)))  # asked
    said = bust(v, 2, (2,), [pot([1, 2], {1: 9000})])
    assert notices(said, "finished") and not notices(said, "bounty")  # one head still asked
    said = v.apply({"knockout": {"entry": s[3].id, "by": s[1].name}})
    assert [n.data["entry"] for n in notices(said, "bounty")] == [s[3].id, s[1].id]
    book = v.bounties.book
    assert book is not None and not book.heads and sum(book.won.values()) == book.pool
    rows = {r.name: r.bounties for r in results(v)}
    assert rows == {s[1].name: 60.0, s[2].name: 0.0, s[3].name: 0.0}


def test_a_stranger_s_records_are_not_believed() -> None:
    """Records naming another player at the busted seat (a report older than the seat's
    occupant) or a winner not at the table: the director is asked, nothing paid."""
    v = three("fixed", 20)
    r = report(v, "T1", 1, out=(3,))
    r["report"]["busts"] = [{"hand": 1, "busted": {"3": "Somebody"}, "pots": [pot([1, 3], {1: 1})]}]
    assert notices(v.apply(r), "eliminated")[0].data.get("bounty_asked")


def test_a_re_entry_forfeiting_its_stack_carries_its_head_and_buys_another() -> None:
    v = three("fixed", 20, late_until_level=3, reentries=1)
    s = seats_of(v, "T1")
    v.apply({"reentry": {"name": s[1].name, "forfeit": True}})
    book = v.bounties.book
    assert book is not None and book.entries == 4
    new = v._latest(s[1].name)
    assert book.heads[new.id] == 4000 and s[1].id not in book.heads
    assert conserved(v)


class BountyRoom(Room):
    """test_venue_manual's room (T3 manual), set up with a $10 PKO bounty."""

    def __init__(self) -> None:
        self.v = Venue()
        assert (
            self.v.apply(
                {
                    "setup": {
                        "tables": ["T1", "T2", "T3"],
                        "seed": 5,
                        "structure": manual_structure(),
                        "manual": ["T3"],
                        "bounty": {"kind": "pko", "amount": 10},
                    }
                }
            )
            == []
        )
        for i in range(20):
            self.v.apply({"register": {"name": f"Q{i + 1:02d}"}})
        self.seq = dict.fromkeys(("T1", "T2", "T3"), 0)
        self.said = self.settle(self.v.apply({"start": {}}))


def test_a_manual_table_s_by_feeds_the_same_path() -> None:
    """The floor person's "eliminated by whom, with shares": two winners 2:1 share $5."""
    room = BountyRoom()
    v = room.v
    at = {e.name: e for e in v.remaining() if e.table == "T3" and e.status == "seated"}
    loser, first, second = sorted(at)[:3]
    said = room.enter("T3", hand={"busts": [{"name": loser, "by": {first: 2, second: 1}}]})
    out = notices(said, "eliminated")[0]
    assert out.data["by"] == {at[first].id: 2, at[second].id: 1}
    # $5 money half 2:1 = 333.33 / 166.67 cents: down to the cent, the cent left to the
    # largest remainder (bounties.split)
    assert out.data["bounty"] == {at[first].id: 333, at[second].id: 167}
    assert conserved(v)


def test_the_table_s_records_come_from_the_engine_s_outputs() -> None:
    records = BustRecords()
    records.see([HandStart("", hand_no=4, button=2)], {})
    records.see([Award("", pot=0, amount=300, winners={1: 300}, seats=[1, 3])], {})
    assert records.last is None  # no bust yet
    records.see([Eliminated("", seat=3, place=2)], {1: "A", 3: "C"})
    assert records.last == [
        {
            "hand": 4,
            "button": 2,
            "busted": {"3": "C"},
            "pots": [{"seats": [1, 3], "winners": {"1": 300}}],
            "winners": {"1": "A"},
        }
    ]
    records.see([Award("", pot=0, amount=300, winners={1: 300}, hands={})], {})  # floor
    assert records.pots == [{"winners": {"1": 300}}]


def test_a_winner_gone_from_the_table_since_is_found_by_the_name_the_records_give() -> None:
    """A state heard late (superseded while the link was down): the winner has left the seat
    since, and the report no longer lists it; the records name the winner."""
    v = three("fixed", 20)
    s = seats_of(v, "T1")
    r = report(v, "T1", 1, out=(3,))
    r["report"]["seats"] = [x for x in r["report"]["seats"] if x["seat"] != 1]
    r["report"]["busts"] = [
        {
            "hand": 1,
            "busted": {"3": s[3].name},
            "winners": {"1": s[1].name},
            "pots": [pot([1, 3], {1: 4000})],
        }
    ]
    assert notices(v.apply(r), "eliminated")[0].data["bounty"] == {s[1].id: 2000}


def test_bad_award_records_are_refused_in_one_line_and_change_nothing() -> None:
    v = three("fixed", 20)
    for bad, words in (
        ({"hand": 1, "pots": []}, "must be a list of 1 to 10 hands"),
        ([{"hand": 1, "pots": "x"}], "pots must be a list"),
        ([{"hand": 1, "pots": [{"winners": {"11": 5}}]}], "seat"),
        ([{"hand": 1, "pots": [{"seats": [1], "winners": {}}]}], "1 to 10 seats"),
        ([{"hand": 1, "busted": {"3": "A\u202eB"}, "pots": []}], "control or format"),
        ([{"hand": 1, "pots": [], "extra": 1}], "unknown key"),
    ):
        r = report(v, "T1", 1, out=(3,))
        r["report"]["busts"] = bad
        said = v.apply(r)
        assert len(said) == 1 and said[0].kind == "alert" and words in said[0].text, said
        assert "\n" not in said[0].text
        assert all(e.status != "out" for e in v.entries.values())


def test_busts_of_two_hands_heard_in_one_report_are_placed_and_paid_in_the_hands_order() -> None:
    """A state heard late (the link was down for two hands): seat 2 busted in hand 2 by seat 1,
    who busted in hand 3 to seat 3. Seat 2 went out first, so it finishes lower whatever the
    stacks (the bigger stack decides only among busts of one hand), and its bounty is seat
    1's, who was still in: no director asked, the pool paid to the cent. It asked the director
    and left two heads unpaid when seat 1's smaller stack sorted it first."""
    v = three("pko", 20)
    s = seats_of(v, "T1")
    start = s[1].stack
    v.apply(report(v, "T1", 1, stacks={1: start // 2, 2: start, 3: start * 3 // 2}))
    r = report(v, "T1", 3, out=(1, 2))
    r["report"]["busts"] = [
        {"hand": 2, "button": 3, "busted": {"2": s[2].name}, "pots": [pot([1, 2], {1: start})]},
        {"hand": 3, "button": 1, "busted": {"1": s[1].name}, "pots": [pot([1, 3], {3: start})]},
    ]
    said = v.apply(r)
    places = {o.data["entry"]: o.data["place"] for o in notices(said, "eliminated")}
    assert places == {s[2].id: 3, s[1].id: 2}
    assert not notices(said, "alert") and not v.bounties.asked
    book = v.bounties.book
    assert book is not None and not book.heads
    assert book.won == {s[1].id: 1000, s[3].id: 1500 + 3500}
