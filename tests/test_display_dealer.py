"""The dealer screen, rendered headless: what the frame shows, checked on its pixels."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from display_checks import shown

from display import examples, theme
from display.dealer import DealerScreen, alert_title, display_key, ordinal, render_view
from display.layout import Layout
from display.probe import color_share, text_visible
from tablectl.engine.outputs import Alert
from tablectl.engine.view import ClockView

SIZES = [(800, 480), (1920, 1080)]


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("size", SIZES)
def test_normal_action_shows_turn_call_raise_and_the_ring(size: tuple[int, int]) -> None:
    surface, screen = render_view(examples.normal_action(), size)
    shown(screen, surface, "SEAT 7  Gus", "to_act")
    assert shown(screen, surface, "1,800", "to_call").color == theme.TEXT
    shown(screen, surface, "3,600", "min_raise")
    owes = shown(screen, surface, "OWES 300", "owes")
    assert owes.color == theme.OWES and owes.size >= Layout(size).px(28)  # large type
    shown(screen, surface, "POT 4,200", "pot_total")
    shown(screen, surface, "FLOP", "street")
    for rank in ("K", "9", "4"):
        shown(screen, surface, rank, "board")
    shown(screen, surface, "300/600  ante 600 (BB)", "blinds")
    shown(screen, surface, "12:34", "level_time")
    shown(screen, surface, "HAND 57", "hand")
    # seat ring: every seat's number, name and stack; markers on the right seats
    for seat in examples.normal_action().seats:
        shown(screen, surface, str(seat.seat), f"seat{seat.seat}")
        shown(screen, surface, seat.player, f"name{seat.seat}")
    shown(screen, surface, "22,900", "stack7")
    shown(screen, surface, "D", "marker3")
    shown(screen, surface, "SB", "marker4")
    shown(screen, surface, "BB", "marker5")
    shown(screen, surface, "BET 1,500", "bet4")
    for seat in (1, 2, 3, 5, 6, 8):
        shown(screen, surface, "FOLDED", f"status{seat}")
    shown(screen, surface, "OUT - 10th", "status10")
    # the seat in turn is framed in the turn colour; the others are not
    lay = screen.layout
    ring = screen.seat_rects[7].inflate(lay.px(4), lay.px(4))
    top_edge = pygame.Rect(ring.left + lay.px(12), ring.top, ring.width - lay.px(24), lay.px(3))
    assert color_share(surface, top_edge, theme.SEAT_TURN, 8) > 0.9
    other = screen.seat_rects[9].inflate(lay.px(4), lay.px(4))
    other_edge = pygame.Rect(
        other.left + lay.px(12), other.top, other.width - lay.px(24), lay.px(3)
    )
    assert color_share(surface, other_edge, theme.SEAT_TURN, 8) == 0.0
    # no alerts: the alert panel says so, and has no alert red
    shown(screen, surface, "No alerts", "no_alerts")


@pytest.mark.parametrize("size", SIZES)
def test_out_of_turn_alert_shows_kind_seat_rule_and_remedy(size: tuple[int, int]) -> None:
    view = examples.out_of_turn()
    surface, screen = render_view(view, size)
    title = shown(screen, surface, "OUT OF TURN - SEAT 9", "alert_title")
    rule = shown(screen, surface, "002 Rule 42-A", "alert_rule")
    assert rule.color == theme.GOLD
    remedy = " ".join(t.text for t in screen.painter.texts if t.tag == "alert_text")
    assert remedy.startswith("Seat 9 acted out of turn: seat 7 is to act.")
    for t in screen.painter.texts:
        if t.tag == "alert_text":
            assert text_visible(surface, t) == 1.0
    # shape as well as colour: a warning triangle left of the title, the panel in alert red
    icon = pygame.Rect(
        title.rect.left - screen.layout.px(26),
        title.rect.top,
        screen.layout.px(22),
        title.rect.height,
    )
    assert color_share(surface, icon, theme.GOLD) > 0.2
    # the panel's red border: 10 + 22 + 6 design pixels left of the title
    panel_edge = pygame.Rect(
        title.rect.left - screen.layout.px(38),
        title.rect.top,
        screen.layout.px(2),
        title.rect.height,
    )
    assert color_share(surface, panel_edge, theme.ALERT, 10) > 0.5
    # the seat that acted is outlined in alert red
    box = screen.seat_rects[9].inflate(screen.layout.px(10), screen.layout.px(10))
    left_edge = pygame.Rect(box.left, box.centery - 5, screen.layout.px(3), 10)
    assert color_share(surface, left_edge, theme.ALERT, 10) > 0.5
    shown(screen, surface, "BET 1,800", "bet9")


@pytest.mark.parametrize("size", SIZES)
def test_misdeal_lists_every_alert(size: tuple[int, int]) -> None:
    surface, screen = render_view(examples.misdeal(), size)
    shown(screen, surface, "MISDEAL - SEAT 6", "alert_title")
    titles = [t.text for t in screen.painter.texts if t.tag == "alert_title"]
    assert "EXPOSED CARD - SEAT 6" in titles or "EXPOSED CARD" in titles  # one line or two
    shown(screen, surface, "ALERTS (2)", "label")
    shown(screen, surface, "MORE: TAP", "more")  # the rest in full one tap away (issue 25)
    shown(screen, surface, "Q", "shown6")  # the exposed card is on the seat
    shown(screen, surface, "PRE-FLOP", "street")


@pytest.mark.parametrize("size", SIZES)
def test_side_pots_at_showdown(size: tuple[int, int]) -> None:
    surface, screen = render_view(examples.side_pots_showdown(), size)
    shown(screen, surface, "POTS 36,800", "pot_total")
    shown(screen, surface, "Main 19,200  seats 1 2 4 7", "pot")
    shown(screen, surface, "Side 1 12,600  seats 1 2 7", "pot")
    shown(screen, surface, "Side 2 5,000  seats 2 7", "pot")
    ret = shown(screen, surface, "RETURN 400", "returned")
    assert ret.color == theme.RETURNED
    shown(screen, surface, "SHOWDOWN", "street")
    for seat in (1, 2, 4):
        shown(screen, surface, "ALL-IN", f"status{seat}")
    assert [t.text for t in screen.painter.texts if t.tag == "shown1"] == ["A", "K"]
    assert [t.text for t in screen.painter.texts if t.tag == "shown7"] == ["J", "10"]
    # places of the eliminated: the first out finishes last
    shown(screen, surface, "OUT - 10th", "status10")
    shown(screen, surface, "OUT - 6th", "status6")


def test_clock_countdown_turns_urgent() -> None:
    view = examples.on_the_clock()
    surface, screen = render_view(view, (800, 480))
    shown(screen, surface, "CLOCK - SEAT 7", "clock_seat")
    assert shown(screen, surface, "0:08", "clock_time").color == theme.ALERT
    shown(screen, surface, "act now: 002 Rule 29", "clock_rule")
    calm = replace(view, clock=ClockView(7, 24.2))
    surface, screen = render_view(calm, (800, 480))
    assert shown(screen, surface, "0:25", "clock_time").color == theme.TEXT


@pytest.mark.parametrize(
    ("status", "word"),
    [
        ("folded", "FOLDED"),
        ("all-in", "ALL-IN"),
        ("absent", "AWAY"),
        ("penalty", "PENALTY"),
        ("dead", "DEAD HAND"),
        ("out", "OUT"),
        ("empty", "empty"),
    ],
)
def test_every_seat_state_has_a_word(status: str, word: str) -> None:
    """Colour is never the only signal: each state is written on the seat."""
    view = examples.normal_action()
    seats = tuple(replace(s, status=status) if s.seat == 2 else s for s in view.seats)
    surface, screen = render_view(replace(view, seats=seats, eliminated=()), (800, 480))
    shown(screen, surface, word, "status2")


def test_render_draws_only_on_change() -> None:
    surface = pygame.Surface((800, 480))
    screen = DealerScreen(surface)
    view = examples.on_the_clock()
    assert screen.render(view) is True
    before = pygame.image.tobytes(surface, "RGB")
    assert screen.render(view) is False
    # the clock moves within the same whole second: nothing to draw, the frame is untouched
    assert screen.render(replace(view, clock=ClockView(7, 7.4))) is False
    assert pygame.image.tobytes(surface, "RGB") == before
    assert screen.frames == 1
    assert screen.render(replace(view, clock=ClockView(7, 6.9))) is True
    with_alert = replace(view, alerts=(Alert("string_bet", "002 Rule 56", "Two motions.", 4),))
    assert screen.render(with_alert) is True
    shown(screen, surface, "STRING BET - SEAT 4", "alert_title")
    assert screen.render(with_alert) is False
    screen.invalidate()
    assert screen.render(with_alert) is True
    assert display_key(view) == display_key(replace(view, clock=ClockView(7, 7.01)))


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (1920, 1080), (1280, 1024)])
def test_one_layout_scales_without_overlaps(size: tuple[int, int]) -> None:
    surface, screen = render_view(examples.side_pots_showdown(), size)
    rects = list(screen.seat_rects.values())
    for i, a in enumerate(rects):
        assert surface.get_rect().contains(a)
        assert not a.colliderect(screen.center_rect)
        for b in rects[i + 1 :]:
            assert not a.colliderect(b)
    for t in screen.painter.texts:
        assert surface.get_rect().contains(t.rect), t
    # every seat text stays inside its own box
    for t in screen.painter.texts:
        for prefix in ("name", "stack", "status", "bet"):
            if t.tag.startswith(prefix) and t.tag[len(prefix) :].isdigit():
                assert screen.seat_rects[int(t.tag[len(prefix) :])].contains(t.rect), t
    for t in screen.painter.texts:
        if t.tag in ("pot", "pot_total", "street"):
            assert all(not t.rect.colliderect(r) for r in rects), t


def test_small_screens_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="smaller than 320x240"):
        DealerScreen(pygame.Surface((200, 100)))


def test_words() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]
    assert alert_title(Alert("fouled_deck", "002 Rule 36-E", "x")) == "FOULED DECK"


SHARED = Path(__file__).resolve().parents[2] / "shared/scenarios/side_pot_short_big_blind.jsonl"


@pytest.mark.skipif(not SHARED.exists(), reason="shared scenarios not present")
def test_engine_view_of_a_side_pot_scenario_renders() -> None:
    engine = pytest.importorskip("tablectl.engine.table")
    from tablectl.engine.events import parse_line

    table = None
    for lineno, line in enumerate(SHARED.read_text().splitlines(), 1):
        parsed = parse_line(line, lineno)
        if parsed.event is None:
            continue
        if table is None:
            table = engine.Table.from_setup(parsed.event.body)
            continue
        table.apply(parsed.event)
        if parsed.event.kind == "fold":
            break  # 001 "Side Pots": main 275 for seats 1 3 4, side 50 for seats 1 4
    assert table is not None
    surface, screen = render_view(table.view(), (800, 480))
    shown(screen, surface, "Main 275  seats 1 3 4", "pot")
    shown(screen, surface, "Side 1 50  seats 1 4", "pot")


@pytest.mark.parametrize("size", SIZES)
def test_odd_chips_carried_to_the_next_pot_show_when_the_hand_is_over(
    size: tuple[int, int],
) -> None:
    """003 Ties 3 (``odd_chip`` "carry"): the engine's view of the home scenario's split hand,
    over with one 25 chip left in the pot, shows the line under the board, clear of the seats."""
    engine = pytest.importorskip("tablectl.engine.table")
    from tablectl.engine.events import parse_line

    path = Path(__file__).parent / "scenarios" / "showdown_home_odd_chip_carried.jsonl"
    table = None
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        event = parse_line(line, lineno).event
        if event is None:
            continue
        if table is None:
            table = engine.Table.from_setup(event.body)
        elif table.street == "over":
            break  # the first hand is over: the chip waits for the next pot
        else:
            table.apply(event)
    assert table is not None and table.view().carried == 25
    surface, screen = render_view(table.view(), size)
    line = shown(screen, surface, "1 chip (25) carried to the next pot", "carried")
    assert all(not line.rect.colliderect(r) for r in screen.seat_rects.values())
    surface, screen = render_view(replace(table.view(), carried=0), size)
    assert not [t for t in screen.painter.texts if t.tag == "carried"]


def test_the_probe_notices_text_drawn_over() -> None:
    """The pixel check the other tests rely on fails when something covers the text."""
    surface, screen = render_view(examples.normal_action(), (800, 480))
    call = shown(screen, surface, "1,800", "to_call")
    half = call.rect.copy()
    half.width //= 2
    pygame.draw.rect(surface, theme.PANEL, half)
    assert 0.2 < text_visible(surface, call) < 0.9
    pygame.draw.rect(surface, theme.PANEL, call.rect)
    assert text_visible(surface, call) == 0.0


# --- any view the engine could produce renders, with every text on screen ------------------------

from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tablectl.engine.outputs import Ruling  # noqa: E402
from tablectl.engine.view import SEAT_STATUSES, LevelView, PotView, SeatView, TableView  # noqa: E402

CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"] + ["??"]
amounts = st.integers(0, 2_000_000_000)
seats_st = st.tuples(
    *[
        st.builds(
            SeatView,
            seat=st.just(n),
            player=st.text(max_size=40),
            stack=amounts,
            bet=amounts,
            status=st.sampled_from(SEAT_STATUSES),
            button=st.booleans(),
            sb=st.booleans(),
            bb=st.booleans(),
            in_turn=st.booleans(),
            shown=st.lists(st.sampled_from(CARDS), max_size=4).map(tuple),
            hidden=st.integers(0, 4),
        )
        for n in range(1, 11)
    ]
)
views = st.builds(
    TableView,
    profile=st.text(max_size=30),
    hand_no=st.integers(0, 10**6),
    street=st.sampled_from(
        ["idle", "preflop", "flop", "turn", "river", "showdown", "over", "weird"]
    ),
    board=st.lists(st.sampled_from(CARDS), max_size=5).map(tuple),
    seats=seats_st,
    pots=st.lists(
        st.builds(
            PotView, amount=amounts, seats=st.lists(st.integers(1, 10), max_size=10).map(tuple)
        ),
        max_size=9,
    ).map(tuple),
    to_act=st.one_of(st.none(), st.integers(1, 10)),
    to_call=amounts,
    min_raise_to=st.one_of(st.none(), amounts),
    can_raise=st.booleans(),
    last=st.one_of(
        st.none(),
        st.builds(
            Ruling,
            seat=st.integers(1, 10),
            action=st.sampled_from(["fold", "check", "call", "bet", "raise", "all-in"]),
            to=amounts,
            owes=amounts,
            returned=amounts,
            rule=st.text(max_size=20),
            text=st.text(max_size=200),
        ),
    ),
    alerts=st.lists(
        st.builds(
            Alert,
            kind=st.sampled_from(["out_of_turn", "misdeal", "chips_unknown"]),
            rule=st.text(max_size=20),
            text=st.text(max_size=300),
            seat=st.one_of(st.none(), st.integers(1, 10)),
        ),
        max_size=12,
    ).map(tuple),
    clock=st.one_of(
        st.none(), st.builds(ClockView, seat=st.integers(1, 10), seconds_left=st.floats(0, 10_000))
    ),
    level=st.one_of(
        st.none(),
        st.builds(
            LevelView,
            number=st.integers(1, 99),
            small_blind=amounts,
            big_blind=amounts,
            ante=amounts,
            bb_ante=st.booleans(),
            seconds_left=st.one_of(st.none(), st.floats(0, 10**6)),
            on_break=st.booleans(),
            paused=st.booleans(),
        ),
    ),
    eliminated=st.lists(st.integers(1, 10), max_size=10, unique=True).map(tuple),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(view=views, size=st.sampled_from([(800, 480), (1920, 1080)]))
@example(
    view=replace(
        examples.normal_action(),
        seats=tuple(
            replace(s, player="\x00\U000e0d03 tab\there", shown=("2c", "3c", "4c"), hidden=4)
            for s in examples.normal_action().seats
        ),
    ),
    size=(800, 480),
)
def test_any_view_renders_on_screen(view: TableView, size: tuple[int, int]) -> None:
    pygame.font.init()
    surface, screen = render_view(view, size)
    bounds = surface.get_rect()
    for t in screen.painter.texts:
        assert bounds.contains(t.rect), t


@pytest.mark.parametrize("size", SIZES)
def test_countdowns_redraw_alone_and_match_a_full_redraw(size: tuple[int, int]) -> None:
    surface = pygame.Surface(size)
    screen = DealerScreen(surface)
    view = examples.on_the_clock()  # level 12:34 left, seat 7 on the clock with 0:08
    assert screen.render(view) and screen.dirty is None
    assert view.level is not None
    later = replace(view, clock=ClockView(7, 6.5), level=replace(view.level, seconds_left=752.5))
    assert screen.render(later) is True
    assert screen.dirty is not None and len(screen.dirty) == 2 and screen.fast_frames == 1
    full, full_screen = render_view(later, size)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(full, "RGB")
    shown(screen, surface, "12:33", "level_time")
    shown(screen, surface, "0:07", "clock_time")
    assert sorted(t.text for t in screen.painter.texts) == sorted(
        t.text for t in full_screen.painter.texts
    )
    # the clock is taken off: the whole frame changes
    assert screen.render(replace(later, clock=None)) and screen.dirty is None
    assert not screen.painter.find("CLOCK - SEAT 7")


def test_a_pile_of_combining_marks_stays_on_its_line() -> None:
    """Hypothesis found it: eight combining marks on one letter drew a glyph 77 px tall, out of
    the frame. One mark per letter is kept (é, ñ, ạ still draw)."""
    from display.layout import printable

    assert printable("0" + "\u0323\u0329\u0329\u0329\u0339\u0339\u0339\u0300") == "0\u0323"
    assert printable("Ren\u0303e\u0301") == "Ren\u0303e\u0301"
    assert printable("Ann") == "Ann"
