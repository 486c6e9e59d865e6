"""``peek`` (docs/protocol.md), for a window's My games: each seat named by
game and token learns where its game is, from the table in memory or from
the stored row without loading the game; a wrong token and an unknown game
get the same ``known: false``; a game stored without its present (an older
server's meta) is replayed once; more than 50 seats, or a malformed one, is
``bad_message``."""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from pathlib import Path

import pytest

pytest.importorskip("websockets")

from netplay import ServerThread  # noqa: E402

from retrocatan.net.client import Refused, create_game, one_request  # noqa: E402
from retrocatan.server.clocks import ManualClock  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"


def peek(url: str, seats: list[dict]) -> list[dict]:
    got = asyncio.run(one_request(url, {"type": "peek", "seats": seats}))
    assert got["type"] == "peek" and got["id"] == 1
    return got["seats"]


def test_peek_tells_each_seat_where_its_game_is_from_memory_or_the_store(tmp_path):
    db = str(tmp_path / "s.sqlite3")
    clock = ManualClock(time.time())
    tokens = [f"a-token-of-the-peek-test-{s}" for s in range(4)]
    with ServerThread(db, clock) as server:
        playing = asyncio.run(create_game(server.url, {"players": 3}))
        for s in range(3):
            asyncio.run(one_request(server.url, {"type": "join", "code": playing["code"], "name": f"P{s}",
                                                 "seat": s, "token": tokens[s]}))
        waiting = asyncio.run(create_game(server.url, {"players": 3}))
        asyncio.run(one_request(server.url, {"type": "join", "code": waiting["code"], "name": "Ann", "seat": 2,
                                             "token": tokens[3]}))
        t = server.call(server.hub.table, playing["game"])
        decider, at, step, turn = server.call(lambda: (t.game.decider, t.meta.deadline.at, len(t.game.history),
                                                       t.game.state.turn))
        asked = [{"game": playing["game"], "token": tokens[0]}, {"game": playing["game"], "token": tokens[1]},
                 {"game": playing["game"], "token": tokens[3]}, {"game": waiting["game"], "token": tokens[3]},
                 {"game": "0123456789abcdef", "token": tokens[0]}]
        first = peek(server.url, asked)
    assert first[0] == {"game": playing["game"], "known": True, "seat": 0, "status": "playing", "step": step,
                        "turn": turn, "mine": decider == 0, "deadline": at}
    assert first[1]["seat"] == 1 and first[1]["mine"] == (decider == 1) and first[1]["deadline"] == at
    assert first[2] == {"game": playing["game"], "known": False}           # a wrong token: nothing
    assert first[3] == {"game": waiting["game"], "known": True, "seat": 2, "status": "open", "step": 0, "turn": 0,
                        "mine": False, "deadline": None}
    assert first[4] == {"game": "0123456789abcdef", "known": False}
    # Another server on the same store: the same answers from the stored rows, no game loaded.
    with ServerThread(db, clock) as again:
        assert peek(again.url, asked) == first
        assert again.call(lambda: dict(again.hub.tables)) == {}


def test_peek_of_a_game_stored_without_its_present_replays_it_once(tmp_path):
    db = tmp_path / "v1.sqlite3"
    shutil.copy(DATA / "server-store-v1.sqlite3", db)
    keys = json.loads((DATA / "server-store-v1.json").read_text(encoding="utf-8"))
    live = next(gid for gid, g in keys["games"].items() if g["kind"] == "live")
    over = next(gid for gid, g in keys["games"].items() if g["kind"] == "over")
    from retrocatan.server.store import open_store
    with open_store(str(db)) as store:          # before any stored deadline runs out: nothing moves
        first = min(store.meta(gid)["deadline"]["at"] for gid in store.games("playing"))
    with ServerThread(str(db), ManualClock(first - 30)) as server:
        got = peek(server.url, [{"game": live, "token": keys["games"][live]["tokens"]["0"]},
                                {"game": over, "token": "no seat of it has this token"}])
        assert got[0]["known"] and got[0]["step"] == keys["games"][live]["step"] and got[0]["status"] == "playing"
        assert got[1] == {"game": over, "known": False}
        assert server.call(lambda: sorted(server.hub.tables)) == [live]


def test_peek_of_more_than_50_seats_or_a_malformed_one_is_bad_message(tmp_path):
    with ServerThread(str(tmp_path / "s.sqlite3")) as server:
        for seats in ([{"game": "g", "token": "t"}] * 51, [{"game": "g"}], ["g"], [{"game": 1, "token": "t"}]):
            with pytest.raises(Refused) as refused:
                asyncio.run(one_request(server.url, {"type": "peek", "seats": seats}))
            assert (refused.value.code, refused.value.msg["re"], refused.value.msg["id"]) == ("bad_message", "peek", 1)
        assert peek(server.url, [{"game": "g", "token": "t"}] * 50) == [{"game": "g", "known": False}] * 50
