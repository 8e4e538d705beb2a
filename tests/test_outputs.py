"""The outputs' words and the amounts and zone names they are written with."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tablectl.engine.notices import Paused
from tablectl.engine.outputs import GROUPED, Alert, Ruling
from tablectl.engine.state import BET_SEAT, BET_ZONE, SEAT_NUMBER


def test_a_notice_without_figures_writes_its_kind_and_text() -> None:
    assert Paused("paused").to_obj() == {"notice": {"kind": "pause", "text": "paused"}}
    assert Paused("paused").body() == {}


def test_outputs_keep_their_words() -> None:
    """The objects the engine sends are what they were (the golden scenario outputs pin the
    rest)."""
    assert Ruling("call", 200, seat=1).to_obj() == {
        "ruling": {"seat": 1, "action": "call", "to": 200}
    }
    assert Alert("misdeal", "002 Rule 36-A(2)", "x", 4).to_obj() == {
        "alert": {"kind": "misdeal", "rule": "002 Rule 36-A(2)", "text": "x", "seat": 4}
    }


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(min_value=-(10**12), max_value=10**12), max_size=40))
def test_grouped_amounts_are_written_as_format_writes_them(amounts: list[int]) -> None:
    for n in amounts + amounts:  # the second time from the memo
        assert GROUPED[n] == f"{n:,}"


def test_grouped_amounts_stay_bounded() -> None:
    for n in range(10_000, 20_000):
        assert GROUPED[n] == f"{n:,}"
    assert len(GROUPED) <= 4096
    assert GROUPED[19_999] == "19,999" and GROUPED[1234567] == "1,234,567"


def test_bet_zone_names_are_the_f_string_for_any_seat() -> None:
    """state.BET_ZONE (the hot path's zone names) writes what f"bet:{seat}" writes, seats
    outside 1-10 included, and keeps no more than the table's ten."""
    for seat in range(-2, 14):
        assert BET_ZONE[seat] == f"bet:{seat}"
        assert BET_SEAT[f"bet:{seat}"] == int(f"bet:{seat}"[4:]) == seat
        assert (SEAT_NUMBER.get(str(seat)) or int(str(seat))) == seat
    assert BET_SEAT["bet:07"] == 7 and BET_SEAT["bet:10"] == 10
    assert sorted(BET_ZONE) == sorted(BET_SEAT.values()) == list(range(1, 11))
