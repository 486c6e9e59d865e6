"""The island on screen, one job a module: ``plane.py`` (hex <-> pixel
geometry, the layouts of a map and scrolling over them), ``terrain.py``
(the static picture: sea and land hexes), ``labels.py`` (harbours, their
names and the number tokens), ``pieces.py`` (what stands on the map, the
highlights and the cursor), ``map_scroll.py`` (looking round a big map
with any device, its arrows and overview button). ``ui/board_view.py``'s
``BoardView`` composes them. Terrain, labels and pieces are layer parts
(``ui/layers.py``): the Seafarers look is in ``ui/seafarers/board_*.py``."""
