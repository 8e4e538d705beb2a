"""Deck registry, chip inventory, enrolment and the zone -> event mapper."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware_bridge.tags import (
    CARD_ORDER,
    ChipInventory,
    Deck,
    DeckRegistry,
    EnrollError,
    Enrollment,
    RegistryError,
    TagMapper,
)
from hw_sim.mcu import standard_antennas
from tablectl.engine.events import event_to_obj
from tablectl.engine.outputs import Alert

ANT = {z: a for a, z in standard_antennas().items()}


def uid(i: int, kind: int = 4) -> bytes:
    return bytes([kind, 0, i >> 8, i & 0xFF])


def deck(deck_id: str, base: int) -> Deck:
    return Deck(deck_id, "red", {uid(base + i).hex(): c for i, c in enumerate(CARD_ORDER)})


def card_uid(card: str, base: int = 0) -> bytes:
    return uid(base + CARD_ORDER.index(card))


CHIPS = ChipInventory({uid(i, 5).hex(): v for i, v in enumerate([25, 100, 500, 1000, 5000] * 4)})


def chip(value: int, n: int = 0) -> bytes:
    return uid([25, 100, 500, 1000, 5000].index(value) + 5 * n, 5)


class M:
    """A mapper on a virtual clock with helpers to set zone contents."""

    def __init__(self, settle: float = 0.08) -> None:
        self.reg = DeckRegistry([deck("A", 0), deck("B", 1000)], in_play="A")
        self.m = TagMapper(self.reg, CHIPS, settle)
        self.m.set_antennas(standard_antennas())
        self.t = 0.0

    def zone(self, zone: str, *tags: bytes, up: bool = False) -> None:
        self.m.report(ANT[zone], tuple((t, int(up)) for t in tags), self.t)

    def step(self, dt: float = 1.0) -> list:
        self.t += dt
        return [a if isinstance(a, Alert) else event_to_obj(a) for a in self.m.poll(self.t)]


def test_cards_become_card_events_in_order() -> None:
    m = M()
    m.zone("seat:3", card_uid("As"))
    m.zone("seat:4", card_uid("Kd"))
    m.zone("seat:3", card_uid("As"), card_uid("7c"))
    # Within one settle window zones come out in the order they first changed; a dealer's
    # cards arrive further apart than the window, so each is its own event in deal order.
    assert m.step() == [
        {"card": "As", "zone": "seat:3", "face": "down"},
        {"card": "7c", "zone": "seat:3", "face": "down"},
        {"card": "Kd", "zone": "seat:4", "face": "down"},
    ]
    assert m.step() == []


def test_debounce_waits_for_settle_and_ignores_flaps() -> None:
    m = M(settle=0.1)
    m.zone("board", card_uid("2h"), up=True)
    assert m.step(0.05) == []
    m.zone("board")  # flap: the read drops out
    m.zone("board", card_uid("2h"), up=True)
    assert m.step(0.05) == []  # changed 0.05 s ago
    assert m.step(0.06) == [{"card": "2h", "zone": "board", "face": "up"}]
    m.zone("board")
    m.zone("board", card_uid("2h"), up=True)
    assert m.step(1) == []  # back to what was accepted: nothing happened


def test_unknown_and_foreign_cards() -> None:
    m = M()
    m.zone("muck", b"\xde\xad\xbe\xef", card_uid("As", 1000))
    assert m.step() == [
        {"card": "??", "zone": "muck", "face": "down"},
        {"card": "As", "zone": "muck", "face": "down", "deck": "B"},
    ]


def test_card_redealt_after_leaving_the_table_is_reported_again() -> None:
    m = M()
    m.zone("seat:2", card_uid("9s"))
    assert len(m.step()) == 1
    m.zone("seat:2")  # gathered for the shuffle
    assert m.step() == []
    m.zone("seat:2", card_uid("9s"))  # dealt to the same seat next hand
    assert m.step() == [{"card": "9s", "zone": "seat:2", "face": "down"}]


def test_move_between_zones_in_one_window_is_one_event() -> None:
    m = M()
    m.zone("seat:5", card_uid("Qh"))
    m.step()
    m.zone("muck", card_uid("Qh"))
    m.zone("seat:5")
    assert m.step() == [{"card": "Qh", "zone": "muck", "face": "down"}]


def test_chip_zones_become_one_chips_event() -> None:
    m = M()
    m.zone("stack:3", chip(1000), chip(100))
    m.zone("bet:3", chip(500), chip(25), chip(5000))
    assert m.step() == [{"chips": {"bet:3": [5000, 500, 25], "stack:3": [1000, 100]}}]
    m.zone("bet:3")
    m.zone("pot", chip(500), chip(25), chip(5000))
    assert m.step() == [{"chips": {"bet:3": [], "pot": [5000, 500, 25]}}]


def test_unknown_chip_alerts_once_and_is_not_counted() -> None:
    m = M()
    m.zone("bet:7", chip(100), b"\x99\x99\x99\x99")
    out = m.step()
    assert out[0] == {"chips": {"bet:7": [100]}}
    assert isinstance(out[1], Alert) and out[1].kind == "chips_unknown" and out[1].seat == 7
    assert "000 tournament rule 20" in out[1].rule
    m.zone("bet:7", chip(100), b"\x99\x99\x99\x99", chip(500))
    assert m.step() == [{"chips": {"bet:7": [500, 100]}}]  # same stray chip: no second alert


def test_strays_are_ignored() -> None:
    m = M()
    m.zone("board", chip(100), card_uid("Ah"), up=True)
    m.zone("pot", card_uid("Kh"), chip(25))
    assert m.step() == [
        {"card": "Ah", "zone": "board", "face": "up"},
        {"chips": {"pot": [25]}},
    ]
    assert m.m.stats.strays == 2


def test_unknown_zone_in_antenna_map_alerts() -> None:
    reg = DeckRegistry([deck("A", 0)])
    m = TagMapper(reg, CHIPS)
    alerts = m.set_antennas({0: "seat:1", 1: "kitchen"})
    assert len(alerts) == 1 and "kitchen" in alerts[0].text
    m.report(1, ((card_uid("As"), 0),), 0.0)
    m.report(9, ((card_uid("As"), 0),), 0.0)
    assert m.poll(5.0) == []
    assert m.stats.unknown_antenna == 2  # the ignored antenna and one not in the map


def test_registry_round_trip(tmp_path: Path) -> None:
    reg = DeckRegistry([deck("A", 0), deck("B", 1000)], in_play="B")
    reg.save(tmp_path / "decks.json")
    back = DeckRegistry.load(tmp_path / "decks.json")
    assert back.in_play == "B"
    assert back.lookup(card_uid("Td")) == ("Td", "A")
    assert back.lookup(b"\x00") is None


def test_registry_rejects_bad_files(tmp_path: Path) -> None:
    bad = tmp_path / "decks.json"
    bad.write_text("{not json")
    with pytest.raises(RegistryError, match=r"decks\.json"):
        DeckRegistry.load(bad)
    bad.write_text('{"decks": [{"id": "A", "back": "r", "cards": {"01": "Xx"}}]}')
    with pytest.raises(RegistryError, match="not a card"):
        DeckRegistry.load(bad)
    with pytest.raises(RegistryError, match="cannot read"):
        DeckRegistry.load(tmp_path / "missing.json")
    with pytest.raises(RegistryError, match="already in another deck"):
        DeckRegistry([deck("A", 0), deck("B", 0)])


def test_chip_inventory_toml_and_json(tmp_path: Path) -> None:
    toml = tmp_path / "chips.toml"
    toml.write_text('[chips]\n"0a0b0c0d" = 500\n"0A0B0C0E" = 25\n')
    inv = ChipInventory.load(toml)
    assert inv.value(bytes.fromhex("0a0b0c0e")) == 25
    inv.save(tmp_path / "chips.json")
    assert ChipInventory.load(tmp_path / "chips.json").chips == inv.chips
    toml.write_text('[chips]\n"0a" = -5\n')
    with pytest.raises(RegistryError, match="positive"):
        ChipInventory.load(toml)


def test_enrolment_from_text_refuses_duplicates_and_strays() -> None:
    reg = DeckRegistry([deck("A", 0)])
    e = Enrollment(reg, "B", "blue", chips=CHIPS, badges=["feedf00d"])
    assert str(e.add(uid(2000), "As")) == "As enrolled (1/52)"
    with pytest.raises(EnrollError, match="duplicate: this tag"):
        e.add(uid(2000), "As")
    with pytest.raises(EnrollError, match="duplicate: As"):
        e.add(uid(2001), "as")
    with pytest.raises(EnrollError, match="deck A"):
        e.add(card_uid("Kd"), "Kd")
    with pytest.raises(EnrollError, match="chip"):
        e.add(chip(500), "Kd")
    with pytest.raises(EnrollError, match="badge"):
        e.add(bytes.fromhex("feedf00d"), "Kd")
    with pytest.raises(EnrollError, match="not a card"):
        e.add(uid(2002), "Joker")
    with pytest.raises(EnrollError, match="no card text"):
        e.add(uid(2003))
    assert e.count == 1
    with pytest.raises(EnrollError, match="1/52"):
        e.finish()


def test_enrolment_in_tap_order_completes_a_deck() -> None:
    reg = DeckRegistry()
    e = Enrollment(reg, "A", "red", tap_order=True)
    progress = [e.add(uid(3000 + i)) for i in range(52)]
    assert [p.card for p in progress] == list(CARD_ORDER)
    assert progress[-1].done and progress[-1].count == 52
    with pytest.raises(EnrollError, match="already has 52"):
        e.add(uid(4000))
    e.finish()
    assert reg.in_play == "A" and reg.lookup(uid(3000 + 51)) == ("As", "A")
    with pytest.raises(EnrollError, match="already enrolled"):
        Enrollment(reg, "A", "red")


def test_enrolled_action_item_is_a_zero_in_the_zone_and_the_engine_rules_it() -> None:
    """002 RP-20: a bounty chip enrolled as an action item reads as 0 (no nominal value) in the
    zone's chips, with no chips_unknown alert; the engine rules it by action_item_bet."""
    from tablectl.engine.chipread import ITEM
    from tablectl.engine.events import event_from_obj
    from tablectl.engine.outputs import Ruling
    from tablectl.engine.table import Table

    bounty = b"\x07\x00\x00\x01"
    inv = ChipInventory(dict(CHIPS.chips), {bounty.hex(): "bounty"})
    assert inv.value(bounty) == ITEM == 0
    m = M()
    m.m = TagMapper(m.reg, inv)
    m.m.set_antennas(standard_antennas())
    m.zone("bet:1", bounty)
    m.zone("stack:2", chip(100), bounty)
    out = m.step()
    assert out == [{"chips": {"bet:1": [0], "stack:2": [100, 0]}}]  # no chips_unknown alert
    # the same tag not enrolled: left out, with the alert (000 tournament rule 20)
    m.m = TagMapper(m.reg, CHIPS)
    m.m.set_antennas(standard_antennas())
    m.zone("bet:1", bounty)
    out = m.step()
    assert len(out) == 1 and out[0].kind == "chips_unknown"  # the zone reads empty: no event

    setup = {
        "rules": "tda-2025",
        "options": {"action_item_bet": "call"},
        "seats": {"1": 10000, "2": 10000, "3": 10000},
        "button": 1,
        "blinds": [100, 200],
        "chips": [25, 100, 500, 1000, 5000],
    }
    table = Table.from_setup(event_from_obj({"setup": setup}).body)
    deal = {"2": ["Qs", "Js"], "3": ["Ts", "9s"], "1": ["As", "Ks"]}
    table.apply(event_from_obj({"deal": deal}))
    said = table.apply(event_from_obj({"chips": {"bet:1": [ITEM]}}))
    ruled = [o for o in said if isinstance(o, Ruling)]
    assert [(r.seat, r.action, r.to, r.owes, r.rule) for r in ruled] == [
        (1, "call", 200, 200, "002 RP-20")
    ]


def test_action_item_inventory_round_trip_and_conflicts(tmp_path: Path) -> None:
    inv = ChipInventory({"0a0b0c0d": 500}, {"0A0B0C0F": "clock"})
    inv.save(tmp_path / "chips.json")
    back = ChipInventory.load(tmp_path / "chips.json")
    assert back.items == {"0a0b0c0f": "clock"} and back.value(bytes.fromhex("0a0b0c0f")) == 0
    with pytest.raises(RegistryError, match="already enrolled as a 500 chip"):
        inv.add_item("0a0b0c0d", "bounty")
    with pytest.raises(RegistryError, match="already enrolled as an action item"):
        inv.add("0a0b0c0f", 100)
    (tmp_path / "bad.json").write_text('{"chips": {}, "items": {"01": ""}}')
    with pytest.raises(RegistryError, match=r"bad\.json: action item 01"):
        ChipInventory.load(tmp_path / "bad.json")
    e = Enrollment(DeckRegistry(), "A", "red", chips=inv)
    with pytest.raises(EnrollError, match="stray: this tag is an action item"):
        e.add(bytes.fromhex("0a0b0c0f"), "As")
