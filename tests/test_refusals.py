"""Refusals carry a code and params; each code has an English sentence in
the engine and English and German texts in the window."""

import re
from pathlib import Path

import pytest

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Action, Game, GameConfig, IllegalAction
from retrocatan.engine import actions as A
from retrocatan.engine.errors import REFUSALS
from retrocatan.engine.position import Position
from retrocatan.engine.rng import Rng
from retrocatan.words.refusals import refusal, refusal_of
from retrocatan.words.text import TEXTS, set_language

ENGINE = Path(__file__).resolve().parent.parent / "retrocatan" / "engine"


def test_every_code_has_english_and_german_texts():
    codes = set(REFUSALS) | {"refused"}
    for lang in ("en", "de"):
        missing = sorted(c for c in codes if f"refusal.{c}" not in TEXTS[lang])
        assert not missing, (lang, missing)
        extra = sorted(k for k in TEXTS[lang] if k.startswith("refusal.") and k[8:] not in codes)
        assert not extra, (lang, extra)


def test_every_raise_in_the_engine_names_a_declared_code():
    found = set()
    for path in ENGINE.glob("*.py"):
        for code in re.findall(r'IllegalAction\(\s*"([a-z_]+)"', path.read_text()):
            found.add(code)
            assert code in REFUSALS, (path.name, code)
    assert len(found) > 20
    conditional = re.findall(r'IllegalAction\(([^")][^)]*)\)', (ENGINE / "trade.py").read_text())
    for expr in conditional:
        for code in re.findall(r'"([a-z_]+)"', expr):
            assert code in REFUSALS


def test_str_is_the_english_sentence_with_params():
    exc = IllegalAction("not_enough_resources", player=1, what="road", missing=[1, 0, 0, 0, 0])
    assert str(exc) == "player 2 cannot pay for a road: missing 1 wood"
    assert exc.code == "not_enough_resources" and exc.params["missing"] == [1, 0, 0, 0, 0]
    legacy = IllegalAction("some sentence of old")
    assert legacy.code == "refused" and str(legacy) == "some sentence of old"


def test_building_without_cards_names_what_is_missing():
    g = Position().settlement(0, 8).road_path(0, [8, 12]).hand(0, wood=1).turn(0).build()
    with pytest.raises(IllegalAction) as info:
        g.apply("R7")
    assert info.value.code == "not_enough_resources"
    assert info.value.params == {"player": 0, "what": "road", "missing": [0, 1, 0, 0, 0]}
    with pytest.raises(IllegalAction) as info:
        g.apply("knight")
    assert info.value.code == "no_such_card"
    set_language("de")
    try:
        text = refusal_of(info.value, ["Anna", "Bert", "Cora", "Dirk"])
        assert text == "Du hast keine spielbare Karte: Ritter"
        text = refusal("not_enough_resources", {"player": 0, "what": "road", "missing": [0, 1, 0, 0, 0]},
                       ["Anna", "Bert", "Cora", "Dirk"])
        assert text == "Anna kann Straße nicht bezahlen, fehlt: 1 Lehm"
    finally:
        set_language("en")


def _random_action(rng: Rng, players: int) -> Action:
    k = rng.below(12)
    res = rng.below(5)
    if k == 0:
        return Action(A.ROAD, rng.below(80))
    if k == 1:
        return Action(A.SETTLE, rng.below(60))
    if k == 2:
        return Action(A.CITY, rng.below(60))
    if k == 3:
        return Action(A.TRADE, res, rng.below(5), 2 + rng.below(3))
    if k == 4:
        return Action(A.ROBBER, rng.below(19), rng.below(players + 1) - 1)
    if k == 5:
        return Action(A.DISCARD, res)
    if k == 6:
        give, get = [0] * 5, [0] * 5
        give[res] = rng.below(3)
        get[rng.below(5)] = rng.below(3)
        return Action(A.OFFER, tuple(give), tuple(get), rng.below(players + 1) - 1)
    if k == 7:
        return Action(A.CONFIRM, rng.below(players))
    return Action(rng.choice([A.BUY, A.KNIGHT, A.ROAD_BUILDING, A.ROLL, A.END, A.ACCEPT, A.PASS, A.CANCEL]))


def test_random_illegal_actions_are_refused_with_a_code_and_rendered():
    rng = Rng(11)
    names = ["A", "B", "C", "D"]
    seen = set()
    for seed in range(3):
        g = Game(GameConfig(players=4, seed=seed))
        bots = [RandomPlayer(seed, s) for s in range(4)]
        while not g.over:
            act = _random_action(rng, 4)
            if not g.is_legal(act):
                before = g.to_json()
                with pytest.raises(IllegalAction) as info:
                    g.apply(act)
                assert g.to_json() == before
                exc = info.value
                assert exc.code in REFUSALS and str(exc) and "{" not in str(exc)
                seen.add(exc.code)
                for lang in ("en", "de"):
                    set_language(lang)
                    try:
                        assert "{" not in refusal_of(exc, names)
                    finally:
                        set_language("en")
            g.apply(bots[g.decider].choose(g))
    assert len(seen) >= 12, seen
