"""Simulated NFC tags for the enrolment reader, over nfcpy's ``udp`` driver on loopback.

A :class:`TagField` is the other end of a ``udp:127.0.0.1:PORT`` reader: it runs nfcpy as a
listening Type 3 target (FeliCa, the NDEF-capable kind nfcpy can emulate) whose IDm is the tag's
UID and whose memory holds an NDEF text record such as ``"As"``. The reader side
(:mod:`firmware_bridge.nfc`) then goes through nfcpy's real sense/activate/NDEF-read path.
Everything is bound to 127.0.0.1 only.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import queue
import socket
import threading
import time
from dataclasses import dataclass

import ndef
import nfc
import nfc.clf
import nfc.tag

log = logging.getLogger(__name__)

# PMm with an IC code (byte 1) of no Sony product, so nfcpy treats it as a plain NFC Forum tag.
PMM = bytes.fromhex("01A0000000FFFF00")
SYSTEM_CODE = bytes.fromhex("12FC")  # NFC Forum NDEF system code
BLOCK = 16


def free_udp_port() -> int:
    """A UDP port free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def tag_uid(n: int) -> bytes:
    """An 8-byte Type 3 IDm for simulated tag ``n`` (not 01 FE, which announces peer-to-peer)."""
    return b"\x03\xfe" + n.to_bytes(6, "big")


def ndef_blocks(text: str | None) -> list[bytes]:
    """Type 3 tag memory: the attribute information block, then the NDEF message."""
    message = b"".join(ndef.message_encoder([ndef.TextRecord(text)])) if text else b""
    nblocks = max(1, (len(message) + BLOCK - 1) // BLOCK)
    attr = bytearray(BLOCK)
    attr[0] = 0x10  # mapping version 1.0
    attr[1] = 4  # Nbr: blocks per read
    attr[2] = 1  # Nbw: blocks per write
    attr[3:5] = nblocks.to_bytes(2, "big")  # Nmaxb
    attr[9] = 0x00  # WriteF: no write in progress
    attr[10] = 0x00  # RWFlag: read only
    attr[11:14] = len(message).to_bytes(3, "big")  # Ln
    attr[14:16] = sum(attr[0:14]).to_bytes(2, "big")
    data = message.ljust(nblocks * BLOCK, b"\x00")
    return [bytes(attr)] + [data[i : i + BLOCK] for i in range(0, len(data), BLOCK)]


def _bind_loopback_only(device: object, port: int) -> None:
    """nfcpy's udp listener binds 0.0.0.0; keep the simulation on 127.0.0.1."""

    def bind(time_to_return: float) -> bool:
        sock = device.socket  # type: ignore[attr-defined]
        with contextlib.suppress(OSError):
            if sock.getsockname() == ("127.0.0.1", port):
                return True  # still bound from the previous tap: keep what is queued on it
        while time.time() < time_to_return:
            try:
                sock.bind(("127.0.0.1", port))
                return True
            except OSError as exc:
                if exc.errno == errno.EADDRINUSE:
                    time.sleep(0.01)
                    continue
                raise
        return False

    device._bind_socket = bind  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class SimTag:
    uid: bytes
    text: str | None = None
    # the first reads of the tag's memory answered with an error: a tag slid off the reader
    # mid-read, or a reader too busy to keep its timing (seen on a loaded CI machine)
    failed_reads: int = 0


class TagField:
    """The RF field in front of a ``udp:127.0.0.1:PORT`` reader: tags are tapped onto it."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_udp_port()
        self.path = f"udp:127.0.0.1:{self.port}"
        self._taps: queue.Queue[SimTag | None] = queue.Queue()  # None: the field is stopping
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.served = 0  # taps read by a reader

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="nfc-tag-field", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._taps.put(None)  # wakes the field's thread, which waits for taps without a timeout
        if self._thread is not None:
            self._thread.join(timeout=5)

    def tap(self, uid: bytes, text: str | None = None, *, failed_reads: int = 0) -> None:
        """Hold a tag to the reader until it has been read once; its first ``failed_reads``
        block reads fail."""
        if len(uid) != 8:
            raise ValueError("a simulated Type 3 tag needs an 8-byte UID (IDm)")
        self._taps.put(SimTag(uid, text, failed_reads))

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """True once every queued tap has been read."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._taps.unfinished_tasks == 0:
                return True
            time.sleep(0.01)
        return False

    def _run(self) -> None:
        # One frontend for the field's life: reopening it between taps leaves the port unbound
        # long enough for a reader's poll to be lost.
        clf = nfc.ContactlessFrontend()
        while not clf.open(self.path):
            if self._stop.wait(0.05):
                return
        _bind_loopback_only(clf.device, self.port)
        try:
            while not self._stop.is_set():
                # blocks until a tap or stop(): no wake-ups while no one taps (issue 14 counts
                # the simulator's threads in `tablectl run --sim`'s idle CPU)
                tag = self._taps.get()
                if tag is None:
                    self._taps.task_done()
                    break
                try:
                    while not self._stop.is_set() and not self._serve(clf, tag):
                        pass
                finally:
                    self._taps.task_done()
        finally:
            with contextlib.suppress(Exception):
                clf.close()

    def _serve(self, clf: nfc.ContactlessFrontend, tag: SimTag) -> bool:
        """Listen as ``tag`` until a reader has read it; False to try again."""
        target = nfc.clf.LocalTarget("212F")
        target.sensf_res = b"\x01" + tag.uid + PMM + SYSTEM_CODE
        try:
            # The device's own listen, not clf.listen(): that one first mutes the device, which
            # closes the socket and drops a reader poll already queued on it. The window is long
            # enough that a poll answered near its end still gets its read command served.
            found = clf.device.listen_ttf(target, 2.0)
        except (nfc.clf.CommunicationError, OSError):
            return False
        if found is None:
            return False
        clf.target = target = found
        emu = nfc.tag.emulate(clf, target)
        if emu is None:
            return False
        blocks = ndef_blocks(tag.text)
        failures = [tag.failed_reads]

        def read(block: int, rb: object, re: object) -> bytes | None:
            if failures[0] > 0:  # answered with an error status: the reader's command fails
                failures[0] -= 1
                return None
            return blocks[block] if block < len(blocks) else None

        emu.add_service(0x0009, read, None)
        emu.add_service(0x000B, read, None)
        cmd = emu.cmd
        read_any = False
        while cmd:
            rsp = emu.process_command(cmd)
            read_any = read_any or cmd[1] == 0x06
            try:
                cmd = emu.send_response(rsp, timeout=0.5)
            except (nfc.clf.CommunicationError, OSError):
                break  # the reader switched its field off (RFOFF): the tap is over
        if read_any:
            self.served += 1
        return read_any
