"""The rule options' list agrees with GameConfig: defaults, ranges, choices."""

import pytest

from retrocatan.engine import ConfigError, GameConfig
from retrocatan.engine.rule_options import OPTIONS, defaults, step


def test_defaults_are_gameconfigs():
    assert defaults() == GameConfig().to_dict()
    assert set(OPTIONS) == set(GameConfig().to_dict())


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_ranges_and_choices_are_what_the_config_accepts(name):
    opt = OPTIONS[name]
    assert opt.help and opt.section.startswith("docs/rules.md §")
    if opt.kind == "int":
        for ok in (opt.low, opt.high):
            GameConfig().replace(**{name: ok})
        for bad in (opt.low - 1, opt.high + 1):
            with pytest.raises(ConfigError):
                GameConfig().replace(**{name: bad})
        assert step(name, opt.high, 1) == opt.high and step(name, opt.low, -1) == opt.low
    elif opt.kind == "choice":
        for ok in opt.choices:
            GameConfig().replace(**{name: ok})
        with pytest.raises(ConfigError):
            GameConfig().replace(**{name: "nonsense"})
        assert step(name, opt.choices[-1], 1) == opt.choices[0]
    else:
        assert isinstance(opt.default, bool) and step(name, opt.default, 1) is (not opt.default)


def test_each_rule_option_is_declared_once_and_every_list_is_made_from_it():
    # docs/rules.md §13: one declaration per option (options.RULES); the config's fields, the
    # option list of the screens and --help, the checks and the rules page are read from it
    from retrocatan.engine.config import OPTION_HELP
    from retrocatan.engine.options import RULE_OPTIONS, RULES, RULES_PAGE
    from retrocatan.engine.rule_options import PAGE
    from retrocatan.engine.scenario import NOT_SCENARIO_OPTIONS
    game_options = set(NOT_SCENARIO_OPTIONS)
    assert set(RULES) == set(OPTIONS) - game_options == set(RULE_OPTIONS)
    for name, rule in RULES.items():
        opt = OPTIONS[name]
        assert (opt.kind, opt.help, opt.section) == (rule.kind, rule.help, "docs/rules.md " + rule.section)
        assert (opt.low, opt.high, opt.choices) == (rule.low, rule.high, rule.choices)
        assert OPTION_HELP[name] == rule.help
    assert PAGE == RULES_PAGE == tuple(n for n in RULES if RULES[n].page) and "offers_per_turn" not in PAGE
