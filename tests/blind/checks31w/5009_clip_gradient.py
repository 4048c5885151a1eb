"""Gradient clipping as an identity op, used to watch and tame exploding gradients in an RNN."""
import functools
import jax
import jax.numpy as jnp

GRAD_LIMIT = 1.0


@jax.custom_vjp
def clip_gradient(lo, hi, x):
    return x


def _clip_fwd(lo, hi, x):
    return x, (lo, hi)


def _clip_bwd(res, g):
    lo, hi = res
    return (jnp.clip(g, lo, hi),)


clip_gradient.defvjp(_clip_fwd, _clip_bwd)


def rnn_cell(params, h, x):
    wh, wx = params
    h = jnp.tanh(h @ wh + x @ wx)
    return clip_gradient(-GRAD_LIMIT, GRAD_LIMIT, h)


def sequence_loss(params, xs, target):
    h = jnp.zeros(params[0].shape[0])

    def step(h, x):
        h = rnn_cell(params, h, x)
        return h, h

    h, _ = jax.lax.scan(step, h, xs)
    return jnp.sum((h - target) ** 2)


def summarize(arr, name="value"):
    """One-line summary used in console output."""
    arr = jnp.asarray(arr)
    return (
        f"{name}: shape={tuple(arr.shape)} "
        f"min={float(jnp.min(arr)):.4g} max={float(jnp.max(arr)):.4g} "
        f"mean={float(jnp.mean(arr)):.4g}"
    )


def relative_error(a, b, eps=1e-12):
    a = jnp.asarray(a)
    b = jnp.asarray(b)
    return float(jnp.linalg.norm(a - b) / (jnp.linalg.norm(b) + eps))


if __name__ == "__main__":
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    params = (jax.random.normal(k1, (4, 4)) * 0.9, jax.random.normal(k2, (3, 4)))
    xs = jnp.ones((6, 3))
    target = jnp.zeros(4)
    grads = jax.grad(sequence_loss)(params, xs, target)
    print([float(jnp.abs(g).max()) for g in grads])
