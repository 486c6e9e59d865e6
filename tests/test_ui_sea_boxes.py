"""The island bonus and the ships on screen (issue 15 item 5): the players
box shows each player's ships left and island bonus on a scenario map, the
end screen's points breakdown has an island bonus line whose numbers add up
to the points, and the log says whose bonus and how many points; English
and German. The position is exact: a settlement reached by ship on a small
island of Heading for New Shores earns the bonus."""

import re

import pytest
from sea_positions import coast_corners, corners_of, path, sea_position

from retrocatan.engine import GameConfig
from retrocatan.engine.components import COST_SETTLEMENT
from retrocatan.storage import MemoryStorage
from retrocatan.ui import boxes
from retrocatan.ui.app import App
from retrocatan.ui.layout import PLAYERS_Y, RIGHT_W, RIGHT_X, actions_y, line_pitch
from retrocatan.ui.palette import BLACK, DARK_GREY
from retrocatan.ui.scenes.end import EndScene, breakdown_lines
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.table import table_view
from retrocatan.ui.text import language, set_language
from retrocatan.words.events import describe


@pytest.fixture(params=["en", "de"])
def lang(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def bonus_game():
    """Seat 0 founded on the main island and has just settled on a small
    island at the end of its ships: 2 island bonus points."""
    game = sea_position()
    st = game.state
    board, geo = st.board, st.geo

    def regions(c):
        return {board.regions[h] for h in geo.corner_hexes[c] if board.regions[h] >= 0}

    home = regions(board.founding[0])
    best = None
    for c in coast_corners(game):
        line = path(game, c, lambda x: regions(x) and not regions(x) & home and x not in geo.corner_corners[c])
        if line and (best is None or len(line) < len(best[1])):
            best = (c, line)
    c, line = best
    x = corners_of(game, line, c)[-1]
    g = sea_position(buildings=[(0, c, 1, True)], ships=[(0, e) for e in line],
                     hands={0: tuple(COST_SETTLEMENT)})
    events = g.apply(f"S{x}")
    assert {"type": "island_bonus", "player": 0, "corner": x, "points": 2} in events
    return g, events, len(line)


def on_screen(g):
    lang = language()
    app = App(can_quit=False, storage=MemoryStorage())
    # The session starts the scenario's game, then plays on from the exact position instead (as
    # test_ui_prompts sets a hand): a record replays decisions, and a laid-out position has none.
    session = GameSession(g.config, [SeatSpec("human", f"P{i + 1}") for i in range(g.config.players)], speed=3)
    session.game = g
    scene = GameScene(app, session)
    app.switch(scene)
    set_language(lang)              # the App sets the language of its options: the test's again
    return app, session, scene


def frame(app):
    import pyxel
    app.update()
    app.draw()
    pyxel.flip()


def colours_in(pyxel, x0, y0, x1, y1) -> set:
    return {pyxel.pget(x, y) for x in range(x0, x1) for y in range(y0, y1)}


def test_the_players_box_shows_ships_left_and_the_island_bonus(pyxel_headless, lang):
    pyxel = pyxel_headless
    g, _, ships = bonus_game()
    app, session, scene = on_screen(g)
    frame(app)
    table = table_view(session, None)
    assert table.second_row
    assert [line.island_bonus for line in table.lines] == [2, 0, 0]
    assert [line.ships_left for line in table.lines] == [15 - ships, 15, 15]
    assert table.lines[0].vp == g.seat_view(None).public_vp[0] == 1 + 1 + 2
    word = {"en": "Island bonus", "de": "Inselbonus"}[lang]
    ships_text, bonus_text = boxes.second_row_texts(table.lines[0])
    assert bonus_text == f"{word} 2" and ships_text.endswith(f" {15 - ships}")
    assert boxes.second_row_texts(table.lines[1])[1] == f"{word} 0"
    # Drawn: the bonus in black where it was earned, in grey where not, right-aligned on each line's second row.
    pyxel.cls(0)
    bottom = boxes.players_box(table, PLAYERS_Y)
    pitch = line_pitch(3, True)
    for p, ink in ((0, BLACK), (1, DARK_GREY)):
        row = PLAYERS_Y + 20 + pitch * p + pitch // 2
        x1 = RIGHT_X + RIGHT_W - 6
        seen = colours_in(pyxel, x1 - len(bonus_text) * 6, row, x1, row + 9)
        assert ink in seen and ({BLACK, DARK_GREY} - {ink}).isdisjoint(seen)
    assert bottom == PLAYERS_Y + 30 + 3 * pitch + 2


def test_a_base_game_has_no_second_row():
    from retrocatan.engine import Game
    session = GameSession(GameConfig(players=4, seed=3), [SeatSpec("hard", f"P{i}") for i in range(4)])
    table = table_view(session, None)
    assert not table.second_row and all(line.ships_left is None and line.island_bonus is None for line in table.lines)
    assert isinstance(session.game, Game)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_cards_box_keeps_room_for_its_text_under_a_taller_players_box(players):
    # The cards box runs from under the players box to above the actions box; its text needs 88 pixels.
    top = PLAYERS_Y + 30 + line_pitch(players, True) * players + 2 + 2
    assert actions_y(players) - 2 - top >= 88


def test_the_end_screen_counts_the_island_bonus(pyxel_headless, lang):
    pyxel = pyxel_headless
    g, _, _ = bonus_game()
    app, session, _ = on_screen(g)
    v = session.view_of(None)
    word = {"en": "island bonus", "de": "Inselbonus"}[lang]
    for p in range(v.players):
        lines = breakdown_lines(v, p)
        assert len(lines) == 2 and lines[1].endswith(f"{v.island_bonus[p]} {word}")
        numbers = [int(k) for k in re.findall(r"\d+", " ".join(lines))]
        assert sum(numbers) == v.vp[p]
    assert breakdown_lines(v, 0)[1].startswith("+ 2 ")
    end = EndScene(app, session)
    pyxel.cls(0)
    end.draw()
    # Each player's island bonus line is drawn under the first breakdown line.
    for p in range(v.players):
        y = 86 + 36 * p + 23
        assert DARK_GREY in colours_in(pyxel, 48, y, 48 + 6 * len(breakdown_lines(v, p)[1]), y + 9)


def test_the_log_says_whose_island_bonus_and_how_many_points(lang):
    _, events, _ = bonus_game()
    ev = next(e for e in events if e["type"] == "island_bonus")
    line, = describe(ev, ["Anna", "Bert", "Cleo"])
    assert "Anna" in line and "2" in line and {"en": "points", "de": "Punkte"}[lang] in line
    one, = describe({**ev, "points": 1}, ["Anna", "Bert", "Cleo"])
    assert one.endswith({"en": "1 point", "de": "1 Punkt"}[lang])
    took, = describe({"type": "explore", "player": 1, "hex": 3, "terrain": "forest", "number": 5, "reward": 0},
                     ["Anna", "Bert", "Cleo"])
    assert "Bert" in took and "(5)" in took and took.endswith({"en": "1 Wood", "de": "1 Holz"}[lang])
    sea, = describe({"type": "explore", "player": 1, "hex": 3, "terrain": "sea", "number": 0, "reward": -1},
                    ["Anna", "Bert", "Cleo"])
    assert sea == {"en": "Bert explores: sea", "de": "Bert entdeckt: Meer"}[lang]


def test_cards_fly_to_the_players_line_in_the_taller_box(pyxel_headless):
    from retrocatan.ui import animations
    g, _, _ = bonus_game()
    app, session, scene = on_screen(g)
    board = g.state.board
    h = next(h for h, n in enumerate(board.numbers) if n and board.resource[h] is not None and board.resource[h] >= 0)
    gains = [[0] * 5 for _ in range(3)]
    gains[2][board.resource[h]] = 1
    ev = {"type": "production", "number": board.numbers[h], "gains": gains, "shortage": []}
    flights = animations.for_event(ev, scene.view, g.seat_view(None), -1)
    assert [f.end for f in flights] == [(RIGHT_X + 40, PLAYERS_Y + 22 + 2 * line_pitch(3, True))]


def test_the_gold_fields_of_the_number_rolled_flash_with_the_producing_hexes(pyxel_headless):
    g = sea_position()
    app, session, scene = on_screen(g)
    board = g.state.board
    gold = next(h for h, kind in enumerate(board.terrain) if kind == "gold" and board.numbers[h])
    number = board.numbers[gold]
    session.events.append({"type": "dice", "player": 0, "dice": [1, number - 1], "total": number})
    frame(app)
    producing = [h for h, _ in session.view.producing_hexes(number)]
    assert gold not in producing                                    # the engine's resource hexes only
    assert scene.flash.hexes == sorted(producing + [gold])
