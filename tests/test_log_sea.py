"""Log and status lines on scenario maps: a roll that pays only gold, and
the status line naming ships and the pirate where they may be chosen."""

from retrocatan.engine import Game, GameConfig, phases
from retrocatan.engine.seafarers import events as E
from retrocatan.scenarios import options as scenario_options
from retrocatan.words import events as event_words
from retrocatan.words.prompts import prompt
from retrocatan.words.text import set_language, t

NAMES = ["Blue", "Red", "White"]


def test_a_roll_paying_only_gold_does_not_say_nobody_gets_anything():
    set_language("en")
    nobody = t("log.no_production", total=9)
    empty = E.production(9, [[0] * 5 for _ in range(3)], [])
    lines = event_words.describe_events([empty, E.gold_due([[1, 2]])], NAMES)
    assert nobody not in lines
    assert t("log.gold_due", name="Red", n=2) in lines
    # Without gold next, the roll still says that nobody gets anything.
    assert event_words.describe_events([empty], NAMES) == [nobody]
    # Cards from fields and gold: both said.
    paid = E.production(9, [[1, 0, 0, 0, 0], [0] * 5, [0] * 5], [])
    assert len(event_words.describe_events([paid, E.gold_due([[1, 2]])], NAMES)) == 2


def _founding_road(sid: str) -> Game:
    g = Game(GameConfig(players=3, seed=4, **scenario_options(sid, 3)))
    g.apply(g.legal_actions()[0])
    assert g.phase == phases.SETUP_ROAD
    return g


def test_status_names_ships_where_a_ship_may_be_chosen():
    for lang in ("en", "de"):
        set_language(lang)
        sea = _founding_road("new-shores")
        line = prompt(*sea.seat_view(sea.decider).prompt, NAMES)
        assert line == t("status.setup_road.sea", name=NAMES[sea.decider])
        base = Game(GameConfig(players=3, seed=4))
        base.apply(base.legal_actions()[0])
        assert prompt(*base.seat_view(base.decider).prompt, NAMES) == t(
            "status.setup_road", name=NAMES[base.decider])
    set_language("en")
