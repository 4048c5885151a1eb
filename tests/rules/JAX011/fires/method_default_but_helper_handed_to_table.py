"""The helper's `method` defaults to "bisect", and the one call the module writes leaves it
there; but the helper is also put in a table, whose callers may pass any method: the
`jnp.polyval` branch is not ruled out."""
import jax
import jax.numpy as jnp
import numpy as np


def _root(coeffs, method="bisect"):
    if method == "bisect":
        return float(np.roots(coeffs)[-1].real)
    return float(jnp.polyval(jnp.asarray(coeffs), 0.0))  # EXPECT: JAX011


SOLVERS = {"root": _root}


def _host_roots(c):
    return np.float32(_root(np.asarray(c)))


def solve(c):
    return jax.pure_callback(_host_roots, jax.ShapeDtypeStruct((), jnp.float32), c)


print(solve(jnp.array([1.0, -3.0, 2.0])))
print(SOLVERS["root"](np.array([1.0, -3.0, 2.0]), method="poly"))
