"""What the game screen does for each kind of engine event, besides its
sound (``ui/audio.py``) and animation (``ui/animations.py``): where the
robber hops from next, private banners of a card drawn or stolen, banners
of awards and the winner, the producing hexes flashing after a roll.

``Reactions.act`` is the table: event kind -> ``react(scene, event)``;
a rules layer's part (``ui/layers.py``) adds its kinds
(``ui/seafarers/reactions.py``)."""

from __future__ import annotations

from collections.abc import Callable

from .. import saving
from ..animations import Banner, HexFlash
from ..text import t


def _robber(scene, ev) -> None:
    scene.robber_from = ev["hex"]


def _buy(scene, ev) -> None:
    """The card drawn, for its buyer's eyes."""
    s = scene.session
    if "card" in ev and s.is_human(ev["player"]) and not scene.demo:
        scene.notice(ev["player"], t("draw.text", card=t(f"dev.{ev['card']}")))


def _steal(scene, ev) -> None:
    """The robber and the victim learn which card."""
    if scene.demo:
        return
    s = scene.session
    res = t(f"res.{ev['resource']}")
    if s.is_human(ev["player"]):
        scene.notice(ev["player"], t("steal.you", victim=s.name(ev["victim"]), res=res))
    if s.is_human(ev["victim"]):
        scene.notice(ev["victim"], t("steal.victim", name=s.name(ev["player"]), res=res))


def _dice(scene, ev) -> None:
    """The hexes that produce flash (``PlayerView.producing_hexes``: the
    robber's excepted; a 7 produces nothing)."""
    if ev["total"] != 7:
        scene.flash = HexFlash([h for h, _ in scene.session.view.producing_hexes(ev["total"])])


def _award(scene, ev) -> None:
    line = scene.session.describe(ev)
    if line:
        scene.show_banner(Banner(line))


def _win(scene, ev) -> None:
    """The victory jingle, the banner, and the finished game kept."""
    if not scene.demo:
        scene.app.audio.music("victory")
    _award(scene, ev)
    if not scene.demo and scene.session.record is not None:     # a network game has none: its server keeps it
        saving.keep_finished(scene.app.storage, scene.session)


class Reactions:
    """The base game's reactions, by event kind."""

    act: dict[str, Callable] = {
        "robber": _robber,
        "buy": _buy,
        "steal": _steal,
        "dice": _dice,
        "longest_route": _award,
        "largest_army": _award,
        "win": _win,
    }
    #: kinds after which the autosave does not wait (a turn ended)
    save_at_once: frozenset[str] = frozenset({"turn"})

    @classmethod
    def react(cls, scene, ev: dict) -> None:
        handler = cls.act.get(ev["type"])
        if handler is not None:
            handler(scene, ev)
