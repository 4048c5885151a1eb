"""A value stored at a known key into a dict of known keys (`opts["vmap_method"] = m`) is an
entry of that dict for its later readers (`python/statements.py`, `_store_local_entry`): a
`**opts` spread into `jax.pure_callback` passes it. Stored under a branch the analysis cannot
decide, the key may or may not be there: the dict's keys are unknown, and JAX008 (which needs
`vmap_method` certainly absent) stays quiet."""
from jax_lsp.analysis.engine import analyze_source

PROGRAM = '''
import jax
import jax.numpy as jnp
import numpy as np

OPTIONS = {}
MODULE_STORE


def host(x):
    return np.cos(np.asarray(x)).astype(np.float32)


def f(x, flag):
    opts = dict(OPTIONS)
    LOCAL_STORE
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **opts)


print(jax.vmap(lambda x: f(x, FLAG))(jnp.ones((3, 2))))
'''


def _codes(module_store: str = "pass", local_store: str = "pass") -> list[str]:
    src = PROGRAM.replace("MODULE_STORE", module_store).replace("LOCAL_STORE", local_store)
    return [f.code for f in analyze_source(src).findings]


def test_no_entry_stored_jax008() -> None:
    assert _codes() == ["JAX008"]


def test_a_module_statement_stores_the_entry() -> None:
    assert _codes(module_store='OPTIONS["vmap_method"] = "sequential"') == []


def test_a_function_stores_the_entry() -> None:
    assert _codes(local_store='opts["vmap_method"] = "expand_dims"') == []
    assert _codes(local_store='opts["vmap_method"] = None') == ["JAX008"]


def test_an_entry_stored_under_an_undecided_branch_may_be_there() -> None:
    assert _codes(local_store='if flag:\n        opts["vmap_method"] = "sequential"') == []
