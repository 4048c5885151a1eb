"""Per-example gradient norms (for DP-style clipping) of a model whose
nonlinearity is a compiled special function reached through SciPy."""
import math

import numpy as np
import scipy.special as sc
import jax
import jax.numpy as jnp
import equinox as eqx


def _host_log1p_exp(x):
    return np.logaddexp(0.0, np.asarray(x)).astype(np.float32)


def _host_expit(x):
    return sc.expit(np.asarray(x)).astype(np.float32)


def _call(fn, x):
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


@jax.custom_jvp
def softplus_host(x):
    return _call(_host_log1p_exp, x)


@softplus_host.defjvp
def _softplus_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return softplus_host(x), jax.nn.sigmoid(x) * t


class SoftplusMLP(eqx.Module):
    l1: eqx.nn.Linear
    l2: eqx.nn.Linear

    def __init__(self, d_in, width, key):
        k1, k2 = jax.random.split(key)
        self.l1 = eqx.nn.Linear(d_in, width, key=k1)
        self.l2 = eqx.nn.Linear(width, "scalar", key=k2)

    def __call__(self, x):
        return self.l2(softplus_host(self.l1(x)))


def example_loss(model, x, y):
    return (model(x) - y) ** 2


def flat_norm(tree):
    leaves = jax.tree_util.tree_leaves(eqx.filter(tree, eqx.is_array))
    return jnp.sqrt(sum(jnp.sum(l ** 2) for l in leaves))


def per_example_norms(model, xs, ys):
    grad_one = eqx.filter_grad(example_loss)
    per_ex = jax.vmap(grad_one, in_axes=(None, 0, 0))(model, xs, ys)
    return jax.vmap(flat_norm)(per_ex)


def clip_factor(norms, bound):
    return jnp.minimum(1.0, bound / (norms + 1e-6))


def make_batch(n=6, d=3, seed=0):
    rng = np.random.default_rng(seed)
    xs = rng.normal(size=(n, d)).astype(np.float32)
    ys = np.tanh(xs.sum(-1)).astype(np.float32)
    return jnp.asarray(xs), jnp.asarray(ys)


if __name__ == "__main__":
    xs, ys = make_batch()
    model = SoftplusMLP(3, 8, jax.random.PRNGKey(0))
    print("loss on first example", float(example_loss(model, xs[0], ys[0])))
    g0 = eqx.filter_grad(example_loss)(model, xs[0], ys[0])
    print("grad norm on first example", float(flat_norm(g0)))
    norms = per_example_norms(model, xs, ys)
    print("per-example norms", np.asarray(norms).round(4))
    print("clip factors", np.asarray(clip_factor(norms, 1.0)).round(3))
    print("noise multiplier", math.sqrt(2 * math.log(1.25 / 1e-5)))
