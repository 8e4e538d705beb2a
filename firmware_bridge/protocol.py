"""The byte protocol between the host and the table's microcontroller: a pure codec.

docs/protocol.md is the specification; this module is its only implementation on the host side
(and hw_sim.mcu uses it for the firmware side). No I/O here: :func:`encode_frame` builds bytes,
:class:`Decoder` is fed arbitrary chunks and returns whole, CRC-checked frames, and the message
classes turn payloads into typed values.

Wire format of one frame::

    0x7E | stuffed( len:u16be | seq:u8 | type:u8 | payload[len] | crc16:u16be ) | 0x7E

``crc16`` is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over
len..payload. Inside the flags, 0x7E and 0x7D are escaped as 0x7D, byte^0x20 (HDLC stuffing),
so a sync byte can only ever be a frame boundary: after any garbage the decoder is back in step at
the next flag, within one frame.
"""

from __future__ import annotations

import binascii
import struct
from dataclasses import dataclass, field

SYNC = 0x7E
ESC = 0x7D
_SYNC_B = b"\x7e"
_ESC_B = b"\x7d"
# The highest version this host and the emulator speak; HELLO offers it and IDENTIFY answers
# with the version the session will use (docs/protocol.md, Versions).
PROTO_VERSION = 2
PROTO_VERSIONS = (1, 2)
MAX_PAYLOAD = 4096
# Escaping can at most double the body; a candidate longer than this is garbage.
MAX_STUFFED = 2 * (MAX_PAYLOAD + 6)

# Message types. Host -> MCU below 0x80, MCU -> host from 0x80.
T_HELLO = 0x01
T_GET_SNAPSHOT = 0x02
T_PING = 0x03
T_ACK = 0x80
T_IDENTIFY = 0x81
T_ZONE = 0x82
T_SNAPSHOT_END = 0x83
T_ZONE2 = 0x84  # version 2 only: a ZONE report with read counts, round and MCU time

FLAG_FACE_UP = 0x01  # per tag: the zone's face sensor saw this card face up
ZFLAG_SNAPSHOT = 0x01  # per zone report: part of a full snapshot
ZFLAG_INCOMPLETE = 0x02  # v2: the round's inventory did not finish (more tags may be there)
FLAG_LAST_ROUND = 0x02  # v2, per tag: read in this report's own round
NO_RSSI = 127  # v2, per tag: the reader gives no signal strength
READER_DEDICATED = 0  # v2 IDENTIFY: one reader per antenna
READER_SHARED = 1  # v2 IDENTIFY: one reader multiplexed over every antenna


class ProtocolError(ValueError):
    """A CRC-valid frame whose payload does not parse as its message type."""


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE; ``crc16(b"123456789") == 0x29B1``."""
    return binascii.crc_hqx(data, 0xFFFF)


def _stuff(body: bytes) -> bytes:
    if SYNC in body or ESC in body:
        return body.replace(_ESC_B, b"\x7d\x5d").replace(_SYNC_B, b"\x7d\x5e")
    return body


def _unstuff(data: bytes) -> bytes | None:
    """Undo the escaping; ``None`` for an invalid escape (a corrupted frame)."""
    if ESC not in data:
        return data
    parts = data.split(_ESC_B)
    out = bytearray(parts[0])
    for part in parts[1:]:
        if not part:
            return None
        c = part[0] ^ 0x20
        if c != SYNC and c != ESC:
            return None
        out.append(c)
        out += part[1:]
    return bytes(out)


def encode_frame(seq: int, mtype: int, payload: bytes = b"") -> bytes:
    """One frame on the wire, opening and closing flags included."""
    if len(payload) > MAX_PAYLOAD:
        raise ValueError(f"payload of {len(payload)} bytes exceeds {MAX_PAYLOAD}")
    body = struct.pack(">HBB", len(payload), seq & 0xFF, mtype & 0xFF) + payload
    body += crc16(body).to_bytes(2, "big")
    return _SYNC_B + _stuff(body) + _SYNC_B


@dataclass(frozen=True, slots=True)
class Frame:
    seq: int
    mtype: int
    payload: bytes


@dataclass(slots=True)
class DecoderStats:
    frames: int = 0
    bad_crc: int = 0
    bad_length: int = 0
    bad_escape: int = 0
    overflow: int = 0  # bytes dropped because no flag came within MAX_STUFFED
    garbage: int = 0  # bytes before the first flag

    @property
    def errors(self) -> int:
        return self.bad_crc + self.bad_length + self.bad_escape


class Decoder:
    """Incremental frame decoder: feed it any chunks, get back the good frames in order.

    It never raises on input and holds at most :data:`MAX_STUFFED` bytes, so garbage can neither
    crash it nor make it wait: the next flag ends any candidate, and the candidate is only kept if
    its length field and CRC agree.
    """

    def __init__(self) -> None:
        self._buf = b""
        self._synced = False  # True when _buf started right after a flag
        self.stats = DecoderStats()

    def reset(self) -> None:
        """Forget any partial frame (the port was reopened)."""
        self._buf = b""
        self._synced = False

    def feed(self, data: bytes) -> list[Frame]:
        if not data:
            return []
        buf = self._buf + bytes(data) if self._buf else bytes(data)
        frames: list[Frame] = []
        if SYNC not in buf:
            self._keep_partial(buf)
            return frames
        parts = buf.split(_SYNC_B)
        first = parts[0]
        if self._synced:
            if first:
                self._decode(first, frames)
        else:
            self.stats.garbage += len(first)
        for part in parts[1:-1]:
            if part:
                self._decode(part, frames)
        self._synced = True
        self._keep_partial(parts[-1])
        return frames

    def _keep_partial(self, tail: bytes) -> None:
        if len(tail) > MAX_STUFFED:
            # No flag for longer than any frame can be: drop it and wait for the next flag.
            self.stats.overflow += len(tail)
            self._buf = b""
            self._synced = False
        else:
            self._buf = tail

    def _decode(self, stuffed: bytes, out: list[Frame]) -> None:
        body = _unstuff(stuffed)
        stats = self.stats
        if body is None:
            stats.bad_escape += 1
            return
        n = len(body)
        if n < 6 or (body[0] << 8 | body[1]) != n - 6:
            stats.bad_length += 1
            return
        if binascii.crc_hqx(body[:-2], 0xFFFF) != (body[-2] << 8 | body[-1]):
            stats.bad_crc += 1
            return
        stats.frames += 1
        out.append(Frame(body[2], body[3], body[4:-2]))


# --- messages ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello:
    """Host -> MCU: start a session; the MCU answers with :class:`Identify`."""

    proto: int = PROTO_VERSION
    mtype = T_HELLO

    def payload(self) -> bytes:
        return bytes([self.proto])


@dataclass(frozen=True, slots=True)
class GetSnapshot:
    """Host -> MCU: send every zone now, then :class:`SnapshotEnd`."""

    mtype = T_GET_SNAPSHOT

    def payload(self) -> bytes:
        return b""


@dataclass(frozen=True, slots=True)
class Ping:
    """Host -> MCU: nothing but the ack; its ack orders after every report sent before it."""

    token: int = 0
    mtype = T_PING

    def payload(self) -> bytes:
        return struct.pack(">I", self.token & 0xFFFFFFFF)


@dataclass(frozen=True, slots=True)
class Ack:
    """MCU -> host: command ``acked`` (its frame seq) was received and done."""

    acked: int
    mtype = T_ACK

    def payload(self) -> bytes:
        return bytes([self.acked & 0xFF])


@dataclass(frozen=True, slots=True)
class Identify:
    """MCU -> host, answer to Hello: firmware version and the antenna map (id -> zone name).

    With ``proto`` >= 2 it also states the reader: ``window`` (how many rounds a v2 report's
    read counts cover), ``reader`` (:data:`READER_DEDICATED` or :data:`READER_SHARED`) and
    ``neighbours`` (antenna -> the antennas that can read its tags), possibly empty."""

    proto: int
    firmware: str
    antennas: dict[int, str]
    window: int = 0
    reader: int = READER_DEDICATED
    neighbours: dict[int, tuple[int, ...]] = field(default_factory=dict)
    mtype = T_IDENTIFY

    def payload(self) -> bytes:
        fw = self.firmware.encode()[:255]
        out = bytearray([self.proto, len(fw)]) + fw + bytes([len(self.antennas)])
        for ant, zone in sorted(self.antennas.items()):
            z = zone.encode("ascii")
            out += bytes([ant, len(z)]) + z
        if self.proto >= 2:
            out += bytes([self.window & 0xFF, self.reader & 0xFF, len(self.neighbours)])
            for ant, near in sorted(self.neighbours.items()):
                out += bytes([ant, len(near), *near])
        return bytes(out)


@dataclass(frozen=True, slots=True)
class ZoneReport:
    """MCU -> host: the complete list of tags one antenna reads now, in arrival order.

    ``tags`` holds ``(uid, flags)``; ``flags & FLAG_FACE_UP`` for a card seen face up.
    """

    antenna: int
    tags: tuple[tuple[bytes, int], ...]
    snapshot: bool = False
    mtype = T_ZONE

    def payload(self) -> bytes:
        out = bytearray([self.antenna, ZFLAG_SNAPSHOT if self.snapshot else 0])
        out += struct.pack(">H", len(self.tags))
        for uid, flags in self.tags:
            out += bytes([flags & 0xFF, len(uid)]) + uid
        return bytes(out)


@dataclass(frozen=True, slots=True)
class ZoneReport2(ZoneReport):
    """MCU -> host, protocol version 2: a :class:`ZoneReport` that also says how well each tag
    reads. ``tags`` holds every tag read in at least one of the last ``window`` rounds (flag
    :data:`FLAG_LAST_ROUND` on those read in round ``round`` itself, the report's own);
    ``hits[i]`` is how many of those rounds read ``tags[i]`` and ``rssi[i]`` its signal in dBm
    (:data:`NO_RSSI` when the reader gives none). ``mcu_ms`` is the MCU's clock (ms, wrapping
    at 2**32) at the end of the round; ``incomplete`` says the round's inventory did not finish.
    """

    round: int = 0
    mcu_ms: int = 0
    window: int = 1
    hits: tuple[int, ...] = ()
    rssi: tuple[int, ...] = ()
    incomplete: bool = False
    mtype = T_ZONE2

    def payload(self) -> bytes:
        zflags = (ZFLAG_SNAPSHOT if self.snapshot else 0) | (
            ZFLAG_INCOMPLETE if self.incomplete else 0
        )
        out = bytearray([self.antenna, zflags])
        out += struct.pack(
            ">IIBH", self.round & 0xFFFFFFFF, self.mcu_ms & 0xFFFFFFFF, self.window, len(self.tags)
        )
        hits, rssi = self.hits, self.rssi
        for i, (uid, flags) in enumerate(self.tags):
            h = hits[i] if i < len(hits) else 0
            r = rssi[i] if i < len(rssi) else NO_RSSI
            out += bytes([flags & 0xFF, h & 0xFF, r & 0xFF, len(uid)]) + uid
        return bytes(out)

    def latest(self) -> tuple[tuple[bytes, int], ...]:
        """The tags read in this report's own round: what a version 1 report would list."""
        return tuple((u, f & ~FLAG_LAST_ROUND) for u, f in self.tags if f & FLAG_LAST_ROUND)


@dataclass(frozen=True, slots=True)
class SnapshotEnd:
    """MCU -> host: the zone reports just before this (``zones`` of them) were a full snapshot."""

    zones: int
    mtype = T_SNAPSHOT_END

    def payload(self) -> bytes:
        return struct.pack(">H", self.zones)


Message = Hello | GetSnapshot | Ping | Ack | Identify | ZoneReport | ZoneReport2 | SnapshotEnd


def encode(seq: int, msg: Message) -> bytes:
    """A message as one frame."""
    return encode_frame(seq, msg.mtype, msg.payload())


def _need(p: bytes, n: int, what: str) -> None:
    if len(p) < n:
        raise ProtocolError(f"{what}: payload too short ({len(p)} bytes)")


def _parse_identify(p: bytes) -> Identify:
    _need(p, 3, "identify")
    proto, fwlen = p[0], p[1]
    i = 2 + fwlen
    _need(p, i + 1, "identify")
    try:
        fw = p[2:i].decode()
    except UnicodeDecodeError as exc:
        raise ProtocolError("identify: firmware version is not UTF-8") from exc
    count = p[i]
    i += 1
    antennas: dict[int, str] = {}
    for _ in range(count):
        _need(p, i + 2, "identify antenna")
        ant, zlen = p[i], p[i + 1]
        _need(p, i + 2 + zlen, "identify antenna")
        try:
            antennas[ant] = p[i + 2 : i + 2 + zlen].decode("ascii")
        except UnicodeDecodeError as exc:
            raise ProtocolError("identify: zone name is not ASCII") from exc
        i += 2 + zlen
    if proto < 2:
        if i != len(p):
            raise ProtocolError("identify: trailing bytes")
        return Identify(proto, fw, antennas)
    _need(p, i + 3, "identify reader")
    window, reader, count = p[i], p[i + 1], p[i + 2]
    i += 3
    neighbours: dict[int, tuple[int, ...]] = {}
    for _ in range(count):
        _need(p, i + 2, "identify neighbours")
        ant, k = p[i], p[i + 1]
        _need(p, i + 2 + k, "identify neighbours")
        neighbours[ant] = tuple(p[i + 2 : i + 2 + k])
        i += 2 + k
    if i != len(p):
        raise ProtocolError("identify: trailing bytes")
    return Identify(proto, fw, antennas, window, reader, neighbours)


def _parse_zone(p: bytes) -> ZoneReport:
    _need(p, 4, "zone")
    antenna, zflags, count = p[0], p[1], p[2] << 8 | p[3]
    i = 4
    tags = []
    n = len(p)
    for _ in range(count):
        if i + 2 > n:
            raise ProtocolError("zone: tag list shorter than its count")
        flags, ulen = p[i], p[i + 1]
        j = i + 2 + ulen
        if j > n or ulen == 0:
            raise ProtocolError("zone: bad tag uid length")
        tags.append((p[i + 2 : j], flags))
        i = j
    if i != n:
        raise ProtocolError("zone: trailing bytes")
    return ZoneReport(antenna, tuple(tags), bool(zflags & ZFLAG_SNAPSHOT))


def _parse_zone2(p: bytes) -> ZoneReport2:
    _need(p, 13, "zone2")
    antenna, zflags = p[0], p[1]
    rnd, mcu_ms, window, count = struct.unpack_from(">IIBH", p, 2)
    i = 13
    n = len(p)
    tags = []
    hits = []
    rssi = []
    for _ in range(count):
        if i + 4 > n:
            raise ProtocolError("zone2: tag list shorter than its count")
        flags, h, r, ulen = p[i], p[i + 1], p[i + 2], p[i + 3]
        j = i + 4 + ulen
        if j > n or ulen == 0:
            raise ProtocolError("zone2: bad tag uid length")
        tags.append((p[i + 4 : j], flags))
        hits.append(h)
        rssi.append(r - 256 if r > 127 else r)
        i = j
    if i != n:
        raise ProtocolError("zone2: trailing bytes")
    return ZoneReport2(
        antenna,
        tuple(tags),
        bool(zflags & ZFLAG_SNAPSHOT),
        rnd,
        mcu_ms,
        window,
        tuple(hits),
        tuple(rssi),
        bool(zflags & ZFLAG_INCOMPLETE),
    )


def parse(frame: Frame) -> Message:
    """The message carried by a CRC-checked frame; :class:`ProtocolError` if it does not parse."""
    t, p = frame.mtype, frame.payload
    if t == T_ZONE:
        return _parse_zone(p)
    if t == T_ZONE2:
        return _parse_zone2(p)
    if t == T_ACK:
        _need(p, 1, "ack")
        return Ack(p[0])
    if t == T_IDENTIFY:
        return _parse_identify(p)
    if t == T_SNAPSHOT_END:
        _need(p, 2, "snapshot end")
        return SnapshotEnd(p[0] << 8 | p[1])
    if t == T_HELLO:
        _need(p, 1, "hello")
        return Hello(p[0])
    if t == T_GET_SNAPSHOT:
        return GetSnapshot()
    if t == T_PING:
        _need(p, 4, "ping")
        return Ping(struct.unpack(">I", p[:4])[0])
    raise ProtocolError(f"unknown message type 0x{t:02x}")
