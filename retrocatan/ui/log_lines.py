"""The log's lines for the engine's events, and refusals in words.

``describe(event, names, viewer)`` gives the lines of the log for one
event (``engine/events.py`` declares every kind; each has a branch here, a
test checks it), in the current language of ``text.py``, hiding what
``viewer`` may not see (a stolen card's kind, a bought card; ``viewer``
None: the table, which sees neither). ``refusal(code, params, names)``
renders an ``IllegalAction`` in the current language; ``prompt`` the
status line of ``PlayerView.prompt``. No Pyxel here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import phases
from ..engine.events import KINDS, seen_by
from ..engine.layers import LAYERS
from .layers import part
from .text import cards_text, t


def _namer(names) -> Callable[[int], str]:
    if callable(names):
        return names
    seq: Sequence[str] = names
    return lambda p: seq[p] if 0 <= p < len(seq) else "?"


def describe(ev: dict, names, viewer: int | None = None, table: bool = True) -> list[str]:
    """Log lines for ``ev``. ``names``: player -> name (a callable or a list).
    ``table``: hide secrets from everyone but the players entitled to them
    (the default); False shows everything (the all-open replay view)."""
    n = _namer(names)
    if table:
        ev = seen_by(ev, viewer) if viewer is not None else seen_by(ev, -2)
    handler = _reader(ev["type"])
    return handler(ev, n) if handler is not None else []


def _parts() -> list[type[EventLines]]:
    """The log's part of every rules layer (event kinds are the engine's,
    one table for all layers, ``engine/events.py``)."""
    return list(dict.fromkeys(part(EventLines, name) for name in LAYERS))


def _reader(kind: str) -> Callable | None:
    for lines in _parts():
        reader = lines.lines.get(kind)
        if reader is not None:
            return reader
    return None


def described() -> frozenset[str]:
    """The event kinds the log has lines for."""
    return frozenset(k for lines in _parts() for k in lines.lines)


def describe_each(events, names, viewer: int | None = None, table: bool = True) -> list[list[str]]:
    """``describe`` for a run of events read together, a list per event: an
    event that a layer's part says the next one tells (``EventLines.told_by_next``)
    says nothing of its own."""
    out: list[list[str]] = []
    parts = _parts()
    for i, ev in enumerate(events):
        if i + 1 < len(events) and any(lines.told_by_next(ev, events[i + 1]) for lines in parts):
            out.append([])
        else:
            out.append(describe(ev, names, viewer, table))
    return out


def describe_events(events, names, viewer: int | None = None, table: bool = True) -> list[str]:
    """The log lines of a run of events (see ``describe_each``)."""
    return [line for lines in describe_each(events, names, viewer, table) for line in lines]


class LogLine(str):
    """A line of the window's log as the table sees it, with ``seen``: the
    line as each player who knows the event's secret sees it (a stolen
    card's kind for the robber and the victim, a drawn card for its buyer)."""

    seen: dict

    def __new__(cls, text: str, seen: dict | None = None) -> LogLine:
        line = super().__new__(cls, text)
        line.seen = dict(seen or {})
        return line


def shown_to(line: str, viewer: int | None) -> str:
    """``line`` as ``viewer`` may read it (None: the table)."""
    if viewer is None or not isinstance(line, LogLine):
        return str(line)
    return line.seen.get(viewer, str(line))


def log_each(events, names) -> list[list[str]]:
    """The log lines of a run of events as the table sees them, a list per
    event; a line that hides a secret is a ``LogLine`` that also carries
    what the players who know it see."""
    out: list[list[str]] = []
    for ev, lines in zip(events, describe_each(events, names)):
        kind = KINDS[ev["type"]]
        knowers = {ev[f] for f in kind.knows if isinstance(ev.get(f), int) and ev[f] >= 0} if kind.secret else ()
        own = {p: describe(ev, names, p) for p in knowers}
        mine: list[str] = []
        for i, line in enumerate(lines):
            seen = {p: theirs[i] for p, theirs in own.items() if len(theirs) == len(lines) and theirs[i] != line}
            mine.append(LogLine(line, seen) if seen else line)
        out.append(mine)
    return out


def log_of(events, names) -> list[str]:
    """``log_each``'s lines in one list."""
    return [line for lines in log_each(events, names) for line in lines]


#: Kinds whose line gives way to the next line when nothing was said after
#: it (a special build phase passed without building: docs/rules.md §12.2).
#: With 5-6 players a line per player and phase would push the roll out of
#: the log box; the phase in progress keeps its line.
GIVES_WAY = frozenset({"special_build"})


def _first_roll(ev, n):
    return [t("log.first_roll", name=n(p), total=r) for p, r in ev["rolls"]]


def _production(ev, n):
    lines = [t("log.gain", name=n(p), cards=cards_text(g)) for p, g in enumerate(ev["gains"]) if any(g)]
    lines += [t("log.shortage", res=t(f"res.{r}")) for r in ev["shortage"]]
    return lines or [t("log.no_production", total=ev["number"])]


def _founding_income(ev, n):
    if any(ev["gains"]):
        return [t("log.gain", name=n(ev["player"]), cards=cards_text(ev["gains"]))]
    return [t("log.founding_nothing", name=n(ev["player"]))]


def _steal(ev, n):
    if "resource" in ev:
        return [t("log.steal_known", name=n(ev["player"]), victim=n(ev["victim"]), res=t(f"res.{ev['resource']}"))]
    return [t("log.steal", name=n(ev["player"]), victim=n(ev["victim"]))]


def _buy(ev, n):
    if "card" in ev:
        return [t("log.buy_known", name=n(ev["player"]), card=t(f"dev.{ev['card']}"))]
    return [t("log.buy", name=n(ev["player"]))]


def _answer(ev, n):
    if ev["answer"] == "counter":
        return [t("log.answer.counter", name=n(ev["player"]), give=cards_text(ev["give"]), get=cards_text(ev["get"]))]
    return [t(f"log.answer.{ev['answer']}", name=n(ev["player"]))]


def _invention(ev, n):
    counts = [0] * 5
    for r in ev["resources"]:
        counts[r] += 1
    return [t("log.invention", name=n(ev["player"]), cards=cards_text(counts))]


def _win(ev, n):
    key = {"turn_limit": "log.win_limit", "turn_cap": "log.win_cap", "stalemate": "log.win_stalemate"}.get(
        ev["reason"], "log.win")
    return [t(key, name=n(ev["player"]), vp=ev["points"][ev["player"]])]


class EventLines:
    """The log's lines of the base game's events: ``lines`` is the table
    event kind -> ``reader(event, namer)`` giving the lines. A rules
    layer's part (``ui/layers.py``) adds its kinds (``ui/seafarers/log.py``)."""

    lines: dict[str, Callable] = {
        "first_roll": _first_roll,
        "first_player": lambda ev, n: [t("log.first", name=n(ev["player"]))],
        "dice": lambda ev, n: [t("log.dice", name=n(ev["player"]), a=ev["dice"][0], b=ev["dice"][1],
                                 total=ev["total"])],
        "production": _production,
        "founding_income": _founding_income,
        "must_discard": lambda ev, n: [t("log.must_discard", name=n(p), n=k) for p, k in ev["players"]],
        "discard": lambda ev, n: [t("log.discard", name=n(ev["player"]))],
        "robber": lambda ev, n: [t("log.robber", name=n(ev["player"]))],
        "steal": _steal,
        "trade_bank": lambda ev, n: [t("log.trade_bank", name=n(ev["player"]), n=ev["count"],
                                       give=t(f"res.{ev['give']}"), get=t(f"res.{ev['get']}"))],
        "offer": lambda ev, n: [t("log.offer", name=n(ev["player"]), give=cards_text(ev["give"]),
                                  get=cards_text(ev["get"]))],
        "answer": _answer,
        "trade": lambda ev, n: [t("log.trade", name=n(ev["player"]), other=n(ev["with"]))],
        "offer_closed": lambda ev, n: [t("log.no_trade")],
        "build": lambda ev, n: [t(f"log.build.{ev['piece']}", name=n(ev["player"]))],
        "roads_lost": lambda ev, n: [t("log.roads_lost", name=n(ev["player"]), n=len(ev["edges"]))],
        "longest_route": lambda ev, n: [t("log.longest", name=n(ev["player"])) if ev["player"] != -1
                                        else t("log.longest_aside")],
        "largest_army": lambda ev, n: [t("log.army", name=n(ev["player"]))],
        "buy": _buy,
        "play": lambda ev, n: [t("log.play", name=n(ev["player"]), card=t(f"dev.{ev['card']}"))],
        "monopoly": lambda ev, n: [t("log.monopoly", name=n(ev["player"]), n=sum(ev["taken"]),
                                     res=t(f"res.{ev['resource']}"))],
        "invention": _invention,
        "end_turn": lambda ev, n: [t("log.end_turn", name=n(ev["player"]))],
        "special_build": lambda ev, n: [t("log.special", name=n(ev["player"]))],
        "turn": lambda ev, n: [t("log.turn", turn=ev["turn"], name=n(ev["player"]))],
        "stalemate": lambda ev, n: [t("log.stalemate")],
        "win": _win,
    }

    @staticmethod
    def told_by_next(ev: dict, following: dict) -> bool:
        """Whether ``ev`` says nothing of its own, the event ``following`` it telling it."""
        return False

    @staticmethod
    def status_key(code: str, params: dict) -> str | None:
        """The layer's own status text for ``PlayerView.prompt`` (code,
        params), or None: the base game's ``status.<code>``."""
        return None


# --- refusals ----------------------------------------------------------------------------
#: phases that come only after the turn's roll (docs/rules.md §4): the roll
#: key refused in one says the dice are rolled (a Knight before the roll
#: moves the robber, Road Building builds: those phases may come before it)
AFTER_THE_ROLL = frozenset({phases.MAIN, phases.DISCARD, phases.OFFER_RESPONSE, phases.OFFER_CONFIRM})


def refusal(code: str, params: dict, names, action: str | None = None) -> str:
    """An ``IllegalAction``'s code and params in the current language
    (``action``: the name in ``PlayerView.menu`` of the refused action)."""
    n = _namer(names)
    shown = {}
    for key, value in params.items():
        if key == "player" and isinstance(value, int):
            value = n(value)
        elif key in ("missing", "cards") and isinstance(value, (list, tuple)):
            value = cards_text(value)
        elif key == "resource" and isinstance(value, int):
            value = t(f"res.{value}")
        elif key in ("piece", "what"):
            value = t(f"thing.{value}")
        elif key == "card":
            value = t(f"dev.{value}") if value != "development" else t("thing.development")
        elif key == "phase":
            value = t(f"phase.{value}")
        shown[key] = value
    if code == "wrong_phase" and params.get("phase") == "roll":
        return t("roll.first")          # before the roll: nothing but the roll (or a card) is open
    if code == "wrong_phase" and action == "roll" and params.get("phase") in AFTER_THE_ROLL:
        return t("roll.done", phase=shown["phase"])
    try:
        return t(f"refusal.{code}", **shown)
    except (KeyError, IndexError):
        return t(f"refusal.{code}")


def prompt(code: str, params: dict, names) -> str:
    """The status line for ``PlayerView.prompt`` (what the decider is asked)."""
    n = _namer(names)
    values = {"name": n(params.get("player", -1))}
    if "cards" in params:
        values["n"] = params["cards"]
    if "offerer" in params:
        values["offerer"] = n(params["offerer"])
    if code == "over":
        return t("status.over", **values)
    key = next((k for lines in _parts() if (k := lines.status_key(code, params)) is not None), f"status.{code}")
    return t(key, **values)


def refusal_of(exc, names) -> str:
    """``refusal`` for an ``IllegalAction``."""
    return refusal(exc.code, exc.params, names)
