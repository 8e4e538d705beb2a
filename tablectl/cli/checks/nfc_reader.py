"""The NFC reader (deck enrolment, staff badges): nfcpy finds it, and a tag held to it is read."""

from __future__ import annotations

from collections.abc import Callable

from firmware_bridge.nfc import NfcReader
from tablectl.cli.checks import Finding, fail, ok

BLACKLIST = (
    "the kernel's pn533 driver must leave it to nfcpy (docs/install-pi.md step 3: "
    "/etc/modprobe.d/blacklist-nfc.conf) and group plugdev may open it (the udev rule)"
)


def check_nfc(
    path: str, *, interactive: bool, ask: Callable[[str], None], timeout: float = 15.0
) -> list[Finding]:
    """Open the reader at ``path``; when ``interactive``, ask for a tag and read it."""
    if not path:
        return [ok("nfc", '[nfc] reader = "": no reader configured (no enrolment, no badges)')]
    reader = NfcReader(path)
    if not reader.open():
        fix = f"plug the reader in (`python3 -m nfc` lists it); {BLACKLIST}"
        if "libusb" in (reader.error or ""):
            fix = "install libusb (apt install libusb-1.0-0; the tablectl package depends on it)"
        return [fail("nfc", f"no reader at {path!r} ({reader.error})", fix)]
    try:
        found = [ok("nfc", f"reader {path!r} found")]
        if not interactive:
            found.append(ok("nfc tag", "not asked for (--no-interactive)"))
            return found
        ask(f"hold a card, chip or badge to the NFC reader (within {timeout:g} s)")
        tap = reader.read(timeout)
        if tap is None:
            found.append(
                fail(
                    "nfc tag",
                    f"no tag read within {timeout:g} s",
                    "hold the tag flat on the reader's marked spot; a reader that never reads "
                    "has a bad antenna or is not a supported model (ACR122U, RC-S380)",
                )
            )
        else:
            text = f", text {tap.text!r}" if tap.text else ""
            found.append(ok("nfc tag", f"read tag {tap.uid.hex()}{text}"))
        return found
    finally:
        reader.close()
