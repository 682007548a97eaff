"""`double-roles` setup draws its deal inline (``_shuffle``, ``_sample``) as ``random.Random``'s ``shuffle`` and
``sample`` draw: the same results from the same generator, which is left in the same state; a deal is the same as
with ``random``'s own methods, whatever the table; a generator of another class draws through its own methods."""

import importlib
import random

import pytest

SETUP = importlib.import_module("meneur.engine.rulesets.double_roles.setup")  # the package's ``setup`` is the function


@pytest.mark.parametrize("seed", range(12))
def test_shuffle_draws_as_random_shuffle(seed: int) -> None:
    for size in range(0, 40):
        mine, theirs = random.Random(seed * 100 + size), random.Random(seed * 100 + size)
        values, expected = list(range(size)), list(range(size))
        SETUP._shuffle(mine, values)
        theirs.shuffle(expected)
        assert values == expected
        assert mine.random() == theirs.random()  # nothing more, nothing less drawn


@pytest.mark.parametrize("seed", range(6))
def test_sample_draws_as_random_sample_both_ways(seed: int) -> None:
    """Small populations (a pool) and large ones (positions drawn again until new): ``sample``'s two ways, and the
    sizes where it changes from one to the other (a set of 6 numbers or more is larger)."""
    sizes = [*range(0, 30), 49, 50, 51, 84, 85, 86, 200, 341, 342, 1000]
    for n in sizes:
        population = [f"P{i}" for i in range(n)]
        for k in sorted({*range(0, min(n, 12) + 1), n // 2, n}):
            mine, theirs = random.Random(seed * 7919 + n * 31 + k), random.Random(seed * 7919 + n * 31 + k)
            assert SETUP._sample(mine, population, k) == theirs.sample(population, k), (n, k)
            assert mine.random() == theirs.random(), (n, k)
    numbers = tuple(range(1, 51))  # the order numbers, as a tuple
    assert SETUP._sample(random.Random(seed), numbers, 7) == random.Random(seed).sample(numbers, 7)


def test_sample_refuses_as_random_sample() -> None:
    with pytest.raises(ValueError, match="Sample larger than population"):
        SETUP._sample(random.Random(1), ["A", "B"], 3)


class _OwnRandom(random.Random):
    """A generator of its own, without the ``getrandbits``-based ``_randbelow`` (``random`` draws with ``random()``)."""

    def random(self) -> float:
        return super().random() ** 2


def test_another_generator_class_draws_through_its_own_methods() -> None:
    values, expected = list(range(20)), list(range(20))
    SETUP._shuffle(_OwnRandom(3), values)
    _OwnRandom(3).shuffle(expected)
    assert values == expected
    population = [f"P{i}" for i in range(60)]
    assert SETUP._sample(_OwnRandom(4), population, 6) == _OwnRandom(4).sample(population, 6)


@pytest.mark.parametrize("count", [6, 7, 10, 14, 23])
def test_a_deal_is_the_same_as_with_random_own_methods(count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Natures, roles, order numbers, Assassins' targets, phylactères: every draw of setup, for many seeds."""
    names = [f"Joueur{i:02d}" for i in range(count)]
    fast = [SETUP.setup(names, seed) for seed in range(60)]
    monkeypatch.setattr(SETUP, "_shuffle", lambda rng, values: rng.shuffle(values))
    monkeypatch.setattr(SETUP, "_sample", lambda rng, population, k: rng.sample(population, k))
    slow = [SETUP.setup(names, seed) for seed in range(60)]
    assert fast == slow
    assert any(state.memory["ordre"] for state in fast)  # order numbers were drawn
    assert any("phylactere" in p.markers for state in fast for p in state.players) or count < 10
