"""A readable map on every board (issue 20, item 3): every shipped map is
drawn with hexes of at least 28 pixels at its default zoom (a map bigger
than the board area scrolls), nothing drawn covers a number token, a
harbour's sign or its name, the map scrolls with a pick's cursor and by
keys, pad and mouse, one key shows the whole map, and a click picks what
is under the pointer however far the map has scrolled."""

from types import SimpleNamespace

import pytest

from retrocatan import scenarios
from retrocatan.engine import Game, GameConfig, phases
from retrocatan.engine.components import RESOURCES
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.board_view import MIN_S, BoardView, MapScroll
from retrocatan.ui.layout import BOARD_AREA
from retrocatan.ui.prompts.board_pick import BoardPick
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.text import set_language, t

MAPS = [(sid, n) for sid in scenarios.available() for n in scenarios.load(sid).players]


def _board(sid: str, n: int, seed: int = 1):
    return Game(GameConfig(players=n, seed=seed, **scenarios.options(sid, n))).board


def _hit(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _cells(r):
    return [(i, j) for i in range(r[0] // 32, (r[0] + r[2] - 1) // 32 + 1)
            for j in range(r[1] // 32, (r[1] + r[3] - 1) // 32 + 1)]


@pytest.mark.parametrize("sid,n", MAPS)
def test_every_shipped_map_and_player_count_has_hexes_of_at_least_28_pixels(sid, n):
    for seed in (1, 2):
        view = BoardView(_board(sid, n, seed), *BOARD_AREA)
        assert view.s >= MIN_S >= 28, (sid, n, seed, view.s)
        if view.scrolls:
            # The overview shows every land hex whole in the area, as the map was shown before.
            view.set_overview(True)
            x, y, w, h = BOARD_AREA
            for hx in range(len(view.geo.land)):
                cx, cy = view.hex_px(hx)
                assert x <= cx - view.s * 0.87 and cx + view.s * 0.87 <= x + w + 1, (sid, hx)
                assert y <= cy - view.s and cy + view.s <= y + h + 1, (sid, hx)
    base = BoardView(_board("base-3-4", 4), *BOARD_AREA)
    assert base.s == 34 and not base.scrolls          # the base island as it always was


def _state(view, corners=(), cities=(), roads=(), ships=(), bonus=()):
    """A view state with the given pieces of player 0 (what BoardView.draw reads)."""
    board = view.board
    nc, ne = len(view.geo.corner_xy), len(view.geo.edge_corners)
    owner = [-1] * nc
    level = [0] * nc
    for c in corners:
        owner[c], level[c] = 0, 1
    for c in cities:
        owner[c], level[c] = 0, 2
    edge_owner = [-1] * ne
    for e in roads:
        edge_owner[e] = 0
    return SimpleNamespace(terrain=list(board.terrain), numbers=list(board.numbers), corner_owner=owner,
                           corner_level=level, edge_owner=edge_owner, roads=[(e, 0) for e in roads],
                           ships=[(e, 0) for e in ships], island_bonus_corners=[list(bonus)] if bonus else [],
                           robber=-1, pirate=-1, decider=0)


def _changed(pyxel, view, before, after, rect):
    """Screen pixels inside ``rect`` that differ between drawing two states."""
    x0, y0, w, h = rect
    shots = []
    for st in (before, after):
        pyxel.cls(0)
        view.draw(st)
        shots.append([[pyxel.pget(x, y) for x in range(x0, x0 + w)] for y in range(y0, y0 + h)])
    return {(x0 + i, y0 + j) for j in range(h) for i in range(w) if shots[0][j][i] != shots[1][j][i]}


def test_the_rectangles_the_view_reports_are_where_it_draws(pyxel_headless):
    """What the overlap test below checks is what is drawn: every pixel a
    piece changes lies in the rectangles ``piece_rects`` gives for it, and
    tokens and harbour names are drawn where ``drawn_rects`` says."""
    pyxel = pyxel_headless
    for sid, n in (("new-world-5-6", 6), ("base-3-4", 4)):
        view = BoardView(_board(sid, n), *BOARD_AREA)
        x, y, w, h = BOARD_AREA
        places = view.places()

        def shown(kind, i):
            px, py = view.target_px(kind, i)
            return view.visible(px, py, 40)
        corner = next(c for c in places["corner"] if shown("corner", c))
        road = next(e for e in places["road"] if shown("edge", e))
        tries = [("settlement", dict(corners=[corner]), "corner", corner),
                 ("city", dict(cities=[corner]), "corner", corner),
                 ("road", dict(roads=[road]), "edge", road)]
        if places["ship"]:
            ship = next(e for e in places["ship"] if shown("edge", e))
            tries += [("ship", dict(ships=[ship]), "edge", ship),
                      ("pennant", dict(corners=[corner], bonus=[corner]), "corner", corner)]
        empty = _state(view)
        for piece, pieces, kind, i in tries:
            before = _state(view, corners=[corner]) if piece == "pennant" else empty
            diff = _changed(pyxel, view, before, _state(view, **pieces), (x, y, w, h))
            rects = view.piece_rects(kind, i, piece)
            assert diff, piece
            outside = [p for p in diff if not any(_hit((p[0], p[1], 1, 1), r) for r in rects)]
            assert not outside, (sid, piece, outside[:5])
        pyxel.cls(0)
        view.draw(empty)
        from retrocatan.ui.palette import BLACK, WHITE
        for what, _, (rx, ry, rw, rh) in view.drawn_rects():
            if not view.visible(rx, ry) or not view.visible(rx + rw - 1, ry + rh - 1):
                continue
            if what == "label":
                assert pyxel.pget(rx, ry) == BLACK and pyxel.pget(rx + rw - 1, ry + rh - 1) == BLACK
            elif what == "token" and rh == 9:           # the disc's middle band: white at its sides
                assert pyxel.pget(rx, ry + 4) == WHITE and pyxel.pget(rx + rw - 1, ry + 4) == WHITE


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_piece_covers_a_token_or_a_harbour_and_no_harbour_covers_a_token(pyxel_headless, language):
    """On every shipped map and player count, at the default zoom: a
    settlement, city (with its island-bonus pennant), road or ship on any
    place it could ever stand never covers a number token, a harbour's sign
    or its name; tokens, signs and names do not cover each other."""
    set_language(language)
    try:
        for sid, n in MAPS:
            for seed in (1, 2):
                view = BoardView(_board(sid, n, seed), *BOARD_AREA)
                drawn = view.drawn_rects()
                assert any(what == "token" for what, _, _ in drawn)
                if sid != "base-3-4":
                    assert any(what == "label" for what, _, _ in drawn), sid
                cells: dict = {}            # every piece's rectangles, by the 32-pixel squares they touch
                for what, kind, i, piece in view.every_piece():
                    for r in view.piece_rects(kind, i, piece):
                        for cell in _cells(r):
                            cells.setdefault(cell, []).append((what, i, r))
                bad = []
                for k, (what, place, rect) in enumerate(drawn):
                    bad += [(what, place, other, at) for other, at, r in drawn[k + 1:]
                            if _hit(rect, r) and not (what == other == "token" and place == at)]
                    near = {p for cell in _cells(rect) for p in cells.get(cell, ())}
                    bad += [(what, place, piece, at) for piece, at, r in near if _hit(rect, r)]
                assert not bad, (sid, n, seed, bad[:4])
    finally:
        set_language("en")


def _pick_scene(app, sid="new-world-5-6", n=6, seed=2) -> GameScene:
    """A game on a big map whose first person founds a settlement now."""
    config = GameConfig(players=n, seed=seed, **scenarios.options(sid, n))
    seats = [SeatSpec("human", "You")] + [SeatSpec("hard", f"C{i}") for i in range(1, n)]
    scene = GameScene(app, GameSession(config, seats, speed=1))
    app.switch(scene)
    return scene


def _frames(pyxel, app, k=1):
    for _ in range(k):
        app.update()
        app.draw()
        pyxel.flip()


def _tap(pyxel, app, key, frames=1, hold=()):
    for h in hold:
        pyxel.set_btn(h, True)
    pyxel.set_btn(key, True)
    _frames(pyxel, app, frames)
    pyxel.set_btn(key, False)
    for h in hold:
        pyxel.set_btn(h, False)
    _frames(pyxel, app)


def _until_pick(pyxel, app, scene) -> BoardPick:
    for _ in range(600):
        if scene.mode == "pick" and scene.session.game.phase == phases.SETUP_SETTLEMENT:
            return scene.prompts[-1]
        _frames(pyxel, app)
    raise AssertionError("no founding pick")


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_the_map_scrolls_to_keep_the_cursor_in_view(pyxel_headless, device):
    pyxel = pyxel_headless
    app = App(can_quit=False, storage=MemoryStorage())
    scene = _pick_scene(app)
    pick = _until_pick(pyxel, app, scene)
    view = scene.view
    assert view.scrolls and view.s >= 28
    keys = {"keyboard": (pyxel.KEY_RIGHT, pyxel.KEY_DOWN, pyxel.KEY_LEFT, pyxel.KEY_UP),
            "gamepad": (pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT, pyxel.GAMEPAD1_BUTTON_DPAD_DOWN,
                        pyxel.GAMEPAD1_BUTTON_DPAD_LEFT, pyxel.GAMEPAD1_BUTTON_DPAD_UP)}[device]
    scrolls = {tuple(view.scroll)}
    for key in keys:
        for _ in range(14):
            _tap(pyxel, app, key)
            _frames(pyxel, app)
            px, py = view.target_px(pick.kind, pick.cursor)
            assert view.visible(px, py, 20), (device, pick.cursor, view.scroll)
            scrolls.add(tuple(view.scroll))
    assert len(scrolls) > 4                 # it did scroll, more than once


def test_keys_pad_and_mouse_scroll_the_map_freely(pyxel_headless):
    pyxel = pyxel_headless
    app = App(can_quit=False, storage=MemoryStorage())
    scene = _pick_scene(app)
    pick = _until_pick(pyxel, app, scene)
    view = scene.view
    lay = view.layouts["zoom"]
    view.scroll_to(lay.x_range[0], lay.y_range[0])
    start, cursor = list(view.scroll), pick.cursor
    _tap(pyxel, app, pyxel.KEY_RIGHT, frames=5, hold=(pyxel.KEY_SHIFT,))     # Shift+arrow: the map, not the cursor
    assert view.scroll[0] > start[0] and pick.cursor == cursor
    start = list(view.scroll)
    pyxel.set_btnv(pyxel.GAMEPAD1_AXIS_RIGHTY, 30000)
    _frames(pyxel, app, 5)
    pyxel.set_btnv(pyxel.GAMEPAD1_AXIS_RIGHTY, 0)
    assert view.scroll[1] > start[1] and pick.cursor == cursor
    # The mouse: resting at the right edge of the area scrolls right; the wheel scrolls up.
    x, y, w, h = view.area
    start = list(view.scroll)
    pyxel.set_mouse_pos(x + w - 2, y + h // 2)
    _frames(pyxel, app, 30)
    assert view.scroll[0] > start[0]
    pyxel.set_mouse_pos(x + w // 2, y + h // 2)
    _frames(pyxel, app)
    start = list(view.scroll)
    pyxel.set_btnv(pyxel.MOUSE_WHEEL_Y, 1)                  # one notch up
    _frames(pyxel, app)
    assert view.scroll == [start[0], start[1] - MapScroll.WHEEL]
    # Dragging with the middle button moves the map with the pointer.
    start = list(view.scroll)
    pyxel.set_btn(pyxel.MOUSE_BUTTON_MIDDLE, True)
    _frames(pyxel, app)
    pyxel.set_mouse_pos(x + w // 2 - 30, y + h // 2 - 20)
    _frames(pyxel, app)
    pyxel.set_btn(pyxel.MOUSE_BUTTON_MIDDLE, False)
    _frames(pyxel, app)
    assert view.scroll == [start[0] + 30, start[1] + 20]


def test_o_pad_and_the_magnifier_show_the_whole_map_and_go_back(pyxel_headless):
    pyxel = pyxel_headless
    app = App(can_quit=False, storage=MemoryStorage())
    scene = _pick_scene(app)
    _until_pick(pyxel, app, scene)
    view = scene.view
    zoomed = view.s
    _tap(pyxel, app, pyxel.KEY_O)
    assert view.overview and view.s < zoomed
    _tap(pyxel, app, pyxel.KEY_O)
    assert not view.overview and view.s == zoomed
    _tap(pyxel, app, pyxel.GAMEPAD1_BUTTON_RIGHTSTICK)
    assert view.overview
    _tap(pyxel, app, pyxel.GAMEPAD1_BUTTON_RIGHTSTICK)
    assert not view.overview
    bx, by, bw, bh = view.button_rect()
    pick = scene.prompts[-1]
    pyxel.set_mouse_pos(bx + bw // 2, by + bh // 2)
    _frames(pyxel, app)
    _tap(pyxel, app, pyxel.MOUSE_BUTTON_LEFT)
    assert view.overview and pick.marked is None        # the click was the button's, not a pick
    _tap(pyxel, app, pyxel.MOUSE_BUTTON_LEFT)
    assert not view.overview
    # Help names the map's keys on a map that scrolls.
    _tap(pyxel, app, pyxel.KEY_F1)
    assert app.help is not None and t("help.map.keys").split("\n")[0] in app.help.keys
    _tap(pyxel, app, pyxel.KEY_F1)


def test_a_click_picks_the_corner_under_the_pointer_when_the_map_has_scrolled(pyxel_headless):
    pyxel = pyxel_headless
    app = App(can_quit=False, storage=MemoryStorage())
    app.settings["confirm_places"] = True
    scene = _pick_scene(app)
    pick = _until_pick(pyxel, app, scene)
    view = scene.view
    # The legal corner farthest from the middle of the area, brought into view.
    x, y, w, h = view.area
    before = list(view.scroll)
    target = max(pick.ids, key=lambda c: abs(view.corner_px(c)[0] - x - w / 2) + abs(view.corner_px(c)[1] - y - h / 2))
    view.follow("corner", target)
    dx, dy = view.scroll[0] - before[0], view.scroll[1] - before[1]
    assert abs(dx) + abs(dy) > 40
    # Where the pointer goes would be another corner on the map unscrolled.
    px, py = view.corner_px(target)
    assert view.nearest("corner", pick.ids, px - dx, py - dy) != target
    px, py = view.corner_px(target)
    pyxel.set_mouse_pos(int(px), int(py))
    _frames(pyxel, app)
    _tap(pyxel, app, pyxel.MOUSE_BUTTON_LEFT)
    assert pick.marked == target
    _tap(pyxel, app, pyxel.MOUSE_BUTTON_LEFT)
    assert scene.session.game.state.corner_owner[target] == 0


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_map_texts_fit_where_they_are_drawn(language):
    from retrocatan.ui import font
    from retrocatan.ui.board_view import BUTTON
    from retrocatan.ui.text import hint
    set_language(language)
    try:
        for line in t("help.map.keys").split("\n"):
            assert font.width(line, "small") <= 556, line              # the help page's width
        for key in ("map.hint", "map.overview"):
            for device in ("keyboard", "gamepad", "mouse"):
                line = hint(key, device)
                assert font.width(line, "small") <= BOARD_AREA[2] - BUTTON - 24, line    # MapScroll.draw
    finally:
        set_language("en")


def test_animations_keep_to_their_place_on_the_map_when_it_scrolls_or_zooms(pyxel_headless):
    from retrocatan.ui.animations import BuildRing, CardFlight, PirateHop, RobberHop
    pyxel = pyxel_headless
    app = App(can_quit=False, storage=MemoryStorage())
    scene = _pick_scene(app)
    _until_pick(pyxel, app, scene)
    view = scene.view
    corner, hexes = 40, (3, 9)
    ring = BuildRing(view.corner_px(corner))
    ring.n = 1000                              # long enough to watch
    hop = RobberHop(view.hex_px(hexes[0]), view.hex_px(hexes[1]))
    hop.n = 1000
    pirate = PirateHop(view.hex_px(hexes[1]), view.hex_px(hexes[0]))     # the pirate hops as the robber does
    pirate.n = 1000
    card = CardFlight(0, view.hex_px(hexes[0]), (600, 100), 0)
    card.n = 1000
    scene.anims += [ring, hop, pirate, card]
    for move in (lambda: view.scroll_by(37, -21), lambda: view.set_overview(True), lambda: view.set_overview(False)):
        move()
        _frames(pyxel, app)
        for got, want in ((ring.at, view.corner_px(corner)), (hop.start, view.hex_px(hexes[0])),
                          (hop.end, view.hex_px(hexes[1])), (pirate.start, view.hex_px(hexes[1])),
                          (pirate.end, view.hex_px(hexes[0])), (card.start, view.hex_px(hexes[0]))):
            assert abs(got[0] - want[0]) < 0.01 and abs(got[1] - want[1]) < 0.01


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_harbour_of_a_kind_has_the_same_name(pyxel_headless, language):
    """On every shipped map, player count and layout (zoomed and the
    overview), the 2:1 harbours of one resource show the same name: the
    whole word on all of them or its first two letters on all (issue 44,
    rough edge 4)."""
    set_language(language)
    try:
        for sid, n in MAPS:
            for seed in (1, 2):
                view = BoardView(_board(sid, n, seed), *BOARD_AREA)
                kinds = {hx: kind for hx, _, kind in view.board.harbour_places}
                for overview in (False, True):
                    view.set_overview(overview)
                    labels = view.terrain.static_items(view.layout, None)["labels"]
                    shown: dict = {}
                    for hx, _, _, _, name in labels:
                        shown.setdefault(kinds[hx], set()).add(name)
                    assert shown, (sid, n, seed)
                    for kind, seen in shown.items():
                        whole = t(f"res.{RESOURCES.index(kind)}")
                        assert len(seen) == 1 and seen <= {whole, whole[:2]}, (sid, n, seed, overview, kind, seen)
    finally:
        set_language("en")
