"""The host's helper returns early on `method == "bisect"`, the default, but one call asks
for `method="poly"`, handed down through two functions: the `jnp.polyval` after the early
return runs on the host."""
import jax
import jax.numpy as jnp
import numpy as np


def _root(coeffs, method):
    if method == "bisect":
        return float(np.roots(coeffs)[-1].real)
    return float(jnp.polyval(jnp.asarray(coeffs), 0.0))  # EXPECT: JAX011


def _host_roots(c, *, method):
    return np.float32(_root(np.asarray(c), method))


def roots(c, method="bisect"):
    return jax.pure_callback(lambda v: _host_roots(v, method=method),
                             jax.ShapeDtypeStruct((), jnp.float32), c)


def solve(c, method="bisect"):
    return jax.jit(roots, static_argnames="method")(c, method=method)


print(solve(jnp.array([1.0, -3.0, 2.0])))
print(solve(jnp.array([1.0, -3.0, 2.0]), method="poly"))
