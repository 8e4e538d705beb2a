"""Results from the venue model (tablectl/tournament/results.py): one row a person, their
re-entries, re-buys and add-ons counted, prizes paying out the pool, league points."""

from __future__ import annotations

from test_venue_model import STRUCTURE, confirm, notices, report, seats_of, venue_with

from tablectl.tournament.results import results
from tablectl.tournament.venue import Venue

OPTIONS = {
    "late_until_level": 3,
    "reentries": 1,
    "rebuy": {"chips": 10_000, "money": 50, "until_level": 3},
    "addon": {"chips": 5_000, "money": 25, "until_level": 3},
    "league": "simple",
}


def played_out() -> tuple[Venue, str, str, str]:
    """Ten at one table; one busts and re-enters, one takes the add-on, one re-buys; then they
    bust one a report until one is left. Returns the venue and the three players' names."""
    v, out = venue_with(10, tables=1, handed=10, **OPTIONS)
    confirm(v, out)
    seq = 1
    seats = seats_of(v, "T1")
    busted = seats[1].name
    said = v.apply(report(v, "T1", seq, out=(1,)))
    assert notices(said, "eliminated")
    confirm(v, v.apply({"reentry": {"name": busted}}))
    added, rebought = seats[2], seats[3]
    confirm(v, v.apply({"addon": {"entry": added.id}}))
    confirm(v, v.apply({"rebuy": {"name": rebought.name}}))
    while len(v.remaining()) > 1:
        seq += 1
        here = seats_of(v, "T1")
        v.apply(report(v, "T1", seq, out=(min(here),)))
    assert v.finished
    return v, busted, added.name, rebought.name


def test_one_row_a_person_every_place_and_the_pool_paid_out() -> None:
    v, busted, added, rebought = played_out()
    rows = results(v, v.cfg.league if v.cfg else None)
    assert len(rows) == 10  # eleven entries, ten people
    assert [r.place for r in rows] == list(range(1, 11))
    by_name = {r.name: r for r in rows}
    assert by_name[busted].entries == 2 and sum(r.entries for r in rows) == 11
    assert by_name[added].addons == 1 and sum(r.addons for r in rows) == 1
    assert by_name[rebought].rebuys == 1 and sum(r.rebuys for r in rows) == 1
    pool = v.purse.pool(v.structure)
    assert pool == 11 * 100 + 50 + 25
    assert round(sum(r.prize for r in rows), 2) == pool
    assert [r.prize for r in rows[:3]] == [587.5, 352.5, 235.0]  # 50 / 30 / 20% of 1,175
    # simple: n - k + 1 points with n the entries (11)
    assert [r.points for r in rows] == [11 - k + 1 for k in range(1, 11)]
    assert all(r.bounties == 0 for r in rows)


def test_players_still_in_have_no_place_yet() -> None:
    v, out = venue_with(4, tables=1, handed=10, league="simple")
    confirm(v, out)
    v.apply(report(v, "T1", 1, out=(min(seats_of(v, "T1")),)))
    rows = results(v, v.cfg.league if v.cfg else None)
    assert [r.place for r in rows] == [0, 0, 0, 4]
    assert rows[-1].points == 1 and rows[0].points is None


def test_a_member_id_given_at_registration_stays_with_the_player() -> None:
    v = Venue()
    v.apply({"setup": {"tables": ["T1"], "handed": 10, "seed": 1, "structure": STRUCTURE}})
    v.apply({"register": {"name": "Ann", "member": "M-0042"}})
    refused = v.apply({"register": {"name": "Bo", "member": "x\u202ey"}})
    assert refused[0].kind == "alert" and "printable" in refused[0].text
    assert [r.member for r in results(v)] == ["M-0042"]
