"""The kiosk's board from any clock payload a broker can carry (issue 26, "bad clock payloads to
the kiosk"): a payload of the wrong shape shows nothing of itself, never an exception in the
clock's loop (the kiosk would stop drawing the room)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tablectl.venue.board import board_from_clock

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=20,
)
KEYS = st.sampled_from(
    [
        "entrants",
        "players_left",
        "chips_in_play",
        "average_stack",
        "prize_pool",
        "currency",
        "payouts",
        "tables",
        "offline",
        "final_table",
    ]
)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(
    summary=st.dictionaries(KEYS, JSON, max_size=10),
    moves=JSON,
    extra=st.dictionaries(st.text(max_size=8), JSON, max_size=3),
)
def test_any_payload_gives_a_board_or_none(summary: Any, moves: Any, extra: Any) -> None:
    board = board_from_clock({"summary": summary, "moves": moves, **extra}, 1_000.0)
    assert board is not None
    assert all(isinstance(m, str) for m in board.moves)
    assert all(isinstance(t, str) for t in board.offline)
    assert isinstance(board.currency, str) and len(board.currency) <= 4


def test_the_shapes_the_issue_named() -> None:
    for summary, moves in (
        ({"tables": 7, "payouts": 5, "offline": 3}, [1, 2]),
        ({"prize_pool": float("nan"), "payouts": [[1, float("inf")]]}, {"moves": 4}),
        ({"currency": ["$"], "offline": [["T1"]]}, {"moves": [{"t": 999.0, "text": [1]}]}),
    ):
        board = board_from_clock({"summary": summary, "moves": moves}, 1_000.0)
        assert board is not None and board.prize_pool == 0.0 and board.payouts == ()
