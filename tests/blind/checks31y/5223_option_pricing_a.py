import inspect
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

audit_log = []


def audit_host(scale):
    scale = np.asarray(scale)
    audit_log.append(scale.tolist())
    return np.float32(scale.mean())


def price(spot, strike, scale, rate):
    audit = io_callback(audit_host, jax.ShapeDtypeStruct((), jnp.float32), scale, ordered=True)
    intrinsic = jnp.maximum(spot * scale - strike, 0.0)
    return intrinsic * jnp.exp(-rate) + 0.0 * audit


def batch_over(fn, *names):
    params = list(inspect.signature(fn).parameters)
    axes = tuple(0 if p in names else None for p in params)
    return jax.vmap(fn, in_axes=axes)



SCHEDULE = [(0, 1e-2), (10, 5e-3), (50, 1e-3)]


def learning_rate(step):
    """Piecewise-constant learning-rate schedule (host side)."""
    lr = SCHEDULE[0][1]
    for boundary, value in SCHEDULE:
        if step >= boundary:
            lr = value
    return lr


def clip_by_global_norm(tree, max_norm):
    leaves = jax.tree_util.tree_leaves(tree)
    norm = jnp.sqrt(sum(jnp.sum(x * x) for x in leaves))
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-9))
    return jax.tree_util.tree_map(lambda x: x * scale, tree)


if __name__ == "__main__":
    spots = jnp.array([90.0, 100.0, 110.0], jnp.float32)
    strikes = jnp.array([95.0, 100.0, 105.0], jnp.float32)
    scales = jnp.array([1.0, 1.01, 0.99], jnp.float32)
    batched = batch_over(price, "spot", "strike", "scale")
    values = batched(spots, strikes, scales, jnp.float32(0.02))
    print("values", values)
    print("audit", audit_log)
