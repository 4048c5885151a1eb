"""A package's `__init__` imports its own submodules by name (`from . import _impl`, `from
mylib import _more`, as optax.microbatching and opt_einsum do): Python binds the submodules;
the analysis follows them (it once resolved each name to itself until the recursion limit)."""
import jax
import jax.numpy as jnp
from mylib import host_norm, host_scale


def normalized(v):
    return v / host_norm(v)  # EXPECT: JAX001


def scaled(v):
    return jnp.sum(host_scale(v))  # EXPECT: JAX001


print(jax.jacrev(normalized)(jnp.array([3.0, 4.0])))
print(jax.grad(scaled)(jnp.array([3.0, 4.0])))
