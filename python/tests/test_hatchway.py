"""The Python package against the command: the same documents on every
shipped board and item set, a forward model that reaches every outcome of
desperate-times at its cost, and chance nodes with plan's odds.

The command is the release build of this checkout (``cargo build
--release``), or the one ``HATCHWAY`` names.
"""

import json
import os
import pathlib
import subprocess
import sys

import pytest

import hatchway

ROOT = pathlib.Path(__file__).resolve().parents[2]
BOARDS = sorted(
    p for p in (ROOT / "boards").iterdir() if p.suffix in (".board", ".json", ".yaml")
)
ITEM_SETS = [[], ["grog"], ["aqualung"], ["fire_extinguisher"], ["grog", "aqualung", "fire_extinguisher"]]


def command():
    path = pathlib.Path(os.environ.get("HATCHWAY", ROOT / "target" / "release" / "hatchway"))
    if not path.exists():
        pytest.fail(f"{path} is missing: run `cargo build --release` first, or set HATCHWAY")
    return str(path)


def run(*args):
    done = subprocess.run([command(), *args], cwd=ROOT, capture_output=True, text=True)
    return done.returncode, done.stdout


@pytest.mark.parametrize("board", BOARDS, ids=lambda p: p.name)
def test_paths_equals_the_command_on_every_board_and_item_set(board):
    compared = 0
    for items in ITEM_SETS:
        args = ["paths", str(board), "--format", "json"]
        if items:
            args += ["--with", ",".join(items)]
        code, out = run(*args)
        try:
            turn = hatchway.Turn(str(board), items=items)
        except hatchway.HatchwayError as e:
            # Rules without the item: the command refuses it too.
            assert code == 1, e.message
            assert "unknown item" in e.message
            continue
        assert code == 0
        assert turn.paths() == json.loads(out)
        compared += 1
    assert compared >= 1


def test_plan_and_replay_equal_the_command():
    turn = hatchway.Turn("boards/desperate-times.board", items=["grog"])
    code, out = run("plan", "boards/desperate-times.board", "--with", "grog", "--format", "json")
    assert code == 0 and turn.plan() == json.loads(out)
    code, out = run("plan", "boards/desperate-times.board", "--with", "grog",
                    "--action", "extinguish_fire", "--at", "1", "--format", "json")
    assert code == 0 and turn.plan("extinguish_fire", "1") == json.loads(out)
    code, out = run("replay", "boards/desperate-times.board", "--with", "grog", "--format", "json")
    assert code == 0 and turn.replay() == json.loads(out)


@pytest.mark.parametrize("items", [[], ["grog"], ["aqualung"]])
def test_walking_every_outcome_reaches_it_at_its_cost(items):
    turn = hatchway.Turn("desperate-times", items=items)
    outcomes = turn.paths()["outcomes"]
    assert len(outcomes) > 10
    for outcome in outcomes:
        ship = turn.start()
        for action in outcome["actions"]:
            offered = {s["step"]: s for s in ship.next_steps()}
            step = hatchway._written(action)
            # The next steps offer every step of a path, at its cost.
            assert offered[step]["allowed"] and offered[step]["cost"] == action["cost"]
            ship = ship.apply(action)
        assert ship.room == outcome["final_room"]
        assert ship.minutes == outcome["cost"]
        assert ship.rooms == outcome["rooms"]
        verdict = ship.verdict()
        assert verdict["fatal"] == outcome["fatal"]
        assert verdict.get("survival") == outcome.get("survival")


def test_a_fix_it_roll_is_a_chance_node_with_plans_odds():
    turn = hatchway.Turn("desperate-times", items=["grog"])
    outcomes = turn.paths()["outcomes"]
    checked = 0
    for choice in turn.plan()["choices"]:
        action, at = choice["action"], choice["at"]
        for plan in turn.plan(action, at)["plans"]:
            ship = turn.start()
            for step in plan["moves"]:
                ship = ship.apply(step)
            assert ship.minutes == outcomes[plan["outcome"] - 1]["cost"]
            hatch = None
            if "hatch" in plan:
                hatch = next(r for r in plan["hatch"] if r != ship.room)
            for odds in plan["odds"]:
                nodes = ship.roll(action, odds["minutes"], hatch)
                assert sum(n["probability"] for n in nodes) == pytest.approx(1.0)
                assert sorted(f for n in nodes for f in n["faces"]) == list(range(1, 11))
                won = [n for n in nodes if n["success"]]
                lost = [n for n in nodes if not n["success"]]
                assert (won[0]["probability"] if won else 0.0) == pytest.approx(odds["probability"])
                if won:
                    assert won[0]["ship"].minutes == odds["total"]
                if lost:
                    assert lost[0]["ship"].minutes == odds["total_if_failed"]
                    assert lost[0]["ship"].room == plan["if_failed"]["room"]
                    assert lost[0]["ship"].ended
                checked += 1
    assert checked >= 50


def test_problems_are_errors_with_their_diagnostics():
    with pytest.raises(hatchway.HatchwayError) as bad:
        hatchway.Turn(text="board x\nroom 1\nroom 2\nhatch 1-3\nstart 1\n")
    assert bad.value.message == "unknown room `3`"
    assert bad.value.diagnostics[0]["code"] == "hatchway::unknown_room"
    assert bad.value.diagnostics[0]["line"] == 4
    # A file's diagnostics are those `check --format json` gives.
    path = ROOT / "tests" / "invalid" / "unknown-room-state.board"
    with pytest.raises(hatchway.HatchwayError) as from_file:
        hatchway.Turn(str(path))
    code, out = run("check", str(path), "--format", "json")
    assert code == 1
    assert from_file.value.diagnostics == json.loads(out)["files"][0]["diagnostics"]
    ship = hatchway.Turn("desperate-times").start()
    refused = [s for s in ship.next_steps() if not s["allowed"]]
    with pytest.raises(hatchway.HatchwayError) as no_hatch:
        ship.apply("move 1")
    assert no_hatch.value.message.startswith("no hatch joins room 7")
    for step in refused:
        with pytest.raises(hatchway.HatchwayError) as why:
            ship.apply(step)
        assert why.value.message == step["reason"]
    with pytest.raises(hatchway.HatchwayError, match="unknown item `beer`"):
        hatchway.Turn("desperate-times", items=["beer"])


def test_a_board_and_rules_from_strings():
    text = (ROOT / "boards" / "open-mini.board").read_text()
    rules = (ROOT / "boards" / "red-november.rules").read_text()
    turn = hatchway.Turn(text=text, name="open-mini", rules_text=rules)
    code, out = run("paths", "boards/open-mini.board", "--rules", "boards/red-november.rules",
                    "--format", "json")
    assert code == 0
    ours, theirs = turn.paths(), json.loads(out)
    assert ours["outcomes"] == theirs["outcomes"]
    assert "red-november" in hatchway.builtin_rules()


def test_the_examples_of_the_docstrings_run():
    import doctest

    failed, tried = doctest.testmod(hatchway)
    assert tried > 0 and failed == 0


def test_the_greedy_example_runs():
    done = subprocess.run(
        [sys.executable, str(ROOT / "python" / "examples" / "greedy.py"), "desperate-times", "3"],
        capture_output=True, text=True, check=True)
    assert "exact:  open 5-7, move 5, open 4-5, move 4, open 3-4, move 3" in done.stdout
