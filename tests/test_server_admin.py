"""``retrocatan admin`` against real ``retrocatan serve`` processes: through the
running server (its admin file, mode 0600) it lists the games with their
seats connected, ends one (its player is told at once, its record kept) and
removes finished games nobody looks at; with the server stopped it works on
the store, and refuses to change it while a killed server's heartbeat is
fresh; a wrong secret is refused."""

from __future__ import annotations

import asyncio
import json
import os
import stat
import subprocess
import sys

import pytest

pytest.importorskip("websockets")

from netplay import ROOT, ServerProcess  # noqa: E402

from retrocatan.clients.render import Render  # noqa: E402
from retrocatan.net.client import Seat, create_game  # noqa: E402
from retrocatan.words.text import set_language  # noqa: E402


def admin(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": ROOT}
    return subprocess.run([sys.executable, "-m", "retrocatan", "admin", *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)


def admin_json(*args: str) -> dict:
    done = admin(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def refused(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    for w in words:
        assert w in lines[0], lines[0]


def test_admin_lists_ends_and_purges_through_the_running_server(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with ServerProcess(db) as server:
        path = db + ".admin.json"
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
        assert json.loads(open(path).read())["url"] == server.url

        async def main():
            kept = await create_game(server.url, {"players": 3})
            played = await create_game(server.url, {"players": 3}, seats=[
                {"kind": "open"}, {"kind": "computer", "level": "easy"}, {"kind": "computer", "level": "easy"}])
            seat = Seat(server.url, code=played["code"], name="Ann")
            entries = []
            seat.on_entry = entries.append
            task = asyncio.create_task(seat.run())
            await asyncio.wait_for(seat.synced.wait(), 10)
            listed = await asyncio.to_thread(admin_json, "list", "--db", db)
            rows = {g["game"]: g for g in listed["games"]}
            assert set(rows) == {kept["game"], played["game"]}
            assert (rows[played["game"]]["status"], rows[played["game"]]["connected"]) == ("playing", 1)
            assert (rows[kept["game"]]["status"], rows[kept["game"]]["connected"]) == ("open", 0)
            assert rows[played["game"]]["people"] == 1 and rows[played["game"]]["last_move"] > 0
            ended = await asyncio.to_thread(admin_json, "end", played["game"], "--db", db)
            assert ended == {"do": "end", "game": played["game"], "status": "ended"}
            for _ in range(100):
                if seat.over:
                    break
                await asyncio.sleep(0.05)
            assert seat.over and seat.table["status"] == "ended"
            [end] = [m for m in entries if m.get("k") == "end"]
            set_language("en")          # the terminal's line for it says why, as the window's log does
            assert Render(seat).entry_lines(end) == ["The server's operator ended the game"]
            again = await asyncio.to_thread(admin, "end", played["game"], "--db", db)
            refused(again, "ended")
            purge = await asyncio.to_thread(admin_json, "purge", "--days", "0", "--db", db)
            assert (purge["removed"], purge["kept"]) == (0, 1)        # Ann still looks at it
            seat.stop()
            await asyncio.wait_for(task, 5)
            await asyncio.sleep(0.2)
            purge = await asyncio.to_thread(admin_json, "purge", "--days", "0", "--db", db)
            assert (purge["removed"], purge["kept"]) == (1, 0)
            listed = await asyncio.to_thread(admin_json, "list", "--db", db)
            assert [g["game"] for g in listed["games"]] == [kept["game"]]

        asyncio.run(main())
        wrong = tmp_path / "wrong.json"
        wrong.write_text(json.dumps({"url": server.url, "secret": "not-the-secret"}))
        refused(admin("list", "--db", db, "--admin-file", str(wrong)), "refused", "secret")


def test_a_second_server_of_a_store_that_a_server_serves_is_refused_and_the_first_keeps_its_admin_file(tmp_path):
    """Two servers of one store would each write its games: the second is one line, exit 2 (a
    killed server, which leaves its admin file, is no hindrance: the next test)."""
    db = str(tmp_path / "games.sqlite3")
    with ServerProcess(db) as server:
        with open(db + ".admin.json", encoding="utf-8") as f:
            before = f.read()
        env = {**os.environ, "PYTHONPATH": ROOT}
        second = subprocess.run([sys.executable, "-m", "retrocatan", "serve", "--port", "0", "--db", db],
                                capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
        refused(second, "a server already serves this store", server.url)
        with open(db + ".admin.json", encoding="utf-8") as f:
            assert f.read() == before
        assert admin_json("list", "--db", db)["games"] == []          # the first answers at its admin file


def test_admin_works_on_the_store_once_the_server_is_stopped_and_not_while_it_beats(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    server = ServerProcess(db).start()
    try:
        got = asyncio.run(create_game(server.url, {"players": 3}))
        server.kill()                                   # SIGKILL: its heartbeat is fresh for a while
        listed = admin_json("list", "--db", db)         # reading is safe
        assert [g["game"] for g in listed["games"]] == [got["game"]] and listed["games"][0]["connected"] == 0
        refused(admin("end", got["game"], "--db", db), "a server runs on this store")
        server.start()
        server.proc.terminate()                         # SIGTERM: it stops cleanly and says so
        server.proc.wait(10)
        assert not os.path.exists(db + ".admin.json")
        ended = admin_json("end", got["game"], "--db", db)
        assert ended["status"] == "ended"
        assert admin_json("purge", "--days", "0", "--db", db) == {"do": "purge", "removed": 1, "kept": 0}
        assert admin_json("list", "--db", db)["games"] == []
        refused(admin("end", "0123456789abcdef", "--db", db), "no game")
        typo = str(tmp_path / "gmaes.sqlite3")        # a mistyped store: said, not made anew
        refused(admin("list", "--db", typo), "no store at", typo)
        assert not os.path.exists(typo)
    finally:
        server.kill()
