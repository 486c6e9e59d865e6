from retrocatan.engine.rng import Rng, derive_seed


def test_pcg32_reference_sequence():
    # The reference outputs of pcg32-demo: pcg32_srandom(42, 54).
    rng = Rng(42, 54)
    assert [rng.next_u32() for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_state_round_trip_continues_the_sequence():
    a = Rng(7)
    for _ in range(10):
        a.next_u32()
    b = Rng.from_state(*a.get_state())
    assert [a.next_u32() for _ in range(20)] == [b.next_u32() for _ in range(20)]


def test_below_is_in_range_and_covers_it():
    rng = Rng(3)
    seen = [0] * 6
    for _ in range(6000):
        seen[rng.below(6)] += 1
    assert all(800 < k < 1200 for k in seen)


def test_shuffle_is_a_permutation_and_seeded():
    xs = list(range(50))
    a, b = list(xs), list(xs)
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b and sorted(a) == xs and a != xs


def test_derived_seeds_differ_per_seat():
    seeds = {derive_seed(1, s) for s in range(6)}
    assert len(seeds) == 6
    assert derive_seed(1, 2) == derive_seed(1, 2)
