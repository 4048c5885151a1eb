# Models: numerically-stable logsumexp with jax.custom_vjp(optimize_remat=True), curvature via jax.hessian for a Laplace approximation
import jax
import jax.numpy as jnp


@jax.custom_vjp
def stable_lse(x):
    m = jnp.max(x)
    return m + jnp.log(jnp.sum(jnp.exp(x - m)))


def _lse_fwd(x):
    m = jnp.max(x)
    s = jnp.sum(jnp.exp(x - m))
    return stable_lse(x), (x, m, s)


def _lse_bwd(res, g):
    x, m, s = res
    return (g * jnp.exp(x - m) / s,)


stable_lse.defvjp(_lse_fwd, _lse_bwd, optimize_remat=True)


def log_posterior(w, feats, labels):
    logits = feats @ w
    logz = jax.vmap(stable_lse)(logits)
    ll = jnp.sum(jnp.take_along_axis(logits, labels[:, None], axis=1)[:, 0] - logz)
    return ll - 0.5 * jnp.sum(w ** 2)


def laplace_cov(w_map, feats, labels):
    flat, unravel = jax.flatten_util.ravel_pytree(w_map)
    f = lambda v: -log_posterior(unravel(v), feats, labels)
    H = jax.hessian(f)(flat)
    return jnp.linalg.inv(H + 1e-3 * jnp.eye(H.shape[0]))


if __name__ == "__main__":
    import jax.flatten_util  # noqa: F401
    feats = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    labels = jnp.array([0, 1, 1])
    w = jnp.zeros((2, 2))
    print(laplace_cov(w, feats, labels).shape)
