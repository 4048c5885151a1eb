"""The same table, but its points are computed outside `ensure_compile_time_eval`: under
`make_jaxpr` they are traced, so the callback is staged, never run."""
import numpy as np
import jax
import jax.numpy as jnp


def erf_table_host(points):
    from math import erf
    return np.array([erf(p) for p in np.asarray(points)], dtype=np.float32)


def erf_lookup(x):
    points = jnp.linspace(-2.0, 2.0, 9)
    with jax.ensure_compile_time_eval():
        table = jax.pure_callback(erf_table_host, jax.ShapeDtypeStruct((9,), jnp.float32), points, vectorized=False)
    return jnp.interp(x, points, table)


print(jax.make_jaxpr(erf_lookup)(jnp.zeros(3)))
