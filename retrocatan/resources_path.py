"""Where the game's resource files are: the fonts, the sprite sheet
(.pyxres) and the EGA palette (.pyxpal).

They live in the top-level ``resources/`` folder of the source tree, which
``pyproject.toml`` maps to the package ``retrocatan.resources``; so an
installed wheel, the packaged app (.pyxapp) and the desktop build hold them
in ``retrocatan/resources/``, and the source tree or an editable install
(whose ``retrocatan`` is the source folder) next to the package.
"""

from __future__ import annotations

import os

_PACKAGE = os.path.dirname(os.path.abspath(__file__))
FOLDERS = (os.path.join(_PACKAGE, "resources"), os.path.join(os.path.dirname(_PACKAGE), "resources"))


def resource_path(name: str) -> str:
    """The path of the resource file ``name``; FileNotFoundError (naming
    the places looked in) when no folder holds it."""
    for folder in FOLDERS:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    raise FileNotFoundError(f"resource {name!r} not found in {' or '.join(FOLDERS)}")
