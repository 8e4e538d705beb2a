"""The director's announcements in the pure venue model (issue 31 part 3): shown until their
expiry, which arrives as the clock's ``tick`` events; bad ones refused in one line."""

from __future__ import annotations

from test_venue_model import STRUCTURE, venue_with

from tablectl.tournament.venue import Announcement, fold
from tablectl.wire.commands import Command, NoteCmd

AT = 1_790_000_000.0


def said(out: list[object], kind: str) -> list[Announcement]:
    return [o for o in out if isinstance(o, Announcement) and o.kind == kind]


def test_an_announcement_shows_until_its_expiry_tick() -> None:
    v, _ = venue_with(12)
    out = v.apply(
        {"announce": {"text": "Dinner  break at 20:00", "minutes": 15, "at": AT, "tables": ["T2"]}}
    )
    (note,) = said(out, "announcement")
    assert note.text == "Dinner break at 20:00"
    assert note.data == {"id": "n1", "text": note.text, "until": AT + 900, "tables": ["T2"]}
    assert v.summary()["announcements"] == [note.data]
    assert v.apply({"tick": {"at": AT + 899.9}}) == []  # not yet
    assert v.summary()["announcements"] == [note.data]
    out = v.apply({"tick": {"at": AT + 900}})
    assert [o.data for o in said(out, "announcement_over")] == [{"id": "n1"}]
    assert v.summary()["announcements"] == []


def test_the_director_takes_one_down_and_the_others_stay() -> None:
    v, _ = venue_with(4)
    v.apply({"announce": {"text": "Seat open at T1", "minutes": 5, "at": AT}})
    v.apply({"announce": {"text": "Bar closes at 23:00", "minutes": 60, "at": AT}})
    out = v.apply({"announce": {"clear": "n1"}})
    assert said(out, "announcement_over")[0].data == {"id": "n1"}
    assert [n["text"] for n in v.summary()["announcements"]] == ["Bar closes at 23:00"]
    # the same events give the same board on replay
    again, _ = fold(
        [
            {"setup": {"tables": ["T1"], "handed": 9, "structure": STRUCTURE}},
            {"announce": {"text": "Seat open at T1", "minutes": 5, "at": AT}},
            {"announce": {"text": "Bar closes at 23:00", "minutes": 60, "at": AT}},
            {"announce": {"clear": "n1"}},
            {"tick": {"at": AT + 301}},
        ]
    )
    assert [n.text for n in again.notes.live] == ["Bar closes at 23:00"]


def test_bad_announcements_are_refused_in_one_line_and_change_nothing() -> None:
    v, _ = venue_with(4)
    v.apply({"announce": {"text": "Keep", "minutes": 5, "at": AT}})
    before = v.summary()
    for body, words in [
        ({"text": "", "minutes": 5, "at": AT}, "text: 1 to 200"),
        ({"text": "x" * 201, "minutes": 5, "at": AT}, "text: 1 to 200"),
        ({"text": "a\u202eb", "minutes": 5, "at": AT}, "U+202E"),
        ({"text": "hi", "minutes": 0, "at": AT}, "minutes"),
        ({"text": "hi", "minutes": float("nan"), "at": AT}, "minutes"),
        ({"text": "hi", "minutes": 5}, "at: a wall time"),
        ({"text": "hi", "minutes": 5, "at": AT, "tables": ["T9"]}, "tables: a list"),
        ({"text": "hi", "minutes": 5, "at": AT, "colour": "red"}, "unknown key 'colour'"),
        ({"clear": "n7"}, "no announcement 'n7'"),
        ("hello", "an object"),
    ]:
        out = v.apply({"announce": body})
        assert len(out) == 1 and out[0].kind == "alert", out
        assert words in out[0].text and "\n" not in out[0].text
        assert v.summary() == before
    assert said(v.apply({"tick": {"at": "soon"}}), "alert")
    assert v.notes.count == 1  # a refused announcement took no id


def test_at_most_twenty_show_at_once() -> None:
    v, _ = venue_with(2)
    for i in range(20):
        assert said(
            v.apply({"announce": {"text": f"n{i}", "minutes": 1, "at": AT}}), "announcement"
        )
    out = v.apply({"announce": {"text": "one more", "minutes": 1, "at": AT}})
    assert "clear one first" in out[0].text


def test_the_chosen_tables_dealer_screens_get_the_announcements_they_show() -> None:
    v, _ = venue_with(12, tables=3)
    out = v.apply({"announce": {"text": "Dinner", "minutes": 15, "at": AT, "tables": ["T2"]}})
    (cmd,) = [o for o in out if isinstance(o, NoteCmd)]
    assert (cmd.table, cmd.notes) == ("T2", ("Dinner",))
    assert Command.from_obj(cmd.to_obj()) == cmd  # what the wire carries, strictly parsed
    out = v.apply({"announce": {"text": "Bar", "minutes": 5, "at": AT, "tables": ["T2", "T3"]}})
    assert sorted((o.table, o.notes) for o in out if isinstance(o, NoteCmd)) == [
        ("T2", ("Bar", "Dinner")),  # newest first
        ("T3", ("Bar",)),
    ]
    assert not [
        o
        for o in v.apply({"announce": {"text": "All", "minutes": 1, "at": AT}})
        if isinstance(o, NoteCmd)
    ]  # the clocks only: no dealer screen changes
    # the expiry takes it off the screens it was on; the others are not sent anything
    out = v.apply({"tick": {"at": AT + 300}})
    assert sorted((o.table, o.notes) for o in out if isinstance(o, NoteCmd)) == [
        ("T2", ("Dinner",)),
        ("T3", ()),
    ]
    # taken on receipt: nothing waits for a dealer
    assert not [c for c, _e in v.pending.values() if isinstance(c, NoteCmd)]


def test_a_manual_table_gets_no_command() -> None:
    v, _ = venue_with(12, tables=2, manual=["T2"])
    out = v.apply({"announce": {"text": "Dinner", "minutes": 15, "at": AT, "tables": ["T2"]}})
    assert not [o for o in out if isinstance(o, NoteCmd)]
    assert said(out, "announcement")
