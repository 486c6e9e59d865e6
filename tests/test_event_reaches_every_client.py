"""A new event kind reaches every client with no branch for it in any:
added as docs/engine.md's worked example adds ``harbour_gift`` (declared,
made by a rules hook, its lines and places in the words' part of the layer,
its texts in English and German), it shows in the window's log, in the
terminal's ``join`` and in the bot's progress. The clients play whole games
on a real server on the loopback address; it runs in a process of its own,
since the rule it adds replaces the base game's for that process."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("websockets")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

GAME = r'''
import asyncio, io, json, os, sys, types
sys.path.insert(0, os.path.join(sys.argv[1], "tests"))

# --- the rule, as docs/engine.md's worked example adds one ------------------------------------------
from retrocatan.engine import layers
from retrocatan.engine.events import declare
from retrocatan.engine.placing import BOUGHT
from retrocatan.engine.rules import Rules

declare("town_gift", "player corner resource", "a settlement bought took one wood from the bank (a test's rule)")


def town_gift(player, corner, resource):
    return {"type": "town_gift", "player": player, "corner": corner, "resource": resource}


class TownGifts(Rules):         # the base game, with the gift: this process's base game plays it
    def after_place(self, st, p, piece, at, how, events):
        super().after_place(st, p, piece, at, how, events)
        if piece == "settlement" and how == BOUGHT and st.bank[0]:
            st.bank[0] -= 1
            st.hands[p][0] += 1
            events.append(town_gift(p, at, 0))


layers.LAYERS["base"] = TownGifts

# --- its words: the layer's part of them, and its texts --------------------------------------------
from retrocatan.words.events import EventLines
from retrocatan.words.layers import word_part
from retrocatan.words.text import add_areas, set_language, t

texts = types.ModuleType("retrocatan.words.texts.town_gifts")
texts.EN = {"log.town_gift": "{name}'s new town takes 1 {res} from the bank"}
texts.DE = {"log.town_gift": "Die neue Siedlung von {name} nimmt 1 {res} von der Bank"}
add_areas([texts])


@word_part("base")
class TownGiftLines(EventLines):
    lines = {**EventLines.lines,
             "town_gift": lambda ev, n: [t("log.town_gift", name=n(ev["player"]), res=t(f"res.{ev['resource']}"))]}
    places = {**EventLines.places, "town_gift": lambda ev: [("corner", ev["corner"])]}


# --- the clients, none of them told of it ---------------------------------------------------------------
from netplay import ServerThread
from retrocatan.clients.bot import Bot
from retrocatan.clients.text_client import TextClient
from retrocatan.engine import GameConfig
from retrocatan.net.client import Seat, create_game
from retrocatan.ui.session import GameSession, SeatSpec

set_language(sys.argv[3])
seen = {}

# the window's log: a game of computers at one machine
session = GameSession(GameConfig(players=3, seed=11), [SeatSpec("easy", n) for n in ("Anna", "Ben", "Cleo")],
                      speed=3)
while not session.game.over and not any("new town" in x or "neue Siedlung" in x for x in session.log):
    session.tick(fast=True)
seen["window"] = [str(x) for x in session.log]


async def network():
    with ServerThread(os.path.join(sys.argv[2], "g.sqlite3")) as server:
        got = await create_game(server.url, {"players": 3}, clocks={"computer_delay": 0}, start="full")
        progress = []
        bots = [Bot(server.url, got["code"], "easy", colour=i, progress=progress.append, log=True)
                for i in range(3)]
        read, _ = os.pipe()             # the spectator types nothing
        out = io.StringIO()
        args = types.SimpleNamespace(server=server.url, seat_file=None)
        terminal = TextClient(args, os.fdopen(read), out, Seat(server.url, code=got["code"], watch=True))
        watching = asyncio.create_task(terminal.run())
        await asyncio.gather(*(b.play(180) for b in bots))
        await asyncio.wait_for(watching, 60)
        return progress, out.getvalue().splitlines()


seen["bot"], seen["terminal"] = asyncio.run(network())
print(json.dumps(seen))
'''


def _play(tmp_path, lang: str) -> dict:
    env = {**os.environ, "PYTHONPATH": ROOT, "SDL_AUDIODRIVER": "dummy"}
    res = subprocess.run([sys.executable, "-c", GAME, ROOT, str(tmp_path), lang], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-3000:]
    return json.loads(res.stdout.strip().splitlines()[-1])


def test_a_new_event_kind_reaches_the_window_the_terminal_and_the_bot(tmp_path):
    seen = _play(tmp_path, "en")
    gift = r"(Anna|Ben|Cleo|p\d \w+ \(Easy\))'s new town takes 1 Wood from the bank"
    import re
    assert any(re.fullmatch(gift, line) for line in seen["window"]), seen["window"][-20:]
    # the terminal and the bot name the corner too: they show no board
    where = gift + r" - corner \d+ \(.+\)"
    assert any(re.fullmatch(where, line) for line in seen["terminal"]), seen["terminal"][-30:]
    assert any(re.fullmatch(where, line) for line in seen["bot"]), seen["bot"][-30:]


def test_the_new_event_kind_speaks_german_where_the_clients_do(tmp_path):
    seen = _play(tmp_path, "de")
    for client in ("window", "terminal", "bot"):
        assert any("nimmt 1 Holz von der Bank" in line for line in seen[client]), (client, seen[client][-20:])
