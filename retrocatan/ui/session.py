"""A game being played in the window: the engine game, who sits in each
seat (a person or a computer level), the log, and the pace of computer
turns. No Pyxel here: the scenes draw it, tests drive it directly.

The front end changes the game only through ``submit`` (a person's
action) and ``tick`` (a computer's action), both of which go through
``Game.apply``."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ai import make_player
from ..engine import Game, GameConfig, phases
from ..engine.components import DEV_CARDS
from ..engine.replay import PLAY_HASH_EVERY, GameRecord
from .text import cards_text, t

HUMAN = "human"
# Frames a computer waits before each decision, per speed setting.
SPEED_DELAYS = (30, 12, 4, 0)
LOG_LINES = 200


@dataclass
class SeatSpec:
    kind: str            # "human", "easy", "normal", "hard"
    name: str


@dataclass
class GameSession:
    config: GameConfig
    seats: list[SeatSpec]
    speed: int = 1
    game: Game = field(init=False)
    log: list[str] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)   # for animations and sounds, consumed by the UI

    resume: Game | None = None      # a game loaded from a save, to go on with
    record: GameRecord | None = None  # its record, as loaded (saves the session a replay)

    def __post_init__(self) -> None:
        if len(self.seats) != self.config.players:
            raise ValueError("one seat per player")
        self.game = self.resume if self.resume is not None else Game(self.config)
        self.resume = None
        # The game's record (decisions, a state hash every PLAY_HASH_EVERY), for saves.
        rec = self.record
        if rec is None or len(rec) != len(self.game.history) or rec.hash_every != PLAY_HASH_EVERY:
            rec = GameRecord.of_game(self.game, PLAY_HASH_EVERY)
        rec.seats = self.seat_dicts()
        rec.follow(self.game)
        self.record = rec
        self.ai = {s: make_player(spec.kind, self.config.seed, s)
                   for s, spec in enumerate(self.seats) if spec.kind != HUMAN}
        self._wait = 0
        for ev in self.game.initial_events:
            self._note(ev)

    @property
    def hashes(self) -> GameRecord:
        """The record, as ``saves.make_save(..., hashes=)`` takes it."""
        return self.record

    def seat_dicts(self) -> list[dict]:
        return [{"kind": s.kind, "name": s.name} for s in self.seats]

    # --- who decides -------------------------------------------------------------
    def name(self, p: int) -> str:
        return self.seats[p].name if 0 <= p < len(self.seats) else "?"

    def is_human(self, p: int) -> bool:
        return 0 <= p < len(self.seats) and self.seats[p].kind == HUMAN

    @property
    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s.kind == HUMAN]

    def waiting_for_human(self) -> bool:
        return not self.game.over and self.is_human(self.game.decider)

    # --- moving the game on ----------------------------------------------------------
    def submit(self, action) -> list[dict]:
        """A person's decision (raises IllegalAction, state untouched)."""
        events = self.game.apply(action)
        self._absorb(events)
        self._wait = SPEED_DELAYS[self.speed]
        return events

    def tick(self, fast: bool = False) -> bool:
        """Let a computer decide when its wait is over; True if it did."""
        g = self.game
        if g.over or self.is_human(g.decider):
            return False
        if self._wait > 0 and not fast:
            self._wait -= 1
            return False
        player = self.ai[g.decider]
        act = player.choose(g)
        self._absorb(g.apply(act))
        self._wait = SPEED_DELAYS[self.speed]
        return True

    def _absorb(self, events: list[dict]) -> None:
        self.record.append(self.game)
        for ev in events:
            self.events.append(ev)
            self._note(ev)

    # --- the log -----------------------------------------------------------------------
    def _note(self, ev: dict) -> None:
        line = self.describe(ev)
        if line:
            self.log.append(line)
            if len(self.log) > LOG_LINES:
                del self.log[: len(self.log) - LOG_LINES]

    def describe(self, ev: dict) -> str | None:
        """One log line for an event, hiding what the table may not see."""
        return describe_event(ev, self.name)

    # --- what the screen shows ---------------------------------------------------------
    def status(self) -> str:
        g = self.game
        st = g.state
        if g.over:
            return t("status.over", name=self.name(g.winner))
        p = g.decider
        name = self.name(p)
        if not self.is_human(p):
            return t("status.thinking", name=name)
        ph = g.phase
        if ph == phases.DISCARD:
            return t("status.discard", name=name, n=st.discards[0][1])
        if ph == phases.OFFER_RESPONSE:
            return t("status.offer_response", name=name, offerer=self.name(st.offer["from"]))
        return t(f"status.{ph}", name=name)

    def dev_cards_of(self, p: int) -> list[tuple[str, int, int]]:
        """(card name, held, of them bought this turn) for player ``p``."""
        st = self.game.state
        return [(DEV_CARDS[i], st.dev_hand[p][i], st.dev_new[p][i]) for i in range(5) if st.dev_hand[p][i]]


def describe_event(ev: dict, n) -> str | None:
    """One log line for an event (``n``: player number -> name), hiding what
    the table may not see (a stolen card's kind, a bought card)."""
    k = ev.get("type")
    if k == "first_player":
        return t("log.first", name=n(ev["player"]))
    if k == "dice":
        a, b = ev["dice"]
        return t("log.dice", name=n(ev["player"]), a=a, b=b, total=ev["total"])
    if k == "production":
        lines = [t("log.gain", name=n(p), cards=cards_text(g)) for p, g in enumerate(ev["gains"]) if any(g)]
        for r in ev["shortage"]:
            lines.append(t("log.shortage", res=t(f"res.{r}")))
        return "; ".join(lines) or None
    if k == "founding_income" and any(ev["gains"]):
        return t("log.gain", name=n(ev["player"]), cards=cards_text(ev["gains"]))
    if k == "build":
        return t(f"log.build.{ev['piece']}", name=n(ev["player"]))
    if k == "buy":
        return t("log.buy", name=n(ev["player"]))
    if k == "play":
        return t("log.play", name=n(ev["player"]), card=t(f"dev.{ev['card']}"))
    if k == "robber":
        return t("log.robber", name=n(ev["player"]))
    if k == "steal":
        return t("log.steal", name=n(ev["player"]), victim=n(ev["victim"]))
    if k == "trade_bank":
        return t("log.trade_bank", name=n(ev["player"]), n=ev["count"], give=t(f"res.{ev['give']}"),
                 get=t(f"res.{ev['get']}"))
    if k == "offer":
        return t("log.offer", name=n(ev["player"]), give=cards_text(ev["give"]), get=cards_text(ev["get"]))
    if k == "answer":
        if ev["answer"] == "counter":
            return t("log.answer.counter", name=n(ev["player"]), give=cards_text(ev["give"]),
                     get=cards_text(ev["get"]))
        return t(f"log.answer.{ev['answer']}", name=n(ev["player"]))
    if k == "trade":
        return t("log.trade", name=n(ev["player"]), other=n(ev["with"]))
    if k == "offer_closed":
        return t("log.no_trade")
    if k == "monopoly":
        return t("log.monopoly", name=n(ev["player"]), n=sum(ev["taken"]), res=t(f"res.{ev['resource']}"))
    if k == "invention":
        counts = [0] * 5
        for r in ev["resources"]:
            counts[r] += 1
        return t("log.invention", name=n(ev["player"]), cards=cards_text(counts))
    if k == "longest_route":
        return t("log.longest", name=n(ev["player"])) if ev["player"] != -1 else t("log.longest_aside")
    if k == "largest_army":
        return t("log.army", name=n(ev["player"]))
    if k == "win":
        return t("log.win", name=n(ev["player"]), vp=ev["points"][ev["player"]])
    if k == "turn":
        return t("log.turn", turn=ev["turn"], name=n(ev["player"]))
    if k == "special_build":
        return t("log.special", name=n(ev["player"]))
    return None
