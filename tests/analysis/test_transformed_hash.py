"""A transformed function caches its hash (the incremental analysis looks each one up in several
tables per version); the cache must agree with equality and stay out of fingerprints."""

from __future__ import annotations

import dataclasses

from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.incremental.fingerprint import fingerprint
from jax_lsp.analysis.jax.jaxapi import TRANSFORMS
from jax_lsp.analysis.values import UNKNOWN, Api, Transformed, Value


def _made(name: str = "g", line: int = 3) -> Transformed:
    fun = Value(fns=(Api("jax.numpy.sin"),))
    return Transformed(TRANSFORMS["jax.grad"], name, fun, None, False, Span(line, 4, line, 20))


def test_equal_transformed_functions_hash_alike_before_and_after_caching() -> None:
    a, b = _made(), _made()
    first = hash(a)
    assert first == hash(a) == hash(b)
    assert a == b and len({a, b}) == 1


def test_replace_does_not_carry_the_cached_hash() -> None:
    a = _made()
    hash(a)
    moved = dataclasses.replace(a, site=Span(9, 4, 9, 20))
    assert moved != a
    assert hash(moved) == hash(_made(line=9))
    assert dataclasses.replace(moved, site=a.site) == a
    assert hash(dataclasses.replace(moved, site=a.site)) == hash(a)


def test_the_cached_hash_is_not_part_of_a_fingerprint() -> None:
    hashed, fresh = _made(), _made()
    hash(hashed)
    assert fingerprint(Value(fns=(hashed,))) == fingerprint(Value(fns=(fresh,)))
    assert fingerprint(Value(fns=(hashed,))) != fingerprint(Value(fns=(_made("h"),)))
    assert fingerprint(UNKNOWN) == fingerprint(Value())
