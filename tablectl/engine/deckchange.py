"""A card tag that does not answer: the deck is changed (issue 27, rf-deck).

A dead card tag is asked about in every hand it is dealt in (dealing.check_deal: *seat 4: how
many cards?*). Once the bridge knows which card it is (``unread``'s ``dead_cards``, with the
``deck`` they are of: firmware_bridge/tracker/cards.py), the engine raises one ``hardware`` alert a
card, naming it and its deck and when to change the deck (house option ``deck_change``: at the
hand's end, or at the next dealer push or level change; 002 Rule 27, 000 tournament rule 24).
Nothing of the hand is ruled differently. The dealer's journaled ``deck_change`` (another
enrolled deck brought into play, between hands) closes the alerts of the deck it replaces and
drops that deck's unread cards: the bridge tells the new deck's afresh, and nothing is asked
about the dead card again. docs/scenario-extensions.md, "deck_change".
"""

from __future__ import annotations

from typing import Any

from tablectl.engine.citations import option
from tablectl.engine.notices import DeckChanged
from tablectl.engine.outputs import Alert, Output
from tablectl.engine.recount import next_alert_id
from tablectl.engine.state import TableState

_WHEN = {
    "hand_end": "at the end of this hand",
    "push": "at the next dealer push or level change",
}


def on_unread(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """The bridge's dead cards of the deck in play: one alert per card not told yet."""
    felt = table.felt
    felt.unread_deck = body.get("deck")
    felt.dead_cards = tuple(body.get("dead_cards", ()))
    deck = felt.unread_deck
    if deck is None or deck in felt.decks_out:
        return  # a list sent before the change: that deck is out of play already
    rule = option(table.profile, "deck_change")
    when = _WHEN[table.profile.deck_change]
    for card in felt.dead_cards:
        if (deck, card) in felt.deck_alerts:
            continue
        felt.deck_alerts[(deck, card)] = next_alert_id(table, out)
        text = (
            f"the {card} of deck {deck} does not answer: change the deck {when} ({rule}). "
            f"Bring another enrolled deck into play and put deck {deck} aside for the technician."
        )
        out.append(Alert("hardware", rule, text))


def on_deck_change(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """Another enrolled deck brought into play: between hands only (a deck changed in a hand
    would leave its cards another deck's). The alerts of the deck replaced close; its unread
    cards are dropped (the bridge tells the new deck's)."""
    deck = body["deck"]
    hand = table.hand
    rule = option(table.profile, "deck_change")
    if hand is not None and hand.street != "over":
        text = f"deck {deck} ignored: change the deck when the hand is over; nothing changed"
        out.append(Alert("action_void", rule, text))
        return
    felt = table.felt
    old = felt.unread_deck
    ids = [i for (d, _), i in sorted(felt.deck_alerts.items()) if d != deck]
    out_of_play = {d for d, _ in felt.deck_alerts if d != deck}
    if old is not None and old != deck:
        out_of_play.add(old)
    felt.decks_out = (felt.decks_out | out_of_play) - {deck}
    felt.deck_alerts = {k: i for k, i in felt.deck_alerts.items() if k[0] == deck}
    table.console.open_alerts = [a for a in table.console.open_alerts if a.id not in ids]
    felt.unread_cards, felt.dead_cards, felt.unread_deck = (), (), deck
    gone = f": deck {old} is out of play" if old is not None and old != deck else ""
    out.append(DeckChanged(f"deck {deck} in play{gone}", deck=deck, ids=ids))
