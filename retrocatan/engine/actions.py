"""Actions (the decisions a player makes) and their compact text notation.

Every action is an ``Action`` named tuple ``(kind, a, b, c)``, whose fields
are also read by what they hold (``place``, ``resource``, ``give``,
``player``, ``victim``, ``get``, ``second``, ``target``, ``ratio``, ``to``:
the ``Action`` class); its text form round-trips through
``parse_action``/``format_action`` (``str(action)``).
Players are numbered from 1 in text (p1 is blue) and from 0 in the engine.

=================  ==========================  ================================
text               kind / fields               meaning
=================  ==========================  ================================
``roll``           roll                        roll the dice
``end``            end                         end the turn
``S12``            settle a=corner             settlement (founding or built)
``R34``            road a=edge                 road (founding, built or free)
``C12``            city a=corner               city on an own settlement
``buy``            buy                         buy a development card
``knight``         knight                      play a Knight
``roads``          road_building               play Road Building
``mono G``         monopoly a=resource         play Monopoly on wheat
``inv WB``         invention a, b=resources    play Invention: wood and brick
``rob 7``          robber a=hex b=-1           move the robber, steal nothing
``rob 7 p2``       robber a=hex b=victim       move the robber, rob player 2
``discard W``      discard a=resource          give one card up on a 7
``trade 4W G``     trade a=give b=get c=ratio  maritime trade with the bank
``offer WB:G p3``  offer a=give b=get c=to     domestic offer (to all: no pN)
``accept``         accept                      accept the offer on the table
``decline``        decline                     decline it
``counter W:GG``   counter a=give b=get        counter-offer (the offerer's
                                               side: offerer gives W, gets GG)
``confirm p3``     confirm a=player            close the trade with player 3
``cancel``         cancel                      withdraw the offer
``pass``           pass                        special build phase: done
=================  ==========================  ================================

Resources are letters: W wood, B brick, S sheep, G wheat (grain), C coal.

A layer declares its own kinds with ``declare`` (their text form, how to
read it back and the shape of their fields); docs/engine.md.
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from .components import LETTER_TO_RESOURCE, RESOURCE_LETTERS, bundle_text, parse_bundle

ROLL = "roll"
END = "end"
SETTLE = "settle"
ROAD = "road"
CITY = "city"
BUY = "buy"
KNIGHT = "knight"
ROAD_BUILDING = "road_building"
MONOPOLY = "monopoly"
INVENTION = "invention"
ROBBER = "robber"
DISCARD = "discard"
TRADE = "trade"
OFFER = "offer"
ACCEPT = "accept"
DECLINE = "decline"
COUNTER = "counter"
CONFIRM = "confirm"
CANCEL = "cancel"
PASS = "pass"


class ActionSyntaxError(ValueError):
    """Text that is not an action."""


class Action(NamedTuple):
    """A decision: its ``kind`` and up to three fields ``a``, ``b``, ``c``
    (the table above), each also read by the name of what it holds for
    the kinds that use it (as python-chess's ``Move`` names its squares)."""

    kind: str
    a: object = None
    b: object = None
    c: object = None

    # The fields by name (a layer's kinds use the same names: its module says which).
    place = property(itemgetter(1), doc="settle, road, city: the corner or edge; robber: the hex; a piece "
                                        "moved: the place it leaves")
    resource = property(itemgetter(1), doc="monopoly, discard, invention (its first): the resource")
    give = property(itemgetter(1), doc="trade: the resource given; offer, counter: the bundle given")
    player = property(itemgetter(1), doc="confirm: the player whose answer closes the trade")
    victim = property(itemgetter(2), doc="robber: the player robbed (-1: nobody)")
    get = property(itemgetter(2), doc="trade: the resource got; offer, counter: the bundle got")
    second = property(itemgetter(2), doc="invention: its second resource")
    target = property(itemgetter(2), doc="a piece moved: the place it goes to")
    ratio = property(itemgetter(3), doc="trade: the cards given for one")
    to = property(itemgetter(3), doc="offer: the player asked (-1: everyone)")

    def __str__(self) -> str:
        return format_action(self)


def _player_text(p: int) -> str:
    return f"p{p + 1}"


def format_action(act: Action) -> str:
    k = act.kind
    if k in (ROLL, END, BUY, KNIGHT, ACCEPT, DECLINE, CANCEL, PASS):
        return k
    if k == ROAD_BUILDING:
        return "roads"
    if k == SETTLE:
        return f"S{act.place}"
    if k == ROAD:
        return f"R{act.place}"
    if k == CITY:
        return f"C{act.place}"
    if k == MONOPOLY:
        return f"mono {RESOURCE_LETTERS[act.resource]}"
    if k == INVENTION:
        return f"inv {RESOURCE_LETTERS[act.resource]}{RESOURCE_LETTERS[act.second]}"
    if k == ROBBER:
        return f"rob {act.place}" if act.victim == -1 else f"rob {act.place} {_player_text(act.victim)}"
    if k == DISCARD:
        return f"discard {RESOURCE_LETTERS[act.resource]}"
    if k == TRADE:
        return f"trade {act.ratio}{RESOURCE_LETTERS[act.give]} {RESOURCE_LETTERS[act.get]}"
    if k == OFFER:
        text = f"offer {bundle_text(act.give)}:{bundle_text(act.get)}"
        return text if act.to == -1 else f"{text} {_player_text(act.to)}"
    if k == COUNTER:
        return f"counter {bundle_text(act.give)}:{bundle_text(act.get)}"
    if k == CONFIRM:
        return f"confirm {_player_text(act.player)}"
    text = _FORMATS.get(k)
    if text is not None:
        return text(act)
    raise ActionSyntaxError(f"unknown action kind {k!r}")


def _is_number(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also takes '²' or '①', which ``int`` refuses."""
    return text.isascii() and text.isdigit()


def _int(text: str, what: str) -> int:
    if not _is_number(text) or len(text) > 6:
        raise ActionSyntaxError(f"{what} must be a number, not {text!r}")
    return int(text)


def _player(text: str) -> int:
    if len(text) < 2 or len(text) > 6 or text[0] != "p" or not _is_number(text[1:]) or not 1 <= int(text[1:]) <= 6:
        raise ActionSyntaxError(f"expected a player p1..p6, not {text!r}")
    return int(text[1:]) - 1


def _resource(text: str) -> int:
    if len(text) != 1 or text not in LETTER_TO_RESOURCE:
        raise ActionSyntaxError(f"expected a resource letter ({RESOURCE_LETTERS}), not {text!r}")
    return LETTER_TO_RESOURCE[text]


def _terms(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if text.count(":") != 1:
        raise ActionSyntaxError(f"expected give:get letters such as WB:G, not {text!r}")
    give, get = text.split(":")
    try:
        g1, g2 = parse_bundle(give), parse_bundle(get)
    except ValueError as exc:
        raise ActionSyntaxError(str(exc)) from None
    if len(give) > 60 or len(get) > 60:
        raise ActionSyntaxError("too many cards in one offer")
    return g1, g2


_SIMPLE = {"roll": ROLL, "end": END, "buy": BUY, "knight": KNIGHT, "roads": ROAD_BUILDING,
           "accept": ACCEPT, "decline": DECLINE, "cancel": CANCEL, "pass": PASS}


def parse_action(text: str) -> Action:
    """Parse the text form of an action; ``ActionSyntaxError`` if it is not one."""
    if not isinstance(text, str) or len(text) > 200:
        raise ActionSyntaxError("an action is a short line of text")
    parts = text.split()
    if not parts:
        raise ActionSyntaxError("empty action")
    head, args = parts[0], parts[1:]

    def nargs(*allowed: int) -> None:
        if len(args) not in allowed:
            raise ActionSyntaxError(f"wrong number of words in {text!r}")

    if head in _SIMPLE:
        nargs(0)
        return Action(_SIMPLE[head])
    if head[0] in "SRC" and len(head) > 1 and _is_number(head[1:]):
        nargs(0)
        kind = {"S": SETTLE, "R": ROAD, "C": CITY}[head[0]]
        return Action(kind, _int(head[1:], "a place"))
    if head == "mono":
        nargs(1)
        return Action(MONOPOLY, _resource(args[0]))
    if head == "inv":
        nargs(1)
        if len(args[0]) != 2:
            raise ActionSyntaxError("inv takes two resource letters, e.g. inv WB")
        a, b = sorted((_resource(args[0][0]), _resource(args[0][1])))
        return Action(INVENTION, a, b)
    if head == "rob":
        nargs(1, 2)
        return Action(ROBBER, _int(args[0], "a hex"), _player(args[1]) if len(args) == 2 else -1)
    if head == "discard":
        nargs(1)
        return Action(DISCARD, _resource(args[0]))
    if head == "trade":
        nargs(2)
        n, r = args[0][:-1], args[0][-1:]
        ratio = _int(n, "a ratio")
        if ratio not in (2, 3, 4):
            raise ActionSyntaxError("a maritime trade gives 2, 3 or 4 cards")
        return Action(TRADE, _resource(r), _resource(args[1]), ratio)
    if head == "offer":
        nargs(1, 2)
        give, get = _terms(args[0])
        return Action(OFFER, give, get, _player(args[1]) if len(args) == 2 else -1)
    if head == "counter":
        nargs(1)
        give, get = _terms(args[0])
        return Action(COUNTER, give, get)
    if head == "confirm":
        nargs(1)
        return Action(CONFIRM, _player(args[0]))
    layer = _PARSERS.get(head)
    if layer is not None:
        counts, read = layer
        nargs(*counts)
        return read(args)
    raise ActionSyntaxError(f"unknown action {text!r}")


# --- the shape of an Action built in code ----------------------------------------
# Each field is None, a number (an int from -1 to 999999: a corner, edge,
# hex or player, -1 for nobody / everybody; never a bool or a float), a
# resource (0-4) or a bundle (a tuple of five ints 0-99), by kind. Types are
# checked exactly (``type(x) is int``), so no foreign ``__eq__`` ever runs.

def _num(x) -> bool:
    return type(x) is int and -1 <= x < 1_000_000


def _res(x) -> bool:
    return type(x) is int and 0 <= x < 5


def _bundle(x) -> bool:
    return type(x) is tuple and len(x) == 5 and all(type(n) is int and 0 <= n <= 99 for n in x)


def _no_fields(a, b, c) -> bool:
    return a is None and b is None and c is None


_SHAPES = {
    **{k: _no_fields for k in (ROLL, END, BUY, KNIGHT, ROAD_BUILDING, ACCEPT, DECLINE, CANCEL, PASS)},
    **{k: (lambda a, b, c: _num(a) and b is None and c is None) for k in (SETTLE, ROAD, CITY, CONFIRM)},
    **{k: (lambda a, b, c: _res(a) and b is None and c is None) for k in (MONOPOLY, DISCARD)},
    INVENTION: lambda a, b, c: _res(a) and _res(b) and c is None,
    ROBBER: lambda a, b, c: _num(a) and _num(b) and c is None,
    TRADE: lambda a, b, c: _res(a) and _res(b) and _num(c),
    OFFER: lambda a, b, c: _bundle(a) and _bundle(b) and _num(c),
    COUNTER: lambda a, b, c: _bundle(a) and _bundle(b) and c is None,
}

# The field shapes a layer's kinds may name (``declare``).
SHAPES = {"": lambda a, b, c: _no_fields(a, b, c),
          "n": lambda a, b, c: _num(a) and b is None and c is None,
          "nn": lambda a, b, c: _num(a) and _num(b) and c is None,
          "r": lambda a, b, c: _res(a) and b is None and c is None}

# --- the kinds a layer declares (docs/engine.md) ---------------------------------
_FORMATS: dict = {}     # kind -> its text form (a function of the action)
_PARSERS: dict = {}     # first word -> (allowed numbers of further words, reader of those words)


def declare(kind: str, head: str, words: tuple[int, ...], text, read, shape: str) -> str:
    """Make a layer's action ``kind`` known: ``text(action)`` is its text
    form, whose first word is ``head``; ``read(words)`` reads the words
    after ``head`` (one of ``words`` counts) back into an ``Action``;
    ``shape`` names its fields' types in ``SHAPES``. Returns ``kind``."""
    if kind in _SHAPES or head in _SIMPLE or head in _BASE_HEADS:
        raise ValueError(f"action kind {kind!r} or word {head!r} is taken")
    _FORMATS[kind] = text
    _PARSERS[head] = (words, read)
    _SHAPES[kind] = SHAPES[shape]
    return kind


_BASE_HEADS = frozenset(("mono", "inv", "rob", "discard", "trade", "offer", "counter", "confirm"))


# the readers of a text's words, for a layer's kinds
def read_number(text: str, what: str) -> int:
    return _int(text, what)


def read_player(text: str) -> int:
    return _player(text)


def read_resource(text: str) -> int:
    return _resource(text)


def player_text(p: int) -> str:
    return _player_text(p)


def check_shape(act: Action) -> Action:
    """``act`` as a plain ``Action`` if every field has the type and range
    its kind needs (see above); else ``ActionSyntaxError``."""
    kind, a, b, c = act if act.__class__ is Action else tuple.__iter__(act)
    ok = _SHAPES.get(kind) if type(kind) is str else None
    if ok is None:
        raise ActionSyntaxError("unknown action kind")
    if not ok(a, b, c):
        raise ActionSyntaxError(f"{kind}: a field has the wrong type or range")
    return act if act.__class__ is Action else Action(kind, a, b, c)
