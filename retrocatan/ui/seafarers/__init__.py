"""The window's part of the Seafarers layer (``ui/layers.py``): how ships,
the pirate, gold, fog and islands look, sound and are asked for. Each
module registers its parts when imported; this package imports them all."""
