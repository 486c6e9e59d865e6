"""Backup and restore of a running server's store, SQLite (its online
backup) and a real PostgreSQL (pg_dump, pg_restore; tests/pgserver.py):
the backup is taken while a game is being played, the restored store is
served by a new ``retrocatan serve``, a seat resumes its game there and
plays it to the end, and the record of a game finished before the backup,
fetched from the restored server, passes ``retrocatan replay --verify``."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

import pytest
from netplay import ROOT, ServerProcess
from pgserver import postgres_server  # noqa: F401  (the session fixture)

from retrocatan.clients.bot import Bot
from retrocatan.net.client import create_game
from retrocatan.server.store import open_store


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "retrocatan", *args], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": ROOT}, cwd=ROOT)


@pytest.fixture(params=["sqlite", "postgres"])
def stores(request, tmp_path):
    """Two stores of one kind: the running server's and the one restored into."""
    if request.param == "sqlite":
        yield str(tmp_path / "games.sqlite3"), str(tmp_path / "restored" / "games.sqlite3")
        return
    pg = request.getfixturevalue("postgres_server")
    names = [pg.new_database(), pg.new_database()]
    yield pg.url(names[0]), pg.url(names[1])
    for name in names:
        pg.drop_database(name)


@pytest.mark.timeout(300)
def test_backup_while_serving_then_restore_serves_the_games_and_their_records_verify(stores, tmp_path):
    live_db, restored_db = stores
    backup_file = str(tmp_path / "backup.bin")
    server = ServerProcess(live_db).start()

    async def before():
        url = server.url
        done = await create_game(url, {"players": 3}, clocks={"computer_delay": 0}, start="full",
                                 seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                        {"kind": "computer", "level": "easy"}])
        finished = await Bot(url, done["code"], "easy", name="A", colour=0).play(200)
        assert finished["over"]
        # A game in progress: its bot stops after a few decisions of its own, its seat kept.
        going = await create_game(url, {"players": 3}, clocks={"computer_delay": 0}, start="full",
                                  seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                         {"kind": "computer", "level": "easy"}])
        bot = Bot(url, going["code"], "easy", name="B", colour=0)
        play = asyncio.create_task(bot.play(200))
        while bot.decisions < 8 and not play.done():
            await asyncio.sleep(0.01)
        assert not play.done(), f"the bot stopped after {bot.decisions} decisions: {play.result()}"
        bot.seat.stop()                     # the game waits for this seat (it stays with its token)
        play.cancel()
        kept = bot.seat.seq
        # The backup is taken while another game is being played.
        busy = await create_game(url, {"players": 3}, clocks={"computer_delay": 0}, start="full",
                                 seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                        {"kind": "computer", "level": "easy"}])
        player = Bot(url, busy["code"], "easy", name="C", colour=0)
        other = asyncio.create_task(player.play(200))
        await asyncio.sleep(0.2)
        backup = await asyncio.to_thread(cli, "backup", "--db", live_db, backup_file, "--json")
        assert backup.returncode == 0, backup.stderr
        # Restored under the running server, its games would break: refused in one line, nothing changed.
        onto_live = await asyncio.to_thread(cli, "restore", "--db", live_db, backup_file)
        assert onto_live.returncode == 2 and len(onto_live.stderr.strip().splitlines()) == 1, onto_live.stderr
        assert "a server runs on this store" in onto_live.stderr and "stop it first" in onto_live.stderr
        player.seat.stop()                  # it was played while the backup was taken: its end is not needed
        other.cancel()
        await asyncio.gather(other, return_exceptions=True)
        return done, going, bot.seat.token, json.loads(backup.stdout), kept

    try:
        done, going, token, info, seen = asyncio.run(before())
    finally:
        server.kill()
    assert info["bytes"] > 0

    restored = cli("restore", "--db", restored_db, backup_file)
    assert restored.returncode == 0, restored.stderr
    with open_store(restored_db) as store:
        assert store.meta(done["game"])["status"] == "over"
        assert store.meta(going["game"])["status"] == "playing"
        assert store.entry_count(going["game"]) >= seen > 0          # every entry its seat had heard of

    with ServerProcess(restored_db) as again:
        async def after():
            bot = Bot(again.url, going["code"], "easy")
            bot.seat.game_id, bot.seat.token = going["game"], token       # the seat it held
            return await bot.play(200)

        result = asyncio.run(after())
        assert result["over"] and result["gaps"] == 0 and result["seat"] == 0
        out = str(tmp_path / "finished.json")
        got = cli("record", "--server", again.url, "--code", done["code"], "--out", out)
        assert got.returncode == 0, got.stderr
    verified = cli("replay", out, "--verify")
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_restore_refuses_a_file_that_is_not_a_backup_in_one_line(tmp_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"not a database at all" * 100)
    done = cli("restore", "--db", str(tmp_path / "x.sqlite3"), str(junk))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    missing = cli("backup", "--db", str(tmp_path / "none.sqlite3"), str(tmp_path / "b.bin"))
    assert missing.returncode == 2 and "no such store" in missing.stderr
