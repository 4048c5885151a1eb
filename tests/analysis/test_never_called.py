"""A script's function the analysis never ran and nothing can call (`Escapes.never_called`):
the text pass's JAX012 in it is dropped (`jax.host_runs._unhosted`); wherever a call may come
from code the analysis did not follow, it stands. With the mechanisms that decide what never
runs: a `map()` never consumed (`python/lazy_maps.py`), an iterator class's `__next__` driven
call by call (`python/iterator_protocol.py`)."""

from __future__ import annotations

from jax_lsp.analysis.engine import analyze_source

HEAD = '''
import numpy as np
import jax
import jax.numpy as jnp


def host(x):
    return np.asarray(x)


def scaled(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host, spec, x, vectorized=False)


def run(n):
    return scaled(jnp.ones(n))
'''
LINE = 13  # the callback's call

SCRIPT = "9001_fit.py"  # (no import can name it)


def _codes(source: str, filename: str = SCRIPT) -> list[tuple[str, int]]:
    return [(f.code, f.span.line) for f in analyze_source(source, filename).findings]


def test_a_map_never_consumed_runs_nothing() -> None:
    main = HEAD + '\nif __name__ == "__main__":\n    pending = map(run, [2, 3])\n' \
        '    print(type(pending).__name__, pending is None)\n'
    assert _codes(main) == []
    # a module an import can name: its importers may call `run`
    assert _codes(main, "fit.py") == [("JAX012", LINE)]


def test_a_map_consumed_runs_its_function() -> None:
    for use in ("    for r in pending:\n        print(r)\n", "    print(list(pending))\n",
                "    print(sorted(pending))\n", "    other = pending\n"):
        main = HEAD + '\nif __name__ == "__main__":\n    pending = map(run, [2, 3])\n' + use
        assert _codes(main) == [("JAX012", LINE)], use


def test_a_map_rebound_or_shadowed_is_not_read_as_lazy() -> None:
    main = HEAD + '\nif __name__ == "__main__":\n    pending = map(run, [2, 3])\n' \
        '    pending = map(run, [4])\n    print(type(pending))\n'
    assert _codes(main) == [("JAX012", LINE)]
    shadowed = HEAD + '\ndef print(x):\n    return list(x)\n\n\nif __name__ == "__main__":\n' \
        '    pending = map(run, [2, 3])\n    print(pending)\n'
    assert _codes(shadowed) == [("JAX012", LINE)]


def test_a_function_handed_to_code_not_followed_keeps_it() -> None:
    for use in ("    register(run)\n", "    globals()['run'](2)\n", "    table = {'r': run}\n"
                "    table[input()](2)\n"):
        main = HEAD.replace("import numpy as np", "import numpy as np\nfrom plugins import "
                            "register") + '\nif __name__ == "__main__":\n' + use
        assert ("JAX012", LINE + 1) in _codes(main), use


def test_a_function_never_read_is_never_called() -> None:
    main = HEAD + '\nif __name__ == "__main__":\n    print("nothing runs")\n'
    assert _codes(main) == []


ITERATOR = HEAD + '''

class Levels:
    def __init__(self, top):
        self.level, self.top = 0, top

    def __iter__(self):
        return self

    def __next__(self):
        if STOP:
            raise StopIteration
        self.level += 1
        return run(self.level + 1)


if __name__ == "__main__":
    it = Levels(TOP)
    print(next(it, None))
    for item in it:
        print(item)
'''


def test_an_iterator_class_stopping_at_once_never_runs_its_item() -> None:
    assert _codes(ITERATOR.replace("STOP", "self.level >= self.top").replace("TOP", "0")) == []
    assert _codes(ITERATOR.replace("STOP", "self.level >= self.top").replace("TOP", "2")) == [
        ("JAX012", LINE)]


def test_an_iterator_stopping_on_an_unknown_test_keeps_it() -> None:
    # (whether `__next__` stops is decided at run time: its calls are a cut)
    unknown = ITERATOR.replace("STOP", "np.random.rand() > 0.5 or self.level >= self.top")
    assert _codes(unknown.replace("TOP", "0")) == [("JAX012", LINE)]
    assert _codes(unknown.replace("TOP", "3")) == [("JAX012", LINE)]


def test_an_iterator_consumed_by_list_is_driven() -> None:
    # `list(it)` calls `__next__` as a `for` does: the levels set after the first `next()`
    # reach the callback
    driven = ITERATOR.replace("STOP", "self.level >= self.top").replace("TOP", "0").replace(
        "    for item in it:\n        print(item)\n", "    it.top = 2\n    print(list(it))\n")
    assert _codes(driven) == [("JAX012", LINE)]


OPERATORS = '''
import numpy as np
import jax
import jax.numpy as jnp


def host(a, b):
    return np.power(np.asarray(a), np.asarray(b)).astype(np.float32)


class Gain:
    def __init__(self, v):
        self.v = jnp.asarray(v, dtype=jnp.float32)

    def __pow__(self, n):
        spec = jax.ShapeDtypeStruct(self.v.shape, jnp.float32)
        return Gain(jax.pure_callback(host, spec, self.v, jnp.float32(n), vectorized=True))

    def __rpow__(self, n):
        spec = jax.ShapeDtypeStruct(self.v.shape, jnp.float32)
        return Gain(jax.pure_callback(host, spec, jnp.float32(n), self.v))
'''
POW_LINE = 17  # the call in `__pow__`


def test_an_operator_method_python_never_dispatches_to_is_never_called() -> None:
    """`3 ** g` calls `Gain.__rpow__` (int's `__pow__` gives NotImplemented): `__pow__`, whose
    callback passes `vectorized=`, never runs (`python/operator_dunders.py`)."""
    main = OPERATORS + '\nif __name__ == "__main__":\n    print((3 ** Gain([2.0])).v)\n'
    assert _codes(main) == []
    assert _codes(main.replace("3 ** Gain([2.0])", "Gain([2.0]) ** 3")) == [
        ("JAX012", POW_LINE)]
    # a module an import can name: its importers may raise a Gain to a power
    assert _codes(main, "fit.py") == [("JAX012", POW_LINE)]


def test_an_operator_method_called_where_the_analysis_does_not_dispatch_stands() -> None:
    """Where Python may call `__pow__` without the analysis dispatching it (an augmented
    assignment, `pow()`, the `operator` module, a fallback on `NotImplemented`, a subclass,
    a read of the name in code that runs), the finding stands."""
    main = OPERATORS + '\nif __name__ == "__main__":\n    print((3 ** Gain([2.0])).v)\n'
    for tail in ("    g = Gain([1.0])\n    g **= 2\n",
                 "    print(pow(Gain([1.0]), 2))\n",
                 "    import operator\n    print(operator.pow(3, 2))\n",
                 "    print(NotImplemented)\n",
                 "    print(Gain.__pow__)\n",
                 "\n\nclass Loud(Gain):\n    pass\n"):
        assert _codes(main + tail) == [("JAX012", POW_LINE)], tail
