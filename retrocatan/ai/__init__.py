"""Computer opponents. They read the engine's API and a player's view, and
answer every decision with an ``Action``, the same path as a person's."""
