import jax
import jax.numpy as jnp


def hutchinson_divergence(f, z, key, n_probes=4):
    probes = jax.random.rademacher(key, (n_probes,) + z.shape).astype(z.dtype)

    def one(eps):
        _, jv = jax.jvp(f, (z,), (eps,))
        return jnp.dot(eps, jv)

    return jnp.mean(jnp.stack([one(e) for e in probes]))
