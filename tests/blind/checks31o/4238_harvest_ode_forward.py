"""Logistic growth with a saturating harvest term; sensitivities through odeint."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint


@jax.custom_vjp
def harvest(n):
    return n / (1.0 + n)


def _harvest_fwd(n):
    return harvest(n), n


def _harvest_bwd(g):
    return (g,)


harvest.defvjp(_harvest_fwd, _harvest_bwd)


def growth(n, t, r, h):
    return r * n * (1.0 - n) - h * harvest(n)


def trajectory(r, h, n0=0.1):
    ts = jnp.linspace(0.0, 2.0, 5)
    return odeint(growth, jnp.array(n0), ts, r, h)


def final_yield(r, h):
    return trajectory(r, h)[-1]


def check_finite(tree, name="tree"):
    leaves = jax.tree_util.tree_leaves(tree)
    bad = [i for i, leaf in enumerate(leaves) if not np.all(np.isfinite(np.asarray(leaf)))]
    if bad:
        raise FloatingPointError(f"{name}: non-finite leaves at {bad}")
    return True


def count_params(tree):
    return sum(int(np.size(leaf)) for leaf in jax.tree_util.tree_leaves(tree))


if __name__ == "__main__":
    r, h = 1.2, 0.1
    print("trajectory", trajectory(r, h))
    print("yield at r+", final_yield(r + 0.1, h))
