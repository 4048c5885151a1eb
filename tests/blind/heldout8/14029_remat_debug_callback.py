import functools
import jax
import jax.numpy as jnp


def trace_block(name):
    def deco(fn):
        @functools.wraps(fn)
        def wrapped(x, *args):
            jax.debug.callback(lambda v: print(f"[{name}] |x|={float(v):.3f}"), jnp.linalg.norm(x))
            return fn(x, *args)
        return wrapped
    return deco


@jax.checkpoint
@trace_block("mlp")
def mlp_block(x, W1, W2):
    return x + jnp.tanh(x @ W1) @ W2


def deep_net(params, x):
    for W1, W2 in params:
        x = mlp_block(x, W1, W2)
    return jnp.sum(x ** 2)


keys = jax.random.split(jax.random.PRNGKey(2), 3)
params = [(0.1 * jax.random.normal(k, (4, 4)), 0.1 * jnp.eye(4)) for k in keys]
x = jnp.ones((2, 4))
g = jax.grad(deep_net)(params, x)
print(len(g), g[0][0].shape)
