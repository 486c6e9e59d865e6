"""Writes tests/data/server-store-v1.sqlite3 and its tokens (server-store-v1.json):
a store of storage version 1, as ``retrocatan serve`` of that version wrote it
(run with that version's code first on PYTHONPATH). tests/test_server_store_v1.py
opens it with today's code.

Its games: an open game with one person seated; a live game of two people and a
computer, past the founding, one person away (the computer plays the seat) and a
chat line; a by-post game with an offer waiting for answers; a finished game of
three computers."""

from __future__ import annotations

import json
import os
import sys

from retrocatan.ai import make_player
from retrocatan.engine import phases
from retrocatan.engine.config import GameConfig
from retrocatan.server.clocks import ManualClock, Pace
from retrocatan.server.store import open_store
from retrocatan.server.table import Table

HERE = os.path.dirname(os.path.abspath(__file__))
T0 = 1_700_000_000.0


def play(t: Table, until, clock: ManualClock, limit: int = 3000) -> None:
    bots = {}
    for _ in range(limit):
        if until(t):
            return
        if t.due() is not None and t.due() <= clock.now():
            t.run_due()
            continue
        p = t.game.decider
        s = t.meta["seats"][p]
        if s["kind"] == "computer" or s.get("away"):
            clock.advance(t.due() - clock.now())
            continue
        bot = bots.setdefault(p, make_player("normal", 3, p))
        t.act(p, str(bot.choose(t.game.seat_view(p))), len(t.game.history))
        clock.advance(2)
    raise SystemExit("the condition never came")


def main(out: str) -> None:
    if os.path.exists(out):
        os.remove(out)
    clock = ManualClock(T0)
    keys = {}
    with open_store(out) as store:
        t, owner = Table.create(store, clock, GameConfig(players=4), Pace.of("live"), [{"kind": "open"}] * 4,
                                "owner")
        keys[t.id] = {"kind": "open", "owner": owner, "tokens": {str(s): tok for s, tok in [t.join("Anna", 2)]}}
        clock.advance(60)

        t, owner = Table.create(store, clock, GameConfig(players=3), Pace.of("live", missed_turns=1),
                                [{"kind": "open"}, {"kind": "open"}, {"kind": "computer", "level": "easy"}], "full")
        a, b = t.join("Cora"), t.join("Dirk")
        t.chat(0, "viel Glück")
        play(t, lambda t: t.game.phase == phases.ROLL and t.game.current == 1, clock)
        clock.advance(91)
        t.run_due()                                  # Dirk's turn ran out: the computer plays his seat
        assert t.meta["seats"][1]["away"]
        play(t, lambda t: t.game.decider == 0 and t.game.phase == phases.ROLL, clock)
        keys[t.id] = {"kind": "live", "owner": owner, "tokens": {str(a[0]): a[1], str(b[0]): b[1]},
                      "step": len(t.game.history), "count": t.count}
        clock.advance(60)

        t, owner = Table.create(store, clock, GameConfig(players=3), Pace.of("post"), [{"kind": "open"}] * 3, "full")
        seats = [t.join(n) for n in ("Emil", "Frida", "Gus")]
        play(t, lambda t: t.game.phase == phases.MAIN and t.game.state.turn >= 1, clock)
        p = t.game.decider
        hand = t.game.seat_view(p).hand
        give = next(r for r in range(5) if hand[r] > 0)
        t.act(p, f"offer {'WBSGC'[give]}:{'WBSGC'[(give + 1) % 5]}")
        assert t.game.phase == phases.OFFER_RESPONSE
        keys[t.id] = {"kind": "post", "owner": owner, "tokens": {str(s): tok for s, tok in seats},
                      "step": len(t.game.history), "count": t.count}
        clock.advance(60)

        t, owner = Table.create(store, clock, GameConfig(players=3), Pace.of("live", computer_delay=0),
                                [{"kind": "computer", "level": "easy"}] * 3, "owner")
        t.start()
        while not t.game.over:
            t.run_due(1000)
        keys[t.id] = {"kind": "over", "owner": owner, "tokens": {}, "step": len(t.game.history), "count": t.count}
    with open(os.path.splitext(out)[0] + ".json", "w", encoding="utf-8") as f:
        json.dump({"now": clock.now(), "games": keys}, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "server-store-v1.sqlite3"))
