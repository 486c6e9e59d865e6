"""The window's layer parts (ui/layers.py): a layer's class is found by its
base part and layer name; a layer that changes nothing gets the base."""

import pytest

from retrocatan.ui.layers import layer_part, part


def test_a_layer_part_is_found_by_its_base_and_layer():
    class Look:
        colour = 1

    @layer_part("test-layer")
    class SeaLook(Look):
        colour = 2

    assert part(Look, "test-layer") is SeaLook
    assert part(Look, "base") is Look
    assert part(Look, "test-layer")().colour == 2


def test_two_parts_for_one_base_and_layer_are_refused():
    class Look:
        pass

    layer_part("test-two")(type("A", (Look,), {}))
    with pytest.raises(ValueError):
        layer_part("test-two")(type("B", (Look,), {}))
