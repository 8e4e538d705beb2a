"""The venue's table reports and knockouts, its fold and state, the deal's figures and prizes,
the set-up and the days under mutation (issue 34, the last functions, part A), each written
from the rule through ``Venue.apply`` and the venue's public queries, with the words the
director and the dealers read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_venue_model import STRUCTURE, confirm, notices, report, seats_of, venue_with

from tablectl.tournament.venue import EVENTS, Venue, fold
from tablectl.venue.client import VenueClient
from tablectl.venue.console import DirectorConsole

# ----------------------------------------------------------------- a table's reports


def _eliminated(out: list[Any]) -> list[str]:
    return [n.text for n in notices(out, "eliminated")]


def test_a_report_from_a_table_the_venue_does_not_have_is_refused_in_words() -> None:
    """A report names its table; one the venue was not set up with is refused in one line and
    changes nothing."""
    v, out = venue_with(4, tables=1)
    confirm(v, out)
    bad = report(v, "T1", 1, out=(next(iter(seats_of(v, "T1"))),))
    bad["report"]["table"] = "T9"
    said = v.apply(bad)
    assert [(a.kind, a.text) for a in said] == [("alert", "report: unknown table 'T9'")]
    assert len(v.remaining()) == 4


def test_a_report_no_newer_than_the_last_taken_is_a_repeat_and_changes_nothing() -> None:
    """A table numbers its reports (``seq``); one that is not newer than the last taken is a
    repeat or arrived late, and the stacks stay those of the newer one."""
    v, out = venue_with(4, tables=1)
    confirm(v, out)
    seat, entry = min(seats_of(v, "T1").items())
    v.apply(report(v, "T1", 2, stacks={seat: 12345}))
    assert entry.stack == 12345
    assert v.apply(report(v, "T1", 2, stacks={seat: 999})) == []
    assert v.apply(report(v, "T1", 1, stacks={seat: 999})) == []
    assert entry.stack == 12345


def test_a_player_still_shown_out_on_the_next_report_is_placed_once() -> None:
    """The table keeps a busted player in the seat, shown ``out``, until the seat is cleared:
    the next hand's report places nobody again (the places count down by elimination)."""
    v, out = venue_with(4, tables=1)
    confirm(v, out)
    seat, entry = min(seats_of(v, "T1").items())
    first = report(v, "T1", 1, out=(seat,))
    assert _eliminated(v.apply(first)) == [f"{entry.name} out in place 4"]
    later = report(v, "T1", 2)
    later["report"]["seats"].append({"seat": seat, "name": entry.name, "stack": 0, "status": "out"})
    later["report"]["seats"].sort(key=lambda s: s["seat"])
    assert _eliminated(v.apply(later)) == []
    assert (entry.status, entry.place) == ("out", 4)
    assert len(v.remaining()) == 3


# ----------------------------------------------------------------- knockouts and bounties


def _bounty_venue(players: int) -> Any:
    v, out = venue_with(players, tables=1, handed=players, bounty={"kind": "fixed", "amount": 20})
    confirm(v, out)
    return v


def test_the_director_s_knockout_names_every_eliminator_and_what_each_is_paid() -> None:
    """A report without the hand's records asks the director who eliminated a player; the answer
    splitting the $20 bounty two ways is announced with both names and both payments, and no
    rule (it is the house's bounty, not a TDA rule)."""
    v = _bounty_venue(4)
    s = seats_of(v, "T1")
    busted, a, b = s[4], s[1], s[2]
    v.apply(report(v, "T1", 1, out=(4,)))
    said = v.apply({"knockout": {"entry": busted.id, "by": {a.name: 1, b.name: 1}}})
    assert [(n.text, n.rule, n.data) for n in notices(said, "bounty")] == [
        (
            f"{busted.name} was eliminated by {a.name}, {b.name}; "
            f"bounty $10.00 to {a.name}, $10.00 to {b.name}",
            "",
            {"entry": busted.id, "by": {a.id: 1, b.id: 1}, "bounty": {a.id: 1000, b.id: 1000}},
        )
    ]


def test_the_winner_takes_their_own_bounty_once_the_last_knockout_is_answered() -> None:
    """Three players, $20 fixed: seat 3 busts on a report without records (the director is
    asked), seat 1 busts seat 2 and wins. Once the director names seat 1 for seat 3, seat 1 is
    paid that head and then takes their own, each in words."""
    v = _bounty_venue(3)
    s = seats_of(v, "T1")
    v.apply(report(v, "T1", 1, out=(3,)))
    r = report(v, "T1", 2, out=(2,))
    r["report"]["busts"] = [
        {
            "hand": 2,
            "button": 1,
            "busted": {"2": s[2].name},
            "pots": [{"seats": [1, 2], "winners": {"1": 9000}}],
        }
    ]
    assert notices(v.apply(r), "finished")
    said = v.apply({"knockout": {"entry": s[3].id, "by": s[1].name}})
    assert [(n.text, n.rule, n.data) for n in notices(said, "bounty")] == [
        (
            f"{s[3].name} was eliminated by {s[1].name}; bounty $20.00 to {s[1].name}",
            "",
            {"entry": s[3].id, "by": {s[1].id: 1}, "bounty": {s[1].id: 2000}},
        ),
        (
            f"{s[1].name} takes their own bounty",
            "",
            {"entry": s[1].id, "bounty": {s[1].id: 2000}},
        ),
    ]


# ----------------------------------------------------------------- the fold and the state


def test_an_event_of_any_other_shape_is_refused_in_words_and_changes_nothing() -> None:
    """A venue event is an object of one key naming its kind: two kinds in one object, a list
    or a number is refused in one line naming the kinds, and nothing of it is applied."""
    v = Venue()
    assert [(a.kind, a.text) for a in v.apply({"register": {"name": "Ann"}})] == [
        ("alert", "register before setup: ignored")
    ]
    v, _ = venue_with(2, tables=1)
    kinds = ", ".join(EVENTS)
    two = {"register": {"name": "Ann"}, "start": {}}
    for bad in (two, ["register"], 7):
        said = v.apply(bad)
        assert [(a.kind, a.text) for a in said] == [
            ("alert", f"not a venue event (one key of {kinds}): {bad!r:.80}")
        ]
    assert [e.name for e in v.entries.values()] == ["P1", "P2"]


def test_folding_the_journal_gives_the_same_venue_and_everything_it_said() -> None:
    """Recovery is replay: ``fold`` over the events applied one by one gives the same venue
    (the same summary, entries and seats) and the same outputs, in order."""
    events: list[Any] = [
        {"setup": {"tables": ["T1"], "handed": 9, "seed": 3, "structure": STRUCTURE}},
        *({"register": {"name": f"P{i}"}} for i in range(1, 5)),
        {"start": {}},
        {"register": {"name": "P9"}},  # refused: the replay says so again
    ]
    live = Venue()
    said = [o for ev in events for o in live.apply(ev)]
    again, out = fold(events)
    assert out == said and [type(o).__name__ for o in out].count("SeatCmd") == 4
    assert out[-1].text == "register: late registration closed after level 0 (002 Rule 8-A)"
    assert again.summary() == live.summary()
    assert {k: (e.name, e.seat) for k, e in again.entries.items()} == {
        k: (e.name, e.seat) for k, e in live.entries.items()
    }


def test_before_the_start_the_console_shows_nothing_started_level_0_no_final_table(
    tmp_path: Path,
) -> None:
    """The director's console before the start (002 Rule 7's draw not made): not started, not
    finished, level 0, no final table yet (002 Rule 12), the clock on the structure's first
    step; two registered."""
    setup = {"tables": ["T1", "T2"], "handed": 9, "seed": 1, "structure": STRUCTURE}
    # a client never started: nothing leaves this machine
    c = DirectorConsole(VenueClient("v1", "127.0.0.1", 1), setup, tmp_path / "venue.jsonl")
    try:
        assert c.register("Dana", ["Ann", "Bob"]).ok
        view = c.summary_view()
        assert (view["started"], view["finished"]) == (False, False)
        assert view["started"] is False and view["finished"] is False
        assert (view["level"], view["final_table"], view["entrants"]) == (0, 0, 2)
        assert c.venue.step_index == 0 and c.clock.step.number == 1
    finally:
        c.close()
