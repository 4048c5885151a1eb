# Models: DP-SGD for Poisson regression: per-example gradients via vmap(grad(...)), clipped and noised, where the log-likelihood's log-factorial term comes from SciPy gammaln wrapped in a custom_vjp host callback.
import jax
import jax.numpy as jnp
import numpy as np
import optax
from scipy.special import gammaln, digamma


def _host(fn):
    def call(x):
        return jax.pure_callback(lambda v: fn(np.asarray(v)).astype(np.float32),
                                 jax.ShapeDtypeStruct(x.shape, jnp.float32), x)
    return call


host_gammaln = _host(gammaln)
host_digamma = _host(digamma)


@jax.custom_vjp
def log_gamma(x):
    return host_gammaln(x)


def _lg_fwd(x):
    return host_gammaln(x), x


def _lg_bwd(x, g):
    return (g * host_digamma(x),)


log_gamma.defvjp(_lg_fwd, _lg_bwd)


def example_nll(params, x, count, dispersion):
    rate = jnp.exp(x @ params["w"] + params["b"])
    # negative-binomial style normaliser keeps the gammaln dependent on the dispersion param
    r = jnp.exp(params["log_r"]) * dispersion
    return -(log_gamma(count + r) - log_gamma(r) + count * jnp.log(rate / (rate + r))
             + r * jnp.log(r / (rate + r)))


def clip_tree(tree, max_norm):
    norm = optax.global_norm(tree)
    factor = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree_util.tree_map(lambda t: t * factor, tree)


def private_grad(params, xs, counts, key, clip=1.0, sigma=0.5):
    per_ex = jax.vmap(jax.grad(example_nll), in_axes=(None, 0, 0, None))(
        params, xs, counts, jnp.float32(1.0))
    clipped = jax.vmap(clip_tree, in_axes=(0, None))(per_ex, clip)
    summed = jax.tree_util.tree_map(lambda t: t.sum(axis=0), clipped)
    leaves, treedef = jax.tree_util.tree_flatten(summed)
    keys = jax.random.split(key, len(leaves))
    noisy = [l + sigma * clip * jax.random.normal(k, l.shape) for l, k in zip(leaves, keys)]
    return jax.tree_util.tree_map(lambda t: t / xs.shape[0],
                                  jax.tree_util.tree_unflatten(treedef, noisy))


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    kx, kc, key = jax.random.split(key, 3)
    xs = jax.random.normal(kx, (16, 3)) * 0.5
    counts = jax.random.poisson(kc, jnp.exp(xs @ jnp.array([0.5, -0.3, 0.2]))).astype(jnp.float32)
    params = {"w": jnp.zeros(3), "b": jnp.zeros(()), "log_r": jnp.zeros(())}
    tx = optax.sgd(0.1)
    st = tx.init(params)
    for it in range(3):
        key, sub = jax.random.split(key)
        g = private_grad(params, xs, counts, sub)
        upd, st = tx.update(g, st)
        params = optax.apply_updates(params, upd)
        print("iter", it, params["w"])
