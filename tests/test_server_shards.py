"""Several servers, one PostgreSQL (docs/server.md, "Several machines"): each
serves the games of its shard; a client that asks one for another's game is
sent to the right one and plays there. A real PostgreSQL, two real servers on
the loopback address."""

from __future__ import annotations

import asyncio

from netplay import ServerThread
from pgserver import postgres_server  # noqa: F401  (the session fixture)

from retrocatan.clients.bot import Bot
from retrocatan.net.client import create_game
from retrocatan.server.hub import shard_of


def test_a_game_is_served_by_its_shard_and_clients_are_sent_there(postgres_server):  # noqa: F811
    name = postgres_server.new_database()
    url = postgres_server.url(name)
    try:
        with ServerThread(url, shard=(0, 2)) as a, ServerThread(url, shard=(1, 2)) as b:
            a.hub.shard_urls = b.hub.shard_urls = [a.url, b.url]

            async def main():
                on_a = await create_game(a.url, {"players": 3}, clocks={"computer_delay": 0}, start="full")
                on_b = await create_game(b.url, {"players": 3}, clocks={"computer_delay": 0}, start="full")
                assert shard_of(on_a["game"], 2) == 0 and shard_of(on_b["game"], 2) == 1
                # Everyone asks server A; the second game's players are sent to B.
                bots = [Bot(a.url, g["code"], "easy", colour=s) for g in (on_a, on_b) for s in range(3)]
                results = await asyncio.gather(*(bot.play(120) for bot in bots))
                return on_a, on_b, bots, results

            on_a, on_b, bots, results = asyncio.run(main())
            assert all(r["over"] and r["gaps"] == 0 and r["duplicates"] == 0 for r in results)
            assert all(bot.seat.url == b.url for bot in bots[3:]) and all(bot.seat.url == a.url for bot in bots[:3])
            assert on_b["game"] not in a.hub.tables and on_a["game"] not in b.hub.tables
            assert a.store.load(on_b["game"])[0]["status"] == "over"
    finally:
        postgres_server.drop_database(name)
