"""Giving up a deal that takes long. A window deals a new game in a worker
thread (``ui/scenes/dealing.py``); when the player gives up, the dealers
that try map after map (``new_world.generate_map``, ``scenario_deal.lay_out``)
stop at their next try with ``DealGivenUp``, so the thread ends at once.

``given_up_when(cancel)`` runs the code inside it with ``cancel`` (a
callable, true once the deal is given up) asked at every try. It holds for
the thread that enters it only (a context variable): a game dealt anywhere
else meanwhile goes on, and a game built without it is never given up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar


class DealGivenUp(Exception):
    """The deal was given up (never a problem of the scenario)."""


_CANCEL: ContextVar[Callable[[], bool] | None] = ContextVar("deal_cancel", default=None)


@contextmanager
def given_up_when(cancel: Callable[[], bool]) -> Iterator[None]:
    """Within: the dealers ask ``cancel()`` at every try."""
    token = _CANCEL.set(cancel)
    try:
        yield
    finally:
        _CANCEL.reset(token)


def check() -> None:
    """A dealer's try: ``DealGivenUp`` if the deal made here was given up."""
    cancel = _CANCEL.get()
    if cancel is not None and cancel():
        raise DealGivenUp("the deal was given up")
