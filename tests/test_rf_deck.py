"""A dead card tag found and its deck changed (issue 27, rf-deck; firmware_bridge/tracker/cards.py
``answered_cards`` and ``changed_deck``, tablectl/engine/deckchange.py, hw_sim/table.py
``_change_deck``)."""

from __future__ import annotations

from pathlib import Path

from test_bridge_tags import card_uid, deck
from test_bridge_tracker import ANT, run
from test_recount import SETUP
from test_rf_retire import sim_steps

from firmware_bridge.sources import BridgeSource
from firmware_bridge.tags import CARD_ORDER, ChipInventory, DeckRegistry
from firmware_bridge.tracker import TagTracker
from tablectl.daemon.loop import Daemon
from tablectl.engine.events import event_from_obj, event_to_obj
from tablectl.engine.notices import DeckChanged
from tablectl.engine.outputs import Alert
from tablectl.engine.table import Table


def _told(tracker: TagTracker, t: float) -> list[dict]:
    return [e["unread"] for e in map(event_to_obj, tracker.poll(t)) if "unread" in e]


def _tracker_with_2d_and_7h_never_read() -> TagTracker:
    """Seat 4 reads the As; the muck every card but As, 2d and 7h (read since the first report)."""
    registry = DeckRegistry([deck("A", 0), deck("C", 2000)], in_play="A")
    tracker = TagTracker(registry, ChipInventory())
    rest = [card_uid(c) for c in CARD_ORDER if c not in ("As", "2d", "7h")]
    reads = {"seat:4": [card_uid("As")], "muck": rest}
    out = run(tracker, lambda r: reads, rounds=40, zones=("seat:4", "muck"), unread=True)
    assert [o["unread"]["cards"] for o in out if "unread" in o][-1] == ["2d", "7h"]
    return tracker


def test_a_count_finding_a_card_never_read_names_it_once_the_others_are_read() -> None:
    """The dealer counts two cards at seat 4, which the table reads holding one: a card of the
    deck whose tag does not answer lies there, one of the two never read (2d, 7h). Nothing is
    named while both are; once the 7h is read (dealt elsewhere later), ``unread`` names the 2d
    of deck A; tablectl diag lists it. A count no larger than the read names nothing."""
    tracker = _tracker_with_2d_and_7h_never_read()
    tracker.answered_cards("seat:4", 1, 0.9)  # as read: no evidence
    tracker.answered_cards("seat:4", 2, 0.9)
    assert all("dead_cards" not in u for u in _told(tracker, 0.95))
    told = []
    for i in range(20):  # the board reads the 7h (dealt there in a later hand)
        tracker.report(ANT["board"], ((card_uid("7h"), 1),), 1.0 + i * 0.02)
        told += _told(tracker, 1.0001 + i * 0.02)
    assert told[-1] == {"cards": ["2d"], "deck": "A", "dead_cards": ["2d"]}
    (tag,) = [t for t in tracker.snapshot(1.5)["tags"] if t["what"].startswith("card")]
    assert tag["what"] == "card 2d of deck A (red)" and tag["state"].startswith("dead")


def test_the_deck_change_puts_the_old_deck_out_of_play_in_the_tracker() -> None:
    """After ``deck_change`` the new deck's cards never read are told (no dead card of it),
    and a card of the old deck read on the table is another deck's."""
    tracker = _tracker_with_2d_and_7h_never_read()
    tracker.changed_deck("C", 1.0)
    (told,) = _told(tracker, 1.01)
    assert told == {"cards": sorted(CARD_ORDER)}
    assert "dead_cards" not in told


def test_the_engine_tells_the_dealer_to_change_the_deck_once_and_the_change_closes_it() -> None:
    """A dead card named: one hardware alert (002 Rule 27) naming the card and its deck, in the
    view until the deck is changed; told again, nothing more. The change in a hand is refused;
    between hands it closes the alert, and deck A's lists are dropped (told again late: no
    alert about a deck out of play)."""
    table = Table(SETUP)
    dead = {"unread": {"cards": ["2d"], "deck": "A", "dead_cards": ["2d"]}}
    (alert,) = table.apply(event_from_obj(dead))
    assert isinstance(alert, Alert) and alert.kind == "hardware" and alert.rule == "002 Rule 27"
    assert alert.text.startswith("the 2d of deck A does not answer: change the deck at the end")
    assert table.view().dead_cards == (("A", "2d"),)
    assert table.apply(event_from_obj(dead)) == []
    deal = {"2": ["Qs", "Js"], "3": ["Ts", "9s"], "4": ["8s", "7s"], "1": ["As", "Ks"]}
    table.apply(event_from_obj({"deal": deal}))
    (void,) = table.apply(event_from_obj({"deck_change": {"deck": "C"}}))
    assert isinstance(void, Alert) and void.kind == "action_void"
    for seat in (4, 1, 2):
        table.apply(event_from_obj({"fold": seat}))
    (changed,) = table.apply(event_from_obj({"deck_change": {"deck": "C"}}))
    assert isinstance(changed, DeckChanged) and changed.ids == [alert.id]
    assert "deck A is out of play" in changed.text
    view = table.view()
    assert view.dead_cards == () and alert.id not in [a.id for a in view.alerts]
    assert table.felt.unread_cards == ()
    assert table.apply(event_from_obj(dead)) == []


def test_the_house_may_change_the_deck_at_the_next_push() -> None:
    setup = {**SETUP, "options": {"deck_change": "push"}}
    table = Table(setup)
    dead = {"unread": {"cards": ["2d"], "deck": "A", "dead_cards": ["2d"]}}
    (alert,) = table.apply(event_from_obj(dead))
    assert "at the next dealer push or level change (002 Rule 27)" in alert.text


def test_the_sims_dealer_changes_the_deck_with_a_dead_card_and_is_asked_no_more() -> None:
    """Realistic seed 42 deals with a dead 2d in deck A (7 seat counts in 100 hands before).
    The counts find it by hand 9; the dealer changes the deck at that hand's end (deck C
    enrolled and brought into play); nothing is asked after (no other question comes in these
    15 hands), the chips are conserved."""
    sim, result, steps = sim_steps(seed=42, hands=15, done=lambda sim: sim.deck_changes)
    assert result.chips_conserved and result.hands == 15
    assert sim.deck_changes == 1 and sim.decks.in_play == "C"
    hand, _, before = next(s for s in steps if s[1] == 1)
    assert hand <= 10 and before >= 1 and steps[-1][2] == before


def test_a_count_no_larger_than_the_read_suspects_nothing() -> None:
    """Seat 4 counted holding the one card read there: no card is suspected, so reading the
    7h later names nothing (the 2d is merely not dealt yet)."""
    tracker = _tracker_with_2d_and_7h_never_read()
    tracker.answered_cards("seat:4", 1, 0.9)
    told = []
    for i in range(20):
        tracker.report(ANT["board"], ((card_uid("7h"), 1),), 1.0 + i * 0.02)
        told += _told(tracker, 1.0001 + i * 0.02)
    assert told[-1] == {"cards": ["2d"]}


def test_a_card_of_a_new_deck_shown_at_the_station_changes_the_deck(tmp_path: Path) -> None:
    """Through a real daemon and BridgeSource: the table asks for a deck change; deck C is
    enrolled meanwhile (``tablectl enroll`` writes the deck file); the dealer taps one of its
    cards on the station's NFC reader: a journaled ``deck_change``, the tracker deals from
    deck C, and the deck file says so (a restart keeps it). A card of the deck in play shown
    is no change."""
    path = tmp_path / "decks.json"
    DeckRegistry([deck("A", 0)], in_play="A").save(path)
    source = BridgeSource(str(tmp_path / "mcu"), 250_000, path, None)
    tracker = source.mapper
    assert isinstance(tracker, TagTracker)
    setup = {"rules": "tda-2025", "seats": {"4": 3000, "7": 3000}, "button": 4, "blinds": [25, 50]}
    daemon = Daemon(tmp_path / "j.db", setup, source)
    daemon.restore()
    daemon.handle(event_from_obj({"unread": {"cards": ["2d"], "deck": "A", "dead_cards": ["2d"]}}))
    assert daemon.table.view().dead_cards == (("A", "2d"),)
    registry = DeckRegistry.load(path)
    registry.add(deck("C", 2000))
    registry.save(path)
    daemon._badge(card_uid("As"), None)  # deck A's: no change
    assert tracker.decks.in_play == "A"
    daemon._badge(card_uid("As", 2000), None)
    assert daemon.table.view().dead_cards == ()
    assert tracker.decks.in_play == "C" and DeckRegistry.load(path).in_play == "C"


def test_a_card_glimpsed_in_flight_but_never_placed_stays_a_suspect() -> None:
    """The 2d is read once by seat 3 (a dead tag glimpsed in flight, as the model's transit
    reads did on harsh seed 40), never placed: it stays among the suspects, so the count at
    seat 4 is not pinned on the 7h (merely not dealt yet), and the 2d is named once the 7h
    is placed."""
    tracker = _tracker_with_2d_and_7h_never_read()
    tracker.report(ANT["seat:3"], ((card_uid("2d"), 0),), 0.80)
    tracker.report(ANT["seat:3"], (), 0.82)
    tracker.poll(0.83)
    tracker.answered_cards("seat:4", 2, 0.9)
    assert all("dead_cards" not in u for u in _told(tracker, 0.95))
    told = []
    for i in range(20):
        tracker.report(ANT["board"], ((card_uid("7h"), 1),), 1.0 + i * 0.02)
        told += _told(tracker, 1.0001 + i * 0.02)
    assert told[-1]["dead_cards"] == ["2d"]


def test_two_seats_a_card_short_at_one_deal_name_both_cards_never_read() -> None:
    """Seed 54 of the realistic bench: the 5h and the 5s of deck A are dead. Two seats each
    read a card short at one deal: two dead cards at least. Once only two cards of the deck
    have never been read, both are dead; the dealer changes the deck (before, neither was
    named, and every later deal of either was asked about: 21 recounts in 100 hands). Counts
    at two deals prove one dead card only: nothing is named."""
    tracker = _tracker_with_2d_and_7h_never_read()
    tracker.hand_started(0.8)
    tracker.answered_cards("seat:4", 2, 0.9)  # it holds the As, read
    tracker.answered_cards("seat:5", 1, 0.9)  # nothing read there
    assert _told(tracker, 0.95)[-1] == {
        "cards": ["2d", "7h"],
        "deck": "A",
        "dead_cards": ["2d", "7h"],
    }
    tracker = _tracker_with_2d_and_7h_never_read()
    tracker.hand_started(0.8)
    tracker.answered_cards("seat:4", 2, 0.9)
    tracker.hand_started(0.92)
    tracker.answered_cards("seat:5", 1, 0.95)
    assert all("dead_cards" not in u for u in _told(tracker, 0.97))
