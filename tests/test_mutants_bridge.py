"""The bridge's tag mapping, rules that mutation runs found untested (issue 34), driven through
``TagMapper``."""

from __future__ import annotations

from test_bridge_tags import M, card_uid


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
