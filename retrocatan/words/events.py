"""The lines of the engine's events, what every client shows of them (the
window's log, the terminal, the bots' progress).

``describe(event, names, viewer)`` gives the lines for one event
(``engine/events.py`` declares every kind; each has a reader in
``EventLines.lines`` or in a layer's part of it, a test checks it), in the
current language, hiding what ``viewer`` may not see (a stolen card's kind,
a bought card; ``viewer`` None: the table, which sees neither). No Pyxel here.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.events import KINDS, seen_by
from ..engine.layers import LAYERS
from .layers import part
from .names import cards_text, namer
from .text import has, t


def describe(ev: dict, names, viewer: int | None = None, table: bool = True, places=None) -> list[str]:
    """Log lines for ``ev``. ``names``: player -> name (a callable or a list).
    ``table``: hide secrets from everyone but the players entitled to them
    (the default); False shows everything (the all-open replay view).
    ``places``: (place kind, id) -> words (``places.Places``): the last line
    names the event's places, for a client that shows no board."""
    n = namer(names)
    if table:
        ev = seen_by(ev, viewer) if viewer is not None else seen_by(ev, -2)
    kind = ev["type"]
    handler = _find(kind, lambda lines: lines.lines)
    lines = handler(ev, n) if handler is not None else []
    where = _find(kind, lambda lines: lines.places) if places is not None and lines else None
    if where is not None:
        lines[-1] = t("log.where", line=lines[-1], places=", ".join(places(k, at) for k, at in where(ev)))
    return lines


def server_ended(why: str | None) -> str:
    """The line of a game the server ended (the table's ``end`` entry, no winner): why."""
    key = f"log.ended.{why}"
    return t(key) if has(key) else t("log.ended")


def parts() -> list[type[EventLines]]:
    """The log's part of every rules layer (event kinds are the engine's,
    one table for all layers, ``engine/events.py``)."""
    return list(dict.fromkeys(part(EventLines, name) for name in LAYERS))


def _find(kind: str, table: Callable) -> Callable | None:
    """The reader of event ``kind`` in a table of the layers' parts (``table(part)``)."""
    for lines in parts():
        reader = table(lines).get(kind)
        if reader is not None:
            return reader
    return None


def described() -> frozenset[str]:
    """The event kinds the log has lines for."""
    return frozenset(k for lines in parts() for k in lines.lines)


def describe_each(events, names, viewer: int | None = None, table: bool = True,
                  places=None) -> list[list[str]]:
    """``describe`` for a run of events read together, a list per event: an
    event that a layer's part says the next one tells (``EventLines.told_by_next``)
    says nothing of its own."""
    out: list[list[str]] = []
    layers = parts()
    for i, ev in enumerate(events):
        if i + 1 < len(events) and any(lines.told_by_next(ev, events[i + 1]) for lines in layers):
            out.append([])
        else:
            out.append(describe(ev, names, viewer, table, places))
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
    """The lines of the base game's events: ``lines`` is the table event
    kind -> ``reader(event, namer)`` giving the lines; ``places`` the table
    event kind -> the places it names, [(place kind, id), ...]. A rules
    layer's part (``words/layers.py``) adds its kinds (``words/seafarers/events.py``)."""

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
    places: dict[str, Callable] = {
        "build": lambda ev: [(ev["place"], ev["at"])],
        "robber": lambda ev: [("hex", ev["hex"])],
        "roads_lost": lambda ev: [("edge", e) for e in ev["edges"]],
    }

    @staticmethod
    def told_by_next(ev: dict, following: dict) -> bool:
        """Whether ``ev`` says nothing of its own, the event ``following`` it telling it."""
        return False
