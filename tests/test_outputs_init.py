"""Rulings and notices set their slots in their own ``__init__`` (outputs._slot_setters, for
speed): it must stay the dataclass's ``__init__`` in every way that shows. Same parameters in
the fields' order with the fields' defaults, every field set to what was passed, frozen, equal
and hashed by value, copied by ``dataclasses.replace``, and pickled as a checkpoint holds them."""

from __future__ import annotations

import dataclasses
import io
import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from init_pins import init_params

from tablectl.daemon.journal import _EngineUnpickler
from tablectl.engine.outputs import GROUPED, Alert, Notice, Ruling, new_notice, new_ruling
from tablectl.engine.state import BET_SEAT, BET_ZONE, SEAT_NUMBER

SAMPLES: dict[type, dict[str, Any]] = {
    Ruling: {
        "seat": 3,
        "action": "raise",
        "to": 900,
        "owes": 100,
        "returned": 25,
        "rule": "002 Rule 47",
        "text": "a raise",
    },
    Notice: {"kind": "street", "text": "flop: Ah Kd 7c", "data": {"street": "flop"}},
}


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_init_takes_the_fields_in_order_with_their_defaults(cls: type) -> None:
    params = init_params(cls)
    for f in dataclasses.fields(cls):
        if f.default_factory is not dataclasses.MISSING:
            assert getattr(cls(*[SAMPLES[cls][q.name] for q in params[:2]]), f.name) == (
                f.default_factory()
            )


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_every_field_is_set_positionally_and_by_keyword(cls: type) -> None:
    values = SAMPLES[cls]
    assert set(values) == {f.name for f in dataclasses.fields(cls)}
    by_position = cls(*values.values())
    by_keyword = cls(**values)
    for name, value in values.items():
        assert getattr(by_position, name) == value
        assert getattr(by_keyword, name) == value
    assert by_position == by_keyword
    if cls is Ruling:  # a notice holds a dict: unhashable, as a dataclass with one is
        assert hash(by_position) == hash(by_keyword)
    assert by_position != cls(**{**values, "text": "something else"})


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_still_frozen_replaced_and_pickled(cls: type) -> None:
    out = cls(**SAMPLES[cls])
    with pytest.raises(dataclasses.FrozenInstanceError):
        out.text = "changed"  # type: ignore[misc]
    assert dataclasses.replace(out, text="other").text == "other"
    loaded = _EngineUnpickler(io.BytesIO(pickle.dumps(out, pickle.HIGHEST_PROTOCOL))).load()
    assert loaded == out and type(loaded) is cls


def test_a_notice_without_data_gets_a_dict_of_its_own() -> None:
    a, b = Notice("pause", "paused"), Notice("pause", "paused")
    assert a.data == {} and a.data is not b.data
    assert a.to_obj() == {"notice": {"kind": "pause", "text": "paused"}}


def test_outputs_keep_their_words() -> None:
    """The objects the engine sends are what they were (the golden scenario outputs pin the
    rest)."""
    assert Ruling(1, "call", 200).to_obj() == {"ruling": {"seat": 1, "action": "call", "to": 200}}
    assert Alert("misdeal", "002 Rule 36-A(2)", "x", 4).to_obj() == {
        "alert": {"kind": "misdeal", "rule": "002 Rule 36-A(2)", "text": "x", "seat": 4}
    }


FAST = {Ruling: new_ruling, Notice: new_notice}


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_the_fast_constructor_builds_what_the_class_builds(cls: type) -> None:
    """new_ruling and new_notice (the hot path's) make the very object the class makes: the same
    type, every slot, equal, hashed alike, frozen, replaced, pickled, printed."""
    values = SAMPLES[cls]
    fast, slow = FAST[cls](*values.values()), cls(*values.values())
    assert type(fast) is cls
    for name in cls.__slots__:
        assert getattr(fast, name) == getattr(slow, name) == values[name]
    assert fast == slow and repr(fast) == repr(slow) and fast.to_obj() == slow.to_obj()
    if cls is Ruling:
        assert hash(fast) == hash(slow)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.text = "changed"
    assert dataclasses.replace(fast, text="other") == dataclasses.replace(slow, text="other")
    loaded = _EngineUnpickler(io.BytesIO(pickle.dumps(fast, pickle.HIGHEST_PROTOCOL))).load()
    assert loaded == slow and type(loaded) is cls
    # every slot is the one given (none left to a default, none swapped)
    other = dict(values, text="other words")
    assert FAST[cls](*other.values()) == cls(*other.values()) != slow


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
