"""Free-energy estimate from sampled energies (Zwanzig / exponential averaging).

`method="stable"` routes the average through a log-sum-exp with a custom JVP.
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def lse_with_weights(e):
    m = jnp.max(e)
    w = jnp.exp(e - m)
    return m + jnp.log(jnp.sum(w)), w / jnp.sum(w)


@lse_with_weights.defjvp
def _lse_jvp(primals, tangents):
    (e,), (te,) = primals, tangents
    val, w = lse_with_weights(e)
    return (val, w), jnp.dot(w, te)


def naive_lse(e):
    return jnp.log(jnp.sum(jnp.exp(e)))


def free_energy(beta, energies, method="naive"):
    n = energies.shape[0]
    if method == "stable":
        lse, _ = lse_with_weights(-beta * energies)
    elif method == "naive":
        lse = naive_lse(-beta * energies)
    else:
        raise ValueError(method)
    return -(lse - jnp.log(n)) / beta


def sample_energies(n=64, seed=0):
    rng = np.random.default_rng(seed)
    return jnp.asarray(rng.normal(1.0, 0.3, size=n), dtype=jnp.float32)


def bootstrap_spread(beta, energies, n_boot=8, seed=1):
    rng = np.random.default_rng(seed)
    vals = []
    for _ in range(n_boot):
        idx = rng.integers(0, energies.shape[0], size=energies.shape[0])
        vals.append(float(free_energy(beta, energies[idx])))
    return float(np.std(vals))


if __name__ == "__main__":
    energies = sample_energies()
    beta = jnp.float32(2.0)
    fe = free_energy(beta, energies, method="naive")
    dfe = jax.grad(free_energy)(beta, energies, method="naive")
    print("F", float(fe), "dF/dbeta", float(dfe))
    print("bootstrap spread", bootstrap_spread(beta, energies))
