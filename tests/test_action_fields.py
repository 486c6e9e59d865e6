"""An action's fields read by what they hold (``Action.place``, ``give``,
``victim``...: engine/actions.py), as python-chess's ``Move`` names its
squares: each name is the field of the kinds that use it, the notation
and the tuple stay as they are."""

from __future__ import annotations

import pytest

from retrocatan.engine import Action, parse_action
from retrocatan.engine.seafarers import actions as SA  # noqa: F401  (the Seafarers kinds' notation)

CASES = [   # text, {name: value}
    ("S12", {"place": 12}), ("R34", {"place": 34}), ("C12", {"place": 12}),
    ("mono G", {"resource": 3}), ("inv WB", {"resource": 0, "second": 1}),
    ("rob 7", {"place": 7, "victim": -1}), ("rob 7 p2", {"place": 7, "victim": 1}),
    ("discard C", {"resource": 4}), ("trade 4W G", {"give": 0, "get": 3, "ratio": 4}),
    ("offer WB:G p3", {"give": (1, 1, 0, 0, 0), "get": (0, 0, 0, 1, 0), "to": 2}),
    ("offer WB:G", {"to": -1}), ("counter W:GG", {"give": (1, 0, 0, 0, 0), "get": (0, 0, 0, 2, 0)}),
    ("confirm p3", {"player": 2}), ("ship 40", {"place": 40}), ("move 12 15", {"place": 12, "target": 15}),
    ("pirate 9 p1", {"place": 9, "victim": 0}), ("gold S", {"resource": 2}),
]


@pytest.mark.parametrize("text, named", CASES)
def test_an_actions_fields_are_read_by_what_they_hold_and_its_notation_is_unchanged(text, named):
    act = parse_action(text)
    for name, value in named.items():
        assert getattr(act, name) == value, (text, name)
    assert str(act) == text
    assert parse_action(str(act)) == act


def test_the_names_are_the_tuple_s_own_fields():
    """The names read the fields ``a``, ``b``, ``c``: the same tuple, equal
    and hashed as before, and as immutable."""
    act = Action("trade", 0, 3, 4)
    assert (act.give, act.get, act.ratio) == (act.a, act.b, act.c) == (0, 3, 4)
    assert act == ("trade", 0, 3, 4) and hash(act) == hash(("trade", 0, 3, 4))
    with pytest.raises(AttributeError):
        act.give = 1
    assert act._fields == ("kind", "a", "b", "c")
