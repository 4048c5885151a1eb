"""Class hierarchies as Python resolves them: `super()` on the instance's MRO (a mixin's call
reaches the class mixed in after it), a dataclass's fields gathered along the MRO, with the
most derived declaration's `default_factory=` made per instance, and an instance's class read
back (`type(self)`, `self.__class__`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.incremental.analyzer import IncrementalAnalyzer

CORPUS = Path(__file__).resolve().parents[1] / "rules" / "JAX012"

PROGRAMS = [
    ("fires/mixin_super_chain_adds_vectorized.py", "class LegacyModel(LegacyMixin, Model):",
     "class LegacyModel(Model):"),
    ("fires/diamond_super_reaches_sibling_vectorized.py", "class Both(Left, Right):",
     "class Both(Left):"),
    ("fires/dataclass_subclass_default_factory_vectorized.py", 'site = LegacySite("north")',
     'site = Site("north")'),
    ("fires/dataclass_inherited_fields_positional_vectorized.py", "Batched(2.0, True)",
     "Batched(2.0, False)"),
    ("fires/type_of_self_class_flag_from_init_subclass.py", "sampler = Legacy()",
     "sampler = Current()"),
    ("fires/dunder_class_attribute_options_vectorized.py", "jax.jit(OldKernel())",
     "jax.jit(Kernel())"),
]


def _codes(findings: list) -> list[tuple[str, int]]:
    return sorted((f.code, f.span.line) for f in findings)


@pytest.mark.parametrize(("name", "old", "new"), PROGRAMS)
def test_the_deciding_class_fact_is_followed_and_incremental_equals_full(
        name: str, old: str, new: str) -> None:
    source = (CORPUS / name).read_text()
    assert old in source
    edited = source.replace(old, new)
    full = _codes(analyze_source(source, name).findings)
    assert [c for c, _ in full] == ["JAX012"]
    assert _codes(analyze_source(edited, name).findings) == []
    analyzer = IncrementalAnalyzer()
    assert _codes(analyzer.analyze(source, name).findings) == full
    assert _codes(analyzer.analyze(edited, name).findings) == []
    assert _codes(analyzer.analyze(source, name).findings) == full


def test_a_metaclass_super_new_still_reaches_type() -> None:
    source = '''
import jax
import numpy as np

REGISTRY = {}


class Meta(type):
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        REGISTRY[name] = cls
        return cls


class Host(metaclass=Meta):
    options = {"vectorized": True}


def host(x):
    return np.asarray(x)


def f(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             **REGISTRY["Host"].options)


jax.jit(f)(np.ones(3))
'''
    assert [f.code for f in analyze_source(source, "<meta>").findings] == ["JAX012"]
