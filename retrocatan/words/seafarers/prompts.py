"""The status lines of the Seafarers' decisions (``words/prompts.py``):
where a road or a ship may be placed, or the robber or the pirate moved."""

from __future__ import annotations

from ..layers import word_part
from ..prompts import StatusLines


@word_part("seafarers")
class SeaStatusLines(StatusLines):
    @staticmethod
    def status_key(code: str, params: dict) -> str | None:
        """The view's prompt says "ships" or "pirate": the status names them."""
        return f"status.{code}.sea" if params.get("ships") or params.get("pirate") else None
