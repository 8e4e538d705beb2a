"""Staff logins: scrypt password hashes (from the venue config), sessions, CSRF tokens.

Passwords are stored as ``scrypt$N$r$p$salt$hash`` (``tablectl venue passwd`` prints one); the
standard library's :func:`hashlib.scrypt` is memory-hard, so a stolen config is slow to attack.
A session is a random token in an HttpOnly, SameSite=Strict cookie, kept in memory (a restart
signs everyone out); each carries its own CSRF token, which every form posts back. After
:data:`MAX_FAILURES` wrong passwords a name is locked for :data:`LOCK_SECONDS`, and after
:data:`ADDRESS_FAILURES` a client address is (issue 26, 6): a flood with a new name each post
stops at the address. Both tables keep at most :data:`TRACKED` entries (the oldest forgotten)
and a name is cut to :data:`NAME_MOST` characters before it is kept or hashed (7).

Both locks are for unknown browsers only. A successful sign-in gives the browser a device token
for that name (OWASP's "device cookies"): with it, a name and its address are not locked by other
people's wrong sign-ins (a director behind the venue's NAT, whose guest wifi is being flooded,
still signs in), and wrong passwords from that browser lock only that browser. The tokens are an
HMAC under a key made at start, so a restart forgets them, as it signs everyone out. The web layer
runs :meth:`Sessions.check` (scrypt, ~50 ms of CPU) off its event loop, between
:meth:`Sessions.admit` and :meth:`Sessions.settle`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

ROLES = ("director", "floor")
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
MAX_FAILURES = 5  # wrong passwords for one name before it is locked
ADDRESS_FAILURES = 20  # wrong sign-ins from one client address before it is locked
LOCK_SECONDS = 60.0
TRACKED = 1000  # names and addresses remembered for the lockouts (the oldest go first)
NAME_MOST = 64  # characters of a name: staff names are at most this long (settings)
SESSIONS_MOST = 1000  # signed-in sessions kept; the oldest goes when a new one would pass it
DEVICE_DAYS = 30  # how long a browser that signed in is trusted for its name's sign-ins


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32
    )
    b64 = base64.urlsafe_b64encode
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${b64(salt).decode()}${b64(digest).decode()}"


def hash_problem(stored: str) -> str | None:
    """Why ``stored`` is not a hash :func:`hash_password` makes (checked when the config is
    read, so a mangled one is named then, not found at a sign-in that can never succeed)."""
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != "scrypt":
        return "not scrypt$N$r$p$salt$hash"
    _scheme, n, r, p, salt, digest = parts
    if not (n.isdigit() and r.isdigit() and p.isdigit()):
        return "N, r and p must be whole numbers"
    n_, r_, p_ = int(n), int(r), int(p)
    if not (2**10 <= n_ <= 2**20 and n_ & (n_ - 1) == 0 and 1 <= r_ <= 32 and 1 <= p_ <= 16):
        return "N must be a power of 2 from 1024 to 1048576, r 1 to 32, p 1 to 16"
    if 128 * r_ * n_ > 2**25 - 2**20:  # hashlib's default memory limit (32 MiB)
        return "N * r needs more memory than the check is allowed"
    try:
        raw_salt = base64.urlsafe_b64decode(salt.encode("ascii"))
        raw = base64.urlsafe_b64decode(digest.encode("ascii"))
    except (ValueError, UnicodeEncodeError):
        return "the salt or the hash is not base64"
    if len(raw_salt) < 8 or len(raw) < 16:
        return "the salt or the hash is too short"
    return None


def check_password(stored: str, password: str) -> bool:
    """True when ``password`` matches the stored hash; a malformed hash never matches."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        want = base64.urlsafe_b64decode(digest)
        got = hashlib.scrypt(
            password.encode(),
            salt=base64.urlsafe_b64decode(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(want),
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, want)


@dataclass(frozen=True, slots=True)
class Staff:
    name: str
    role: str  # director: everything; floor: entrants and approving moves
    password: str  # the scrypt hash

    def may(self, what: str) -> bool:
        return self.role == "director" or what in FLOOR_MAY


# what floor staff may do besides looking: the entrants and the moves (002 Rules 8, 10-11, 28),
# and a table without sensors' entries (tablectl.tournament.manual)
FLOOR_MAY = frozenset({"register", "reentry", "rebuy", "addon", "approve", "manual", "bagged"})


LockTable = OrderedDict[str, tuple[int, float]]  # key -> (failures, time of the last), oldest first


@dataclass(slots=True)
class Session:
    staff: Staff
    csrf: str
    expires: float
    flash: list[tuple[bool, str]] = field(default_factory=list)
    event: str = "main"  # the event the pages show (a room of several; each form posts its own)


class Sessions:
    """The signed-in staff, by cookie token."""

    def __init__(
        self,
        staff: list[Staff],
        *,
        minutes: float = 720.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.staff = {s.name: s for s in staff}
        self.seconds = minutes * 60.0
        self.clock = clock
        self._by_token: dict[str, Session] = {}
        # name or address -> (failures, time of the last), oldest first
        self._failures: OrderedDict[str, tuple[int, float]] = OrderedDict()
        self._addresses: OrderedDict[str, tuple[int, float]] = OrderedDict()
        self._devices: OrderedDict[str, tuple[int, float]] = OrderedDict()  # a trusted browser's
        self._device_key = secrets.token_bytes(32)

    def device_token(self, name: str) -> str:
        """A token for the browser that just signed in as ``name`` (the device cookie)."""
        nonce = secrets.token_urlsafe(12)
        return f"{nonce}.{self._device_mac(name, nonce)}"

    def _device_mac(self, name: str, nonce: str) -> str:
        msg = f"{name[:NAME_MOST]}|{nonce}".encode()
        return hmac.new(self._device_key, msg, hashlib.sha256).hexdigest()[:32]

    def _trusted(self, name: str, device: str) -> bool:
        nonce, _, mac = device[:100].partition(".")
        return bool(nonce and mac) and hmac.compare_digest(mac, self._device_mac(name, nonce))

    def _locks(self, name: str, remote: str, device: str) -> list[tuple[str, LockTable, int, str]]:
        """The lock tables a sign-in is counted in: a trusted browser's own, else the name's
        and the address's."""
        if device and self._trusted(name, device):
            return [
                (device[:100], self._devices, MAX_FAILURES, "wrong passwords from this browser")
            ]
        return [
            (name[:NAME_MOST], self._failures, MAX_FAILURES, "wrong passwords"),
            (remote, self._addresses, ADDRESS_FAILURES, "wrong sign-ins from this address"),
        ]

    def admit(self, name: str, remote: str = "", device: str = "") -> str | None:
        """Why a sign-in is refused before any hashing (a name, an address or a browser locked),
        or None. ``device`` is the browser's device cookie, if it has one."""
        now = self.clock()
        for key, table, most, what in self._locks(name, remote, device):
            count, since = table.get(key, (0, 0.0))
            if count >= most and now - since < LOCK_SECONDS:
                return f"too many {what}: try again in {LOCK_SECONDS - (now - since):.0f} s"
        return None

    def check(self, name: str, password: str) -> bool:
        """The password against the name's hash (CPU-bound scrypt, thread-safe: reads only).
        The hash is checked even for an unknown name, so timing does not tell names apart."""
        staff = self.staff.get(name) if len(name) <= NAME_MOST else None
        stored = staff.password if staff else _DUMMY
        return check_password(stored, password[:1024]) and staff is not None

    def settle(self, name: str, remote: str, ok: bool, device: str = "") -> str | None:
        """Record a checked sign-in: a session's token when ``ok``, else a failure counted."""
        now = self.clock()
        if not ok:
            for key, table, _most, _what in self._locks(name, remote, device):
                count, since = table.pop(key, (0, 0.0))
                if now - since >= LOCK_SECONDS:
                    count = 0  # an old lock has run out: count afresh
                table[key] = (count + 1, now)
                while len(table) > TRACKED:
                    table.popitem(last=False)
            return None
        self._failures.pop(name, None)
        self._devices.pop(device[:100], None)
        for token, old in list(self._by_token.items()):
            if now > old.expires:
                del self._by_token[token]
        while len(self._by_token) >= SESSIONS_MOST:
            del self._by_token[next(iter(self._by_token))]
        token = secrets.token_urlsafe(32)
        self._by_token[token] = Session(
            self.staff[name], secrets.token_urlsafe(24), now + self.seconds
        )
        return token

    def login(
        self, name: str, password: str, remote: str = "", device: str = ""
    ) -> tuple[str | None, str]:
        """(cookie token, "") when the password is right, else (None, why): the three steps in
        one call, for callers without an event loop to keep free."""
        why = self.admit(name, remote, device)
        if why is not None:
            return None, why
        token = self.settle(name, remote, self.check(name, password), device)
        return (token, "") if token else (None, "wrong name or password")

    def get(self, token: str | None) -> Session | None:
        if not token:
            return None
        s = self._by_token.get(token)
        if s is None:
            return None
        if self.clock() > s.expires:
            del self._by_token[token]
            return None
        return s

    def logout(self, token: str | None) -> None:
        if token:
            self._by_token.pop(token, None)


_DUMMY = hash_password("not a password", salt=b"0" * 16)
