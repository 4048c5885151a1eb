"""Curvature of a pair potential: per-configuration gradients vs Jacobian.

The energy reports the (non-differentiated) configuration to the host.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SNAPSHOTS = []


def _snapshot(pos):
    SNAPSHOTS.append(np.asarray(pos).copy())


def pair_energy(pos, eps=1.0, sigma=0.9):
    diff = pos[:, None] - pos[None, :]
    r2 = diff ** 2 + jnp.eye(pos.shape[0])
    inv6 = (sigma ** 2 / r2) ** 3
    e = 4.0 * eps * (inv6 ** 2 - inv6)
    return 0.5 * jnp.sum(e * (1.0 - jnp.eye(pos.shape[0])))


def energy_with_report(pos):
    io_callback(_snapshot, None, jax.lax.stop_gradient(pos), ordered=True)
    return pair_energy(pos)


def configurations(n_conf=3, n=4):
    base = jnp.arange(n, dtype=jnp.float32) * 1.1
    shifts = jnp.linspace(0.0, 0.2, n_conf)[:, None]
    return base[None, :] + shifts * jnp.sin(base)[None, :]


def forces(confs):
    return -jnp.stack([jax.jacfwd(energy_with_report)(c) for c in confs])


def virial(confs, f):
    """Scalar virial of each configuration."""
    return jnp.sum(confs * f, axis=-1)


def main():
    confs = configurations()
    f = forces(confs)
    print("virial", np.asarray(virial(confs, f)).round(3))
    print("max |F|", float(jnp.max(jnp.abs(f))), "snapshots", len(SNAPSHOTS))


if __name__ == "__main__":
    main()
