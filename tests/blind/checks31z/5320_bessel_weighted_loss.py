"""Bessel-weighted loss: the derivative of the host-evaluated kernel comes from a custom_jvp rule."""
import numpy as np
import scipy.special as sps
import jax
import jax.numpy as jnp


def _host_j0(x):
    x = np.asarray(x)
    return sps.j0(x).astype(np.float32)


def _host_j0_slope(x):
    x = np.asarray(x)
    slope = -jnp.asarray(sps.j1(x))
    return np.asarray(slope, dtype=np.float32)


def _cb(fn, x):
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="sequential")


@jax.custom_jvp
def bessel_j0(x):
    return _cb(_host_j0, x)


@bessel_j0.defjvp
def _bessel_j0_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return bessel_j0(x), _cb(_host_j0_slope, x) * dx


def weighted_loss(scale, radii, target):
    kernel = bessel_j0(radii)
    pred = scale * kernel
    return jnp.mean((pred - target) ** 2)


def check_finite(tree, where=""):
    """Raise early (on the host, outside any transform) if a result contains NaN/inf."""
    leaves = jax.tree_util.tree_leaves(tree)
    bad = [i for i, leaf in enumerate(leaves) if not np.all(np.isfinite(np.asarray(leaf)))]
    if bad:
        raise FloatingPointError(f"non-finite leaves {bad} {where}")
    return True


def tree_size(tree):
    return sum(int(np.size(leaf)) for leaf in jax.tree_util.tree_leaves(tree))


def pretty(tree, digits=4):
    def fmt(leaf):
        return np.round(np.asarray(leaf), digits).tolist()
    return jax.tree_util.tree_map(fmt, tree)


if __name__ == "__main__":
    radii = jnp.linspace(0.5, 4.0, 6, dtype=jnp.float32)
    target = jnp.cos(radii)
    scale = jnp.float32(0.8)
    grad_fn = jax.grad(weighted_loss, argnums=0)
    print("d loss / d scale", grad_fn(scale, radii, target))
    print("loss", weighted_loss(scale, radii, target))
