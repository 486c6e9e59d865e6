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
