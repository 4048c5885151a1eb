"""Near miss: the callback whose host runs `jnp.sort` is in a function the script's
`__main__` block never calls; the one it calls sorts with NumPy."""
import numpy as np
import jax
import jax.numpy as jnp


def _host_sorted_np(x):
    return np.sort(np.asarray(x))


def _host_sorted_jnp(x):
    return np.asarray(jnp.sort(x))


def sorted_on_host(x):
    return jax.pure_callback(_host_sorted_np, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def sorted_on_host_jnp(x):
    return jax.pure_callback(_host_sorted_jnp, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


if __name__ == "__main__":
    print(jax.jit(sorted_on_host)(jnp.array([3.0, 1.0, 2.0])))
