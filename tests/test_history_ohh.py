"""Open Hand History export: every scenario's hands are valid OHH JSON (the standard's required
fields and types, tournament fields included), their pots paid out exactly, and the floor's
decisions kept with the street they were taken on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scenario_files import every

from tablectl.cli import main
from tablectl.cli.export import histories
from tablectl.daemon.history_ohh import ohh_obj, ohh_text

FILES = every()
REQUIRED = {
    "spec_version": str,
    "site_name": str,
    "network_name": str,
    "game_number": str,
    "start_date_utc": str,
    "table_name": str,
    "table_size": int,
    "game_type": str,
    "bet_limit": dict,
    "dealer_seat": int,
    "small_blind_amount": int,
    "big_blind_amount": int,
    "ante_amount": int,
    "currency": str,
    "players": list,
    "rounds": list,
    "pots": list,
    "tournament": bool,
    "tournament_info": dict,
}
ACTIONS = {
    "Dealt Cards",
    "Post Ante",
    "Post SB",
    "Post BB",
    "Post Dead",
    "Fold",
    "Check",
    "Call",
    "Bet",
    "Raise",
    "Shows Cards",
}


def check_ohh(obj: dict) -> None:
    ohh = obj["ohh"]
    for key, kind in REQUIRED.items():
        assert isinstance(ohh[key], kind), key
    assert ohh["tournament"] is True
    info = ohh["tournament_info"]
    assert {
        "tournament_number",
        "name",
        "start_date_utc",
        "currency",
        "buyin_amount",
        "initial_stack",
        "type",
        "speed",
    } <= info.keys()
    ids = {p["id"] for p in ohh["players"]}
    assert all(p["starting_stack"] >= 0 and 1 <= p["seat"] <= 10 for p in ohh["players"])
    assert ohh["dealer_seat"] in range(1, 11)
    numbers = []
    for i, rnd in enumerate(ohh["rounds"]):
        assert rnd["id"] == i and rnd["street"] in ("Preflop", "Flop", "Turn", "River", "Showdown")
        for act in rnd["actions"]:
            assert act["player_id"] in ids and act["action"] in ACTIONS
            assert act.get("amount", 0) >= 0
            numbers.append(act["action_number"])
    assert numbers == list(range(1, len(numbers) + 1))
    for pot in ohh["pots"]:
        assert sum(w["win_amount"] for w in pot["player_wins"]) == pot["amount"]
        assert {w["player_id"] for w in pot["player_wins"]} <= ids


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_scenario_exports_valid_ohh(path: Path) -> None:
    result = histories(path)
    for hand in result.hands:
        text = ohh_text(hand)
        objs = [json.loads(block) for block in text.split("\n\n") if block.strip()]
        assert len(objs) == len(hand.voided) + 1
        for obj in objs:
            check_ohh(obj)
        final = objs[-1]["ohh"]
        paid = sum(p["amount"] for p in final["pots"])
        assert paid == sum(hand.won().values())


def test_floor_decisions_are_kept_in_their_round(tmp_path: Path) -> None:
    path = Path(__file__).parent / "scenarios" / "floor_kill.jsonl"
    (hand,) = histories(path).hands
    ohh = ohh_obj(hand)["ohh"]
    flop = next(r for r in ohh["rounds"] if r["street"] == "Flop")
    assert any("seat 1's hand is dead" in note for note in flop["_floor"])
    assert ohh["pots"] == [
        {
            "number": 0,
            "amount": 600,
            "rake": 0,
            "player_wins": [{"player_id": 2, "win_amount": 600}],
        }
    ]
    out = tmp_path / "o"
    assert main(["export", "--journal", str(path), "--format", "ohh", "--out", str(out)]) == 0
    assert [p.name for p in out.iterdir()] == ["hand-000001.ohh"]
