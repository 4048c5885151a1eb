"""A jax.tree_util.Partial bundles a feature map with its parameters so the bundle can be
passed through jit and grad as an ordinary pytree argument."""
import jax
import jax.numpy as jnp
from jax.tree_util import Partial


def fourier_features(freqs, n_harmonics, x):
    k = jnp.arange(1, 5)
    active = (k <= n_harmonics).astype(x.dtype)
    return jnp.sum(active[:, None] * jnp.sin(k[:, None] * freqs[None, :] * x), axis=0)


@jax.jit
def fit_loss(feature_map, x, y):
    return jnp.mean((feature_map(x) - y) ** 2)


if __name__ == "__main__":
    fmap = Partial(fourier_features, jnp.array([1.0, 0.5, 0.25]), jnp.array(3))
    x = jnp.array([0.1, 0.7, 1.3])
    y = jnp.array([0.2, 0.9, 0.4])
    print(fit_loss(fmap, x, y))
    g = jax.grad(fit_loss)(fmap, x, y)
    print(g.args[0])
