"""Junk actions: any text a file may hold and any Action built in code with
fields of any type are refused with one ``IllegalAction`` (or, for the
parser, ``ActionSyntaxError``) before anything changes (issue 13, items 1
and 5)."""

import json
import os
import subprocess
import sys

import pytest

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Action, ActionSyntaxError, Game, GameConfig, IllegalAction, parse_action
from retrocatan.engine import actions as A
from retrocatan.engine.replay import record, verify
from retrocatan.engine.rng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Characters str.isdigit() takes that int() refuses, and digits int() takes that are not ASCII.
ODD_DIGITS = ["²", "³", "①", "⑫", "١", "１２", "𝟑", "߃"]


@pytest.mark.parametrize("odd", ODD_DIGITS)
@pytest.mark.parametrize("form", ["S{}", "R{}", "C{}", "S1{}", "rob {}", "rob 3 p{}", "confirm p{}",
                                  "trade {}W G", "offer W:G p{}"])
def test_only_ascii_digits_are_digits(form, odd):
    with pytest.raises(ActionSyntaxError):
        parse_action(form.format(odd))


def test_text_fuzz_raises_only_the_syntax_error():
    # Random short texts from a pool of action words, digits of every kind and
    # odd characters: each parses to an action whose text round-trips, or is
    # refused with ActionSyntaxError and nothing else.
    rng = Rng(13)
    pool = (["S", "R", "C", "rob", "trade", "offer", "counter", "confirm", "mono", "inv", "discard",
             "p", ":", " ", "1", "2", "4", "12", "W", "B", "G", "C", "S", "x", "-", "\t", "\x00", "ß",
             "é", "İ", "\u200b", "\ud800", "9" * 8] + ODD_DIGITS)
    parsed = 0
    for _ in range(20000):
        text = "".join(pool[rng.below(len(pool))] for _ in range(1 + rng.below(6)))
        try:
            act = parse_action(text)
        except ActionSyntaxError:
            continue
        parsed += 1
        assert parse_action(str(act)) == act
        assert A.check_shape(act) is act
    assert parsed > 20   # the fuzz reaches real actions too


def test_a_replay_with_odd_digits_is_refused_in_one_line(tmp_path):
    game = Game(GameConfig(players=3, seed=5))
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    rec = record(game)
    rec["actions"][2] = "S²"
    rec["hashes"] = rec["hashes"][:2]
    rec.pop("final_hash")
    verdict = verify(rec)
    assert not verdict.ok and verdict.step == 3 and "refused" in verdict.message
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(rec))
    env = dict(os.environ, PYTHONPATH=ROOT)
    out = subprocess.run([sys.executable, "-m", "retrocatan", "replay", str(path), "--verify"],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert "step 3" in out.stderr


class _EqualsEverything:
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


class _RaisesOnEq:
    def __eq__(self, other):
        raise RuntimeError("compared")

    __hash__ = object.__hash__


class _Int(int):
    pass


class _LyingAction(Action):
    def __eq__(self, other):
        return True

    __hash__ = Action.__hash__


JUNK_VALUES = [None, True, False, 0.0, 5.0, 2.0, -0.0, float("nan"), float("inf"), "5", "W", "", b"5",
               10**30, -10**30, -2, 1_000_000, [5], (5,), {}, {"a": 1}, (1, 0, 0, 0), (1, 0, 0, 0, 0, 0),
               (1.0, 0, 0, 0, 0), (True, 0, 0, 0, 0), (100, 0, 0, 0, 0), (-1, 0, 0, 0, 0), [1, 0, 0, 0, 0],
               ((1,), 0, 0, 0, 0), _Int(3), _EqualsEverything(), _RaisesOnEq(), object(), Action("roll")]
KINDS = [A.ROLL, A.END, A.SETTLE, A.ROAD, A.CITY, A.BUY, A.KNIGHT, A.ROAD_BUILDING, A.MONOPOLY, A.INVENTION,
         A.ROBBER, A.DISCARD, A.TRADE, A.OFFER, A.ACCEPT, A.DECLINE, A.COUNTER, A.CONFIRM, A.CANCEL, A.PASS]


def _mistyped(act: Action, rng: Rng) -> Action:
    """A legal action with one field made junk: a float or bool of the same
    value, a field where none belongs, or any junk value."""
    fields = list(act)
    i = 1 + rng.below(3)
    v = fields[i]
    if type(v) is int and rng.below(2):
        fields[i] = float(v) if rng.below(2) else bool(v)
    elif type(v) is tuple and rng.below(2):
        fields[i] = list(v) if rng.below(2) else tuple(float(x) for x in v)
    else:
        fields[i] = JUNK_VALUES[rng.below(len(JUNK_VALUES))]
        if fields[i] is None and v is None:
            fields[i] = 5.0
    return Action(*fields)


def _junk(game: Game, rng: Rng):
    roll = rng.below(10)
    legal = game.legal_actions()
    if roll < 5 and legal:
        return _mistyped(legal[rng.below(len(legal))], rng)
    if roll == 5:
        return _LyingAction("settle", JUNK_VALUES[rng.below(len(JUNK_VALUES))])
    if roll == 6:
        kind = JUNK_VALUES[rng.below(len(JUNK_VALUES))]
        return Action(kind, 1, 2, 3)
    if roll == 7:   # not an Action at all (an Action inside a list)
        value = JUNK_VALUES[rng.below(len(JUNK_VALUES))]
        return [value] if isinstance(value, Action) else value
    kind = KINDS[rng.below(len(KINDS))]
    fields = [JUNK_VALUES[rng.below(len(JUNK_VALUES))] for _ in range(3)]
    if all(f is None for f in fields):
        fields[0] = 2.0
    return Action(kind, *fields)


def _snapshot(game: Game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


@pytest.mark.parametrize("players,seed", [(3, 101), (4, 102), (5, 103), (6, 104)])
def test_junk_actions_change_nothing_at_any_phase(players, seed):
    # Random games; before every rare decision and a third of the rolls and
    # trade/build decisions, a burst of junk actions, each of
    # which must be refused with IllegalAction (is_legal says no) and leave
    # the state, the history and the legal actions exactly as they were.
    game = Game(GameConfig(players=players, seed=seed))
    chooser = RandomPlayer(seed, 0)
    rng = Rng(seed * 7 + 1)
    phases_seen = set()
    refused = 0
    while not game.over:
        if game.phase not in ("roll", "main") or rng.below(3) == 0:
            before = _snapshot(game)
            legal_before = list(game.legal_actions())
            history = len(game.history)
            for _ in range(6):
                junk = _junk(game, rng)
                assert not game.is_legal(junk)
                with pytest.raises(IllegalAction):
                    game.apply(junk)
                refused += 1
            assert _snapshot(game) == before
            assert len(game.history) == history
            assert game.legal_actions() == legal_before
            phases_seen.add(game.phase)
        game.apply(chooser.choose(game))
    assert refused > 300
    assert {"setup_settlement", "setup_road", "roll", "main", "robber"} <= phases_seen
    # The game still replays from its record: no junk ever reached the history.
    assert verify(record(game)).ok


def test_the_issue_examples_are_refused_before_paying():
    game = Game(GameConfig(players=4, seed=3))
    chooser = RandomPlayer(3, 0)
    seen = set()
    while not game.over and len(seen) < 3:
        legal = game.legal_actions()
        for act in legal:
            if act.kind in (A.ROAD, A.SETTLE, A.TRADE) and game.phase == "main" and act.kind not in seen:
                before = _snapshot(game)
                if act.kind == A.ROAD:
                    bad = Action(A.ROAD, float(act.a))     # raised TypeError after paying
                elif act.kind == A.SETTLE:
                    bad = Action(A.SETTLE, True)           # was recorded as 'STrue'
                else:
                    bad = Action(A.TRADE, act.a, act.b, float(act.c))   # was 'trade 2.0C W'
                with pytest.raises(IllegalAction):
                    game.apply(bad)
                assert _snapshot(game) == before
                seen.add(act.kind)
        game.apply(chooser.choose(game))
    assert seen == {A.ROAD, A.SETTLE, A.TRADE}
    assert all(str(a) == str(parse_action(str(a))) for a in game.history)


def test_a_well_typed_action_from_code_is_still_taken():
    # Actions rebuilt field by field (not the engine's own objects) still apply,
    # and a subclass of Action is taken as the plain Action of its fields.
    game = Game(GameConfig(players=3, seed=9))
    for _ in range(40):
        act = game.legal_actions()[-1]
        game.apply(Action(str(act.kind), *act[1:]))
    assert len(game.history) == 40 and all(type(a) is Action for a in game.history)
    act = game.legal_actions()[0]
    game.apply(_LyingAction(*act))
    assert type(game.history[-1]) is Action and game.history[-1] == act


def _mutate(value, rng: Rng):
    """``value`` with one part somewhere inside it replaced, dropped or doubled."""
    if isinstance(value, dict) and value and rng.below(3):
        key = sorted(value)[rng.below(len(value))]
        if rng.below(5) == 0:
            value.pop(key)
        else:
            value[key] = _mutate(value[key], rng)
        return value
    if isinstance(value, list) and value and rng.below(3):
        i = rng.below(len(value))
        r = rng.below(5)
        if r == 0:
            value.pop(i)
        elif r == 1:
            value.append(json.loads(json.dumps(value[i])))
        else:
            value[i] = _mutate(value[i], rng)
        return value
    pool = [None, True, 1.5, "x", -1, 10**30, [], {}, [1], [[1]], {"a": 1}, "ß", 0, 2, 100, [0] * 5, "3:1"]
    return json.loads(json.dumps(pool[rng.below(len(pool))]))


def test_a_damaged_state_is_refused_with_a_value_error():
    # States of real games with parts replaced by junk anywhere inside: each
    # loads (the damage happened to be valid) or raises ValueError, never
    # TypeError, KeyError, IndexError or anything else.
    rng = Rng(21)
    refused = 0
    for players in (3, 4, 5, 6):
        game = Game(GameConfig(players=players, seed=players))
        chooser = RandomPlayer(players, 0)
        states = []
        for i in range(400):
            if game.over:
                break
            game.apply(chooser.choose(game))
            if i % 80 == 0:
                states.append(json.dumps(game.to_json()))
        for text in states:
            for _ in range(150):
                data = json.loads(text)
                for _ in range(1 + rng.below(3)):
                    key = sorted(data)[rng.below(len(data))]
                    data[key] = _mutate(data[key], rng)
                try:
                    Game.from_json(data)
                except ValueError:
                    refused += 1
    assert refused > 1000


def test_a_replay_with_damaged_action_texts_never_raises():
    with open(os.path.join(ROOT, "tests", "data", "golden-4p.json")) as f:
        rec = json.load(f)
    rng = Rng(22)
    pieces = ["S", "R", "C", "rob ", " p", "trade ", "4", "W", ":", "²", "①", "١", "-", "9" * 7, "", "\x00"]
    rec["actions"], rec["hashes"] = rec["actions"][:300], rec["hashes"][:300 // rec["hash_every"]]
    rec.pop("final_hash")
    for _ in range(100):
        bad = json.loads(json.dumps(rec))
        i = rng.below(len(bad["actions"]))
        bad["actions"][i] = "".join(pieces[rng.below(len(pieces))] for _ in range(1 + rng.below(4)))
        verdict = verify(bad)      # a verdict, never an exception
        assert verdict.ok or (verdict.step is not None and verdict.step <= len(bad["actions"]))
        assert "\n" not in verdict.message
