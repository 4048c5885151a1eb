"""A method analysed as an entry point applies the object its class binds methods to: a new
object in every version (classes are replayed from their recipe, see `replay`), so its entry
fingerprint was computed again for every method after every edit. An object as made, of a class
that kept its previous fingerprint, stands in for the previous one (`_stand_ins`); edits of the
class, of what is stored into it or into the object must still give a full analysis's result."""

from __future__ import annotations

import pytest
from test_incremental import _signature

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.incremental import IncrementalAnalyzer, replay

MODULE = """\
import jax
import jax.numpy as jnp
import numpy as np

SPEC = jax.ShapeDtypeStruct((), jnp.float32)


def host(x):
    return jax.pure_callback(np.sin, SPEC, x)


class Model:
    ops = {"f": jnp.sin}

    def loss(self, x):
        return self.ops["f"](x)

    def train(self, x):
        return jax.grad(self.loss)(x)

    def remember(self, x):
        self.fn = jnp.cos
        return x

    def recall(self, x):
        return jax.grad(lambda y: self.fn(y))(x)


class Other:
    def step(self, x):
        return jax.grad(jnp.cos)(x)

    def more(self, x):
        return x


def plain(x):
    return x + 1
"""

EDITS = [
    ('    ops = {"f": jnp.sin}\n', '    ops = {"f": host}\n'),
    ('        return self.ops["f"](x)\n', '        return host(x)\n'),
    ("        self.fn = jnp.cos\n", "        self.fn = host\n"),
    ("def plain(x):", 'Model.ops = {"f": host}\n\n\ndef plain(x):'),
    ("def plain(x):", "Model.loss = lambda self, x: host(x)\n\n\ndef plain(x):"),
    ("class Other:", "class Other(Model):"),
    ("def plain(x):", "Model.train = lambda self, x: jax.grad(host)(x)\n\n\ndef plain(x):"),
    ("        return jax.grad(jnp.cos)(x)\n", "        return jax.grad(host)(x)\n"),
]


@pytest.mark.parametrize("old, new", EDITS, ids=[f"{i}" for i in range(len(EDITS))])
def test_an_edit_of_a_class_or_its_objects_equals_a_full_analysis(old: str, new: str) -> None:
    assert old in MODULE
    edited = MODULE.replace(old, new, 1)
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    for n, version in enumerate((edited, MODULE, edited, edited.replace("x + 1", "x + 2"))):
        got = analyzer.analyze(version, "m.py")
        assert _signature(got) == _signature(analyze_source(version, "m.py")), (n, version)


def test_the_edits_change_findings() -> None:
    base = _signature(analyze_source(MODULE, "m.py"))
    changed = [
        _signature(analyze_source(MODULE.replace(old, new, 1), "m.py")) != base
        for old, new in EDITS
    ]
    assert sum(changed) >= 3


def test_an_unrelated_edit_fingerprints_no_method_entry_again(monkeypatch) -> None:  # noqa: ANN001
    computed: list[object] = []
    walk = replay.fingerprint

    def counting(value: object, *args: object) -> object:
        computed.append(value)
        return walk(value, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(replay, "fingerprint", counting)
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    assert len(computed) >= 3  # the methods that differentiate, each applied to its object
    for n in (2, 3, 4):
        computed.clear()
        edited = MODULE.replace("x + 1", f"x + {n}")
        got = analyzer.analyze(edited, "m.py")
        assert got.exact and _signature(got) == _signature(analyze_source(edited, "m.py"))
        # only a root whose object a skipped root stored into (`self.fn`) may be asked again
        assert len(computed) <= 1
