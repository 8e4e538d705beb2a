"""NFC on nfcpy's udp driver over 127.0.0.1: reads, badges, degraded start, `tablectl enroll`."""

from __future__ import annotations

import argparse
import logging
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware_bridge.nfc import BadgeError, BadgeRegistry, NfcReader
from firmware_bridge.tags import CARD_ORDER, ChipInventory, DeckRegistry
from hw_sim.nfc_tags import TagField, tag_uid
from tablectl.cli import enroll as enroll_cmd


@pytest.fixture
def field() -> Iterator[TagField]:
    f = TagField()
    f.start()
    yield f
    f.stop()


def test_read_uid_and_ndef_text(field: TagField) -> None:
    reader = NfcReader(field.path, ("212F",))
    assert reader.open()
    try:
        assert reader.read(0.3) is None  # nothing on the reader
        field.tap(tag_uid(7), "Qh")
        tap = reader.read(5)
        assert tap is not None and tap.uid == tag_uid(7) and tap.text == "Qh"
        field.tap(tag_uid(8))  # a blank tag: UID only
        tap = reader.read(5)
        assert tap is not None and tap.uid == tag_uid(8) and tap.text is None
    finally:
        reader.close()
    assert field.wait_idle(5)


def test_a_card_read_failing_half_way_is_read_again_not_taken_as_blank(field: TagField) -> None:
    """A card slid off the reader mid-read (or a reader too busy to keep its timing) answers
    its first memory read with an error; nfcpy then reports no NDEF, as for a blank tag, and
    `tablectl enroll` refused a card that names itself: "the tag carries no card text"."""
    reader = NfcReader(field.path, ("212F",))
    assert reader.open()
    try:
        field.tap(tag_uid(9), "7d", failed_reads=1)
        tap = reader.read(5)
        assert tap is not None and tap.uid == tag_uid(9) and tap.text == "7d"
    finally:
        reader.close()
    assert field.wait_idle(5)


def test_no_reader_runs_degraded(caplog: pytest.LogCaptureFixture) -> None:
    reader = NfcReader("tty:tablectl-no-such-reader")
    with caplog.at_level(logging.WARNING):
        assert not reader.open()
    assert not reader.available
    assert reader.read(0.1) is None
    assert "running degraded" in caplog.text


def test_badges_floor_overrides_dealer_does_not(tmp_path: Path, field: TagField) -> None:
    reg = BadgeRegistry()
    reg.add(tag_uid(900).hex(), "floor", "Pat")
    reg.add(tag_uid(901).hex(), "dealer", "Sam")
    reg.save(tmp_path / "badges.json")
    reg = BadgeRegistry.load(tmp_path / "badges.json")
    reader = NfcReader(field.path, ("212F",))
    assert reader.open()
    try:
        field.tap(tag_uid(900))
        floor = reader.read(5)
        field.tap(tag_uid(901))
        dealer = reader.read(5)
    finally:
        reader.close()
    assert floor is not None and dealer is not None
    assert reg.authorize_override(floor.uid).name == "Pat"
    with pytest.raises(BadgeError, match="needs a floor badge"):
        reg.authorize_override(dealer.uid)
    with pytest.raises(BadgeError, match="not a staff badge"):
        reg.authorize_override(tag_uid(5))
    with pytest.raises(BadgeError, match="role"):
        reg.add("aa", "player", "X")


def _enroll_args(tmp_path: Path, field: TagField, **kw: object) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    enroll_cmd.configure(parser)
    argv = [
        "--reader",
        field.path,
        "--decks",
        str(tmp_path / "decks.json"),
        "--deck",
        "B",
        "--back",
        "blue",
        "--timeout",
        "60",
    ]
    for k, v in kw.items():
        argv += [f"--{k.replace('_', '-')}"] + ([] if v is True else [str(v)])
    return parser.parse_args(argv)


def test_enroll_a_deck_from_text_records(
    tmp_path: Path, field: TagField, capsys: pytest.CaptureFixture[str]
) -> None:
    chips = ChipInventory({tag_uid(500).hex(): 500})
    chips.save(tmp_path / "chips.json")
    taps: list[tuple[bytes, str | None]] = []
    for i, card in enumerate(CARD_ORDER):
        taps.append((tag_uid(100 + i), card))
        if i == 10:
            taps.append((tag_uid(100), "2c"))  # the first card again: duplicate
            taps.append((tag_uid(500), None))  # a chip: stray
            taps.append((tag_uid(300), "Zz"))  # not a card: stray
            taps.append((tag_uid(301), "5c"))  # another tag claiming 5c: duplicate card
    for uid, text in taps:
        field.tap(uid, text)
    args = _enroll_args(tmp_path, field, chips=tmp_path / "chips.json")
    worker = threading.Thread(target=lambda: setattr(worker, "rc", enroll_cmd.run(args)))
    worker.start()
    worker.join(120)
    assert not worker.is_alive()
    out = capsys.readouterr().out
    assert worker.rc == 0, out  # type: ignore[attr-defined]
    assert "2c enrolled (1/52)" in out and "As enrolled (52/52)" in out
    refusals = [line for line in out.splitlines() if line.startswith("refused")]
    assert len(refusals) == 4
    assert "duplicate: this tag is already enrolled as 2c" in refusals[0]
    assert "500 chip" in refusals[1] and "not a card" in refusals[2]
    assert "duplicate: 5c" in refusals[3]
    reg = DeckRegistry.load(tmp_path / "decks.json")
    assert reg.lookup(tag_uid(100 + 51)) == ("As", "B")
    assert len(reg.decks["B"].cards) == 52


def test_enroll_without_reader_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    enroll_cmd.configure(parser)
    args = parser.parse_args(
        [
            "--reader",
            "tty:tablectl-no-such-reader",
            "--deck",
            "B",
            "--decks",
            str(tmp_path / "decks.json"),
        ]
    )
    assert enroll_cmd.run(args) == 2
    assert "no NFC reader" in capsys.readouterr().err
    assert not (tmp_path / "decks.json").exists()


def test_enroll_blank_tags_in_tap_order(
    tmp_path: Path, field: TagField, capsys: pytest.CaptureFixture[str]
) -> None:
    for i in range(52):
        field.tap(tag_uid(700 + i))
        if i == 3:
            field.tap(tag_uid(703))  # still lying on the reader: the same tap, not a duplicate
    args = _enroll_args(tmp_path, field, tap_order=True, in_play=True)
    rc = enroll_cmd.run(args)
    out = capsys.readouterr().out
    assert rc == 0, out
    assert "refused" not in out
    assert "2c enrolled (1/52)" in out and "As enrolled (52/52)" in out
    reg = DeckRegistry.load(tmp_path / "decks.json")
    assert reg.in_play == "B" and reg.lookup(tag_uid(700 + 51)) == ("As", "B")
