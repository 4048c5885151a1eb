"""A *args/**kwargs forwarding decorator that reports the integer step number passed as a
keyword to the host, then delegates."""
import functools
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

STEPS = []


def step_logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        step = kwargs.pop("step", 0)
        io_callback(STEPS.append, None, jnp.asarray(step, jnp.int32))
        return fn(*args, **kwargs)
    return wrapper


@step_logged
def mse(params, X, y, l2=0.0):
    pred = X @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2) + l2 * jnp.sum(params["w"] ** 2)


if __name__ == "__main__":
    X = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    y = jnp.array([1.0, 2.0, 3.0])
    params = {"w": jnp.zeros(2), "b": jnp.array(0.0)}
    grad_fn = jax.jit(jax.value_and_grad(mse))
    for i in range(3):
        val, g = grad_fn(params, X, y, l2=0.1, step=i)
        params = jax.tree_util.tree_map(lambda p, d: p - 0.01 * d, params, g)
    print(val, STEPS)
