"""Configurable host reductions picked by name from a backend module."""
import jax
import jax.numpy as jnp
import numpy as np

CONFIG = {"reduction": "cumsum", "scale": 0.5}


def _backend_op(values):
    return np.asarray(getattr(jnp, "cumsum")(values))


def host_accumulate(values, scale):
    values = np.asarray(values)
    scale = float(np.asarray(scale))
    return (_backend_op(values) * scale).astype(values.dtype)


def accumulate(x, scale=CONFIG["scale"]):
    return jax.pure_callback(host_accumulate, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             jnp.float32(scale))


def discounted_returns(rewards):
    acc = accumulate(rewards[::-1])
    return acc[::-1]


if __name__ == "__main__":
    r = jnp.array([1.0, 0.0, 2.0, 1.0])
    print(jax.jit(discounted_returns)(r))
