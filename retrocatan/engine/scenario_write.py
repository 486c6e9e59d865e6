"""Writing a scenario: its canonical text.

``dump_scenario(s)`` lays the scenario's canonical JSON object
(``Scenario.to_dict``) out as a file: one line a key, a map row or a
harbour, so that ``dump_scenario(parse_scenario(t)) == t`` for a canonical
file and ``json.loads(dump_scenario(s)) == s.to_dict()``.
"""

from __future__ import annotations

import json

from .scenario import Scenario


def _j(v) -> str:
    return json.dumps(v, ensure_ascii=False)


def _rows(key: str, rows: list[str], indent: str) -> list[str]:
    return [f'{indent}"{key}": ['] + [f"{indent}  {_j(r)}," for r in rows[:-1]] + [
        f"{indent}  {_j(rows[-1])}", f"{indent}],"]


def dump_scenario(s: Scenario) -> str:
    """The canonical text of a scenario (optional keys at their defaults are left out)."""
    lines = ["{"]
    for key, v in s.to_dict().items():
        if key in ("name", "description"):
            lines += [f'  "{key}": {{', f'    "en": {_j(v["en"])},', f'    "de": {_j(v["de"])}', "  },"]
        elif key in ("map", "regions"):
            lines += _rows(key, v, "  ")
        elif key == "harbours" and v:
            hl = [f'    {{"hex": {_j(h["hex"])}, "side": {_j(h["side"])}, "kind": {_j(h["kind"])}}}' for h in v]
            lines += ['  "harbours": ['] + [x + "," for x in hl[:-1]] + [hl[-1], "  ],"]
        elif key == "beginner" and "map" in v:
            lines += ['  "beginner": {'] + _rows("map", v["map"], "    ")
            lines += [f'    "harbours": {_j(v["harbours"])}', "  },"]
        else:
            lines.append(f'  "{key}": {_j(v)},')
    lines[-1] = lines[-1].rstrip(",")
    lines.append("}")
    return "\n".join(lines) + "\n"
