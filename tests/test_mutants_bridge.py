"""The bridge's tag mapping, rules that mutation runs found untested (issue 34), driven through
``TagMapper``."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_bridge_tags import ANT, CARD_ORDER, M, card_uid, chip, deck, uid

from firmware_bridge.tags import (
    ChipInventory,
    Deck,
    DeckRegistry,
    EnrollError,
    Enrollment,
    RegistryError,
    TagMapper,
    is_card_zone,
    is_chip_zone,
)
from hw_sim.mcu import standard_antennas
from tablectl.engine.events import event_to_obj
from tablectl.engine.outputs import Alert


def test_rule_38b_a_burn_and_flop_within_one_window_come_out_burn_first() -> None:
    """A quick dealer burns and turns the flop inside one settle window. The board antenna is
    numbered before the burn antenna, but the engine must see the burn first: a flop with no burn
    before it is an irregular flop (002 Rule 38-B: three cards scrambled, one made the burn).
    Zones accepted in the same poll come out in the order they first changed, not by antenna."""
    m = M(settle=0.1)
    m.zone("burn", card_uid("2c"))
    m.t += 0.02
    m.zone("board", card_uid("Ah"), card_uid("Kh"), card_uid("Qh"), up=True)
    got = m.step(0.2)
    assert [(e["zone"], e["card"]) for e in got] == [
        ("burn", "2c"),
        ("board", "Ah"),
        ("board", "Kh"),
        ("board", "Qh"),
    ]


def test_seat_cards_within_one_window_come_out_in_deal_order_round_the_button() -> None:
    """The button is last to receive cards and the deal goes clockwise (003 Button and blind use
    1): with the button on seat 5, seat 10 is dealt before seat 1. Two cards pitched inside one
    settle window keep that order though seat 1's antenna comes first."""
    m = M(settle=0.1)
    m.zone("seat:10", card_uid("9d"))
    m.t += 0.02
    m.zone("seat:1", card_uid("8s"))
    assert [(e["zone"], e["card"]) for e in m.step(0.2)] == [("seat:10", "9d"), ("seat:1", "8s")]


# ------------------------------------------------------------------ the mapper (mutmut run)


def test_a_card_added_to_a_zone_is_the_only_news() -> None:
    """A seat's second card is one event: the first, still there, is not reported again."""
    m = M()
    m.zone("seat:3", card_uid("As"))
    assert len(m.step()) == 1
    m.zone("seat:3", card_uid("As"), card_uid("Kd"))
    assert m.step() == [{"card": "Kd", "zone": "seat:3", "face": "down"}]
    assert m.m.stats.accepted == 2


def test_a_stray_chip_leaving_a_card_zone_is_no_news() -> None:
    m = M()
    m.zone("muck", chip(100), card_uid("2c"))
    assert m.step() == [{"card": "2c", "zone": "muck", "face": "down"}]
    m.zone("muck", card_uid("2c"))
    assert m.step() == []
    m.zone("muck", chip(100), card_uid("2c"))
    m.zone("seat:1", chip(25))
    assert m.step() == [] and m.m.stats.strays == 3


def test_a_chip_swapped_for_one_of_the_same_value_is_no_news() -> None:
    m = M()
    m.zone("bet:3", chip(100, 0))
    assert m.step() == [{"chips": {"bet:3": [100]}}]
    m.zone("bet:3", chip(100, 1))
    assert m.step() == []
    m.zone("bet:3", chip(100, 1), chip(25))
    assert m.step() == [{"chips": {"bet:3": [100, 25]}}]


def test_an_unknown_chip_alone_is_an_alert_not_a_chips_event() -> None:
    """000 tournament rule 20: non-tournament chips are not allowed on the table. A zone that
    held nothing and now holds only an unknown chip has no chips to report: only the alert."""
    m = M()
    m.zone("bet:4", b"\x99\x99\x99\x99")
    (alert,) = m.step()
    assert isinstance(alert, Alert) and (alert.kind, alert.seat) == ("chips_unknown", 4)
    assert alert.text == (
        "a chip with unknown tag 99999999 lies in bet:4; it is not counted. Remove it: "
        "non-tournament chips are not allowed on the table (000 tournament rule 20)."
    )


def test_pending_and_next_due_follow_the_settle_time() -> None:
    """The bridge polls when the earliest changed zone will have been stable for the settle
    time, and a zone stable for exactly that long is accepted."""
    m = M(settle=0.25)
    assert not m.m.pending() and m.m.next_due() is None
    m.t = 1.0
    m.zone("seat:3", card_uid("As"))
    m.t = 1.5
    m.zone("seat:4", card_uid("Kd"))
    assert m.m.pending() and m.m.next_due() == 1.25
    assert [event_to_obj(e)["zone"] for e in m.m.poll(1.25)] == [
        "seat:3"
    ]  # stable for exactly the settle time
    assert m.m.pending() and m.m.next_due() == 1.75
    assert [event_to_obj(e)["zone"] for e in m.m.poll(1.75)] == ["seat:4"]
    assert not m.m.pending() and m.m.next_due() is None
    assert m.m.stats.reports == 2 and m.m.stats.accepted == 2


# ----------------------------------------------------------- registries and enrolment


def test_registry_files_are_sorted_and_indented_and_keep_the_back(tmp_path: Path) -> None:
    """The registry and the inventory are files a person reads and diffs: one key a line,
    sorted; a saved deck loads back with its back."""
    reg = DeckRegistry([Deck("A", "red", {uid(7).hex(): "2c", uid(3).hex(): "3c"})])
    reg.save(tmp_path / "decks.json")
    text = (tmp_path / "decks.json").read_text()
    assert text.startswith('{\n "decks": [\n  {\n   "back": "red",\n   "cards": {\n')
    assert text.index(uid(3).hex()) < text.index(uid(7).hex())
    assert DeckRegistry.load(tmp_path / "decks.json").decks["A"].back == "red"
    ChipInventory({"ff000001": 25, "aa000001": 100}).save(tmp_path / "chips.json")
    chips = (tmp_path / "chips.json").read_text()
    assert chips == '{\n "chips": {\n  "aa000001": 100,\n  "ff000001": 25\n }\n}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chips.json", "decks.json"]


def test_a_card_of_no_deck_or_not_enrolled_has_no_tag() -> None:
    reg = DeckRegistry([Deck("P", "red", {uid(1).hex(): "2c"})])
    assert reg.uid_of("2c", "P") == uid(1)
    assert reg.uid_of("As", "P") is None and reg.uid_of("2c", None) is None


def test_a_one_chip_is_a_denomination_and_zero_or_text_are_not() -> None:
    assert ChipInventory({"AA01": 1}).chips == {"aa01": 1}
    for bad in (0, "25", True):
        with pytest.raises(RegistryError) as err:
            ChipInventory({"aa01": bad})
        assert str(err.value) == f"chip aa01: denomination {bad!r} is not a positive integer"


@pytest.mark.parametrize(
    ("name", "text", "words"),
    [
        ("decks", "{", "not valid JSON: "),
        ("decks.json", "{", "not valid json: "),
        ("chips.toml", "chips = ", "not valid toml: "),
        ("decks.json", "[]", "expected an object at the top level"),
    ],
)
def test_a_bad_registry_file_is_named_and_refused(
    tmp_path: Path, name: str, text: str, words: str
) -> None:
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(RegistryError) as err:
        DeckRegistry.load(path)
    assert str(err.value).startswith(f"{path}: {words}")


def test_enrolment_keeps_the_back_and_says_what_a_refused_tap_is() -> None:
    reg = DeckRegistry([deck("A", 0)])
    with pytest.raises(EnrollError) as err:
        Enrollment(reg, "", "blue")
    assert str(err.value) == "a deck needs an id"
    e = Enrollment(reg, "B", "blue", badges=["feedf00d"])
    refusals = [
        (card_uid("Kd"), "Kd", "stray: this tag is Kd of deck A"),
        (bytes.fromhex("feedf00d"), "Kd", "stray: this tag is a staff badge"),
        (uid(2003), None, "the tag carries no card text; enrol in tap order to assign it"),
    ]
    for tag, text, words in refusals:
        with pytest.raises(EnrollError) as err:
            e.add(tag, text)
        assert str(err.value) == words
    for i, card in enumerate(CARD_ORDER[:43]):
        e.add(uid(2100 + i), card)
    with pytest.raises(EnrollError) as err:
        e.finish()
    assert str(err.value) == "deck B has 43/52 cards; missing 6s 7s 8s 9s Ts Js Qs Ks ..."
    e.add(uid(2200), "6s")
    with pytest.raises(EnrollError) as err:
        e.finish()
    assert str(err.value) == "deck B has 44/52 cards; missing 7s 8s 9s Ts Js Qs Ks As"
    for i, card in enumerate(CARD_ORDER[44:]):
        e.add(uid(2300 + i), card)
    assert e.finish().back == "blue" and reg.decks["B"].back == "blue"


def test_zone_names_are_seats_1_to_10_written_plainly() -> None:
    assert is_card_zone("seat:1") and is_card_zone("seat:10") and is_chip_zone("bet:10")
    for bad in ("seat:0", "seat:11", "seat:07", "seat:x", "seat:", "bet:11", "stack:01"):
        assert not is_card_zone(bad) and not is_chip_zone(bad), bad


def test_an_unknown_zone_is_a_hardware_alert_naming_the_antenna() -> None:
    m = TagMapper(DeckRegistry([deck("A", 0)]), ChipInventory())
    (alert,) = m.set_antennas({0: "seat:1", 5: "seat:11"})
    assert (alert.kind, alert.rule, alert.text) == (
        "hardware",
        "",
        "antenna 5 reports unknown zone 'seat:11'; ignored",
    )


def test_a_reconnect_keeps_each_zone_and_a_new_map_renames_it() -> None:
    """Zone state is kept across a reconnect with the same antenna map: the snapshot the MCU
    sends after it, the same as before, is nothing to accept. An antenna mapped to another zone
    starts afresh under its new name."""
    m = M()
    m.zone("seat:1", card_uid("As"))
    assert len(m.step()) == 1
    m.m.set_antennas(standard_antennas())
    m.zone("seat:1", card_uid("As"))
    assert not m.m.pending() and m.step() == [] and m.m.stats.accepted == 1
    ants = standard_antennas()
    ants[ANT["seat:1"]] = "seat:2"
    del ants[ANT["seat:2"]]
    m.m.set_antennas(ants)
    m.m.report(ANT["seat:1"], ((card_uid("Kd"), 0),), m.t)
    assert m.step() == [{"card": "Kd", "zone": "seat:2", "face": "down"}]


def test_a_registry_refuses_a_deck_twice_a_card_twice_or_an_absent_deck_in_play() -> None:
    with pytest.raises(RegistryError) as err:
        DeckRegistry([deck("A", 0)], in_play="B")
    assert str(err.value) == "deck in play 'B' is not enrolled"
    reg = DeckRegistry([deck("A", 0)])
    with pytest.raises(RegistryError) as err:
        reg.add(deck("A", 1000))
    assert str(err.value) == "deck 'A' is already enrolled"
    with pytest.raises(RegistryError) as err:
        reg.add(Deck("C", "red", {uid(5000).hex(): "As", uid(5001).hex(): "As"}))
    assert str(err.value) == "deck 'C': As enrolled twice"
    assert list(reg.decks) == ["A"]


def test_an_unknown_zone_in_the_middle_of_the_map_leaves_the_rest_working() -> None:
    m = TagMapper(DeckRegistry([deck("A", 0)]), ChipInventory())
    assert len(m.set_antennas({0: "seat:1", 1: "kitchen", 2: "seat:3"})) == 1
    m.report(2, ((card_uid("As"), 0),), 0.0)
    assert [event_to_obj(e) for e in m.poll(1.0)] == [
        {"card": "As", "zone": "seat:3", "face": "down"}
    ]
