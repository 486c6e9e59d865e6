"""`--scenario ""` is refused like any unknown id (found by the probe: it
silently played the base game)."""

import pytest

from retrocatan.cli import main


@pytest.mark.parametrize("argv", [["simulate", "--games", "1", "--scenario", ""],
                                  ["board", "--scenario", ""],
                                  ["tournament", "--seats", "easy,easy,easy", "--games", "1", "--scenario", ""]])
def test_an_empty_scenario_id_is_refused_in_one_line(argv, capsys):
    assert main(argv) == 2
    out = capsys.readouterr()
    assert out.err.strip() == f"retrocatan {argv[0]}: no scenario ''" and out.out == ""


def test_without_the_option_the_base_island_is_played(capsys):
    assert main(["board", "--seed", "3", "--json"]) == 0
    assert '"scenario"' not in capsys.readouterr().out
