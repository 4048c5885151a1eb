"""Per-sample loss with a host-side outlier report in one branch, batched with vmap."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

OUTLIERS = []


def flag_outlier(residual, target):
    residual = np.asarray(residual)
    target = np.asarray(target)
    z = float(jnp.abs(residual) / (jnp.abs(target) + 1.0))
    OUTLIERS.append(round(z, 4))


def robust_term(pred, target, is_outlier):
    r = pred - target

    def outlier_branch(r):
        jax.debug.callback(flag_outlier, r, target)
        return jnp.abs(r)

    def inlier_branch(r):
        return 0.5 * r ** 2

    return lax.cond(is_outlier, outlier_branch, inlier_branch, r)


def batch_loss(w, xs, ys, outlier_mask):
    preds = xs @ w
    terms = jax.vmap(robust_term, in_axes=(0, 0, 0))(preds, ys, outlier_mask)
    return terms.mean()


if __name__ == "__main__":
    rng = np.random.default_rng(3)
    xs = jnp.asarray(rng.normal(size=(6, 2)), dtype=jnp.float32)
    ys = jnp.asarray(rng.normal(size=6), dtype=jnp.float32)
    mask = jnp.zeros(6, dtype=bool)
    w = jnp.array([0.2, -0.1])
    loss = jax.jit(batch_loss)(w, xs, ys, mask)
    jax.effects_barrier()
    print(float(loss), OUTLIERS)
