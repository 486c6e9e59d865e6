"""The phases of a Seafarers game: the base game's (``..phases``,
re-exported here) and the one the layer declares."""

from __future__ import annotations

from ..phases import *  # noqa: F403  (the base game's phases, for one import in a front end)
from ..phases import declare

GOLD = declare("gold")      # a player chooses a gold field's resource
