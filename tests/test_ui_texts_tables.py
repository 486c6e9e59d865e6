"""The texts by area (the game's words, retrocatan/words/texts/, the
window's screens, retrocatan/ui/texts/, and the terminal's lines,
retrocatan/clients/texts.py): each area's table has the same
keys in English and German, every key has one home, and the costs and rule
numbers the texts show come from the engine (costs in the language's
resource names), not typed (issue 23, item 2)."""

import re

import pytest

from retrocatan.clients import render  # noqa: F401  (adds the terminal's lines to the tables)
from retrocatan.clients import texts as client_texts
from retrocatan.engine.components import COST_CITY, COST_DEV_CARD, COST_ROAD, COST_SETTLEMENT
from retrocatan.engine.seafarers import COST_SHIP
from retrocatan.ui import font, texts
from retrocatan.ui.layout import RIGHT_W
from retrocatan.ui.text import TEXTS
from retrocatan.words import costs
from retrocatan.words import texts as game_words
from retrocatan.words.text import area_name

AREAS = {area_name(area): area for area in (*game_words.AREAS, *texts.AREAS, client_texts)}
ENGINE_COSTS = {"road": COST_ROAD, "settlement": COST_SETTLEMENT, "city": COST_CITY, "card": COST_DEV_CARD,
                "ship": COST_SHIP}


def test_every_area_of_the_packages_is_read():
    import pkgutil
    for package in (game_words, texts):
        modules = {area_name(package).removesuffix(".py") + "/" + m.name + ".py"
                   for m in pkgutil.iter_modules(package.__path__)}
        read = {name for name in AREAS if name.startswith(area_name(package).removesuffix(".py") + "/")}
        assert modules == read, modules ^ read


@pytest.mark.parametrize("name", sorted(AREAS))
def test_each_table_has_the_same_keys_in_both_languages(name):
    en, de = set(AREAS[name].EN), set(AREAS[name].DE)
    assert en == de, f"{name}: missing in German {sorted(en - de)}, missing in English {sorted(de - en)}"
    assert all(AREAS[name].EN[k].strip() and AREAS[name].DE[k].strip() for k in en), name


@pytest.mark.parametrize("name", sorted(AREAS))
def test_each_table_names_the_same_fields_in_both_languages(name):
    """A value filled into the English text is filled into the German one (and no German field is never given)."""
    def fields(s):
        s = re.sub(r"\{(\w+):[^{}|]*\|[^{}]*\}", r"{\1}", s)
        return set(re.findall(r"\{(\w+)", s))
    table = AREAS[name]
    differ = [k for k in table.EN if fields(table.EN[k]) != fields(table.DE[k])]
    allowed = {"scenproblem." + k for k in ("harbour_not_on_coast", "pool_hex_number")}   # German names more
    assert not set(differ) - allowed, [(k, table.EN[k], table.DE[k]) for k in differ if k not in allowed]


def test_every_text_has_one_home():
    homes: dict[str, list[str]] = {}
    for name, area in AREAS.items():
        for key in area.EN:
            homes.setdefault(key, []).append(name)
    assert not {k: v for k, v in homes.items() if len(v) > 1}
    assert set(TEXTS["en"]) == set(homes) | {f"cost.{thing}" for thing in ENGINE_COSTS}


def _bundle(words: list[str], names: list[str]) -> tuple[int, ...]:
    """'2 Wheat 3 Coal' / '2Wh 3Co' read back into a bundle."""
    counts = [0] * 5
    n = 1
    for w in words:
        if w.isdigit():                 # '2 Wheat': the count as a word of its own
            n = int(w)
            continue
        count, name = re.fullmatch(r"(\d*)(\D+)", w).groups()
        r = next(i for i, full in enumerate(names) if name in (full, full[:2]))
        counts[r] += int(count) if count else n
        n = 1
    return tuple(counts)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_menu_s_costs_are_the_engine_s_in_the_language_s_names(lang):
    names = [TEXTS[lang][f"res.{r}"] for r in range(5)]
    for thing, bundle in ENGINE_COSTS.items():
        shown = TEXTS[lang][f"cost.{thing}"]
        assert _bundle(shown.split(), names) == bundle, (thing, shown)


@pytest.mark.parametrize("lang,said", [
    ("en", {"road": "Road: ", "settlement": "Settlement: ", "city": "City: ", "card": "Development card: ",
            "ship": "Ship: "}),
    ("de", {"road": "Straße: ", "settlement": "Siedlung: ", "city": "Stadt: ", "card": "Entwicklungskarte: ",
            "ship": "Schiff: "})])
def test_the_help_pages_say_the_engine_s_costs_in_words(lang, said):
    names = [TEXTS[lang][f"res.{r}"] for r in range(5)]
    pages = TEXTS[lang]["help.game.menu.rules"] + "\n" + TEXTS[lang]["help.game.ship.rules"]
    for thing, head in said.items():
        m = re.search(re.escape(head) + r"([^.]+)\.", pages)
        assert m, (thing, pages)
        assert _bundle(m.group(1).split(), names) == ENGINE_COSTS[thing], (thing, m.group(1))
    assert f"({TEXTS[lang]['res.0']} {TEXTS[lang]['res.2']})" in TEXTS[lang]["help.game.menu.sea"]


def test_a_changed_cost_table_changes_every_text_that_shows_the_cost(monkeypatch):
    """Nothing typed: with another price for a road, the menu and the help page say it."""
    monkeypatch.setitem(costs.COSTS, "road", (2, 0, 0, 0, 1))
    monkeypatch.setitem(costs.COSTS, "ship", (0, 0, 3, 0, 0))
    built = texts.build()
    assert built["en"]["cost.road"] == "2Wo Co" and built["de"]["cost.road"] == "2Ho Er"
    assert "Road: 2 Wood Coal." in built["en"]["help.game.menu.rules"]
    assert "Straße: 2 Holz Erz." in built["de"]["help.game.menu.rules"]
    assert "Ship: 3 Sheep." in built["en"]["help.game.ship.rules"]
    assert "(3 Wolle)" in built["de"]["help.game.menu.sea"]


def test_a_changed_rule_number_changes_the_texts_that_name_it(monkeypatch):
    monkeypatch.setitem(costs.NUMBERS, "award_points", 3)
    built = texts.build()
    assert "Longest Trade Route 3, Largest Army 3" in built["en"]["help.end.rules"]
    assert "Längste Handelsstraße 3, Größte Rittermacht 3" in built["de"]["help.end.rules"]


def test_a_changed_discard_limit_or_friendly_robber_number_changes_their_texts(monkeypatch):
    monkeypatch.setitem(costs.NUMBERS, "discard_limit", 9)
    monkeypatch.setitem(costs.NUMBERS, "friendly_robber_points", 4)
    built = texts.build()
    assert "more than 9 cards" in built["en"]["help.game.discard.rules"]
    assert "mehr als 9 Karten" in built["de"]["help.game.discard.rules"]
    assert "fewer than 4 points" in built["en"]["optdesc.friendly_robber"]
    assert "unter 4 Punkten" in built["de"]["optdesc.friendly_robber"]


def test_a_changed_dice_deck_number_changes_its_texts(monkeypatch):
    monkeypatch.setitem(costs.NUMBERS, "dice_deck_reshuffle_at", 8)
    built = texts.build()
    assert "shuffled at 8 left" in built["en"]["optdesc.dice_deck"]
    assert "gemischt bei 8." in built["de"]["optdesc.dice_deck"]


def test_the_rule_numbers_are_the_engine_s():
    from retrocatan.engine.config import AWARD_POINTS
    from retrocatan.engine.production import DICE_DECK_RESHUFFLE_AT, DISCARD_LIMIT
    from retrocatan.engine.robber import FRIENDLY_MIN_VP
    assert costs.NUMBERS == {"award_points": AWARD_POINTS, "discard_limit": DISCARD_LIMIT,
                                   "friendly_robber_points": FRIENDLY_MIN_VP,
                             "dice_deck_reshuffle_at": DICE_DECK_RESHUFFLE_AT}


def test_no_field_from_the_engine_is_left_unfilled_and_none_is_a_value_filled_when_shown():
    fields = set(costs.engine_fields(TEXTS["en"]))
    left = [(lang, k) for lang in TEXTS for k, v in TEXTS[lang].items()
            if set(re.findall(r"\{(\w+)", v)) & fields]
    assert not left, left


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_menu_line_with_its_cost_fits_the_actions_box(lang):
    """The action menu shows 'Settlement Wo Br Sh Wh': the name and the rendered cost on one line."""
    too_wide = []
    for thing in ENGINE_COSTS:
        name = TEXTS[lang]["menu.buy" if thing == "card" else f"menu.{thing}"]
        line = f"{name} {TEXTS[lang][f'cost.{thing}']}"
        if font.width(line, "normal") > RIGHT_W - 12 - 16:
            too_wide.append((line, font.width(line, "normal")))
    assert not too_wide, too_wide


def test_a_key_in_two_areas_is_refused(monkeypatch):
    monkeypatch.setitem(texts.title.EN, "res.0", "Wood")
    monkeypatch.setitem(texts.title.DE, "res.0", "Holz")
    with pytest.raises(ValueError, match="res.0"):
        texts.build()
