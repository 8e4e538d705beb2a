"""The serial codec (docs/protocol.md): frames, messages, and a fuzzed decoder."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import protocol as p


def test_crc_is_ccitt_false() -> None:
    assert p.crc16(b"123456789") == 0x29B1


def test_frame_round_trip_with_escaped_bytes() -> None:
    payload = bytes([0x7E, 0x7D, 0x00, 0x7E])
    wire = p.encode_frame(0x7E, 0x82, payload)
    assert wire[0] == p.SYNC and wire[-1] == p.SYNC
    assert p.SYNC not in wire[1:-1]  # the flag only ever marks a boundary
    assert p.Decoder().feed(wire) == [p.Frame(0x7E, 0x82, payload)]


def test_every_message_round_trips() -> None:
    msgs: list[p.Message] = [
        p.Hello(),
        p.GetSnapshot(),
        p.Ping(0xDEADBEEF),
        p.Ack(200),
        p.Identify(1, "tablefw 2.3.1", {0: "seat:1", 7: "board", 30: "pot"}),
        p.Identify(2, "tablefw 3.0", {0: "seat:1", 7: "board"}, 8, p.READER_SHARED, {0: (7,)}),
        p.ZoneReport2(
            5,
            ((b"\x04\x7e\x11\x22", p.FLAG_LAST_ROUND | p.FLAG_FACE_UP), (b"\x7d" * 7, 0)),
            False,
            0xFFFFFFFF,
            123456,
            8,
            (8, 3),
            (-40, p.NO_RSSI),
            True,
        ),
        p.ZoneReport2(9, (), True, 1, 2, 8),
        p.ZoneReport(3, ((b"\x04\x7e\x11\x22", p.FLAG_FACE_UP), (b"\x7d" * 7, 0)), True),
        p.ZoneReport(9, ()),
        p.SnapshotEnd(31),
    ]
    dec = p.Decoder()
    wire = b"".join(p.encode(i, m) for i, m in enumerate(msgs))
    frames = dec.feed(wire)
    assert [f.seq for f in frames] == list(range(len(msgs)))
    assert [p.parse(f) for f in frames] == msgs


def test_byte_at_a_time() -> None:
    wire = p.encode(5, p.ZoneReport(1, ((b"\x01\x02\x03\x04", 0),)))
    dec = p.Decoder()
    out = []
    for b in wire:
        out += dec.feed(bytes([b]))
    assert len(out) == 1 and p.parse(out[0]).antenna == 1


def test_bad_crc_is_dropped_and_next_frame_decodes() -> None:
    good = p.encode(1, p.Ping(7))
    bad = bytearray(p.encode(2, p.Ping(8)))
    bad[5] ^= 0x01
    dec = p.Decoder()
    frames = dec.feed(bytes(bad) + good)
    assert [f.seq for f in frames] == [1]
    assert dec.stats.bad_crc == 1


def test_payload_limit_enforced() -> None:
    with pytest.raises(ValueError):
        p.encode_frame(0, p.T_ZONE, bytes(p.MAX_PAYLOAD + 1))


def test_overflow_without_flag_is_bounded() -> None:
    dec = p.Decoder()
    dec.feed(b"\x7e" + b"\x00" * (p.MAX_STUFFED + 10))
    assert dec.stats.overflow > 0
    assert dec.feed(p.encode(3, p.Ack(1)))[0].seq == 3


@pytest.mark.parametrize(
    "payload",
    [
        b"",
        b"\x01",
        b"\x01\x00\x00\x05\x00\x04abcd",
        b"\x01\x00\x00\x01\x00\x00",
        b"\x01\x00\x00\x00x",
    ],
)
def test_malformed_zone_payload_is_protocol_error(payload: bytes) -> None:
    with pytest.raises(p.ProtocolError):
        p.parse(p.Frame(0, p.T_ZONE, payload))


def test_unknown_type_is_protocol_error() -> None:
    with pytest.raises(p.ProtocolError):
        p.parse(p.Frame(0, 0x55, b""))


def _random_message(rng: random.Random) -> p.Message:
    k = rng.random()
    if k < 0.35:  # protocol version 2's report
        n = rng.randrange(0, 12)
        return p.ZoneReport2(
            rng.randrange(40),
            tuple(
                (bytes(rng.randrange(256) for _ in range(rng.choice((4, 7, 10)))), rng.randrange(4))
                for _ in range(n)
            ),
            rng.random() < 0.3,
            rng.getrandbits(32),
            rng.getrandbits(32),
            rng.randrange(1, 33),
            tuple(rng.randrange(256) for _ in range(n)),
            tuple(rng.randrange(-128, 128) for _ in range(n)),
            rng.random() < 0.2,
        )
    if k < 0.7:
        tags = tuple(
            (bytes(rng.randrange(256) for _ in range(rng.choice((4, 7, 10)))), rng.randrange(2))
            for _ in range(rng.randrange(0, 12))
        )
        return p.ZoneReport(rng.randrange(40), tags, rng.random() < 0.3)
    if k < 0.8:
        return p.Ack(rng.randrange(256))
    if k < 0.9:
        return p.SnapshotEnd(rng.randrange(64))
    if k < 0.95:
        ants = {a: f"seat:{a % 10 + 1}" for a in rng.sample(range(40), rng.randrange(1, 8))}
        near = {a: tuple(rng.sample(range(40), rng.randrange(0, 4))) for a in ants}
        return p.Identify(rng.choice((1, 2)), "fw", ants, 8, rng.randrange(2), near)
    return p.Ping(rng.getrandbits(32))


def _mutate(rng: random.Random, wire: bytes) -> bytes:
    b = bytearray(wire)
    op = rng.randrange(5)
    if op == 0:  # flip bits
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
    elif op == 1:  # truncate
        del b[rng.randrange(1, len(b)) :]
    elif op == 2:  # drop a byte in the middle
        del b[rng.randrange(1, len(b) - 1)]
    elif op == 3:  # insert random bytes, sync and escape included
        i = rng.randrange(len(b))
        n = rng.randint(1, 6)
        b[i:i] = bytes(rng.choice((0x7E, 0x7D, rng.randrange(256))) for _ in range(n))
    else:  # duplicate a slice
        i = rng.randrange(len(b))
        b[i:i] = b[i : i + rng.randint(1, 8)]
    return bytes(b)


def _fuzz(n_frames: int, seed: int) -> None:
    """Interleave good frames with garbage and mutated frames, feed in random chunk sizes.

    Every good frame must come out, in order. A mutation can leave its frame intact (a flipped
    opening flag is healed by the previous closing flag), so an extra frame must be the frame a
    mutation started from; anything else would need a forged CRC, allowed at most a couple times.
    """
    rng = random.Random(seed)
    dec = p.Decoder()
    expected: list[p.Frame] = []
    stream = bytearray()
    mutated_from: set[p.Frame] = set()
    v2: dict[int, p.ZoneReport2] = {}  # version 2 reports by position: they must parse back
    for i in range(n_frames):
        msg = _random_message(rng)
        wire = p.encode(i & 0xFF, msg)
        r = rng.random()
        if r < 0.15:
            stream += bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))
        elif r < 0.35:
            m = _random_message(rng)
            seq = rng.randrange(256)
            mutated_from.add(p.Frame(seq, m.mtype, m.payload()))
            stream += _mutate(rng, p.encode(seq, m))
        stream += wire
        expected.append(p.Frame(i & 0xFF, msg.mtype, msg.payload()))
        if isinstance(msg, p.ZoneReport2):
            v2[len(expected) - 1] = msg
    got: list[p.Frame] = []
    data = bytes(stream)
    pos = 0
    while pos < len(data):
        step = rng.choice((1, 3, 17, 64, 256, 1500, 4096))
        got += dec.feed(data[pos : pos + step])
        pos += step
    k = 0
    unexplained = 0
    for g in got:
        if k < len(expected) and g == expected[k]:
            if k in v2:
                assert p.parse(g) == v2[k]
            k += 1
        elif g not in mutated_from:
            unexplained += 1
        with contextlib.suppress(p.ProtocolError):  # a clean, catchable error is fine
            p.parse(g)
    assert k == len(expected), f"{len(expected) - k} good frames lost, first {expected[k]}"
    assert unexplained <= 2


def test_fuzz_100k_frames() -> None:
    _fuzz(100_000, seed=1)


@pytest.mark.slow
def test_fuzz_1m_frames() -> None:
    _fuzz(1_000_000, seed=2)


@settings(max_examples=300, deadline=None)
@given(garbage=st.binary(max_size=300), chunk=st.integers(1, 50), tags=st.integers(0, 5))
def test_good_frame_after_any_garbage(garbage: bytes, chunk: int, tags: int) -> None:
    msg = p.ZoneReport(2, tuple((bytes([i, 0x7E, 0x7D, i]), 0) for i in range(tags)))
    data = garbage + p.encode(9, msg)
    dec = p.Decoder()
    out: list[p.Frame] = []
    for i in range(0, len(data), chunk):
        out += dec.feed(data[i : i + chunk])
    assert out and out[-1] == p.Frame(9, p.T_ZONE, msg.payload())


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_parse_never_raises_anything_but_protocol_error(payload: bytes) -> None:
    types = (p.T_ZONE, p.T_ZONE2, p.T_IDENTIFY, p.T_ACK, p.T_SNAPSHOT_END, p.T_PING, p.T_HELLO)
    for t in (*types, 0x99):
        with contextlib.suppress(p.ProtocolError):
            p.parse(p.Frame(0, t, payload))
