"""Normal modes of a spring chain: Hessian of an energy whose bond term has a hand-written VJP."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def bond_length(d):
    return jnp.sqrt(jnp.sum(d ** 2) + 1e-12)


def _bl_fwd(d):
    r = bond_length(d)
    return r, (d, r)


def _bl_bwd(res, g):
    d, r = res
    return (g * d / r,)


bond_length.defvjp(_bl_fwd, _bl_bwd)


def chain_energy(flat, k=10.0, rest=1.0):
    x = flat.reshape(-1, 2)
    bonds = x[1:] - x[:-1]
    lengths = jax.vmap(bond_length)(bonds)
    return 0.5 * k * jnp.sum((lengths - rest) ** 2)


x0 = jnp.array([[0.0, 0.0], [1.0, 0.1], [2.1, 0.0], [3.0, -0.1]]).ravel()
H = jax.hessian(chain_energy)(x0)
freqs = jnp.sqrt(jnp.clip(jnp.linalg.eigvalsh(H), 0.0))
print(freqs)
