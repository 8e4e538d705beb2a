"""The director's announcements: what a mutation run found untested (issue 34), from the module's
stated limits (one line of at most 200 characters, more than 0 and at most a day of minutes, a
wall time, the venue's tables, 20 live at once) through ``announce``, ``tick``, ``due`` and
``for_table``, as the venue applies them."""

from __future__ import annotations

import pytest

from tablectl.tournament.announce import (
    MAX_LIVE,
    MAX_MINUTES,
    MAX_TEXT,
    AnnounceError,
    Board,
    Note,
    announce,
    due,
    for_table,
    tick,
)

AT = 1_790_000_000.0
TABLES = ("T1", "T2", "T3")


def put(board: Board, **body: object) -> Note:
    note = announce(board, {"minutes": 5, "at": AT, **body}, TABLES)
    assert isinstance(note, Note)
    return note


def test_an_announcement_at_its_limits_is_taken() -> None:
    board = Board()
    a = put(board, text="x" * MAX_TEXT, minutes=MAX_MINUTES, at=1e10)
    b = put(board, text="  two   words ", minutes=0.5, at=0, tables=["T2", "T1", "T2"])
    assert (a.id, a.until, a.tables) == ("n1", 1e10 + MAX_MINUTES * 60, ())
    assert (b.id, b.text, b.until, b.tables) == ("n2", "two words", 30.0, ("T2", "T1"))
    assert board.live == [a, b] and board.count == 2


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ([], "an object with text, minutes, at (or clear), got []"),
        ({"text": "hi", "minutes": 5, "at": AT, "why": 1}, "unknown key 'why' (text, minutes, "),
        ({"minutes": 5, "at": AT}, f"text: 1 to {MAX_TEXT} characters, got None"),
        ({"text": " ", "minutes": 5, "at": AT}, f"text: 1 to {MAX_TEXT} characters, got ' '"),
        ({"text": "a\tb", "minutes": 5, "at": AT}, "text: one line of printable characters ("),
        ({"text": "hi", "at": AT}, f"minutes: more than 0, at most {MAX_MINUTES}, got None"),
        ({"text": "hi", "minutes": True, "at": AT}, "minutes: more than 0, at most 1440, got T"),
        ({"text": "hi", "minutes": "5", "at": AT}, "minutes: more than 0, at most 1440, got '5'"),
        ({"text": "hi", "minutes": 1441, "at": AT}, "minutes: more than 0, at most 1440, got 1441"),
        ({"text": "hi", "minutes": -1, "at": AT}, "minutes: more than 0, at most 1440, got -1"),
        ({"text": "hi", "minutes": float("inf"), "at": AT}, "minutes: more than 0, at most 1440"),
        ({"text": "hi", "minutes": 5, "at": True}, "at: a wall time in seconds, got True"),
        ({"text": "hi", "minutes": 5, "at": -1}, "at: a wall time in seconds, got -1"),
        ({"text": "hi", "minutes": 5, "at": 1e10 + 1}, "at: a wall time in seconds, got 1"),
        ({"text": "hi", "minutes": 5, "at": float("inf")}, "at: a wall time in seconds, got inf"),
        ({"text": "hi", "minutes": 5, "at": "now"}, "at: a wall time in seconds, got 'now'"),
        (
            {"text": "hi", "minutes": 5, "at": AT, "tables": "T1"},
            "tables: a list of the venue's tables (T1, T2, T3)",
        ),
        (
            {"text": "hi", "minutes": 5, "at": AT, "tables": ["T1", "T4"]},
            "tables: a list of the venue's tables (T1, T2, T3)",
        ),
        ({"clear": "n1"}, "no announcement 'n1' is showing"),
    ],
)
def test_a_bad_announcement_is_refused_in_words_and_takes_no_id(body: object, error: str) -> None:
    board = Board()
    with pytest.raises(AnnounceError) as err:
        announce(board, body, TABLES)
    assert str(err.value).startswith(error)
    assert board == Board()


def test_twenty_live_at_once_and_no_more() -> None:
    board = Board()
    for i in range(MAX_LIVE):
        put(board, text=f"n{i}")
    with pytest.raises(AnnounceError) as err:
        put(board, text="one more")
    assert str(err.value) == "20 announcements are showing: clear one first"
    assert announce(board, {"clear": "n3"}, TABLES) == "n3"
    assert put(board, text="now room").id == "n21"
    assert len(board.live) == MAX_LIVE and "n3" not in [n.id for n in board.live]


def test_an_announcement_is_over_at_its_expiry_not_before() -> None:
    board = Board()
    a = put(board, text="a", minutes=1)
    b = put(board, text="b", minutes=2, tables=["T3"])
    assert not due(board, AT + 59.9) and due(board, AT + 60)
    assert tick(board, {"at": AT + 59.9}) == []
    assert tick(board, {"at": AT + 60}) == [a] and board.live == [b]
    assert for_table(board, "T3") == [b] and for_table(board, "T1") == []
    assert tick(board, {"at": AT + 500}) == [b] and board.live == [] and not due(board, 1e10)


def test_a_bad_tick_is_refused_in_words() -> None:
    board = Board()
    put(board, text="a")
    for body, error in [
        ("soon", "an object with at, got 'soon'"),
        ({}, "at: a wall time in seconds, got None"),
        ({"at": False}, "at: a wall time in seconds, got False"),
    ]:
        with pytest.raises(AnnounceError) as err:
            tick(board, body)
        assert str(err.value) == error
    assert len(board.live) == 1


def test_a_board_copy_is_the_venues_snapshot() -> None:
    """A refused venue event restores the board copied before it: the copy's list is its own."""
    board = Board()
    put(board, text="a")
    snap = board.copy()
    put(board, text="b")
    assert [n.text for n in snap.live] == ["a"] and snap.count == 1
