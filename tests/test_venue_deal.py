"""A deal at the final table in the venue model: figures from the confirmed stacks, every player
left agreeing, the payouts becoming the deal, the money paid equal to the prize pool."""

from __future__ import annotations

from typing import Any

from test_venue_model import STRUCTURE, confirm, notices, report, seats_of, venue_with

from tablectl.tournament.deals import icm
from tablectl.tournament.venue import Venue


def three_left(**setup: Any) -> tuple[Venue, int]:
    """Ten players at one ten-seat table ($1,000: 500 / 300 / 200); seven out; 50,000, 30,000
    and 20,000 chips left in seats 1, 2, 3. Returns the venue and the next report seq."""
    v, out = venue_with(10, tables=1, handed=10, **setup)
    confirm(v, out)
    assert v.final_formed == 10
    out_seats = tuple(range(4, 11))
    said = v.apply(report(v, "T1", 1, out=out_seats, stacks={1: 50_000, 2: 30_000, 3: 20_000}))
    assert [n.data["place"] for n in notices(said, "eliminated")] == list(range(10, 3, -1))
    return v, 2


def ids(v: Venue) -> list[str]:
    return [e.id for e in sorted(v.remaining(), key=lambda e: e.seat)]


def test_icm_figures_come_from_the_confirmed_stacks_and_the_places_left() -> None:
    v, _ = three_left()
    f = v.deal_figures("icm")
    assert f.stacks == (50_000, 30_000, 20_000)
    assert f.prizes == (50_000, 30_000, 20_000)  # cents: $500 $300 $200
    assert f.exact == icm([5, 3, 2], [50_000, 30_000, 20_000])
    assert sum(f.shares) == 100_000


def test_a_deal_needs_every_player_left_to_agree() -> None:
    v, _ = three_left()
    said = v.apply({"deal": {"method": "icm", "agreed": ids(v)[:2]}})
    assert said[0].kind == "alert" and "not agreed by" in said[0].text
    assert v.deal is None


def test_a_deal_is_made_between_hands() -> None:
    v, seq = three_left()
    live = report(v, "T1", seq)
    live["report"]["in_hand"] = True
    v.apply(live)
    said = v.apply({"deal": {"method": "icm", "agreed": ids(v)}})
    assert said[0].kind == "alert" and "between hands" in said[0].text


def test_figures_from_stacks_that_changed_since_they_were_shown_are_refused() -> None:
    v, seq = three_left()
    shown = v.deal_figures("chip_chop")
    shares = {i: s / 100 for i, s in zip(ids(v), shown.shares, strict=True)}
    v.apply(report(v, "T1", seq, stacks={1: 40_000, 2: 40_000, 3: 20_000}))  # a hand since
    said = v.apply({"deal": {"method": "chip_chop", "agreed": ids(v), "amounts": shares}})
    assert said[0].kind == "alert" and "show the figures again" in said[0].text


def test_the_payouts_become_the_deal_and_the_money_paid_is_the_pool() -> None:
    v, seq = three_left(money_unit=5)
    said = v.apply({"deal": {"method": "icm", "agreed": ids(v), "held_back": 100}})
    deal = notices(said, "deal")
    assert deal and v.deal is not None
    shares = v.deal.shares
    assert sum(shares.values()) + v.deal.held_back == 100_000  # $1,000 to the cent
    assert all(s % 500 == 0 for s in shares.values())  # the house pays in $5
    assert (
        "agreed by " + ", ".join(e.name for e in sorted(v.remaining(), key=lambda e: e.seat))
        in deal[0].text
        and "$100.00 played for" in deal[0].text
    )
    again = v.apply({"deal": {"method": "icm", "agreed": ids(v)}})
    assert "made already" in again[0].text

    paid: dict[str, float] = {}
    first, second, third = ids(v)
    # seat 3 busts, then seat 1: seat 2 wins and takes the amount played for
    said = v.apply(report(v, "T1", seq, out=(3,), stacks={1: 60_000, 2: 40_000}))
    said += v.apply(report(v, "T1", seq + 1, out=(1,), stacks={2: 100_000}))
    for n in notices(said, "eliminated"):
        paid[n.data["entry"]] = n.data["prize"]
    (win,) = notices(said, "finished")
    paid[win.data["entry"]] = win.data["prize"]
    assert paid == {
        third: shares[third] / 100,
        first: shares[first] / 100,
        second: shares[second] / 100 + 100,
    }
    assert sum(paid.values()) == v.purse.pool(v.structure)


def test_a_custom_deal_must_pay_out_exactly_the_prizes_left() -> None:
    v, _ = three_left()
    a, b, c = ids(v)
    short = v.apply(
        {"deal": {"method": "custom", "agreed": [a, b, c], "amounts": {a: 400, b: 300, c: 200}}}
    )
    assert "sum to 900.00" in short[0].text and v.deal is None
    ok = v.apply(
        {"deal": {"method": "custom", "agreed": [a, b, c], "amounts": {a: 450, b: 310, c: 240}}}
    )
    assert notices(ok, "deal") and v.summary()["deal"]["shares"] == {a: 450, b: 310, c: 240}


def test_no_deal_before_the_final_table() -> None:
    v, out = venue_with(12, tables=2)
    confirm(v, out)
    said = v.apply({"deal": {"method": "icm", "agreed": [e.id for e in v.remaining()]}})
    assert said[0].kind == "alert" and "final table" in said[0].text
    assert len(seats_of(v, "T1")) == 6


def test_no_deal_without_prize_money() -> None:
    free = dict(STRUCTURE, prize={**STRUCTURE["prize"], "per_entry": 0})
    v, out = venue_with(3, tables=1, handed=10, structure=free)
    confirm(v, out)
    said = v.apply({"deal": {"method": "icm", "agreed": ids(v)}})
    assert said[0].kind == "alert" and "no prize money" in said[0].text
