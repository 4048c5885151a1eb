"""Langevin particle integrator with an optional audit trail of kinetic energies."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_AUDIT = {"enabled": False, "strict_order": False}
_ENERGY_LOG = []


def enable_audit(strict_order=False):
    global _AUDIT
    _AUDIT = {"enabled": True, "strict_order": strict_order}


def _append_energy(e):
    _ENERGY_LOG.append(float(np.asarray(e)))
    return np.int32(len(_ENERGY_LOG))


def audit(energy):
    if not _AUDIT["enabled"]:
        return energy
    io_callback(_append_energy, jax.ShapeDtypeStruct((), jnp.int32), energy,
                ordered=_AUDIT["strict_order"])
    return energy


def potential(q):
    return 0.5 * jnp.sum(q ** 2) + 0.1 * jnp.sum(q ** 4)


def langevin_step(state, key, dt=0.01, gamma=0.5):
    q, p = state
    force = -jax.grad(potential)(q)
    noise = jax.random.normal(key, p.shape)
    p = p + dt * force - gamma * dt * p + jnp.sqrt(2 * gamma * dt) * noise
    q = q + dt * p
    return (q, p)


def simulate_one(q0, key, n_steps=20):
    p0 = jnp.zeros_like(q0)

    def body(state, k):
        state = langevin_step(state, k)
        kinetic = 0.5 * jnp.sum(state[1] ** 2)
        return state, kinetic

    keys = jax.random.split(key, n_steps)
    (q, p), kin = jax.lax.scan(body, (q0, p0), keys)
    return q, audit(kin.mean())


def ensemble(q0s, seed=0):
    keys = jax.random.split(jax.random.PRNGKey(seed), q0s.shape[0])
    return jax.jit(jax.vmap(simulate_one))(q0s, keys)


if __name__ == "__main__":
    enable_audit(strict_order=True)
    q_init = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)
    final_q, mean_kin = ensemble(q_init)
    print("final positions\n", np.round(np.asarray(final_q), 3))
    print("mean kinetic energy per particle:", np.asarray(mean_kin))
    print("audit entries:", len(_ENERGY_LOG))
