"""A check of where the game screen shows what was built: a road or a ship
lies on an edge, a settlement or a city on a corner (docs/rules.md,
docs/seafarers.md). ``watch_builds`` wraps the game screen's animation maker
so that every build animation is compared with the place of the piece's own
kind; a wrong one is written down (an IndexError or WrongPlaceKind raised by
the wrong lookup is written down too, then raised as before)."""

from __future__ import annotations

EDGE_PIECES = ("road", "ship")
CORNER_PIECES = ("settlement", "city")


def watch_builds(monkeypatch) -> list[str]:
    """Every build animation with a place of the wrong kind, as text."""
    import retrocatan.ui.scenes.game as game_scene
    real = game_scene.for_event
    wrong: list[str] = []

    def checked(ev, view, *args, **kw):
        try:
            anims = real(ev, view, *args, **kw)
        except Exception as exc:
            wrong.append(f"{ev}: {type(exc).__name__}: {exc}")
            raise
        if ev.get("type") == "build":
            piece, at = ev["piece"], ev["at"]
            assert piece in EDGE_PIECES + CORNER_PIECES, piece
            want = view.edge_px(at) if piece in EDGE_PIECES else view.corner_px(at)
            for a in anims:
                got = getattr(a, "at", None)
                if got is not None and tuple(got) != tuple(want):
                    wrong.append(f"{type(a).__name__} of a {piece} at {at} drawn at {got}, "
                                 f"not at its {'edge' if piece in EDGE_PIECES else 'corner'} {want}")
        return anims

    monkeypatch.setattr(game_scene, "for_event", checked)
    return wrong
