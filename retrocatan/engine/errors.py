"""Errors the engine raises, and the refusals of the rules.

A refused action raises ``IllegalAction`` with a ``code`` (a short stable
identifier, listed in ``REFUSALS``) and ``params`` (what the refusal is
about: a player, the missing cards, ...). ``str()`` of it is the English
sentence of ``REFUSALS``; a front end renders the code in its own language.

Parameter conventions: ``player`` a seat from 0 (the English text says
"player 1" for seat 0); ``missing``, ``cards`` bundles of 5 counts in
resource order; ``resource`` an index into ``components.RESOURCES``;
``piece`` a piece kind (road, settlement, city or a layer's); ``card`` a
development card name.

A rules layer declares its own codes (``declare``) when it is imported.
"""

from __future__ import annotations

from .components import RESOURCES

# code -> English sentence (``str.format`` fields are the params, rendered
# by ``english_params``).
REFUSALS: dict[str, str] = {
    "game_over": "the game is over",
    "not_an_action": "an action is an Action or its text form",
    "bad_action_text": "not an action: {reason}",
    "not_legal_now": "{action} is not a legal action now ({phase}, {player} to decide)",
    "not_enough_resources": "{player} cannot pay for a {what}: missing {missing}",
    "no_pieces_left": "{player} needs a {piece} piece and has none left",
    "cannot_build_there": "{player} cannot build there (no {piece} may go on that spot)",
    "deck_empty": "the development deck is empty",
    "trading_closed": "no trading after building (roll, then trade, then build)",
    "trade_before_roll": "you can only trade after rolling",
    "not_your_trade_phase": "you can only offer a trade in your trade phase",
    "offer_limit": "no more trade offers this turn ({limit} a turn)",
    "bad_terms": "an offer names cards of the five resources",
    "no_gifts": "no gifts: both sides of a trade must give something",
    "same_resource_both_sides": "a trade may not have the same resource on both sides",
    "missing_offered_cards": "you do not have the cards you offer (missing {missing})",
    "bad_addressee": "an offer goes to all players or to one other player",
    "no_offer": "there is no offer to counter",
    "counter_unchanged": "a counter-offer must change the terms (accept instead)",
    "missing_counter_cards": "you do not have the cards your counter-offer gives (missing {missing})",
    "bad_ratio": "{player} trades {resource} at {ratio}:1, not {asked}:1",
    "bank_out_of": "the bank has no {resource} left",
    "cards_on_own_turn": "development cards are played on your own turn only",
    "card_limit": "you have already played {limit} development card(s) this turn",
    "card_too_new": "a card bought this turn waits until your next turn",
    "no_such_card": "you have no {card} card to play",
    "nowhere_to_build_road": "there is no free edge to build a road on",
    "robber_must_move": "the robber must move to another hex it may go to",
    "cannot_rob": "{player} cannot be robbed there",
    "nothing_to_discard": "you have no {resource} to give up",
    "cannot_accept": "you do not have the cards the offer asks for (missing {missing})",
    "cannot_close": "that trade cannot be closed now",
    "not_your_decision": "it is {player}'s decision",
    "wrong_phase": "that is not possible now ({phase})",
    "no_place_for": "{player} has no place to build a {piece}",
    "nothing_to_trade": "{player} has too few cards for that trade",
    "no_card_useful": "no development card can be played usefully now",
}


def declare(codes: dict[str, str]) -> None:
    """Add a layer's refusal codes and their English sentences to ``REFUSALS``."""
    for code, text in codes.items():
        if REFUSALS.get(code, text) != text:
            raise ValueError(f"refusal code {code!r} is declared twice with different texts")
        REFUSALS[code] = text


def bundle_english(bundle) -> str:
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(bundle) if n]
    return ", ".join(parts) if parts else "nothing"


def english_params(params: dict) -> dict:
    """The params as the English sentence shows them."""
    out = dict(params)
    for key, value in params.items():
        if key == "player" and isinstance(value, int):
            out[key] = f"player {value + 1}"
        elif key in ("missing", "cards") and isinstance(value, (list, tuple)):
            out[key] = bundle_english(value)
        elif key == "resource" and isinstance(value, int) and 0 <= value < 5:
            out[key] = RESOURCES[value]
        elif key == "what" and value == "card":
            out[key] = "development card"
        elif key == "card" and isinstance(value, str):
            out[key] = value.replace("_", " ")
    return out


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The state is unchanged.

    ``IllegalAction(code, **params)`` with a code of ``REFUSALS``; an
    unknown first argument is taken as an English sentence (code
    ``"refused"``, params ``{"reason": sentence}``)."""

    def __init__(self, code: str = "refused", **params) -> None:
        if code not in REFUSALS:
            params = {"reason": code}
            code = "refused"
        self.code = code
        self.params = params
        super().__init__(self.english())

    def english(self) -> str:
        if self.code == "refused":
            return str(self.params.get("reason", "refused"))
        return REFUSALS[self.code].format(**english_params(self.params))
