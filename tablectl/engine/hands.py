"""A hand's life at the table: start (button, blinds, antes), re-deal after a misdeal, and the
restart that undo replays over (002 Rules 24, 33-36).

Functions over the table state; the dispatch (:mod:`tablectl.engine.table`) and the rule modules
call them.
"""

from __future__ import annotations

from tablectl.engine import flow, recount
from tablectl.engine.betting import Round, min_bet_for
from tablectl.engine.hand import Hand, Stakes
from tablectl.engine.notices import HandStart
from tablectl.engine.outputs import UNSET, Alert, Output
from tablectl.engine.state import TableState


def start_hand(table: TableState, out: list[Output], again: Hand | None = None) -> Hand | None:
    """Begin the next hand: move the button, post antes and blinds (002 Rules 33-35, 24).
    ``again``: the hand dealt again (a re-deal, an undo), at its limits and to its seats: a
    level that changed during it and a player seated during it wait for the next hand (002
    Rule 36-C)."""
    if again is None and table.recounts:
        # a seat's cards asked about belong to the hand that is over (an undo's restart keeps
        # them: its replay answers them)
        recount.drop_cards(table, "the hand is over", out)
    live = table.live_seats()
    if again is not None:
        live = [s for s in live if s in again.dealt]
    if len(live) < 2:
        out.append(
            Alert(
                "action_void", "002 Rule 1", "the tournament is over: fewer than two players remain"
            )
        )
        return None
    pos = table.seating.next_positions
    lv = table.timing.levels[table.timing.level_index]
    table.hand_no += 1
    table.rewind.hand_snapshot = (
        {s: (p.stack, p.out) for s, p in table.players.items()},
        list(table.seating.eliminated),
        pos,
    )
    table.rewind.hand_log = []
    table.rewind.statuses_at_start = {
        s: (p.absent, p.penalty) for s, p in table.players.items() if p.absent or p.penalty
    }
    # the chip zones as the hand began: undo replays the hand's events over them
    zones = table.felt.zones
    table.rewind.zones_at_start = (
        {z: list(c) for z, c in zones.items()} if zones else {},
        dict(table.felt.give_back),
    )
    players = table.players
    blinds = (lv.small_blind, lv.big_blind)
    ante, bb_ante = lv.ante, table.bb_ante
    # odd chips the last hand left in its pot start this one's (003 Ties 3)
    last = table.hand
    carried = last.showdown.carried if last is not None and last.street == "over" else 0
    if again is not None:
        blinds, ante, bb_ante = again.stakes.blinds, again.stakes.ante, again.stakes.bb_ante
        carried = again.stakes.carried_in
    # the minimum bet is the big blind but at home (min_bet_for); Round.preflop's round inline:
    # (min_bet, current_bet the big blind, last_full_raise min_bet, full_level the big blind)
    big_blind = blinds[1]
    min_bet = (
        min_bet_for(table.profile, blinds, "preflop", table.unit)
        if table.profile.min_bet == "home"
        else big_blind
    )
    # Hand's first fields by position (issue 14: one hand a deal): number, positions, dealt,
    # stakes, street, round
    hand = Hand(
        table.hand_no,
        pos,
        tuple(live),
        Stakes({s: players[s].stack for s in live}, blinds, ante, bb_ante, carried, carried),
        "preflop",
        Round(min_bet, big_blind, min_bet, big_blind),
        hole={s: [] for s in live},
    )
    table.hand = hand
    table.last = None
    table.timing.clock = None
    flow.post_forced_bets(table, hand)
    carried_text = (
        f"; the pot starts with {carried} carried from the last hand (003 Ties 3)"
        if carried
        else ""
    )
    both = (
        (
            f" (seat {pos.sb} posts the small blind dead and the big blind: 003 Button and "
            "blind use 5)"
        )
        if pos.sb_posts_bb
        else ""
    )
    out.append(
        HandStart(
            f"hand {hand.number}: button {pos.button}, small blind "
            f"{pos.sb if pos.sb is not None else 'dead'}, big blind {pos.bb}{both}{carried_text}",
            hand_no=hand.number,
            button=pos.button,
            sb=pos.sb,
            bb=pos.bb,
            stacks=dict(hand.stakes.start_stacks),
            sb_posts_bb=True if pos.sb_posts_bb else UNSET,
            carried=carried or UNSET,
        )
    )
    flow.begin_round(table, hand, out)
    return hand


def hand_for_cards(table: TableState, out: list[Output]) -> Hand | None:
    """The hand a hole card belongs to: the one in progress, or a new one."""
    hand = table.hand
    if hand is None or hand.street == "over":  # table.live_hand, inline: every hole card
        return start_hand(table, out)
    return hand


def redeal(table: TableState, out: list[Output]) -> Hand | None:
    """A misdeal or a void hand: every chip goes back and the same hand is dealt again, same
    button, same blinds (002 Rules 36-C, 36-E)."""
    if table.hand is None or table.rewind.hand_snapshot is None:
        return None
    # Chips lying in bet zones go back to their players: the new hand's first round takes
    # them as gathered (flow.begin_round), so pulling them is no action.
    hand = restart_hand(table, out, table.hand.deal.redeals + 1)
    # a seat's cards asked about are reshuffled with the rest: nothing is left to count
    recount.drop_cards(table, "the hand is dealt again", out)
    return hand


def restart_hand(table: TableState, out: list[Output], redeals: int) -> Hand | None:
    """Put the table back as this hand began (stacks, eliminations, positions) and start it
    again, for undo (replayed after) and re-deals."""
    assert table.rewind.hand_snapshot is not None
    stacks, eliminated, pos = table.rewind.hand_snapshot
    for s, (stack, gone) in stacks.items():
        table.players[s].stack, table.players[s].out = stack, gone
    table.seating.eliminated = eliminated
    table.seating.next_positions = pos
    again = table.hand
    table.hand = None
    table.hand_no -= 1
    hand = start_hand(table, out, again)
    if hand is not None:
        hand.deal.redeals = redeals
    return hand
