"""Rulings cite the rule that was applied (issue 11, item 12): under wfp, roberts and home no alert
or ruling cites a 002 rule where the citation table (tablectl/engine/citations.py) names the
profile's own rule for it. Every scenario is replayed under every profile, its setup's ``rules``
swapped; the expectations are not checked (they are the original profile's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scenario_files import every

from tablectl.engine.citations import RULES, books, cite, option
from tablectl.engine.events import ScenarioError, parse_line
from tablectl.engine.outputs import Alert, Ruling
from tablectl.engine.profiles import PROFILES, profile_for
from tablectl.engine.table import Table

OTHERS = ("wfp", "roberts", "home")


def _citations(path: Path, rules: str) -> list[tuple[str, str]]:
    """(where, rule) of every alert and ruling replaying ``path`` under profile ``rules``."""
    table: Table | None = None
    found = []
    for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if text.startswith('{"setup"'):
            setup = json.loads(text)
            setup["setup"]["rules"] = rules
            text = json.dumps(setup)
        try:
            event = parse_line(text, n).event
        except ScenarioError:
            continue  # a file that tests refusals: nothing to cite
        if event is None:
            continue
        if event.kind == "setup":
            table = Table(event.body)
            continue
        if table is None:
            continue
        for o in table.apply(event):
            if isinstance(o, (Alert, Ruling)):
                found.append((f"{path.name}:{n}", o.rule))
    return found


def _own_rule_instead(profile_name: str, rule: str) -> str | None:
    """The profile's own citation where ``rule`` is a 002 citation the table replaces for it;
    None when some topic citing ``rule`` keeps it for this profile (or none lists it)."""
    profile = PROFILES[profile_name]
    topics = [t for t, entry in RULES.items() if entry.get("002") == rule]
    mine = {cite(profile, t) for t in topics}
    if not topics or rule in mine:
        return None
    return ", ".join(sorted(mine))


@pytest.mark.parametrize("name", OTHERS)
def test_no_002_citation_where_the_profile_has_its_own(name: str) -> None:
    wrong = []
    cited = 0
    for path in every():
        for where, rule in _citations(path, name):
            cited += 1
            own = _own_rule_instead(name, rule)
            if own is not None:
                wrong.append(f"{where}: {rule} (should be {own})")
    assert cited > 100  # the replays did rule something
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize("name", OTHERS)
def test_profiles_cite_their_own_rulebook_where_it_applies(name: str) -> None:
    # Each profile's own rules do show up in the replays (the check above can fail).
    own = PROFILES[name].rulebook
    seen = {rule for path in every() for _, rule in _citations(path, name)}
    assert any(r.startswith(own) for r in seen), sorted(seen)


def test_citation_lookup() -> None:
    wfp, roberts, home, tda = (PROFILES[n] for n in ("wfp", "roberts", "home", "tda-2025"))
    assert books(wfp)[:2] == ("001", "000") and books(roberts)[0] == "004"
    assert cite(wfp, "string_bet") == "001 String Bet"
    assert cite(roberts, "string_bet") == "004 Betting and Raising 14"
    assert cite(home, "string_bet") == "003 Betting and Raising 6"
    assert cite(tda, "string_bet") == "002 Rule 56"
    # a topic the profile's rulebook has nothing on: the house default 002
    assert cite(roberts, "raise_total") == "002 Rule 48-B"
    # an option overridden to another rulebook's value cites that rulebook's rule
    assert (
        option(profile_for("tda-2025", {"undercall": "make_correct"}), "undercall")
        == "004 Betting and Raising 13"
    )
    assert option(profile_for("wfp", {"undercall": "tda_44b"}), "undercall") == "002 Rule 44-B"
    assert (
        option(profile_for("roberts", {"roberts_edition": "000"}), "oot_check")
        == "000 Betting & Raising 7"
    )
    assert option(home, "oot_check") == "003 Betting and Raising 9"
