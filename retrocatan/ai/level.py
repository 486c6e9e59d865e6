"""The levels of the planning player: every difference between Easy,
Normal and Hard is a field of ``Level`` (docs/ai.md has the table)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """How well a computer player judges: every difference between the
    levels is one of these fields."""

    name: str
    noise: float            # random jitter on every score (0 = none)
    offers_per_turn: int    # domestic offers made in one of its turns
    smart_setup: bool       # balance resources and value harbours when founding
    road_planning: bool     # build roads toward the best free corner
    use_cards: bool         # play development cards with a purpose
    guard_leader: bool      # refuse trades that help a player close to winning
    counter_offers: bool    # answer offers with counter-offers
    whim_knights: bool      # without a purpose for cards: play a Knight one time in three
    keep_army: bool         # play spare Knights to hold the Largest Army
    crude_robber: bool      # every piece of another player next to a hex counts the same for the robber
    whim_answers: bool      # accept an offer one time in three, whatever it is
    move_ships: bool = False    # on a scenario map: move an open-end ship toward a better corner
    voyage_reach: int = 0       # on a scenario map: ships a planned voyage may need (0: none)
    fog_hex: float = 0.0        # ... what turning one fog hex is worth to a voyage (goal scale)
    rivals: bool = False        # ... a corner another player's ships are nearer to is worth less
    plain_reach: int = 0        # ... ships a voyage to a corner without the bonus (or fog on the way) may need
    coast: float = 3.0          # ... corner value of the first building on the coast (its ships can set out)
    city_goal: float = 2.2      # a city's worth as a goal, before what its corner yields (the Expert's on a
    #                             Seafarers map: more, ``SEA_CITY`` of ai/seafarers/expert.py)


EASY = Level("easy", noise=0.9, offers_per_turn=0, smart_setup=False, road_planning=False, use_cards=False,
             guard_leader=False, counter_offers=False, whim_knights=True, keep_army=False, crude_robber=True,
             whim_answers=True, voyage_reach=3, fog_hex=1.0, plain_reach=3)
NORMAL = Level("normal", noise=0.25, offers_per_turn=1, smart_setup=True, road_planning=False, use_cards=True,
               guard_leader=True, counter_offers=False, whim_knights=False, keep_army=False, crude_robber=False,
               whim_answers=False, move_ships=True, voyage_reach=6, fog_hex=5.0, plain_reach=2)
HARD = Level("hard", noise=0.0, offers_per_turn=3, smart_setup=True, road_planning=True, use_cards=True,
             guard_leader=True, counter_offers=True, whim_knights=False, keep_army=True, crude_robber=False,
             whim_answers=False, move_ships=True, voyage_reach=8, fog_hex=3.0, rivals=True, plain_reach=3)
PLANNING_LEVELS = {level.name: level for level in (EASY, NORMAL, HARD)}   # a planning level's figures by its name
