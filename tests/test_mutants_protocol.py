"""The serial codec (firmware_bridge.protocol, docs/protocol.md) at the edges a mutation run
found untested (issue 34), through its public path: ``encode_frame``/``encode``, a
``Decoder`` fed bytes (its counters: what the link's health figures read) and ``parse``, whose
refusal is the one line the link logs for a frame it ignores."""

from __future__ import annotations

import pytest
from test_bridge_protocol import _fuzz

from firmware_bridge import protocol as p


def test_fuzz_3k_frames() -> None:
    """test_fuzz_100k_frames's stream, short enough to run once a mutant (seconds)."""
    _fuzz(3_000, seed=3)


def _stats(dec: p.Decoder) -> tuple[int, ...]:
    s = dec.stats
    return s.frames, s.bad_crc, s.bad_length, s.bad_escape, s.overflow, s.garbage


def test_the_decoder_counts_each_kind_of_bad_candidate_once() -> None:
    """docs/protocol.md, Framing: a candidate is kept only when it unstuffs cleanly, its length
    field matches and its CRC holds; bytes before the first flag are garbage. Each is counted
    once a candidate, the counts adding up over feeds."""
    good = p.encode(1, p.Ack(4))
    bad_crc = bytearray(p.encode(2, p.Ack(5)))
    bad_crc[-2] ^= 0x01
    stream = (
        b"ab"  # before the first flag
        + good
        + b"\x7d\x00\x7e"  # an escape of neither flag nor escape
        + b"\x01\x02\x7d\x7e"  # an escape at the end
        + b"\x00\x01\x02\x7e"  # shorter than a header and CRC
        + b"\x00\x05\x01\x80\x04\x00\x00\x7e"  # a length field of 5 for 1 byte
        + bytes(bad_crc)
        + good
    )
    dec = p.Decoder()
    assert [f.seq for f in dec.feed(stream)] == [1, 1]
    assert _stats(dec) == (2, 1, 2, 2, 0, 2)
    assert dec.stats.errors == 5
    assert [f.seq for f in dec.feed(stream[2:])] == [1, 1]  # synced: no garbage now
    assert _stats(dec) == (4, 2, 4, 4, 0, 2)


def test_a_frame_with_a_long_payload_round_trips_up_to_the_limit() -> None:
    """``len`` is a u16, the payload 0..4096 bytes: 4096 is a frame, 4097 is refused."""
    for n in (0, 255, 256, 300, p.MAX_PAYLOAD):
        payload = bytes(i % 251 for i in range(n))
        assert p.Decoder().feed(p.encode_frame(7, p.T_ZONE, payload)) == [
            p.Frame(7, p.T_ZONE, payload)
        ]
    assert p.Decoder().feed(p.encode_frame(3, p.T_GET_SNAPSHOT)) == [
        p.Frame(3, p.T_GET_SNAPSHOT, b"")
    ]
    with pytest.raises(ValueError, match=r"^payload of 4097 bytes exceeds 4096$"):
        p.encode_frame(0, p.T_ZONE, bytes(p.MAX_PAYLOAD + 1))
    tags = tuple((bytes([i & 0xFF, i >> 8, 1, 2]), 0) for i in range(300))
    big = p.ZoneReport(3, tags, True)
    (frame,) = p.Decoder().feed(p.encode(9, big))
    assert p.parse(frame) == big  # a tag count above 255


def test_a_candidate_of_the_longest_stuffed_frame_is_kept_one_byte_more_dropped() -> None:
    """A candidate longer than 2 x (4096 + 6) bytes without a flag is discarded (counted as
    overflow, the decoder then waits for a flag: what follows until it is garbage); one of
    exactly that length is still a candidate."""
    dec = p.Decoder()
    dec.feed(b"\x7e" + bytes(p.MAX_STUFFED))
    assert _stats(dec) == (0, 0, 0, 0, 0, 0)
    assert dec.feed(b"\x7e") == [] and dec.stats.bad_length == 1
    dec = p.Decoder()
    dec.feed(b"ab\x7e" + bytes(p.MAX_STUFFED + 1))
    assert _stats(dec) == (0, 0, 0, 0, p.MAX_STUFFED + 1, 2)
    dec.feed(bytes(p.MAX_STUFFED + 1))
    assert dec.stats.overflow == 2 * (p.MAX_STUFFED + 1)
    assert dec.feed(b"xyz" + p.encode(3, p.Ack(1)))[0].seq == 3
    assert _stats(dec) == (1, 0, 0, 0, 2 * (p.MAX_STUFFED + 1), 5)


def test_reset_forgets_a_partial_frame_and_waits_for_a_flag() -> None:
    wire = p.encode(5, p.Ping(9))
    dec = p.Decoder()
    assert dec.feed(wire[:6]) == []
    dec.reset()
    assert dec.feed(b"zz" + wire) == [p.Frame(5, p.T_PING, p.Ping(9).payload())]
    assert _stats(dec) == (1, 0, 0, 0, 0, 2)
    fresh = p.Decoder()
    assert fresh.feed(wire) and _stats(fresh) == (1, 0, 0, 0, 0, 0)


V1 = p.Identify(1, "fw", {0: "seat:1", 7: "pot"})
V2 = p.Identify(2, "fw", {0: "seat:1", 7: "pot"}, 8, p.READER_SHARED, {0: (7, 9), 7: (0,)})
ZONE = p.ZoneReport(3, ((b"\x01\x02\x03\x04", 1), (b"\x05\x06", 0)), True)
ZONE2 = p.ZoneReport2(4, ((b"\x01\x02\x03", 3),), False, 9, 10, 8, (5,), (-40,), True)
MESSAGES = [V1, V2, ZONE, ZONE2, p.Ack(7), p.SnapshotEnd(300), p.Hello(2), p.Ping(0x01020304)]
NAMES = {
    p.T_IDENTIFY: "identify",
    p.T_ZONE: "zone:",
    p.T_ZONE2: "zone2:",
    p.T_ACK: "ack:",
    p.T_SNAPSHOT_END: "snapshot end:",
    p.T_HELLO: "hello:",
    p.T_PING: "ping:",
}


@pytest.mark.parametrize("msg", MESSAGES, ids=lambda m: type(m).__name__)
def test_every_message_parses_and_every_truncation_is_refused_naming_it(msg: p.Message) -> None:
    payload = msg.payload()
    assert p.parse(p.Frame(0, msg.mtype, payload)) == msg
    for k in range(len(payload)):
        with pytest.raises(p.ProtocolError) as refused:
            p.parse(p.Frame(0, msg.mtype, payload[:k]))
        assert str(refused.value).startswith(NAMES[msg.mtype]), (k, str(refused.value))


def _identify(*parts: bytes | int) -> bytes:
    return b"".join(bytes([x]) if isinstance(x, int) else x for x in parts)


@pytest.mark.parametrize(
    ("mtype", "payload", "words"),
    [
        (p.T_IDENTIFY, b"\x01\x00", "identify: payload too short (2 bytes)"),
        (p.T_IDENTIFY, b"\x01\x02a", "identify: payload too short (3 bytes)"),
        (p.T_IDENTIFY, _identify(1, 1, b"\xff", 0), "identify: firmware version is not UTF-8"),
        (p.T_IDENTIFY, _identify(1, 0, 1, 4), "identify antenna: payload too short (4 bytes)"),
        (
            p.T_IDENTIFY,
            _identify(1, 0, 1, 4, 2, b"a"),
            "identify antenna: payload too short (6 bytes)",
        ),
        (p.T_IDENTIFY, _identify(1, 0, 1, 4, 1, b"\xe9"), "identify: zone name is not ASCII"),
        (p.T_IDENTIFY, _identify(1, 0, 0, 0), "identify: trailing bytes"),
        (p.T_IDENTIFY, _identify(2, 0, 0, 8, 1), "identify reader: payload too short (5 bytes)"),
        (
            p.T_IDENTIFY,
            _identify(2, 0, 0, 8, 1, 1, 4),
            "identify neighbours: payload too short (7 bytes)",
        ),
        (
            p.T_IDENTIFY,
            _identify(2, 0, 0, 8, 1, 1, 4, 2, 5),
            "identify neighbours: payload too short (9 bytes)",
        ),
        (p.T_IDENTIFY, _identify(2, 0, 0, 8, 1, 0, 0), "identify: trailing bytes"),
        (p.T_ZONE, b"\x01\x00\x00", "zone: payload too short (3 bytes)"),
        (p.T_ZONE, b"\x01\x00\x00\x01\x00", "zone: tag list shorter than its count"),
        (p.T_ZONE, b"\x01\x00\x00\x01\x00\x00", "zone: bad tag uid length"),
        (p.T_ZONE, b"\x01\x00\x00\x01\x00\x02a", "zone: bad tag uid length"),
        (p.T_ZONE, b"\x01\x00\x00\x00\x00", "zone: trailing bytes"),
        (p.T_ZONE2, bytes(12), "zone2: payload too short (12 bytes)"),
        (
            p.T_ZONE2,
            bytes(12) + b"\x01" + b"\x00\x00\x00",
            "zone2: tag list shorter than its count",
        ),
        (p.T_ZONE2, bytes(12) + b"\x01" + bytes(4), "zone2: bad tag uid length"),
        (p.T_ZONE2, bytes(12) + b"\x01" + bytes(3) + b"\x02a", "zone2: bad tag uid length"),
        (p.T_ZONE2, bytes(13) + b"\x00", "zone2: trailing bytes"),
        (p.T_ACK, b"", "ack: payload too short (0 bytes)"),
        (p.T_SNAPSHOT_END, b"\x01", "snapshot end: payload too short (1 bytes)"),
        (p.T_HELLO, b"", "hello: payload too short (0 bytes)"),
        (p.T_PING, b"\x00\x00\x01", "ping: payload too short (3 bytes)"),
        (0x55, b"", "unknown message type 0x55"),
    ],
)
def test_a_payload_that_does_not_parse_is_refused_in_words(
    mtype: int, payload: bytes, words: str
) -> None:
    with pytest.raises(p.ProtocolError) as refused:
        p.parse(p.Frame(0, mtype, payload))
    assert str(refused.value) == words


def test_fixed_size_payloads_read_their_fields_and_ignore_what_follows() -> None:
    """ACK, SNAPSHOT_END, HELLO and PING read their fixed fields (big-endian) and nothing
    after them, as docs/protocol.md's table gives them."""
    frame = p.Frame
    assert p.parse(frame(0, p.T_SNAPSHOT_END, b"\x01\x2c")) == p.SnapshotEnd(300)
    assert p.parse(frame(0, p.T_PING, b"\x01\x02\x03\x04\x05")) == p.Ping(0x01020304)
    assert p.parse(frame(0, p.T_ACK, b"\x07\x08")) == p.Ack(7)
    assert p.parse(frame(0, p.T_HELLO, b"\x02\x09")) == p.Hello(2)
    assert p.parse(frame(0, p.T_GET_SNAPSHOT, b"")) == p.GetSnapshot()


@pytest.mark.parametrize(
    "msg",
    [
        p.Identify(1, "", {}),
        p.Identify(1, "fw", {4: ""}),
        p.Identify(2, "", {}, 8, p.READER_DEDICATED, {}),
        p.Identify(2, "fw", {3: "pot"}, 8, p.READER_SHARED, {3: ()}),
    ],
)
def test_the_shortest_identify_payloads_parse(msg: p.Identify) -> None:
    """IDENTIFY's fields each as short as docs/protocol.md allows: no firmware text, no
    antenna, an empty zone name, no neighbours, an antenna with no neighbour (version 2)."""
    assert p.parse(p.Frame(0, p.T_IDENTIFY, msg.payload())) == msg


def test_a_report_s_flags_are_off_unless_set_and_missing_read_figures_default() -> None:
    """A zone report is not part of a snapshot, nor incomplete, unless it says so (zflags 0);
    a version 2 tag without a read count or signal is sent as 0 reads and NO_RSSI."""
    assert p.ZoneReport(9, ()).payload()[1] == 0
    tags = ((b"\x01\x02\x03\x04", p.FLAG_LAST_ROUND), (b"\x05\x06\x07\x08", 0))
    short = p.ZoneReport2(9, tags, round=3, mcu_ms=4, window=8, hits=(5,), rssi=())
    assert short.payload()[1] == 0
    (frame,) = p.Decoder().feed(p.encode(1, short))
    back = p.parse(frame)
    assert isinstance(back, p.ZoneReport2)
    assert (back.hits, back.rssi) == ((5, 0), (p.NO_RSSI, p.NO_RSSI))
    assert back.latest() == ((b"\x01\x02\x03\x04", 0),)
