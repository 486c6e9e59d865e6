"""Help by screen object (issue 23, item 3): every screen (ui/scenes) and
every prompt (ui/prompts) declares its help page in ``help_page``, in its
own class body (an inherited page is how a new prompt used to show another
screen's help), and the page has its title, keys and rules in both
languages. F1 shows the page of the object on screen."""

import importlib
import inspect
import pkgutil

import pytest

import retrocatan.ui.prompts as prompts_pkg
import retrocatan.ui.scenes as scenes_pkg
from retrocatan.ui import help as helppage
from retrocatan.ui.prompts import Prompt
from retrocatan.ui.scenes import Scene
from retrocatan.ui.text import TEXTS

# The scenario editor's classes (its screen, its test game, its modes): once one of them declares a page, all
# follow the same rule (they all do now). Their pages in texts/help_pages.py: "editor" (the map and boxes),
# "editor.text", "editor.problems", "editor.load", "editor.autoplay".
EDITOR_MODULES = ("retrocatan.ui.editor",)


def _import_all() -> None:
    """Every module of the screens, the prompts and the editor's parts."""
    for pkg in (scenes_pkg, prompts_pkg):
        for m in pkgutil.iter_modules(pkg.__path__):
            importlib.import_module(f"{pkg.__name__}.{m.name}")
    ui = importlib.import_module("retrocatan.ui")
    for m in pkgutil.iter_modules(ui.__path__):
        if m.name.startswith("editor"):
            module = importlib.import_module(f"retrocatan.ui.{m.name}")
            for sub in pkgutil.iter_modules(getattr(module, "__path__", [])):
                importlib.import_module(f"{module.__name__}.{sub.name}")


def _bases() -> list[type]:
    """Scene, Prompt and, where the editor has them, its modes' base."""
    out = [Scene, Prompt]
    try:
        out.append(importlib.import_module("retrocatan.ui.editor.mode").Mode)
    except (ImportError, AttributeError):
        pass
    return out


def _subclasses(base) -> list[type]:
    out, todo = [], [base]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in out:
                out.append(sub)
                todo.append(sub)
    return [c for c in out if c.__module__.startswith("retrocatan.")]


def name(cls) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _editor(cls) -> bool:
    return cls.__module__.startswith(EDITOR_MODULES)


def page_problems(classes, editor=_editor) -> list[str]:
    """What is wrong with the help pages of ``classes``: one line each
    (``editor``: whether a class is one of the editor's)."""
    out = []
    editor_declares = any("help_page" in c.__dict__ for c in classes if editor(c))
    for cls in classes:
        if "help_page" not in cls.__dict__:
            if not editor(cls) or editor_declares:
                out.append(f"{name(cls)} declares no help_page")
            continue
        declared = inspect.getattr_static(cls, "help_page")
        page = declared.fget(cls.__new__(cls)) if isinstance(declared, property) else declared
        if page is None:                            # a base class: what is shown is a subclass with a page
            if not _subclasses(cls):
                out.append(f"{name(cls)}: help_page None, but it is no base of another class")
            continue
        for lang in ("en", "de"):
            for part in ("title", "keys", "rules"):
                if not TEXTS[lang].get(f"help.{page}.{part}", "").strip():
                    out.append(f"{name(cls)}: page {page!r} has no help.{page}.{part} in {lang}")
    return out


def test_every_screen_and_prompt_declares_a_help_page_with_texts_in_both_languages():
    _import_all()
    classes = [c for base in _bases() for c in _subclasses(base)]
    assert {"TitleScene", "GameScene", "ActionMenu", "BoardPick", "OfferConfirm", "GoldChoice"} <= {
        c.__name__ for c in classes}
    assert not page_problems(classes), page_problems(classes)


def test_the_check_finds_a_prompt_without_a_page_and_one_whose_page_has_no_texts():
    from retrocatan.ui.prompts.board_pick import BoardPick
    from retrocatan.ui.prompts.dialog import Dialog

    class NewQuestion(Dialog):
        pass

    class NewPick(BoardPick):                       # would have shown the board pick's help silently
        pass

    class Unwritten(Prompt):
        help_page = "game.unwritten"

    problems = page_problems([NewQuestion, NewPick, Unwritten])
    assert len([p for p in problems if "declares no help_page" in p]) == 2
    assert any("game.unwritten" in p and "in en" in p for p in problems)


def test_the_editor_s_classes_follow_the_rule_once_one_of_them_declares_a_page():
    class EditorFrame(Scene):
        pass

    class EditorMode(Scene):
        pass

    class TextMode(Scene):
        help_page = "editor.text"

    def editor(cls):
        return cls.__name__.startswith(("Editor", "Text"))

    assert not page_problems([EditorFrame, EditorMode], editor)     # none declares one yet: none must
    problems = page_problems([EditorFrame, EditorMode, TextMode], editor)
    assert sorted(problems) == [f"{name(c)} declares no help_page" for c in (EditorFrame, EditorMode)]
    assert page_problems([EditorFrame], lambda cls: False)           # any other class must


@pytest.mark.parametrize("prompt,page", [("answer.OfferConfirm", "game.confirm"), ("robber.Victims", "game.robber"),
                                         ("sea.GoldChoice", "game.gold"), ("game_menu.SaveSlots", "game.gamemenu")])
def test_the_game_s_help_is_that_of_the_prompt_on_top(prompt, page):
    from retrocatan.ui.scenes.game import GameScene
    module, cls_name = prompt.split(".")
    cls = getattr(importlib.import_module(f"retrocatan.ui.prompts.{module}"), cls_name)
    scene = GameScene.__new__(GameScene)
    scene.handover, scene.prompts = False, []
    assert helppage.page_of(scene) == "game.menu"
    scene.prompts = [cls.__new__(cls)]
    assert helppage.page_of(scene) == page
    scene.handover = True
    assert helppage.page_of(scene) == "game.handover"


def test_a_road_pick_on_a_scenario_map_shows_the_ships_page():
    from retrocatan.ui.prompts.sea import RoutePick
    pick = RoutePick.__new__(RoutePick)
    assert pick.help_page == "game.pick"
    pick.hint_key = "pick.hint.route"
    assert pick.help_page == "game.ship"


def test_the_new_game_screen_s_pages():
    from retrocatan.ui.scenes.setup import SetupScene
    scene = SetupScene.__new__(SetupScene)
    scene.rules_open = scene.names_open = False
    assert helppage.page_of(scene) == "setup"
    scene.names_open = True
    assert helppage.page_of(scene) == "setup_names"
    scene.names_open, scene.rules_open = False, True
    assert helppage.page_of(scene) == "setup_rules"


def test_the_loading_bar_shows_the_load_help_not_the_title_s():
    from retrocatan.ui.scenes.loading import LoadingScene
    assert helppage.page_of(LoadingScene.__new__(LoadingScene)) == "load"
