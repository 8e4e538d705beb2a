"""Sign-ins under a flood (issue 26, items 6-7), against the console served by uvicorn: the
password hash runs off the event loop (the public page answers while a sign-in is being
checked), an address posting wrong sign-ins under a new name each time is locked out before any
hashing, and what a wrong sign-in leaves behind is bounded (names cut, the tables capped).
The speed under a flood is bench/signin_flood.py's, not a test's."""

from __future__ import annotations

import base64
import hashlib
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="uvicorn is not installed")

from test_venue_hostile import PASSWORD, Web, until

from tablectl.venue.broker import free_port
from tablectl.venue.serve import build, demo_settings, serve_in_thread
from tablectl.venue.web.auth import (
    ADDRESS_FAILURES,
    NAME_MOST,
    TRACKED,
    Staff,
    check_password,
)


def slow_hash(password: str) -> str:
    """A valid scrypt hash four times as slow to check as the usual one (p=4): long enough that
    a request sent while it is checked is answered first, if the loop is free."""
    salt = b"s" * 16
    digest = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=4, dklen=32)
    b64 = base64.urlsafe_b64encode
    return f"scrypt${2**14}$8$4${b64(salt).decode()}${b64(digest).decode()}"


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Web]:
    # no broker: the console's client retries in paho's thread; sign-ins need none
    settings = demo_settings(tmp_path, 0, free_port(), "x", PASSWORD, ["T1", "T2"])
    stored = slow_hash(PASSWORD)
    assert check_password(stored, PASSWORD)
    settings = replace(settings, staff=(Staff("director", "director", stored),))
    served = serve_in_thread(build(settings), free_port())
    try:
        yield Web(served)
    finally:
        served.stop()


def post_login(web: Web, name: str, password: str) -> tuple[int, str]:
    import urllib.parse

    form = urllib.parse.urlencode({"name": name, "password": password, "next": "/"})
    origin = f"http://127.0.0.1:{web.served.port}"
    return Web(web.served).request(
        "POST",
        "/login",
        form,
        **{"Content-Type": "application/x-www-form-urlencoded", "Origin": origin},
    )


def test_the_public_page_answers_while_a_password_is_checked(web: Web) -> None:
    app = web.served.web
    done: list[str] = []

    def sign_in() -> None:
        status, _ = post_login(web, "director", PASSWORD)
        done.append(f"login {status}")

    t = threading.Thread(target=sign_in)
    t.start()
    assert until(lambda: app.checks_waiting == 1, 10)  # the hash is being computed
    status, _ = web.get("/public")
    done.append(f"public {status}")
    t.join(30)
    # with scrypt on the loop the page waited for the hash; off it, the page comes first
    assert done == ["public 200", "login 303"]


def test_an_address_flooding_with_new_names_is_locked_out_before_hashing(web: Web) -> None:
    app = web.served.web
    for i in range(ADDRESS_FAILURES):
        status, text = post_login(web, f"guess{i}", "nope")
        assert status == 401 and "wrong name or password" in text
    status, text = post_login(web, "director", PASSWORD)  # even the right one, for a minute
    assert status == 429 and "too many wrong sign-ins from this address" in text
    assert app.checks_waiting == 0
    journaled = web.served.web.console.journal.path.read_text().count('"signin"')
    assert journaled == ADDRESS_FAILURES  # the refused ones were not hashed nor journaled


def test_what_wrong_sign_ins_leave_behind_is_bounded(web: Web) -> None:
    sessions = web.served.web.sessions
    for i in range(3):  # a megabyte of name each
        status, _ = post_login(web, f"{i}" + "x" * 1_000_000, "nope")
        assert status == 401
    assert len(sessions._failures) == 3
    assert all(len(name) <= NAME_MOST for name in sessions._failures)
    log = web.served.web.console.log
    assert all(len(row["by"]) <= NAME_MOST for row in log)
    for i in range(TRACKED + 50):  # the lockout tables keep the newest TRACKED
        sessions.settle(f"n{i}", f"10.0.{i // 250}.{i % 250}", False)
    assert len(sessions._failures) == TRACKED and len(sessions._addresses) == TRACKED
    assert f"n{TRACKED + 49}" in sessions._failures and "n0" not in sessions._failures


def test_a_director_behind_a_flooded_address_still_signs_in_from_a_known_browser(
    web: Web,
) -> None:
    """The venue's guest wifi and the director's laptop share one NAT address: a flood of wrong
    sign-ins locks the address, and wrong passwords lock the name, for unknown browsers only. The
    browser the director signed in with before (its device cookie) is let through; a device
    cookie minted for another name, or made up, is not."""
    import http.cookiejar
    import urllib.parse
    import urllib.request

    base = f"http://127.0.0.1:{web.served.port}"
    jar = http.cookiejar.CookieJar()
    laptop = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def laptop_login(password: str) -> int:
        form = urllib.parse.urlencode({"name": "director", "password": password, "next": "/"})
        req = urllib.request.Request(
            base + "/login", form.encode(), {"Origin": base}, method="POST"
        )
        try:
            with laptop.open(req, timeout=30) as resp:
                return resp.status
        except urllib.error.HTTPError as err:
            return err.code

    assert laptop_login(PASSWORD) == 200  # the redirect to / followed: signed in
    assert any(c.name == "tablectl_device" for c in jar)
    for i in range(ADDRESS_FAILURES):  # the flood, from the same address
        assert post_login(web, f"guess{i}", "nope")[0] == 401
    for _ in range(5):  # and someone guessing the director's own password
        post_login(web, "director", "nope")
    assert post_login(web, "director", PASSWORD)[0] == 429  # an unknown browser: locked
    assert laptop_login(PASSWORD) == 200  # the director's browser: not
    sessions = web.served.web.sessions
    other = sessions.device_token("floor-1")  # another name's device token does not help
    assert sessions.admit("director", "127.0.0.1", other) is not None
    assert sessions.admit("director", "127.0.0.1", "made.up") is not None
    # wrong passwords from the trusted browser lock that browser, not the name for the others
    mine = sessions.device_token("director")
    for _ in range(5):
        sessions.settle("director", "127.0.0.1", False, mine)
    assert "from this browser" in (sessions.admit("director", "127.0.0.1", mine) or "")
