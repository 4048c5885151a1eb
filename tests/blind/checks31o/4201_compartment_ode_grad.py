"""Decay-rate sensitivity of a two-compartment model solved with odeint."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback
from jax.experimental.ode import odeint

STEPS = []


def _state_log(y):
    STEPS.append(np.asarray(y).copy())


def compartments(y, t, k):
    io_callback(_state_log, None, jax.lax.stop_gradient(y), ordered=True)
    central, peripheral = y[0], y[1]
    d_central = -k * central + 0.3 * peripheral - 0.2 * central
    d_peripheral = 0.2 * central - 0.3 * peripheral
    return jnp.stack([d_central, d_peripheral])


T_GRID = jnp.array([0.0, 0.5, 1.0])
Y0 = jnp.array([1.0, 0.0])


def final_state(k):
    ys = odeint(compartments, Y0, T_GRID, k, rtol=1e-4, atol=1e-4)
    return ys[-1]


def exposure(k):
    return jnp.sum(final_state(k))


def check_finite(tree, name="tree"):
    leaves = jax.tree_util.tree_leaves(tree)
    bad = [i for i, leaf in enumerate(leaves) if not np.all(np.isfinite(np.asarray(leaf)))]
    if bad:
        raise FloatingPointError(f"{name}: non-finite leaves at {bad}")
    return True


def count_params(tree):
    return sum(int(np.size(leaf)) for leaf in jax.tree_util.tree_leaves(tree))


if __name__ == "__main__":
    k = 0.7
    print("final", final_state(k))
    sens = jax.grad(exposure)(k)
    print("d final / dk", sens)
    print("rhs evaluations", len(STEPS))
