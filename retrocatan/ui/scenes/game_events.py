"""What the game screen does for each kind of engine event, besides its
sound (``ui/audio.py``) and animation (``ui/animations.py``): where the
robber hops from next, private banners of a card drawn or stolen, banners
of awards and the winner, the producing hexes flashing after a roll.

``Reactions.act`` is the table: event kind -> ``react(scene, event)``;
a rules layer's part (``ui/layers.py``) adds its kinds
(``ui/seafarers/reactions.py``)."""

from __future__ import annotations

from collections.abc import Callable

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
    if not scene.demo:          # kept as the session may: a network game's record when asked
        why = scene.session.finished(scene.app.storage)
        if why:
            scene._say(t("save.failed", why=why))


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


class Banners:
    """The game screen's banners (mixed into it, which has ``banner``, ``notices`` and
    ``shown_player``): public ones, and private ones each for its owner's eyes only."""

    def notice(self, player: int, text: str) -> None:
        """A private line for ``player`` (a card drawn or stolen): shown as a
        banner when their cards are face up, behind their own hand-over."""
        self.notices.setdefault(player, []).append(text)

    def show_banner(self, banner: Banner) -> None:
        """A public banner; a private one it covers waits for its turn again."""
        old = self.banner
        if old is not None and old.owner is not None and old.alive:
            self.notices.setdefault(old.owner, []).insert(0, old.text)
        self.banner = banner

    def _private_banners(self) -> None:
        """A private banner leaves with its owner (a hand-over, a computer's
        turn); the next one waiting for whoever looks now is shown."""
        shown = self.shown_player()
        b = self.banner
        if b is not None and b.owner is not None and b.owner != shown:
            self.banner = None
        if (self.banner is None or not self.banner.alive) and shown is not None and self.notices.get(shown):
            self.banner = Banner(self.notices[shown].pop(0), owner=shown)
