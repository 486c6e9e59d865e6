"""The messages both ways against docs/protocol.md: every client message and
every field ``protocol.CLIENT_MESSAGES`` reads is in the page's "Client to
server" table and the other way round; the same for the server's catalogue
(``net/messages.py``) and "Every server message"; the error codes the server
can send are the page's and the catalogue's; and what a real server sends
is built from the catalogue."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from retrocatan.net import messages as M
from retrocatan.net import protocol as P

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
TICKED = re.compile(r"`([a-z_]+)`")


def doc_table(heading: str) -> dict[str, set[str]]:
    """type -> the fields in the second column of the table under ``heading``."""
    i = DOC.index(heading)
    rows = {}
    for line in DOC[i:].splitlines()[1:]:
        if line.startswith("#") or (rows and not line.strip()):
            break
        cells = line.split("|")
        if len(cells) < 4 or not cells[1].strip().startswith("`"):
            continue
        rows[TICKED.findall(cells[1])[0]] = set(TICKED.findall(cells[2]))
    return rows


def test_every_client_message_and_field_is_in_protocol_md_and_back():
    doc = doc_table("## Client to server")
    assert set(doc) == set(P.CLIENT_MESSAGES)
    for kind, fields in P.CLIENT_MESSAGES.items():
        assert doc[kind] == set(fields) - {"id"}, kind
    # every request but hello may carry an id, and the page says so
    assert all("id" in f for k, f in P.CLIENT_MESSAGES.items() if k != "hello")
    assert "may carry an `id`" in DOC


def test_every_server_message_and_field_is_in_protocol_md_and_back():
    doc = doc_table("### Every server message")
    assert set(doc) == set(M.SERVER_MESSAGES)
    for kind, shape in M.SERVER_MESSAGES.items():
        assert doc[kind] == set(shape.fields), kind


def test_the_error_codes_are_the_catalogues_the_pages_and_the_servers():
    i = DOC.index("Codes:")
    documented = set(TICKED.findall(DOC[i:DOC.index("\n\n", i)]))
    assert documented == M.ERROR_CODES
    raised = set()
    for path in [*(ROOT / "retrocatan" / "server").glob("*.py"), ROOT / "retrocatan" / "net" / "protocol.py"]:
        text = path.read_text(encoding="utf-8")
        raised |= set(re.findall(r'(?:TableError|ProtocolError|M\.error)\(\s*"([a-z_]+)"', text))
    assert raised == M.ERROR_CODES, (raised - M.ERROR_CODES, M.ERROR_CODES - raised)


def test_the_helper_refuses_what_the_catalogue_does_not_have():
    assert M.message("ok", id=3, seq=4) == {"type": "ok", "seq": 4, "id": 3}
    assert M.message("pong") == {"type": "pong"}
    with pytest.raises(ValueError, match="no field"):
        M.message("pong", seq=1)
    with pytest.raises(ValueError, match="missing"):
        M.message("created", game="g", code="C")
    with pytest.raises(ValueError, match="catalogue"):
        M.message("winner", seat=1)
    with pytest.raises(ValueError, match="catalogue"):
        M.error("no_such_code", "x")
    assert M.error("stale", "moved on", re="act", id=9, step=12) == {
        "type": "error", "code": "stale", "message": "moved on", "re": "act", "id": 9, "step": 12}


def test_what_a_real_server_sends_is_in_the_catalogue(tmp_path):
    pytest.importorskip("websockets")
    from netplay import ServerThread
    from websockets.asyncio.client import connect

    got: list[dict] = []

    async def until(ws, kind: str) -> dict:
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
            got.append(msg)
            if msg["type"] == kind:
                return msg

    async def talk(url: str) -> None:
        async with connect(url, compression=None) as ws:
            async def say(msg) -> None:
                await ws.send(msg if isinstance(msg, str) else json.dumps(msg))

            await say({"type": "hello", "protocol": 1, "client": "test"})
            await say({"type": "create", "config": {"players": 3}, "id": 1,
                       "seats": [{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                 {"kind": "computer", "level": "easy"}], "clocks": {"computer_delay": 0}})
            created = await until(ws, "created")
            await say({"type": "join", "code": created["code"], "name": "Ann", "id": 2})
            await until(ws, "joined")
            await say({"type": "start", "game": created["game"], "owner": created["owner"], "id": 3})
            await say({"type": "stage", "code": created["code"], "id": 4})
            await say({"type": "record", "code": created["code"], "id": 5})
            await say({"type": "act", "action": "S999", "id": 6})
            await say({"type": "chat", "text": "hallo", "id": 7})
            await say("{")
            await say({"type": "ping", "id": 8})
            await until(ws, "pong")


    with ServerThread(str(tmp_path / "s.sqlite3")) as server:
        asyncio.run(talk(server.url))
    kinds = {m["type"] for m in got}
    assert {"hello", "created", "joined", "welcome", "entry", "sync", "ok", "stage", "error", "pong"} <= kinds
    for msg in got:
        shape = M.SERVER_MESSAGES[msg["type"]]
        fields = set(msg) - {"type"}
        assert shape.always <= fields, msg
        assert shape.open or fields <= shape.fields, msg


def test_a_store_that_fails_is_an_error_answer_to_join_create_and_watch(tmp_path):
    """The store fails (here: its database closed under the server): join, create and watch
    are each answered with ``error`` ``server`` carrying their ``re`` and ``id``, and the
    connection stays open."""
    pytest.importorskip("websockets")
    from netplay import ServerThread
    from websockets.asyncio.client import connect

    from retrocatan.net.client import create_game

    async def main(url: str, code: str, server) -> list[dict]:
        async with connect(url, compression=None) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "client": "test"}))
            json.loads(await ws.recv())
            server.call(server.store.close)
            answers = []
            for i, msg in enumerate([{"type": "join", "code": code, "name": "Ann"},
                                     {"type": "create", "config": {"players": 3}},
                                     {"type": "watch", "code": code},
                                     {"type": "ping"}], 1):
                await ws.send(json.dumps({**msg, "id": i}))
                answers.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            return answers

    with ServerThread(str(tmp_path / "s.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 3}))
        answers = asyncio.run(main(server.url, got["code"], server))
    for i, (answer, kind) in enumerate(zip(answers, ("join", "create", "watch"), strict=False), 1):
        assert (answer["type"], answer["code"], answer["re"], answer["id"]) == ("error", "server", kind, i), answer
    assert answers[3] == {"type": "pong", "id": 4}
