"""The player behind the name: what a mutation run found untested (issue 34), from the module's
rules (one record a person across entries, 002 Rules 8-A and 68) through ``players`` and
``base_name`` over the venue's own entries."""

from __future__ import annotations

from tablectl.tournament.players import across, base_name, players
from tablectl.tournament.venue import Entry


def test_the_name_as_given_drops_only_a_trailing_number_in_brackets() -> None:
    """``Ann (2)`` is another Ann (002 Rule 68); other brackets are part of the name."""
    assert base_name("Ann (2)") == "Ann" and base_name("Ann (12)") == "Ann"
    for name in ("Ann (x)", "Ann (2) Lee", "Ann(2)", "Ann (2) ", "(2)"):
        assert base_name(name) == name


def test_one_record_a_person_with_every_entry_summed() -> None:
    """A re-entry's ``player`` is the first entry's id: its re-buys, add-ons, places and prize are
    the person's; the status is the latest entry's; the member id the first one given."""
    entries = [
        Entry("e1", "Ann", status="out", rebuys=1, addons=1, place=9, prize=10.005),
        Entry("e2", "Bo", status="seated", member="M-2"),
        Entry("e3", "Ann", status="out", player="e1", rebuys=2, member="M-1", place=7, prize=20),
        Entry("e4", "Ann (2)", status="waiting", member="M-9"),
        Entry("e5", "Ann", status="seated", player="e1", addons=1, member="M-5"),
    ]
    ann, bo, ann2 = players(entries)
    assert (ann.id, ann.name, ann.entries, ann.reentries) == ("e1", "Ann", ("e1", "e3", "e5"), 2)
    assert (ann.rebuys, ann.addons, ann.status, ann.places) == (3, 2, "seated", (9, 7))
    assert (ann.member, ann.prize, ann.namesakes) == ("M-1", 30.01, 1)
    assert (bo.entries, bo.member, bo.places, bo.prize, bo.namesakes) == (("e2",), "M-2", (), 0, 0)
    assert (ann2.name, ann2.member, ann2.namesakes, ann2.status) == ("Ann (2)", "M-9", 1, "waiting")
    assert players([]) == []


def test_a_person_across_events_is_keyed_by_member_id_else_by_event_and_entry() -> None:
    """``across``: a member id is one person in every event; without one, a person is their own
    in each event (a name alone never joins two records, 002 Rule 68)."""
    main = [Entry("e1", "Ann B.", member="M-7", prize=100), Entry("e2", "Bo")]
    sat = [Entry("e1", "Bo"), Entry("e2", "Ann", member="M-7", prize=20.5)]
    people = across({"main": main, "sat1": sat})
    assert [(p.key, p.name, sorted(p.events)) for p in people] == [
        ("member:M-7", "Ann B.", ["main", "sat1"]),
        ("main:e2", "Bo", ["main"]),
        ("sat1:e1", "Bo", ["sat1"]),
    ]
    assert people[0].prize == 120.5 and people[0].to_obj()["key"] == "member:M-7"
