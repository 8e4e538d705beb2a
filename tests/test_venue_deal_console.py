"""The deal through the director's console (no browser): the figures shown, the deal recorded
with who entered it and who agreed, journaled and back after a restart, the payouts the deal's."""

from __future__ import annotations

from pathlib import Path

from venue_money import open_console, seat_report, three_left


def test_the_console_shows_the_figures_and_records_the_deal_in_its_log(tmp_path: Path) -> None:
    journal = tmp_path / "venue.jsonl"
    c = three_left(journal)
    view = c.deal_view("100")
    assert view["why"] == "" and view["held_back"] == 100.0
    assert view["prizes"] == [400.0, 300.0, 200.0] and view["total"] == 900.0
    assert [p["stack"] for p in view["players"]] == [50_000, 30_000, 20_000]
    assert sum(p["icm"] for p in view["players"]) == 900.0
    assert sum(p["chip_chop"] for p in view["players"]) == 900.0
    assert all(p["icm"] % 5 == 0 for p in view["players"])  # setup money_unit = 5
    ids = [p["id"] for p in view["players"]]

    refused = c.record_deal("Dana", "icm", "100", ids[:2], {})
    assert not refused.ok and "not agreed by" in refused.text
    shown = {p["id"]: str(p["icm"]) for p in view["players"]}
    done = c.record_deal("Dana", "icm", "100", ids, shown)
    assert done.ok, done.text
    row = c.log[0]
    assert row["by"] == "Dana" and row["ok"]
    assert row["what"] == f"recorded a deal (icm), agreed by {', '.join(ids)}"
    assert (
        "agreed by " + ", ".join(c.venue.entries[i].name for i in ids) in row["text"]
        and "$100.00 played for" in row["text"]
    )
    made = c.deal_view()["deal"]
    assert made["agreed"] == ", ".join(c.venue.entries[i].name for i in ids)
    assert {p["id"]: p["amount"] for p in made["players"]} == {
        k: float(v) for k, v in shown.items()
    }
    c.close()

    again = open_console(journal)  # a restart replays the deal, who entered it included
    assert again.venue.deal == c.venue.deal
    assert any(r["by"] == "Dana" and r["what"].startswith("recorded a deal") for r in again.log)
    again.close()


def test_figures_shown_before_a_hand_was_played_are_refused(tmp_path: Path) -> None:
    c = three_left(tmp_path / "venue.jsonl")
    view = c.deal_view()
    shown = {p["id"]: str(p["chip_chop"]) for p in view["players"]}
    c.runner.apply({"report": seat_report(c, 2, {1: 45_000, 2: 35_000, 3: 20_000})})
    r = c.record_deal("Dana", "chip_chop", "0", list(shown), shown)
    assert not r.ok and "show the figures again" in r.text
    assert c.venue.deal is None
    c.close()


def test_no_deal_is_offered_before_the_final_table(tmp_path: Path) -> None:
    c = open_console(tmp_path / "venue.jsonl")
    assert c.deal_view()["why"] == "a deal is made at the final table, while it plays"
    c.close()
