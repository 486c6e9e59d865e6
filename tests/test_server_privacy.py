"""No seat hears what its ``PlayerView`` hides (docs/protocol.md, "Who sees
what"): whole games on the base game and every shipped scenario, every seat
a network computer client of a real server on the loopback address, and a
spectator. The games are played to 6 points (``POINTS``), not to each map's
own target: half the decisions. Their secrets still come up: with these
computers on these boards, 48 of 48 engine games to 6 points had a steal and
44 of 48 a bought card, and Fog Island's six games explored 18 fog hexes
(seeds 1-6). The server deals each game, so which secrets one run's games
hold varies from run to run.
Every message each one received is checked against the game replayed from
its record (which the server gives out only at the end):

- each entry's events are exactly the engine's events as that seat may
  see them (``events.seen_by``): a steal's card only for thief and victim,
  a bought card only for the buyer;
- each state is exactly ``seat_state`` of the real game at that step, and
  the same as the ``seat_state`` of another game the seat cannot tell
  apart from the real one (``determinize`` with a random generator): the
  state depends on the seat's view only, so no other hand, development
  card, deck order, generator or fog terrain is in it;
- the seed appears in no message before the game's end; no seat receives
  another seat's action text.

The checker must fail when a secret leaks: a test makes the server leak the
real state and the unfiltered events and expects each to be caught.
"""

from __future__ import annotations

import json
import random

import pytest
from netplay import ServerThread, play_network_game

from retrocatan.engine import events as E
from retrocatan.engine.actions import parse_action
from retrocatan.engine.determinize import determinize
from retrocatan.engine.game import Game
from retrocatan.engine.replay import GameRecord
from retrocatan.engine.rng import Rng
from retrocatan.engine.seat_state import seat_state

GAMES = [("base", 4), ("base", 6), ("new-shores", 4), ("four-islands", 3), ("fog-island", 4),
         ("through-the-desert", 4), ("new-world-3-4", 4), ("new-world-5-6", 5)]


def _json(x):
    return json.loads(json.dumps(x))


def leaks(record: dict, texts: dict[int, list[str]], rng: random.Random, alt_every: int = 3) -> dict[int, list]:
    """Per seat of ``texts`` (seat -> the text of every message it received, as it came; -1: a
    spectator), what its messages hold beyond the seat's view. The record is replayed once for
    all of them; a message with a state is read again at its step (the texts are kept, not the
    parsed states: ``netplay.play_network_game``)."""
    rec = GameRecord.from_json(record)
    seed = str(record["seed"])
    found: dict[int, list] = {seat: [] for seat in texts}
    wanted: dict[int, list] = {}                   # step -> (seat, text of a message with a state at that step)
    moves: dict[int, list] = {seat: [] for seat in texts}    # seat -> (seq, events, another seat's action text)
    for seat, received in texts.items():
        for text in received:
            if '"record"' not in text and seed in text:     # the record, at the end, carries it
                found[seat].append(f"the seed in a message: {text[:60]}")
            msg = json.loads(text)
            if "state" in msg:
                wanted.setdefault(msg["step"], []).append((seat, text))
            if msg.get("type") == "entry" and msg["k"] in ("start", "move"):
                moves[seat].append((msg["seq"], msg.get("events", []), "a" in msg and msg.get("seat") != seat))
    game = Game(rec.config)
    step_events = [_json(game.initial_events)]
    checked = 0
    for i in range(len(rec.actions) + 1):
        for seat, text in wanted.get(i, ()):
            got = json.loads(text)["state"]      # JSON as received; seat_state's is JSON data too, compared as values
            if got != seat_state(game, seat):
                found[seat].append(f"step {i}: the state is not the seat's")
            elif not game.over and checked % alt_every == 0:
                alt = determinize(game.seat_view(seat), Rng(rng.getrandbits(32), rng.getrandbits(32)))
                if got != seat_state(alt, seat):
                    found[seat].append(f"step {i}: the state depends on what the seat cannot see")
            checked += 1
        if i < len(rec.actions):
            step_events.append(_json(game.apply(parse_action(rec.actions[i]))))
    for seat, entries in moves.items():
        for k, (seq, events, others_action) in enumerate(entries):
            want = [E.seen_by(e, seat) for e in step_events[k]] if k < len(step_events) else None
            if events != want:
                found[seat].append(f"entry {seq}: events {events} instead of {want}")
            if others_action:
                found[seat].append(f"entry {seq}: another seat's action text")
        if len(entries) != len(rec.actions) + 1:
            found[seat].append(f"{len(entries)} moves received of {len(rec.actions) + 1}")
    return found


POINTS = 6


def _config(scenario: str, players: int) -> dict:
    config = {"players": players, "vp_target": POINTS}
    return config if scenario == "base" else {**config, "scenario": scenario}


@pytest.mark.timeout(300)
@pytest.mark.parametrize("scenario,players", GAMES)
def test_no_seat_and_no_spectator_receives_what_its_view_hides(tmp_path, scenario, players):
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        got = play_network_game(server.url, _config(scenario, players), players)
    assert all(r["over"] and r["gaps"] == 0 and r["duplicates"] == 0 for r in got["results"])
    record = got["record"]
    assert record is not None
    found = leaks(record, got["texts"], random.Random(7))
    assert sorted(found) == list(range(-1, players)) and found == {seat: [] for seat in found}
    # The spectator's chat copies have no text, and it never gets a token.
    assert not any("token" in json.loads(text) for text in got["texts"][-1])


def test_the_checker_catches_a_leaked_state_and_a_leaked_steal(tmp_path, monkeypatch):
    """One game of a server made to leak twice: each seat gets the real state (other hands, the
    deck, the generator) and every event unfiltered (a steal's card for all). The checker names
    both: the states that are not the seat's, and the events it should not have seen."""
    from retrocatan.server import table

    def leaky(game, seat):
        data = game.to_json()            # the real state: other hands, the deck, the generator
        data["config"]["seed"] = 0
        return data

    monkeypatch.setattr(table, "seat_state", leaky)
    monkeypatch.setattr(table.E, "seen_by", lambda event, viewer: event)
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        got = play_network_game(server.url, _config("base", 3), 3, watch=False)
    monkeypatch.undo()
    found = leaks(got["record"], got["texts"], random.Random(1))
    assert all(any("not the seat's" in f for f in found[seat]) for seat in found)
    assert any("events" in f for seat in found for f in found[seat])
