"""records.record: a frozen slotted dataclass whose __init__ sets the slots directly (issue 28):
in every way that shows it is the dataclass (parameters and defaults, fields set, equality, hash,
repr, frozen, replace, pickling as a checkpoint holds them), and a subclass keeps its base's."""

from __future__ import annotations

import dataclasses
import inspect
import io
import pickle
from typing import Any, ClassVar

import pytest

from tablectl.daemon.journal import _EngineUnpickler
from tablectl.engine.chipread import BetSituation, Reading
from tablectl.engine.notices import UNSET, HandStart
from tablectl.engine.outputs import Ruling
from tablectl.engine.records import record


@record
class Pair:
    a: int
    b: str = "x"


@record
class Base:
    text: str
    kind: ClassVar[str] = "base"


@record
class Child(Base):
    n: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class PlainPair:
    a: int
    b: str = "x"


def test_the_record_is_the_dataclass() -> None:
    assert [(p.name, p.default) for p in inspect.signature(Pair).parameters.values()] == [
        (p.name, p.default) for p in inspect.signature(PlainPair).parameters.values()
    ]
    made, plain = Pair(1), PlainPair(1)
    assert (made.a, made.b) == (plain.a, plain.b) == (1, "x")
    assert Pair(2, b="y") == Pair(a=2, b="y") != Pair(2)
    assert hash(Pair(2, "y")) == hash(Pair(2, "y"))
    assert repr(made) == "Pair(a=1, b='x')" and Pair.__slots__ == ("a", "b")
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.a = 5  # type: ignore[misc]
    assert dataclasses.replace(made, b="z") == Pair(1, "z")
    assert pickle.loads(pickle.dumps(made)) == made
    with pytest.raises(TypeError):
        Pair()  # type: ignore[call-arg]


def test_a_subclass_sets_its_base_fields_too() -> None:
    child = Child("t", 3)
    assert (child.text, child.n, child.kind) == ("t", 3, "base") and Child("t").n == 0
    with pytest.raises(dataclasses.FrozenInstanceError):
        child.text = "u"  # type: ignore[misc]


def test_a_default_factory_is_refused() -> None:
    with pytest.raises(TypeError, match="default_factory"):

        @record
        class Bad:
            items: list[int] = dataclasses.field(default_factory=list)


ENGINE: list[tuple[type, dict[str, Any]]] = [
    (Ruling, {"seat": 3, "action": "raise", "to": 900, "owes": 100, "returned": 25}),
    (Reading, {"action": "call", "to": 200, "alert": "undercall", "forfeit": 50}),
    (BetSituation, {"current_bet": 400, "seat_bet": 100, "stack": 900, "min_raise_to": 800}),
    (HandStart, {"text": "hand 2", "hand_no": 2, "button": 1, "sb": None, "bb": 3}),
]


@pytest.mark.parametrize("cls, values", ENGINE, ids=lambda v: getattr(v, "__name__", ""))
def test_the_engines_records_set_every_field(cls: type, values: dict[str, Any]) -> None:
    made = cls(**values)
    for f in dataclasses.fields(cls):
        expected = values.get(f.name, f.default)
        assert getattr(made, f.name) == expected or getattr(made, f.name) is expected
    fields = dataclasses.fields(cls)
    again = cls(
        *[getattr(made, f.name) for f in fields if not f.kw_only],
        **{f.name: getattr(made, f.name) for f in fields if f.kw_only},
    )
    assert made == again
    data = pickle.dumps(made, pickle.HIGHEST_PROTOCOL)
    assert _EngineUnpickler(io.BytesIO(data)).load() == made
    if cls is HandStart:
        assert made.sb_posts_bb is UNSET


@record
class Keyed(Pair):
    seat: int = dataclasses.field(kw_only=True)
    note: str = dataclasses.field(default="", kw_only=True)


@dataclasses.dataclass(frozen=True, slots=True)
class PlainKeyed(PlainPair):
    seat: int = dataclasses.field(kw_only=True)
    note: str = dataclasses.field(default="", kw_only=True)


def test_keyword_only_fields_are_the_dataclass_s() -> None:
    """outputs.Ruling's seat comes after the figures it shares with a chip reading (a Ruled):
    a keyword, as the dataclass has it."""
    ours, theirs = inspect.signature(Keyed), inspect.signature(PlainKeyed)
    assert [(p.name, p.kind, p.default) for p in ours.parameters.values()] == [
        (p.name, p.kind, p.default) for p in theirs.parameters.values()
    ]
    made = Keyed(1, seat=3)
    assert (made.a, made.b, made.seat, made.note) == (1, "x", 3, "")
    with pytest.raises(TypeError):
        Keyed(1, "y", 3)  # type: ignore[misc]


def test_a_field_not_in_init_is_skipped_and_those_after_it_set() -> None:
    """A field with ``init=False`` is no parameter; the fields after it still are (issue 34). (It
    is left unset, where the dataclass would set its default: no engine record has one.)"""

    @record
    class Marked:
        a: int
        mark: str = dataclasses.field(default="m", init=False)
        b: int = 2

    made = Marked(1, 5)
    assert (made.a, made.b) == (1, 5)
    assert list(inspect.signature(Marked).parameters) == ["a", "b"]


def test_a_record_with_no_fields() -> None:
    @record
    class Empty:
        pass

    assert Empty() == Empty() and repr(Empty()).endswith("Empty()")
