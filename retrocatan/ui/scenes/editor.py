"""The scenario editor's screen (``retrocatan edit``, or the title's
entry). Its parts are in ``ui/editor/`` (the screen is ``ui/editor/scene.py``);
this name keeps it among the screens of ``scenes.SCENES``."""

from __future__ import annotations

from ..editor.file_box import FILE_BUTTONS
from ..editor.layout import FILE_BOX, HEX_BOX, MAP_AREA, RULES_BOX, RW, RX, TOOL_BOX
from ..editor.scene import EditorScene
from ..editor.tool_bar import TOOLS
from ..editor.trial import TrialScene

__all__ = ["EditorScene", "TrialScene", "TOOLS", "FILE_BUTTONS", "MAP_AREA", "RX", "RW", "HEX_BOX", "TOOL_BOX",
           "RULES_BOX", "FILE_BOX"]
