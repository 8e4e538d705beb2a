"""Staff logins: scrypt password hashes (from the venue config), sessions, CSRF tokens.

Passwords are stored as ``scrypt$N$r$p$salt$hash`` (``tablectl venue passwd`` prints one); the
standard library's :func:`hashlib.scrypt` is memory-hard, so a stolen config is slow to attack.
A session is a random token in an HttpOnly, SameSite=Strict cookie, kept in memory (a restart
signs everyone out); each carries its own CSRF token, which every form posts back. After
:data:`MAX_FAILURES` wrong passwords a name is locked for :data:`LOCK_SECONDS`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

ROLES = ("director", "floor")
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
MAX_FAILURES = 5
LOCK_SECONDS = 60.0


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32
    )
    b64 = base64.urlsafe_b64encode
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${b64(salt).decode()}${b64(digest).decode()}"


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


# what floor staff may do besides looking: the entrants and the moves (002 Rules 8, 10-11, 28)
FLOOR_MAY = frozenset({"register", "reentry", "rebuy", "addon", "approve"})


@dataclass(slots=True)
class Session:
    staff: Staff
    csrf: str
    expires: float
    flash: list[tuple[bool, str]] = field(default_factory=list)


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
        self._failures: dict[str, tuple[int, float]] = {}

    def login(self, name: str, password: str) -> tuple[str | None, str]:
        """(cookie token, "") when the password is right, else (None, why)."""
        now = self.clock()
        count, since = self._failures.get(name, (0, 0.0))
        if count >= MAX_FAILURES and now - since < LOCK_SECONDS:
            wait = LOCK_SECONDS - (now - since)
            return None, f"too many wrong passwords: try again in {wait:.0f} s"
        staff = self.staff.get(name)
        # the hash is checked even for an unknown name, so timing does not tell names apart
        stored = staff.password if staff else _DUMMY
        if not check_password(stored, password) or staff is None:
            self._failures[name] = (count + 1, now)
            return None, "wrong name or password"
        self._failures.pop(name, None)
        token = secrets.token_urlsafe(32)
        self._by_token[token] = Session(staff, secrets.token_urlsafe(24), now + self.seconds)
        return token, ""

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
