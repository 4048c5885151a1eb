"""A linear signal chain composed with functools.reduce; one stage is a numpy prefix sum run
on the host. The adjoint chain is obtained with jax.linear_transpose."""
import functools
import operator
import jax
import jax.numpy as jnp
import numpy as np


def compose(*fns):
    return functools.reduce(lambda f, g: lambda x: g(f(x)), fns, lambda x: x)


def host_prefix_sum(x):
    return jax.pure_callback(lambda a: np.cumsum(a).astype(a.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


window = jnp.hanning(8).astype(jnp.float32)
stages = [
    functools.partial(operator.mul, window),
    host_prefix_sum,
    lambda x: x[::-1],
    functools.partial(operator.mul, 0.5),
]
forward = compose(*stages)

if __name__ == "__main__":
    x = jnp.linspace(0.0, 1.0, 8, dtype=jnp.float32)
    y = forward(x)
    print("forward", y)
    adjoint = jax.linear_transpose(forward, x)
    (xt,) = adjoint(jnp.ones_like(y))
    print("adjoint", xt)
