"""Hand histories as other programs read them (issue 25 item 10), checked by independent parsers
from PyPI, test-only dependencies (the ``test`` extra):

- PokerStars text through pokerdf (a PokerStars tournament hand-history parser): every hand of
  every scenario, written as each player's own history (``hero``), parses with the same players,
  seats, stacks, actions street by street, pots and winners. pokerdf reads seat numbers of one
  digit (``Seat \\d{1}:``): a player in seat 10 is missing from its rows, which is checked too.
- ``.ohh`` against a JSON schema written from the Open Hand History spec 1.4.6
  (tests/ohh.schema.json: its required keys and enumerations), validated with jsonschema. (The
  PyPI package ohh-pydantic 0.1.1 was tried: it requires a ``bet_limit.action`` the spec does
  not have, so it refuses every spec-conforming file.)
"""

from __future__ import annotations

import json
import warnings
from functools import cache
from pathlib import Path

import pytest
from scenario_files import every

from tablectl.cli.export import histories
from tablectl.daemon.history import HandRecord, buy_in_text, pokerstars_text
from tablectl.daemon.history_ohh import ohh_text

pokerdf = pytest.importorskip("pokerdf.core.read_and_convert", reason="the test extra: pokerdf")
jsonschema = pytest.importorskip("jsonschema", reason="the test extra: jsonschema")

SCHEMA = json.loads((Path(__file__).parent / "ohh.schema.json").read_text())
VERBS = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises"}
STREETS = {"preflop": "Preflop", "flop": "Flop", "turn": "Turn", "river": "River"}
ON = {**STREETS, "showdown": "River"}  # a hand killed at showdown: its fold follows the river


@cache
def hands_of(path: Path) -> list[HandRecord]:
    return histories(path).hands


def every_hand() -> list[tuple[str, HandRecord]]:
    out = []
    for path in every():
        for hand in hands_of(path):
            out.append((f"{path.name}#{hand.number}", hand))
    return out


HANDS = every_hand()


def expected_actions(hand: HandRecord, seat: int) -> dict[str, list[tuple[str, str]]]:
    """(verb, amount) per street as pokerdf reads a PokerStars action line."""
    out: dict[str, list[tuple[str, str]]] = {s: [] for s in STREETS.values()}
    for kind, a in hand.log:
        if kind != "act" or a.seat != seat:
            continue
        amount = {"call": a.added, "bet": a.to, "raise": a.raised_by}.get(a.action)
        out[ON[a.street]].append((VERBS[a.action], str(amount) if amount else ""))
    return out


def test_there_are_hands_to_check() -> None:
    assert len(HANDS) >= 25 and any(h.voided for _, h in HANDS)


@pytest.mark.parametrize(("where", "hand"), HANDS, ids=[w for w, _ in HANDS])
def test_pokerstars_text_reads_the_same_in_pokerdf(where: str, hand: HandRecord) -> None:
    hero = next((s for s in hand.order() if hand.hole.get(s)), None)
    text = pokerstars_text(
        hand, tournament=7, table_name="1", buy_in=buy_in_text("10+1"), hero=hero
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        df = pokerdf.apply_regex(text)
    played = df[df["HandID"] == f"0007{hand.number:06d}"]
    rows = {r["Player"]: r for _, r in played.iterrows()}
    name = hand.names
    seats = {s for s in hand.start_stacks if s <= 9}  # pokerdf: one-digit seat numbers
    assert set(rows) == {name[s] for s in seats}
    assert set(played["BuyIn"]) == {"$10+$1"} and set(played["TournID"]) == {"7"}
    if hero is not None:
        assert set(played["Owner"]) == {name[hero]}
        assert set(played["OwnersHand"]) == {tuple(hand.hole[hero])}
    won = hand.won()
    for seat in seats:
        row = rows[name[seat]]
        assert row["Seat"] == seat and row["Stack"] == hand.start_stacks[seat]
        got = {
            street: [tuple(x) for x in row[f"{street}Action"] if any(x)]
            for street in STREETS.values()
        }
        assert got == expected_actions(hand, seat), (seat, text)
        if won.get(seat):
            assert row["Balance"] == won[seat], (seat, text)
        else:
            assert row["Balance"] != row["Balance"] or row["Balance"] in (0, None)  # NaN: none
    assert set(played["TotalPotLog"]) == {sum(a.amount for a in hand.awards)}
    pots = tuple(float(a.amount) for a in hand.awards)
    assert set(played["PotBreakdown"]) == {pots if len(pots) > 1 else (float(sum(pots)),)}


def test_seat_ten_is_past_pokerdfs_seat_numbers() -> None:
    """The one difference the parser has: a player in seat 10 is not among its rows."""
    tens = [(w, h) for w, h in HANDS if 10 in h.start_stacks]
    assert tens, "no scenario seats a player in seat 10"


@pytest.mark.parametrize(("where", "hand"), HANDS, ids=[w for w, _ in HANDS])
def test_observer_text_has_no_dealt_to_line(where: str, hand: HandRecord) -> None:
    """Hero-less: no "Dealt to" line (a tracker would take that player for its user); hole cards
    appear only where PokerStars shows them, at showdown."""
    text = pokerstars_text(hand)
    assert "Dealt to" not in text
    hero = next((s for s in hand.order() if hand.hole.get(s)), None)
    if hero is not None:
        mine = pokerstars_text(hand, hero=hero)
        assert mine.count("Dealt to ") == 1 + len(hand.voided) - sum(
            1 for v in hand.voided if not v.hole.get(hero)
        )


@pytest.mark.parametrize(("where", "hand"), HANDS, ids=[w for w, _ in HANDS])
def test_ohh_validates_against_the_spec(where: str, hand: HandRecord) -> None:
    text = ohh_text(hand, tournament=7, table_name="1", buy_in=(10.0, 1.0))
    objs = [json.loads(chunk) for chunk in text.split("\n\n") if chunk.strip()]
    assert len(objs) == 1 + len(hand.voided)
    for obj in objs:  # the void deals too
        jsonschema.validate(obj, SCHEMA)
    ohh = objs[-1]["ohh"]
    info = ohh["tournament_info"]
    assert (info["buyin_amount"], info["fee_amount"], info["currency"]) == (10, 1, "USD")
    assert {p["seat"] for p in ohh["players"]} == set(hand.start_stacks)
    wins: dict[int, int] = {}
    by_id = {p["id"]: p["seat"] for p in ohh["players"]}
    for pot in ohh["pots"]:
        for w in pot.get("player_wins") or []:
            wins[by_id[w["player_id"]]] = wins.get(by_id[w["player_id"]], 0) + w["win_amount"]
    assert {s: a for s, a in wins.items() if a} == {s: a for s, a in hand.won().items() if a}


def test_buy_in_text() -> None:
    assert buy_in_text("") == "Freeroll"
    assert buy_in_text("10+1") == "$10+$1 USD"
    assert buy_in_text("0.98+0.12", "EUR") == "\u20ac0.98+\u20ac0.12 EUR"
    with pytest.raises(ValueError, match="AMOUNT\\+FEE"):
        buy_in_text("ten")
