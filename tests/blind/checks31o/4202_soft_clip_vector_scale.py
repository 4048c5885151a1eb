"""A scaled soft-clip whose scale may be a scalar or a per-feature vector."""
import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_clip(x, scale):
    return scale * jnp.tanh(x / scale)


def _soft_clip_fwd(x, scale):
    y = soft_clip(x, scale)
    return y, (x, scale)


def _soft_clip_bwd(res, g):
    x, scale = res
    t = jnp.tanh(x / scale)
    gx = g * (1.0 - t ** 2)
    if np.ndim(scale) == 0:
        # a scalar scale is a fixed hyper-parameter
        return (gx,)
    gs = g * (t - (x / scale) * (1.0 - t ** 2))
    return gx, gs


soft_clip.defvjp(_soft_clip_fwd, _soft_clip_bwd)


def objective(x, scale):
    return jnp.sum(soft_clip(x, scale) ** 2)


def features(seed=2):
    rng = np.random.default_rng(seed)
    return jnp.asarray(3.0 * rng.standard_normal(4), dtype=jnp.float32)


def flatten_dict(d, prefix=""):
    out = {}
    for key, value in d.items():
        name = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict):
            out.update(flatten_dict(value, name))
        else:
            out[name] = value
    return out


if __name__ == "__main__":
    x = features()
    scale = jnp.full((4,), 2.0)
    value = objective(x, scale)
    gx = jax.grad(objective)(x, scale)
    print("value", float(value))
    print("grad", gx)
