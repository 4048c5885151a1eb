# detector efficiency looked up per energy bin on the host; bin index computed with floor
import jax
import jax.numpy as jnp
import numpy as np

EFF_TABLE = np.array([0.2, 0.45, 0.7, 0.85, 0.9, 0.92, 0.93, 0.93], dtype=np.float32)
BIN_WIDTH = 0.5


def efficiency(bin_pos):
    def host(b):
        idx = np.clip(np.asarray(b).astype(np.int64), 0, EFF_TABLE.size - 1)
        return EFF_TABLE[idx]
    return jax.pure_callback(host, jax.ShapeDtypeStruct(bin_pos.shape, jnp.float32), bin_pos,
                             vmap_method="expand_dims")


def expected_counts(norm, energies):
    spectrum = norm * jnp.exp(-energies)
    eff = efficiency(jnp.floor(energies / BIN_WIDTH))
    return spectrum * eff


def nll(params, energies, observed):
    norm, shift = params
    mu = expected_counts(norm, energies + shift)
    return jnp.sum(mu - observed * jnp.log(mu))


energies = jnp.linspace(0.1, 3.9, 8)
observed = expected_counts(50.0, energies).round()
params = jnp.array([40.0, 0.05])
g = jax.jit(jax.grad(nll))(params, energies, observed)
print(g)
print(jax.vmap(jax.grad(nll), in_axes=(0, None, None))(jnp.stack([params, params * 1.1]), energies, observed))
