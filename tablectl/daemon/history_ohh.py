"""Open Hand History (``.ohh``): a finished hand as the OHH standard's JSON
(hh-specs.handhistory.org).

One object ``{"ohh": {...}}`` a hand: ``spec_version``, ``site_name``, ``network_name``,
``internal_version``, ``game_number``, ``start_date_utc``, ``table_name``, ``table_size``,
``game_type`` ("Holdem"), ``bet_limit`` (no limit), ``currency`` ("Chips"), ``dealer_seat``,
``small_blind_amount``, ``big_blind_amount``, ``ante_amount``, ``players`` (id, seat, name,
starting_stack, cards), ``rounds`` (one a street, each with its ``cards`` and ``actions``:
``action_number``, ``player_id``, ``action``, ``amount`` the chips that action added, ``is_allin``),
``pots`` (number, amount, rake, player_wins), and the tournament fields: ``tournament`` true and
``tournament_info``. Floor decisions (tablectl/engine/floor.py) are kept in ``_floor`` per round,
an uncalled bet handed back in ``_returned`` (player_id, amount: the spec's actions have none),
odd chips of a split left in the pot for the next hand in the pot's ``_carried`` (its ``amount``
is what was won) and those the hand began with in ``_carried_in`` (003 Ties 3), all
user fields (the standard lets a site add fields beginning with an underscore). The tournament's
buy-in and fee are in ``currency`` (``tablectl export --buy-in 10+1 --currency USD``).
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from tablectl.daemon.history import Act, HandRecord
from tablectl.engine.outputs import UNSET

SPEC_VERSION = "1.4.6"
STREETS = {"preflop": "Preflop", "flop": "Flop", "turn": "Turn", "river": "River"}
ACTIONS = {"fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet", "raise": "Raise"}


def ohh_obj(
    hand: HandRecord,
    *,
    tournament: int = 1,
    table_name: str = "tablectl",
    site: str = "tablectl",
    buy_in: tuple[float, float] = (0.0, 0.0),
    currency: str = "USD",
) -> dict[str, Any]:
    """The hand as an OHH object (``{"ohh": {...}}``); a void deal says so in ``_void``.
    ``buy_in``: the tournament's buy-in and fee, in ``currency`` (an ISO code: the spec's
    tournament currencies); the table's own amounts are chips."""
    ids = {seat: i + 1 for i, seat in enumerate(sorted(hand.start_stacks))}
    when = dt.datetime.fromtimestamp(hand.wall if hand.wall is not None else 0, dt.UTC)
    players = []
    for seat in sorted(hand.start_stacks):
        player: dict[str, Any] = {
            "id": ids[seat],
            "seat": seat,
            "name": hand.names[seat],
            "starting_stack": hand.start_stacks[seat],
        }
        if len(hand.hole.get(seat, [])) == 2:
            player["cards"] = list(hand.hole[seat])
        players.append(player)
    number = 0

    def action(seat: int, what: str, amount: int = 0, all_in: bool = False) -> dict[str, Any]:
        nonlocal number
        number += 1
        out: dict[str, Any] = {"action_number": number, "player_id": ids[seat], "action": what}
        if amount:
            out["amount"] = amount
        if all_in:
            out["is_allin"] = True
        return out

    preflop: dict[str, Any] = {"id": 0, "street": "Preflop", "cards": [], "actions": []}
    for seat in hand.order():
        if hand.hole.get(seat):
            preflop["actions"].append(action(seat, "Dealt Cards"))
            if len(hand.hole[seat]) == 2:
                preflop["actions"][-1]["cards"] = list(hand.hole[seat])
    kinds = {
        "ante": "Post Ante",
        "small blind": "Post SB",
        "big blind": "Post BB",
        "small & big blinds": "Post BB",
    }
    for seat, kind, amount in hand.posts:
        preflop["actions"].append(action(seat, kinds.get(kind, "Post Dead"), amount))
    rounds = [preflop]
    current = preflop
    for kind, value in hand.log:
        if kind == "act":
            a: Act = value
            current["actions"].append(action(a.seat, ACTIONS[a.action], a.added, a.all_in))
        elif kind == "street":
            street, _before, new = value
            if street in STREETS and street != "preflop":
                current = {
                    "id": len(rounds),
                    "street": STREETS[street],
                    "cards": list(new),
                    "actions": [],
                }
                rounds.append(current)
        elif kind == "returned":
            seat, amount = value
            # the spec has no action for it: a user field, as the pot is written without it
            current.setdefault("_returned", []).append({"player_id": ids[seat], "amount": amount})
        elif kind == "floor":
            current.setdefault("_floor", []).append(str(value))
    if not hand.void and len(hand.live()) > 1:
        showdown: dict[str, Any] = {
            "id": len(rounds),
            "street": "Showdown",
            "cards": [],
            "actions": [],
        }
        for seat in hand.order():
            if seat in hand.live() and len(hand.hole.get(seat, [])) == 2:
                shown = action(seat, "Shows Cards")
                shown["cards"] = list(hand.hole[seat])
                showdown["actions"].append(shown)
        rounds.append(showdown)
    pots = []
    for a in hand.awards:
        carried = 0 if a.carried is UNSET else a.carried
        pot: dict[str, Any] = {
            "number": a.pot,
            "amount": a.amount - carried,
            "rake": 0,
            "player_wins": [{"player_id": ids[s], "win_amount": w} for s, w in a.winners.items()],
        }
        if carried:
            pot["_carried"] = carried  # left in the pot for the next hand (003 Ties 3)
        pots.append(pot)
    ohh: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "internal_version": "1",
        "network_name": site,
        "site_name": site,
        "game_type": "Holdem",
        "table_name": table_name,
        "table_size": max(10, max(hand.start_stacks)),
        "game_number": f"{tournament}-{hand.number}"
        + (f"-void{hand.deal + 1}" if hand.void else ""),
        "start_date_utc": when.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "currency": "Chips",
        "ante_amount": hand.ante,
        "small_blind_amount": hand.small_blind,
        "big_blind_amount": hand.big_blind,
        "bet_limit": {"bet_type": "NL", "bet_cap": 0},
        "dealer_seat": hand.button,
        "players": players,
        "rounds": rounds,
        "pots": pots,
        "tournament": True,
        "tournament_info": {
            "tournament_number": str(tournament),
            "name": table_name,
            "start_date_utc": when.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "currency": currency,
            "buyin_amount": buy_in[0],
            "fee_amount": buy_in[1],
            "bounty_fee_amount": 0,
            "initial_stack": max(hand.start_stacks.values(), default=0),
            "type": "MTT",
            "flags": [],
            "speed": {"type": "Normal", "round_time": 0},
        },
    }
    if hand.bb_ante:
        ohh["_bb_ante"] = True
    if hand.carried_in:
        ohh["_carried_in"] = hand.carried_in  # odd chips the last hand left in the pot (003)
    if hand.void:
        ohh["_void"] = hand.void + ": all bets returned"
    return {"ohh": ohh}


def ohh_text(
    hand: HandRecord,
    *,
    tournament: int = 1,
    table_name: str = "tablectl",
    buy_in: tuple[float, float] = (0.0, 0.0),
    currency: str = "USD",
) -> str:
    """The hand and its void deals, one OHH object a line (the standard's file of many hands:
    objects separated by blank lines is what sites write; one a line reads the same)."""
    return "".join(
        json.dumps(
            ohh_obj(
                h, tournament=tournament, table_name=table_name, buy_in=buy_in, currency=currency
            )
        )
        + "\n\n"
        for h in [*hand.voided, hand]
    )
