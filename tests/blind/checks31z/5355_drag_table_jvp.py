"""Directional derivative of a host-evaluated drag table; the perturbation direction is a jvp tangent."""
import numpy as np
import jax
import jax.numpy as jnp

MACH = np.linspace(0.2, 3.0, 15)
CD = 0.3 + 0.4 * np.exp(-((MACH - 1.05) ** 2) / 0.05)


def _host_cd(m):
    m = np.asarray(m)
    return np.interp(m, MACH, CD).astype(np.float32)


def _host_dcd(m):
    m = np.asarray(m)
    return np.interp(m, MACH, np.gradient(CD, MACH)).astype(np.float32)


@jax.custom_jvp
def drag_coeff(m):
    return jax.pure_callback(_host_cd, jax.ShapeDtypeStruct(m.shape, jnp.float32), m)


@drag_coeff.defjvp
def _drag_jvp(primals, tangents):
    (m,), (dm,) = primals, tangents
    slope = jax.pure_callback(_host_dcd, jax.ShapeDtypeStruct(m.shape, jnp.float32), m, vectorized=True)
    return drag_coeff(m), slope * dm


CRUISE_MACH = jnp.asarray([0.8, 0.95, 1.2], dtype=jnp.float32)


def drag_force(mach, rho):
    v = 340.0 * mach
    return 0.5 * rho * v ** 2 * drag_coeff(mach)


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
    rho = jnp.asarray([1.2, 0.9, 0.4], dtype=jnp.float32)
    force, dforce = jax.jvp(lambda r: drag_force(CRUISE_MACH, r), (rho,), (jnp.ones_like(rho),))
    print(force, dforce)
