"""The special build phase in the window with 5-6 players (docs/rules.md
§12.2; issue 44, rough edges 3 and 6): a person with nothing to build is
passed at once, so no frame asks them; and the log does not fill with one
line per player and phase, so the rolls stay in sight."""

from retrocatan.ai import make_player
from retrocatan.engine import GameConfig
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.text import t

PERSON = 2


def six(seed: int) -> GameSession:
    seats = [SeatSpec("human" if p == PERSON else "easy", f"P{p}") for p in range(6)]
    return GameSession(GameConfig(players=6, seed=seed), seats, speed=3)


def play(s: GameSession, turns: int, after_each) -> None:
    """Play until turn ``turns``, the person deciding as a computer would;
    ``after_each(s)`` after every decision the window passes on."""
    stand_in = make_player("easy", 99, PERSON)
    while not s.game.over and s.game.seat_view(None).turn < turns:
        if s.waiting_for_human():
            s.submit(stand_in.choose(s.game.seat_view(PERSON)))
        else:
            s.tick(fast=True)
        after_each(s)


def test_a_person_with_nothing_to_build_is_never_asked_in_the_special_build_phase():
    asked_empty = []

    def check(s):
        if s.nothing_to_decide():
            asked_empty.append(len(s.game.history))

    s = six(5)
    special = []
    real = s._absorb

    def absorb(events):
        special.extend(ev for ev in events if ev["type"] == "special_build" and ev["player"] == PERSON)
        real(events)
    s._absorb = absorb
    play(s, 12, check)
    assert special, "the person had no special build phase: the test tests nothing"
    assert not asked_empty, f"left waiting on an empty special build phase after decisions {asked_empty[:5]}"


def test_the_log_keeps_the_rolls_in_sight_at_a_turns_start():
    """Between a turn's end and the next turn the log says only what was
    built: a special build phase that passes leaves no line (the one in
    progress shows whose it is), so the roll stays in the log box."""
    s = six(7)
    phases_opened = []
    real = s._absorb

    def absorb(events):
        phases_opened.extend(ev for ev in events if ev["type"] == "special_build")
        real(events)
    s._absorb = absorb
    play(s, 10, lambda s: None)
    assert len(phases_opened) >= 20, "too few special build phases: the test tests nothing"
    names = [s.name(p) for p in range(6)]
    log = [str(line) for line in s.log]
    special = {t("log.special", name=n) for n in names}
    assert not special & set(log[:-1]), "a passed special build phase still has its line"
    turns = [i for i, line in enumerate(log) if line.startswith(t("log.turn", turn=1, name="x")[:4])]
    ends = [i for i, line in enumerate(log) if line in {t("log.end_turn", name=n) for n in names}]
    quiet = [next(k for k in turns if k > j) - j for j in ends if turns and turns[-1] > j]
    assert quiet and sum(quiet) / len(quiet) < 3, quiet     # a turn's end to the next: few lines
