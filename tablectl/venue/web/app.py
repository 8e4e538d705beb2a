"""The director's web console: Starlette pages over a :class:`DirectorConsole`.

Why Starlette (with uvicorn): a small, well-kept ASGI toolkit (routing, forms, WebSockets,
Jinja2 templates, static files) with no ORM or admin to carry onto a Pi; one asyncio event loop
serves the pages, the live updates and the broker pump, so the console needs no locks. Pages are
drawn on the server (Jinja2, autoescaped); live sections are drawn the same way and pushed over
a WebSocket when the console changes, so a page and its updates never disagree.

Pages: ``/`` floor map, ``/table/NAME``, ``/clock`` (clock and structure), ``/entrants``,
``/balancing``, ``/seatcards`` (a print view), ``/log`` (who changed what), ``/public`` (no
login: the clock, the payouts, where do I sit). Changes are POSTed to ``/do/ACTION`` with the
session's CSRF token and answered by a redirect (post/redirect/get).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hmac
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from tablectl.tournament import players
from tablectl.tournament.results import results
from tablectl.tournament.room import MAIN
from tablectl.venue.console import DirectorConsole, Result
from tablectl.venue.results import to_csv, to_json
from tablectl.venue.room import RoomConsole
from tablectl.venue.web.auth import DEVICE_DAYS, NAME_MOST, Session, Sessions

HERE = Path(__file__).resolve().parent
COOKIE = "tablectl_session"
DEVICE_COOKIE = "tablectl_device"  # a browser that signed in before (auth.py: device cookies)
KEEPALIVE = 15.0  # seconds between pushes when nothing changes (the clock re-synced)
PUMP_RESTART = 1.0  # seconds before a broker pump that failed is started again
CHECKS_WAITING = 8  # sign-ins waiting for the password hash before more are turned away
FAULT_SHOWN = 600.0  # seconds the pages say the pump failed, after it runs again
log = logging.getLogger("tablectl.venue")

# the live sections of each page (drawn by the macros of templates/sections.html)
PAGE_SECTIONS: dict[str, tuple[str, ...]] = {
    "floor": ("health", "room", "notes", "h4h", "summary", "clock", "floor", "proposals"),
    "table": (
        "health",
        "table",
    ),
    "clock": ("health", "clock", "levels"),
    "entrants": ("health", "summary", "days", "entrants", "players", "room_players", "payouts"),
    "balancing": ("health", "proposals", "tables_small"),
    "log": (
        "health",
        "log",
    ),
    "deal": ("health", "deal"),
    "manual": ("health", "manual"),
    "results": ("health", "results"),
    "public_room": ("health", "feed", "public_events"),
    "public": (
        "health",
        "feed",
        "public_notes",
        "public_h4h",
        "clock",
        "public_summary",
        "payouts",
        "public_seats",
        "moves",
    ),
}
ACTIONS = (
    "register",
    "reentry",
    "rebuy",
    "addon",
    "start",
    "approve",
    "break",
    "clock",
    "structure",
    "preset",
    "deal",
    "h4h",
    "release",
    "knockout",
    "end_day",
    "start_day",
    "bagged",
    "manual",
    "announce",
    "open_event",
    "hand_over",
)


class FormKey(str):
    """The session's CSRF token, carrying the event the page shows: every form of the live
    sections posts both (``csrf``, ``event``), so a stale tab acts on the event it shows."""

    event: str

    def __new__(cls, token: str, event: str) -> FormKey:
        key = super().__new__(cls, token)
        key.event = event
        return key


class Hub:
    """Wakes the live pages when the console changed."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def notify(self) -> None:
        event, self._event = self._event, asyncio.Event()
        event.set()

    async def wait(self, timeout: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._event.wait(), timeout)


def _mmss(seconds: float) -> str:
    s = max(0, int(seconds + 0.999))
    return (
        f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"
    )


def _money(amount: float, currency: str = "$") -> str:
    return f"{currency}{amount:,.0f}" if float(amount).is_integer() else f"{currency}{amount:,.2f}"


def _when(t: float | None) -> str:
    return time.strftime("%H:%M:%S", time.localtime(t)) if t else ""


def _hhmm(t: float | None) -> str:
    return time.strftime("%H:%M", time.localtime(t)) if t else ""


def make_env() -> Environment:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(
        mmss=_mmss, money=_money, when=_when, hhmm=_hhmm, chips=lambda n: f"{int(n):,}"
    )
    return env


class WebConsole:
    """The ASGI app and what it needs: the console, the sessions, the templates, the hub."""

    def __init__(
        self,
        console: DirectorConsole | RoomConsole,
        sessions: Sessions,
        *,
        venue_name: str = "",
        pump_interval: float = 1.0,
    ) -> None:
        # a room of events (tablectl.venue.room), or one venue's console on its own
        self.room = console if isinstance(console, RoomConsole) else None
        self.console = console.main if isinstance(console, RoomConsole) else console
        self.stepper: DirectorConsole | RoomConsole = console
        self.sessions = sessions
        self.venue_name = venue_name or console.client.venue
        self.env = make_env()
        self.sections = self.env.get_template("sections.html").module
        self.hub = Hub()
        self.pump_interval = pump_interval
        self.pump_running = False
        self.pump_fault: tuple[float, str] | None = None  # when and why the pump last failed
        self.pump_restarts = 0
        # scrypt off the event loop, one at a time: the pages, the live updates and the broker
        # pump keep the loop (and a core) while sign-ins are checked
        self.hasher = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="scrypt")
        self.checks_waiting = 0
        self.app = Starlette(
            routes=[
                Route("/", self.page("floor")),
                Route("/table/{name}", self.page("table")),
                Route("/manual/{name}", self.page("manual")),
                Route("/clock", self.page("clock")),
                Route("/entrants", self.page("entrants")),
                Route("/balancing", self.page("balancing")),
                Route("/log", self.page("log")),
                Route("/deal", self.page("deal")),
                Route("/results", self.page("results")),
                Route("/results.csv", self.results_file("csv")),
                Route("/results.json", self.results_file("json")),
                Route("/print/{what}", self.printout),
                Route("/seatcards", self.seatcards),
                Route("/public", self.public),
                Route("/public/{event}", self.public),
                Route("/login", self.login_form, methods=["GET"]),
                Route("/login", self.login, methods=["POST"]),
                Route("/logout", self.logout, methods=["POST"]),
                Route("/do/{action}", self.do, methods=["POST"]),
                Route("/state.json", self.state_json),
                WebSocketRoute("/live", self.live),
                WebSocketRoute("/live/public", self.live_public),
                Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
            ],
            lifespan=self.lifespan,
        )

    # --- the broker pump ------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(self._supervise())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            self.hasher.shutdown(wait=False, cancel_futures=True)

    async def _supervise(self) -> None:
        """Run the pump; a bug that stops it is logged, shown on every page, and the pump is
        started again (a message that makes it fail is already taken off the queue)."""
        while True:
            try:
                await self._pump()
            except Exception as exc:
                self.pump_running = False
                self.pump_restarts += 1
                self.pump_fault = (time.time(), f"{type(exc).__name__}: {str(exc)[:160]}")
                log.exception("the broker pump failed; restarting it in %.0f s", PUMP_RESTART)
                self.hub.notify()
                await asyncio.sleep(PUMP_RESTART)

    def health(self) -> dict[str, Any]:
        """What every page says about the broker pump and the messages it refused."""
        fault = self.pump_fault
        recent = fault is not None and time.time() - fault[0] < FAULT_SHOWN
        return {
            "running": self.pump_running,
            "fault": fault if recent or not self.pump_running else None,
            "restarts": self.pump_restarts,
            "refused": self.console.client.refused,
            "last_refused": (self.console.client.problems or [""])[-1],
        }

    async def _pump(self) -> None:
        """Fold what the tables sent as soon as paho queues it (no polling); the clock's second
        at most ``pump_interval`` late (its levels and the pages' countdowns)."""
        loop = asyncio.get_running_loop()
        wake = asyncio.Event()
        self.console.client.wake = lambda: loop.call_soon_threadsafe(wake.set)
        self.pump_running = True
        self.hub.notify()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), self.pump_interval)
            wake.clear()
            if self.stepper.step():
                self.hub.notify()

    # --- the events -----------------------------------------------------------------------------
    def consoles(self) -> list[DirectorConsole]:
        return list(self.room.events.values()) if self.room else [self.console]

    def events(self) -> list[str]:
        return list(self.room.events) if self.room else [MAIN]

    def ev(self, event: str) -> DirectorConsole:
        """The event's console (the first event's for an id the room does not hold)."""
        if self.room is not None and event in self.room.events:
            return self.room.events[event]
        return self.console

    def event_for(self, request: Request | WebSocket, sess: Session | None, table: str = "") -> str:
        """The event a page shows: a table's own event, else ``?event=`` (remembered by the
        session), else the session's, else the first."""
        known = self.events()
        if table and self.room is not None and self.room.event_of(table):
            event = str(self.room.event_of(table))
        else:
            event = request.query_params.get("event", "")
        if event not in known:
            event = sess.event if sess is not None and sess.event in known else MAIN
        if sess is not None:
            sess.event = event
        return event

    # --- sessions -------------------------------------------------------------------------------
    def session(self, request: Request | WebSocket) -> tuple[str | None, Session | None]:
        token = request.cookies.get(COOKIE)
        return token, self.sessions.get(token)

    def render(self, name: str, **ctx: Any) -> HTMLResponse:
        html = self.env.get_template(name).render(venue=self.venue_name, **ctx)
        return HTMLResponse(
            html,
            headers={
                "Cache-Control": "no-store",
                "X-Frame-Options": "DENY",
                "Content-Security-Policy": "default-src 'self'; style-src 'self'; "
                "script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
                "Referrer-Policy": "same-origin",
            },
        )

    # --- live sections --------------------------------------------------------------------------
    def render_sections(
        self, page: str, sess: Session | None, arg: str = "", event: str = MAIN
    ) -> dict[str, str]:
        c = self.ev(event)
        csrf = FormKey(sess.csrf if sess else "", event)
        may = sess.staff.may if sess else (lambda _what: False)
        summary = c.summary_view()  # once a push: several sections show it
        feed = c.feed_view()
        data: dict[str, Callable[[], Markup]] = {
            "health": lambda: self.sections.health(self.health(), sess is not None),
            "summary": lambda: self.sections.summary(summary),
            "clock": lambda: self.sections.clock(c.clock_view(), may("clock"), csrf),
            "floor": lambda: self.sections.floor(c.tables_view()),
            "h4h": lambda: self.sections.h4h(c.h4h_view(), may("h4h"), csrf),
            "notes": lambda: self.sections.notes(c.notes_view(), may("announce"), csrf),
            "public_notes": lambda: self.sections.public_notes(c.notes_view()),
            "public_h4h": lambda: self.sections.public_h4h(c.h4h_view()),
            "proposals": lambda: self.sections.proposals(
                c.proposals_view(), may("approve"), csrf, summary
            ),
            "table": lambda: self.sections.table(_find(c.tables_view(), arg)),
            "levels": lambda: self.sections.levels(c.clock.structure, c.clock_view()["index"]),
            "entrants": lambda: self.sections.entrants(c.entrants_view(), summary, may, csrf),
            "payouts": lambda: self.sections.payouts(summary),
            "players": lambda: self.sections.players(c.players_view(), summary),
            "tables_small": lambda: self.sections.tables_small(c.tables_view(), may("break"), csrf),
            "log": lambda: self.sections.log(list(c.log)),
            "feed": lambda: self.sections.feed(feed),
            "public_summary": lambda: self.sections.public_summary(summary, feed),
            "public_seats": lambda: self.sections.public_seats(c.entrants_view(), summary),
            "moves": lambda: self.sections.moves(c.announcements(8)),
            "deal": lambda: self.sections.deal(c.deal_view(arg), may("deal"), csrf),
            "results": lambda: self.sections.results(self._results(), summary),
            "days": lambda: self.sections.days(c.days_view(), summary, may, csrf),
            "manual": lambda: self.sections.manual(c.manual_view(arg), may("manual"), csrf),
            "room": lambda: self.sections.room(self.room_view(event), may, csrf),
            "room_players": lambda: self.sections.room_players(self.people()),
            "public_events": lambda: self.sections.public_events(self.public_events()),
        }
        return {name: str(data[name]()) for name in PAGE_SECTIONS[page]}

    def page(self, name: str) -> Callable[[Request], Any]:
        async def handler(request: Request) -> Response:
            _token, sess = self.session(request)
            if sess is None:
                return RedirectResponse(f"/login?next={request.url.path}", status_code=303)
            # a table's name, or the deal page's amount played for (/deal?held=100)
            arg = request.path_params.get("name", "") or request.query_params.get("held", "")
            event = self.event_for(request, sess, request.path_params.get("name", ""))
            c = self.ev(event)
            if (name == "table" and _find(c.tables_view(), arg) is None) or (
                name == "manual" and c.manual_view(arg) is None
            ):
                return self.render(
                    "page.html",
                    page="floor",
                    sess=sess,
                    flash=[(False, f"no {'manual ' if name == 'manual' else ''}table {arg!r}")],
                    sections=self.render_sections("floor", sess, "", event),
                    arg="",
                    event=event,
                    events=self.events(),
                )
            flash, sess.flash = sess.flash, []
            return self.render(
                "page.html",
                page=name,
                arg=arg,
                sess=sess,
                flash=flash,
                sections=self.render_sections(name, sess, arg, event),
                presets=sorted(c.presets),
                structure=c.structure_obj,
                started=c.venue.started,
                event=event,
                events=self.events(),
            )

        return handler

    async def live(self, ws: WebSocket) -> None:
        if not _same_origin(ws):  # a page on another site riding the director's cookie
            await ws.close(code=4403)
            return
        _token, sess = self.session(ws)
        if sess is None:
            await ws.close(code=4401)  # not signed in
            return
        page = ws.query_params.get("page", "floor")
        if page not in PAGE_SECTIONS or page == "public":
            await ws.close(code=4404)
            return
        event = ws.query_params.get("event", MAIN)
        await self._serve(ws, page, sess, ws.query_params.get("arg", ""), event)

    async def live_public(self, ws: WebSocket) -> None:
        event = ws.query_params.get("event", "")
        page = "public_room" if event == "*" else "public"
        await self._serve(ws, page, None, "", event if event in self.events() else MAIN)

    async def _serve(
        self, ws: WebSocket, page: str, sess: Session | None, arg: str, event: str = MAIN
    ) -> None:
        await ws.accept()
        sent: dict[str, str] = {}
        stamp_sent: tuple[str, float] | None = None
        try:
            while True:
                if sess is not None and self.sessions.get(_token_of(ws)) is None:
                    await ws.close(code=4401)  # signed out or expired
                    return
                sections = self.render_sections(page, sess, arg, event)
                changed = {k: v for k, v in sections.items() if sent.get(k) != v}
                msg: dict[str, Any] = {"version": self.stepper.version, "sections": changed}
                stamp = self.console.latest_state_t()
                if stamp is not None and stamp != stamp_sent and changed:
                    msg["stamp"] = {"table": stamp[0], "t": stamp[1]}
                    stamp_sent = stamp
                if changed or not sent:
                    await ws.send_text(json.dumps(msg))
                    sent.update(changed)
                await self.hub.wait(KEEPALIVE)
        except (WebSocketDisconnect, RuntimeError):
            return

    # --- pages without a layout -------------------------------------------------------------------
    async def public(self, request: Request) -> Response:
        """No login: with several events, ``/public`` lists them and ``/public/EVENT`` is one
        event's page; a room of one has its page at ``/public``, as before."""
        event = request.path_params.get("event")
        if event is None and len(self.events()) > 1:
            return self.render(
                "public.html",
                page="public_room",
                event="*",
                sections=self.render_sections("public_room", None),
            )
        if event is not None and event not in self.events():
            return HTMLResponse(f"no event {event!r:.40}", status_code=404)
        event = event or MAIN
        return self.render(
            "public.html",
            page="public",
            event=event,
            several=len(self.events()) > 1,
            sections=self.render_sections("public", None, "", event),
        )

    # --- what the room's pages show ----------------------------------------------------------
    def room_view(self, event: str) -> dict[str, Any]:
        """The switcher's events, every table of the room with its event, the tables reporting
        in none, and what the hand-over form offers."""
        events = self.room.events_view() if self.room else []
        colour = {e["id"]: i % 6 for i, e in enumerate(events)}
        tables = []
        for e in events:
            c = self.ev(e["id"])
            for t in c.tables_view():
                tables.append(
                    {
                        "name": t["name"],
                        "event": e["id"],
                        "colour": colour[e["id"]],
                        "active": t["active"],
                        "players": len([s for s in t["seats"] if s.get("status") != "out"]),
                        "manual": t["manual"],
                    }
                )
        return {
            "current": event,
            "events": events,
            "tables": tables,
            "strays": self.room.strays_view() if self.room else [],
            "presets": sorted(self.console.presets),
        }

    def people(self) -> list[dict[str, Any]]:
        """The people with entries in more than one event (players.across)."""
        by_event = {e: self.ev(e).venue.entries.values() for e in self.events()}
        return [p.to_obj() for p in players.across(by_event) if len(p.events) > 1]

    def public_events(self) -> list[dict[str, Any]]:
        rows = []
        for e in self.room.events_view() if self.room else []:
            c = self.ev(e["id"])
            rows.append(
                {
                    **e,
                    "summary": c.summary_view(),
                    "notes": c.notes_view()["notes"],
                }
            )
        return rows

    def _room_action(self, action: str, text: Callable[[str], str], by: str) -> Result:
        """Opening an event and handing a table over: the room's, not one event's."""
        if self.room is None:
            return Result(False, f"{action}: this console runs one venue")
        if action == "hand_over":
            return self.room.hand_over(by, text("table"), text("to"))
        try:
            setup = _satellite(text, self.console.presets)
        except ValueError as exc:
            return Result(False, f"open event: {exc}")
        return self.room.open_event(by, text("id"), setup)

    async def seatcards(self, request: Request) -> Response:
        _token, sess = self.session(request)
        if sess is None:
            return RedirectResponse("/login?next=/seatcards", status_code=303)
        c = self.ev(self.event_for(request, sess))
        cards = [e for e in c.entrants_view() if e["status"] in ("seated", "arriving", "leaving")]
        cards.sort(key=lambda e: (e["table"], e["seat"]))
        return self.render("seatcards.html", cards=cards, summary=c.summary_view())

    def _results(self, event: str = MAIN) -> list[dict[str, Any]]:
        v = self.ev(event).venue
        assert v.cfg is not None
        return [r.to_obj() for r in results(v, v.cfg.league)]

    def results_file(self, kind: str) -> Callable[[Request], Any]:
        """The results to download (staff only): CSV or JSON (tablectl.venue.results)."""

        async def handler(request: Request) -> Response:
            _token, sess = self.session(request)
            if sess is None:
                return RedirectResponse("/login?next=/results", status_code=303)
            event = self.event_for(request, sess)
            v = self.ev(event).venue
            assert v.cfg is not None
            if kind == "csv":
                body, media = to_csv(results(v, v.cfg.league)), "text/csv; charset=utf-8"
            else:
                body, media = to_json(v, v.cfg.league), "application/json"
            # a venue id, an event id: letters, digits, _ . -
            name = f"results-{self.venue_name}{'' if event == MAIN else '-' + event}.{kind}"
            return Response(
                body,
                media_type=media,
                headers={
                    "Content-Disposition": f'attachment; filename="{name}"',
                    "Cache-Control": "no-store",
                },
            )

        return handler

    async def printout(self, request: Request) -> Response:
        """Print-ready pages (print.css, @media print): the results and the payouts."""
        what = request.path_params["what"]
        _token, sess = self.session(request)
        if sess is None:
            return RedirectResponse(f"/login?next=/print/{what}", status_code=303)
        if what not in ("results", "payouts", "bags"):
            return HTMLResponse(f"no printout {what!r:.40}", status_code=404)
        event = self.event_for(request, sess)
        c = self.ev(event)
        return self.render(
            f"print_{what}.html",
            summary=c.summary_view(),
            rows=self._results(event),
            deal=c.deal_view()["deal"],
            clock=c.clock_view(),
            days=c.days_view(),
        )

    async def state_json(self, request: Request) -> Response:
        _token, sess = self.session(request)
        if sess is None:
            return JSONResponse({"error": "sign in first"}, status_code=401)
        c = self.ev(self.event_for(request, sess))
        return JSONResponse(
            {
                "version": c.version,
                "clock": c.clock_view(),
                "summary": c.summary_view(),
                "tables": c.tables_view(),
                "entrants": c.entrants_view(),
                "proposals": c.proposals_view(),
            }
        )

    # --- sign in and out --------------------------------------------------------------------------
    async def login_form(self, request: Request) -> Response:
        return self.render(
            "login.html", error="", next=_safe_next(request.query_params.get("next"))
        )

    async def login(self, request: Request) -> Response:
        if not _same_origin(request):
            return HTMLResponse("cross-site form refused", status_code=403)
        form = await request.form()
        name, password = str(form.get("name", "")), str(form.get("password", ""))
        target = _safe_next(str(form.get("next", "/")))
        remote = request.client.host if request.client else "?"
        device = request.cookies.get(DEVICE_COOKIE, "")
        why = self.sessions.admit(name, remote, device)
        if why is None and self.checks_waiting >= CHECKS_WAITING:
            why = "the console is busy checking sign-ins: try again in a moment"
        if why is not None:  # refused before hashing: counted, not journaled (a flood)
            return self._login_refused(why, target, 429)
        self.checks_waiting += 1
        try:
            loop = asyncio.get_running_loop()
            ok = await loop.run_in_executor(self.hasher, self.sessions.check, name, password)
        finally:
            self.checks_waiting -= 1
        token = self.sessions.settle(name, remote, ok, device)
        self.console.login_note(name[:NAME_MOST], token is not None, remote)
        self.hub.notify()
        if token is None:
            return self._login_refused("wrong name or password", target, 401)
        resp = RedirectResponse(target, status_code=303)
        resp.set_cookie(
            COOKIE,
            token,
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
            max_age=int(self.sessions.seconds),
        )
        resp.set_cookie(
            DEVICE_COOKIE,
            self.sessions.device_token(name),
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
            max_age=DEVICE_DAYS * 86400,
        )
        return resp

    def _login_refused(self, why: str, target: str, status: int) -> Response:
        resp = self.render("login.html", error=why, next=target)
        resp.status_code = status
        return resp

    async def logout(self, request: Request) -> Response:
        token, sess = self.session(request)
        form = await request.form()
        if sess is not None and _csrf_ok(request, form, sess):
            self.sessions.logout(token)
        resp = RedirectResponse("/login", status_code=303)
        resp.delete_cookie(COOKIE)
        return resp

    def _manual(self, c: DirectorConsole, form: Any, by: str) -> Result:
        table = str(form.get("table", ""))
        view = c.manual_view(table)
        if view is None:
            return Result(False, f"no manual table {table!r:.40}")
        try:
            entry = _manual_entry(form, [p["name"] for p in view["players"]])
        except ValueError as exc:
            return Result(False, str(exc))
        return c.manual_entry(by, table, entry)

    # --- changes ---------------------------------------------------------------------------------
    async def do(self, request: Request) -> Response:
        _token, sess = self.session(request)
        if sess is None:
            return RedirectResponse("/login", status_code=303)
        form = await request.form()
        if not _csrf_ok(request, form, sess):
            return HTMLResponse("the form expired or came from another site", status_code=403)
        action = request.path_params["action"]
        back = _safe_next(str(form.get("back", "/")))
        if action not in ACTIONS:
            return HTMLResponse(f"no action {action!r:.40}", status_code=404)
        # the event the form was drawn for (none: a page of a room of one, the first event)
        event = str(form.get("event", "") or MAIN)
        may = {"open_event": "structure", "hand_over": "break"}.get(action, action)
        if event not in self.events():
            result = Result(False, f"no event {event!r:.40}: the page was of another room")
        elif not sess.staff.may(may):
            result = Result(False, f"{sess.staff.role} staff may not {action}: ask the director")
        else:
            sess.event = event
            result = self._do(action, form, sess.staff.name, event)
        sess.flash.append((result.ok, result.text))
        self.hub.notify()
        return RedirectResponse(back, status_code=303)

    def _do(self, action: str, form: Any, by: str, event: str = MAIN) -> Result:
        c = self.ev(event)
        text = lambda key: str(form.get(key, "")).strip()  # noqa: E731
        if action in ("open_event", "hand_over"):
            return self._room_action(action, text, by)
        if action == "register":
            names = text("names").splitlines()
            return c.register(by, names, again=bool(text("again")), member=text("member"))
        if action in ("reentry", "rebuy"):
            body: dict[str, Any] = {"name": text("name")}
            if action == "reentry" and text("forfeit"):
                body["forfeit"] = True
            return c.act(by, {action: body})
        if action == "addon":
            return c.act(by, {"addon": {"entry": text("entry")}})
        if action == "end_day":
            return c.end_day(by)
        if action == "start_day":
            return c.start_day(by)
        if action == "bagged":  # a bag counted by hand: chips by colour (c_<value> fields)
            chips: dict[str, Any] = {}
            for key in form:
                if str(key).startswith("c_") and text(key):
                    try:
                        chips[str(key)[2:]] = int(text(key))
                    except ValueError:
                        return Result(False, f"{text(key)!r:.20} is not a number of chips")
            body = {"entry": text("entry"), "chips": chips, "by": by}
            if text("stack"):
                if not text("stack").isdigit():
                    return Result(False, f"the bag's total {text('stack')!r:.20} is not chips")
                body["stack"] = int(text("stack"))
            return c.act(by, {"bagged": body})
        if action == "knockout":  # who eliminated a player the table's report did not say
            return c.act(by, {"knockout": {"entry": text("entry"), "by": {text("by"): 1}}})
        if action == "start":
            return c.start(by)
        if action == "approve":
            return c.act(by, {"approve": {"id": text("id")}})
        if action == "break":
            return c.act(by, {"break": {"table": text("table")}})
        if action == "h4h":
            return c.hand_for_hand(by, text("op") == "start")
        if action == "release":
            return c.release(by, text("table"))
        if action == "manual":
            return self._manual(c, form, by)
        if action == "announce":
            if text("clear"):
                return c.take_down(by, text("clear"))
            tables = [str(t) for t in form.getlist("tables")]
            return c.announce(by, text("text"), text("minutes"), tables)
        if action == "clock":
            try:
                seconds = int(float(text("minutes") or 0) * 60)
            except ValueError:
                return Result(False, f"minutes: not a number: {text('minutes')!r:.20}")
            return c.clock_control(by, text("op"), seconds)
        if action == "preset":
            preset = c.presets.get(text("preset"))
            if preset is None:
                return Result(False, f"no preset {text('preset')!r:.40}")
            return c.set_structure(by, preset)
        if action == "deal":
            method = text("method")
            agreed = [str(a) for a in form.getlist("agreed")]
            ids = [str(i) for i in form.getlist("player")]
            # a computed method records the figures the page showed (refused if stale)
            key = "amount" if method == "custom" else method
            amounts = {i: text(f"{key}_{i}") for i in ids}
            return c.record_deal(by, method, text("held_back"), agreed, amounts)
        return c.set_structure(by, _edited_structure(c.structure_obj, form))


def _satellite(text: Callable[[str], str], presets: dict[str, Any]) -> dict[str, Any]:
    """The open-a-satellite form's setup: its tables (those without sensors), seats a table, the
    draw's seed, a preset structure, late registration (002 Rule 8-A)."""
    tables = [t for t in text("tables").replace(",", " ").split() if t]
    preset = presets.get(text("preset"))
    if preset is None:
        raise ValueError(f"no preset {text('preset')!r:.40}")
    setup: dict[str, Any] = {
        "tables": tables,
        "handed": _number(text("handed") or "9", "seats a table"),
        "seed": _number(text("seed") or "1", "seed"),
        "structure": preset,
    }
    manual = [t for t in text("manual").replace(",", " ").split() if t]
    if manual:  # tables without a Pi (tablectl.tournament.manual)
        setup["manual"] = manual
    if text("late_until_level"):
        setup["late_until_level"] = _number(text("late_until_level"), "late registration")
    return setup


def _number(text: str, what: str) -> int:
    try:
        return int(text.replace(",", "").replace(" ", ""))
    except ValueError:
        raise ValueError(f"{what}: not a whole number: {text!r:.20}") from None


def _manual_entry(form: Any, players: list[str]) -> dict[str, Any]:
    """The phone page's form as a manual entry (tablectl.tournament.manual); ValueError in one
    line for a figure that is not a number."""
    text = lambda key: str(form.get(key, "")).strip()  # noqa: E731
    op = text("op")
    if op == "hand":
        busts = []
        for name in form.getlist("out"):
            by = [b for b in (text(f"by:{name}"), text(f"by2:{name}")) if b]
            bust: dict[str, Any] = {"name": name, "by": dict.fromkeys(by, 1)}
            if text(f"place:{name}"):
                bust["place"] = _number(text(f"place:{name}"), f"{name}'s place")
            busts.append(bust)
        hand: dict[str, Any] = {"busts": busts}
        if text("button"):
            hand["button"] = _number(text("button"), "the button")
        return {"hand": hand}
    if op == "count":
        return {"count": {n: _number(text(f"count:{n}"), f"{n}'s chips") for n in players}}
    if op == "confirm":
        ids = [str(i) for i in form.getlist("id")]
        entry: dict[str, Any] = {"confirm": ids[0] if len(ids) == 1 else ids}
        for key in ("stack", "before"):
            if text(key):
                entry[key] = _number(text(key), "the chips counted")
        return entry
    if op == "refuse":
        return {"refuse": text("id"), "reason": text("reason")}
    raise ValueError(f"no manual entry {op!r:.20}")


def _edited_structure(current: dict[str, Any], form: Any) -> dict[str, Any]:
    """The editor's rows (kind, minutes, blinds, ante, big blind ante) over the current steps (a
    row keeps its title and colour-up); an empty minutes field drops the row. Whatever is wrong
    is left for the structure's own check to name (row and key)."""
    old = current.get("step", [])
    steps: list[dict[str, Any]] = []
    kinds, minutes = form.getlist("kind"), form.getlist("minutes")
    sbs, bbs, antes = form.getlist("sb"), form.getlist("bb"), form.getlist("ante")
    bb_ante = set(form.getlist("bb_ante"))

    def number(text: str) -> Any:
        try:
            value = float(text)
        except ValueError:
            return text  # refused by parse_structure with the row named
        return int(value) if value.is_integer() else value

    for i, m in enumerate(minutes):
        if not str(m).strip():
            continue
        base = dict(old[i]) if i < len(old) and isinstance(old[i], dict) else {}
        for key in ("blinds", "ante", "bb_ante", "kind"):
            base.pop(key, None)
        base["minutes"] = number(str(m))
        if i < len(kinds) and kinds[i] == "break":
            base["kind"] = "break"
        else:
            base["blinds"] = [number(str(sbs[i])), number(str(bbs[i]))]
            ante = number(str(antes[i])) if i < len(antes) and str(antes[i]).strip() else 0
            if ante:
                base["ante"] = ante
                base["bb_ante"] = str(i) in bb_ante
        steps.append(base)
    name = str(form.get("name") or "").strip() or str(current.get("name", "edited"))
    return {**current, "name": name, "step": steps}


def _find(tables: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    return next((t for t in tables if t["name"] == name), None)


def _token_of(ws: WebSocket) -> str | None:
    return ws.cookies.get(COOKIE)


def _safe_next(target: str | None) -> str:
    """Only a path on this site (never //host or a scheme): no open redirect."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


def _same_origin(request: Request | WebSocket) -> bool:
    """A POST's or a WebSocket's Origin (or Referer) must be this site's, when the browser
    sends one (browsers always send Origin on a WebSocket)."""
    origin = request.headers.get("origin") or request.headers.get("referer")
    if not origin or origin == "null":
        return origin != "null"
    return urlsplit(origin).netloc == request.headers.get("host", "")


def _csrf_ok(request: Request, form: Any, sess: Session) -> bool:
    return _same_origin(request) and hmac.compare_digest(str(form.get("csrf", "")), sess.csrf)
