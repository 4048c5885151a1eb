# Models: differentially-private training of a count model: vmap over per-example grads, per-example clipping, Gaussian noise; the host SciPy log-gamma is a custom_vjp callback declared with vmap_method='expand_dims'.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
import scipy.special as special

host_call = partial(jax.pure_callback, vmap_method="expand_dims")


def _lgamma_np(x):
    return special.gammaln(np.asarray(x)).astype(np.float32)


def _psi_np(x):
    return special.psi(np.asarray(x)).astype(np.float32)


@jax.custom_vjp
def lgamma(x):
    return host_call(_lgamma_np, jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32), x)


def lgamma_fwd(x):
    return lgamma(x), x


def lgamma_bwd(x, ct):
    return (ct * host_call(_psi_np, jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32), x),)


lgamma.defvjp(lgamma_fwd, lgamma_bwd)


def nb_nll(theta, feat, y):
    mu = jnp.exp(jnp.dot(feat, theta["coef"]) + theta["offset"])
    alpha = jax.nn.softplus(theta["raw_alpha"]) + 1e-3
    r = 1.0 / alpha
    ll = (lgamma(y + r) - lgamma(r) - lgamma(y + 1.0)
          + r * jnp.log(r / (r + mu)) + y * jnp.log(mu / (r + mu)))
    return -ll


@partial(jax.jit, static_argnames=("clip_norm",))
def noisy_clipped_grad(theta, feats, ys, rng, clip_norm=1.0, noise_mult=0.3):
    grads = jax.vmap(jax.grad(nb_nll), in_axes=(None, 0, 0))(theta, feats, ys)
    norms = jnp.sqrt(sum(jnp.sum(g.reshape(g.shape[0], -1) ** 2, axis=1)
                         for g in jax.tree_util.tree_leaves(grads)))
    scale = jnp.minimum(1.0, clip_norm / (norms + 1e-6))
    grads = jax.tree_util.tree_map(
        lambda g: jnp.einsum("n,n...->...", scale, g) / feats.shape[0], grads)
    flat, unravel = jax.flatten_util.ravel_pytree(grads)
    flat = flat + noise_mult * clip_norm / feats.shape[0] * jax.random.normal(rng, flat.shape)
    return unravel(flat)


if __name__ == "__main__":
    import jax.flatten_util  # noqa: F401
    rng = jax.random.PRNGKey(9)
    r_feat, r_y, rng = jax.random.split(rng, 3)
    feats = jax.random.normal(r_feat, (12, 2)) * 0.4
    ys = jax.random.poisson(r_y, 2.0, (12,)).astype(jnp.float32)
    theta = {"coef": jnp.zeros(2), "offset": jnp.zeros(()), "raw_alpha": jnp.zeros(())}
    tx = optax.adam(0.05)
    st = tx.init(theta)
    for step in range(3):
        rng, sub = jax.random.split(rng)
        g = noisy_clipped_grad(theta, feats, ys, sub)
        upd, st = tx.update(g, st)
        theta = optax.apply_updates(theta, upd)
        print(step, theta["coef"], float(theta["offset"]))
