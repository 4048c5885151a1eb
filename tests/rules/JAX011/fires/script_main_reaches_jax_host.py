"""A script whose `__main__` block reaches the callback whose host runs `jnp.sort`."""
import numpy as np
import jax
import jax.numpy as jnp


def _host_sorted(x):
    return np.asarray(jnp.sort(x))  # EXPECT: JAX011


def sorted_on_host(x):
    return jax.pure_callback(_host_sorted, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def unused_helper(x):
    return x + 1


if __name__ == "__main__":
    print(jax.jit(sorted_on_host)(jnp.array([3.0, 1.0, 2.0])))
