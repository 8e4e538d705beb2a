"""The player behind the name (issue 31 part 3): one record a person across the entries, so a
re-entry, a re-buy and a result attach to the person, not to a string; two people of one name
told apart (``again``, 002 Rule 68) and by their member ids; a member id is one person's."""

from __future__ import annotations

from test_venue_model import STRUCTURE, confirm, report, seats_of

from tablectl.tournament.players import base_name, players
from tablectl.tournament.venue import Venue


def room() -> tuple[Venue, list[object]]:
    v = Venue()
    v.apply(
        {
            "setup": {
                "tables": ["T1"],
                "handed": 9,
                "seed": 3,
                "structure": STRUCTURE,
                "reentries": 2,
                "late_until_level": 3,
                "rebuy": {"chips": 10000, "money": 100, "until_level": 2},
            }
        }
    )
    assert v.apply({"register": {"name": "Ann Lee", "member": "M-0042"}})[0].kind == "registered"
    said = v.apply({"register": {"name": "Ann Lee", "member": "M-0077", "again": True}})
    assert said[0].kind == "registered" and said[0].data["name"] == "Ann Lee (2)"
    for name in ("Bo", "Cy"):
        v.apply({"register": {"name": name}})
    out = v.apply({"start": {}})
    confirm(v, out)
    return v, out


def test_two_people_of_one_name_are_two_records_with_their_member_ids() -> None:
    v, _ = room()
    ann, ann2, bo, _cy = players(v.entries.values())
    assert (ann.name, ann.member, ann.namesakes) == ("Ann Lee", "M-0042", 1)
    assert (ann2.name, ann2.member, ann2.namesakes) == ("Ann Lee (2)", "M-0077", 1)
    assert (bo.member, bo.namesakes) == ("", 0)
    assert base_name("Ann Lee (2)") == base_name("Ann Lee") == "Ann Lee"


def test_a_member_id_is_one_person_s() -> None:
    v, _ = room()
    before = len(v.entries)
    out = v.apply({"register": {"name": "Ann Lee", "member": "M-0042", "again": True}})
    assert len(out) == 1 and out[0].kind == "alert"
    assert "member M-0042 is Ann Lee (e1) already" in out[0].text
    assert len(v.entries) == before


def test_re_entries_re_buys_and_results_attach_to_the_person() -> None:
    v, _ = room()
    # the second Ann re-enters (forfeiting her chips, 002 Rule 8-B) and re-buys (28)
    said = v.apply({"reentry": {"name": "Ann Lee (2)", "forfeit": True}})
    confirm(v, said)
    seat = next(s for s, e in seats_of(v, "T1").items() if e.name == "Ann Lee (2)")
    v.apply(report(v, "T1", 1, stacks={seat: 4000}, button=1, sb=2, bb=3))
    confirm(v, v.apply({"rebuy": {"name": "Ann Lee (2)"}}))
    # the first Ann is eliminated: her place is her record's
    first = next(s for s, e in seats_of(v, "T1").items() if e.name == "Ann Lee")
    v.apply(report(v, "T1", 2, out=(first,), button=2, sb=3, bb=4))
    ann, ann2, *_ = players(v.entries.values())
    assert (ann.entries, ann.reentries, ann.rebuys, ann.status) == (("e1",), 0, 0, "out")
    assert ann.places == (4,)
    assert ann2.entries == ("e2", "e5") and ann2.reentries == 1 and ann2.rebuys == 1
    assert ann2.member == "M-0077" and ann2.status == "seated" and ann2.places == ()
    assert ann2.to_obj()["reentries"] == 1
