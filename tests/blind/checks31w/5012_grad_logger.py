"""Timing/grad-logging decorator for model blocks: records wall time and gradient norms."""
import functools
import time
import numpy as np
import jax
import jax.numpy as jnp

TIMINGS = {}
GRAD_NORMS = []
_step_counter = [0]


def _log_grad_norm(norm, step):
    GRAD_NORMS.append((step, float(np.asarray(norm))))


def make_grad_logger(step):
    @jax.custom_vjp
    def log_grads(x):
        return x

    def fwd(x):
        return x, None

    def bwd(res, g, step):
        jax.debug.callback(functools.partial(_log_grad_norm, step=step), jnp.linalg.norm(g))
        return (g,)

    log_grads.defvjp(fwd, functools.partial(bwd, step=step))
    return log_grads


def timed_block(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        start = time.perf_counter()
        out = fn(*args)
        TIMINGS[fn.__name__] = time.perf_counter() - start
        return make_grad_logger(_step_counter[0])(out)

    return wrapper


@timed_block
def encoder(w, x):
    return jax.nn.gelu(x @ w)


@timed_block
def decoder(w, h):
    return h @ w


def reconstruction(params, x):
    h = encoder(params["enc"], x)
    return jnp.mean((decoder(params["dec"], h) - x) ** 2)


if __name__ == "__main__":
    k1, k2 = jax.random.split(jax.random.PRNGKey(4))
    params = {"enc": jax.random.normal(k1, (5, 2)), "dec": jax.random.normal(k2, (2, 5))}
    x = jnp.linspace(-1.0, 1.0, 15).reshape(3, 5)
    for step in range(2):
        _step_counter[0] = step
        g = jax.grad(reconstruction)(params, x)
        params = jax.tree_util.tree_map(lambda p, d: p - 0.1 * d, params, g)
    print(sorted(TIMINGS), len(GRAD_NORMS))
