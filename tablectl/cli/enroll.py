"""`tablectl enroll`: register a deck card by card with the USB NFC reader.

Each tap prints its progress (``As enrolled (12/52)``) or why it was refused (a duplicate, a tag of
another deck, a chip, a badge, text that is not a card). Cards carrying an NDEF text record
("As") are taken from it; with ``--tap-order`` blank tags are assigned 2c 3c ... As in the order
tapped. The deck is saved to the registry only once all 52 cards are in, atomically, so an
interrupted enrolment never leaves half a deck behind.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

# A tag left on the reader is read again and again: the same UID within this many seconds of
# its last read is the same tap, not a duplicate.
SAME_TAP_S = 1.0


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--reader",
        default="usb",
        metavar="PATH",
        help="nfcpy reader path (default usb; udp:127.0.0.1:PORT for hw_sim)",
    )
    parser.add_argument(
        "--decks",
        default="/var/lib/tablectl/decks.json",
        metavar="FILE",
        help="deck registry to add the deck to (created if missing)",
    )
    parser.add_argument("--deck", required=True, metavar="ID", help="the new deck's id, e.g. B")
    parser.add_argument("--back", default="", help="the deck's back (colour/design)")
    parser.add_argument(
        "--tap-order",
        action="store_true",
        help="assign blank tags 2c 3c ... As in the order tapped",
    )
    parser.add_argument("--chips", metavar="FILE", help="chip inventory: refuse chip tags")
    parser.add_argument("--badges", metavar="FILE", help="staff badges: refuse badge tags")
    parser.add_argument(
        "--timeout",
        type=float,
        default=600.0,
        metavar="S",
        help="give up after this many seconds without completing (default 600)",
    )
    parser.add_argument("--in-play", action="store_true", help="make the new deck the one in play")


def run(args: argparse.Namespace) -> int:
    from firmware_bridge.nfc import BadgeError, BadgeRegistry, NfcReader
    from firmware_bridge.tags import (
        DECK_SIZE,
        ChipInventory,
        DeckRegistry,
        EnrollError,
        Enrollment,
        RegistryError,
    )

    decks_path = Path(args.decks)
    try:
        registry = DeckRegistry.load(decks_path) if decks_path.exists() else DeckRegistry()
        chips = ChipInventory.load(args.chips) if args.chips else None
        badges = BadgeRegistry.load(args.badges) if args.badges else BadgeRegistry()
        enrol = Enrollment(
            registry,
            args.deck,
            args.back,
            tap_order=args.tap_order,
            chips=chips,
            badges=badges.badges,
        )
    except (RegistryError, BadgeError, EnrollError) as exc:
        print(f"tablectl enroll: {exc}", file=sys.stderr)
        return 2

    targets = ("212F",) if args.reader.startswith("udp:") else ("106A", "212F")
    reader = NfcReader(args.reader, targets)
    if not reader.open():
        print(
            f"tablectl enroll: no NFC reader at {args.reader!r} ({reader.error}); "
            "connect one and try again",
            file=sys.stderr,
        )
        return 2
    print(
        f"enrolling deck {args.deck}: tap the cards one at a time "
        f"({'tap order from 2c' if args.tap_order else 'each card names itself'})",
        flush=True,
    )
    deadline = time.monotonic() + args.timeout
    last: tuple[bytes, float] = (b"", 0.0)
    try:
        while enrol.count < DECK_SIZE:
            left = deadline - time.monotonic()
            if left <= 0:
                print(
                    f"tablectl enroll: timed out at {enrol.count}/{DECK_SIZE}; nothing was saved",
                    file=sys.stderr,
                )
                return 1
            tap = reader.read(min(left, 1.0))
            if tap is None:
                continue
            now = time.monotonic()
            if tap.uid == last[0] and now - last[1] < SAME_TAP_S:
                last = (tap.uid, now)
                continue
            last = (tap.uid, now)
            try:
                print(enrol.add(tap.uid, tap.text), flush=True)
            except EnrollError as exc:
                print(f"refused: {exc}", flush=True)
    except KeyboardInterrupt:
        print(f"\ninterrupted at {enrol.count}/{DECK_SIZE}; nothing was saved", file=sys.stderr)
        return 130
    finally:
        reader.close()
    try:
        enrol.finish()
        if args.in_play:
            registry.in_play = args.deck
        registry.save(decks_path)
    except (EnrollError, RegistryError, OSError) as exc:
        print(f"tablectl enroll: {exc}", file=sys.stderr)
        return 1
    print(f"deck {args.deck} enrolled: {DECK_SIZE} cards saved to {decks_path}")
    return 0
