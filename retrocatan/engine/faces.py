"""The faces of the state as extension points: what a layer adds to the
state (its own part, ``GameState.layer``), to the state's JSON and to
loading it back, to a seat's view, to the points everybody sees, to a
refusal's reasons and the menu, to a look-ahead's hidden cards, and to
``Position`` (docs/engine.md). ``rules.Rules`` inherits these; the base
game's versions add nothing.

A layer's part of the state is any object with ``copy()`` and
``to_json()``, made by ``new_state`` and kept in ``GameState.layer``
(None for the base game); its JSON goes under the layer's ``state_key``
("" for the base game: no part).

What a layer declares for the games that do not play it (collected here
when its class is defined, so the base modules never name it):
``absent_refusals`` (action kind -> the refusal code of such an action in
a game without the layer) and ``state_key`` (a state of the base game
must not carry that key).
"""

from __future__ import annotations

from .errors import IllegalAction

# Every layer's ``state_key`` and ``absent_refusals``, collected from the classes defined.
STATE_KEYS: list[str] = []
ABSENT_REFUSALS: dict[str, str] = {}


class Faces:
    """The base game's faces: nothing added (see the module docstring)."""

    state_key = ""                    # the key of the layer's part in the state's JSON ("": none)
    absent_refusals: dict[str, str] = {}
    menu_keys: tuple[str, ...] = ()   # the layer's entries of ``refusals.menu`` (after ``refusals.MENU``)

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        key = cls.state_key             # (a subclass of a layer's class repeats it: kept once)
        if key and key not in STATE_KEYS:
            STATE_KEYS.append(key)
        for kind, code in cls.absent_refusals.items():
            ABSENT_REFUSALS.setdefault(kind, code)

    # --- the classes of a seat's view and of a position ----------------------------------
    def view_class(self) -> type | None:
        """The class of a seat's view (``Game.seat_view``): a layer's subclass
        of ``view.PlayerView``, or None for ``PlayerView`` itself (asked once per game)."""
        return None

    def position_class(self) -> type | None:
        """The class of a ``Position`` on this layer's maps: a layer's subclass
        of ``position.Position``, or None for ``Position`` itself."""
        return None

    # --- the state ------------------------------------------------------------------
    def new_state(self, st) -> object | None:
        """The layer's part of a new game's state ``st`` (kept in ``st.layer``);
        it may also add to ``st`` (e.g. the layer's pieces in each supply)."""
        return None

    def copy_state(self, st, new) -> object:
        """The layer's part of ``new``, a copy of ``st`` whose other fields are
        copied already (called only when ``st.layer`` is not None)."""
        return st.layer.copy()

    def state_json(self, st) -> dict:
        """The layer's part of the state's JSON (under ``state_key``)."""
        return st.layer.to_json()

    def load_json(self, st, part) -> None:
        """Check the layer's part of a state's JSON (``part``: the value under
        ``state_key``, None if missing) and set it into ``st``, whose base
        fields are loaded; raise ``validate.StateError`` if it is bad."""

    def load_pieces(self, st, p: int) -> None:
        """After loading: the layer's pieces left in ``p``'s supply (``st.pieces[p]``), checked."""

    def edge_pieces(self, st, p: int):
        """Edges where ``p`` has a layer's piece, not a road (for the derived tables when loading)."""
        return ()

    # --- points ---------------------------------------------------------------------
    def public_points(self, st, p: int) -> int:
        """Points the layer adds to ``p``'s public points (``GameState.public_vp``;
        asked only when the game has a layer part, ``st.layer``)."""
        return 0

    # --- refusals and the menu --------------------------------------------------------
    def refusal(self, st, p: int, act):
        """Why ``act`` (not legal now) is refused, as an ``IllegalAction``,
        before the base rules' reasons; None: the base rules' reasons."""
        code = ABSENT_REFUSALS.get(act.kind)
        if code is None:
            return None
        return IllegalAction(code)

    def menu(self, st, p: int, kinds, out: dict) -> None:
        """The layer's entries (``menu_keys``) of ``refusals.menu`` for the decider ``p``:
        None if possible now, else (code, params); ``kinds``: the kinds of the legal actions."""

    # --- a look-ahead ---------------------------------------------------------------
    def deal_hidden(self, st, rng, deal) -> None:
        """Deal anew with ``rng`` what the layer's part of ``st`` hides from a
        seat (``determinize``); ``deal(rng, pool, counts)`` shuffles and deals."""
