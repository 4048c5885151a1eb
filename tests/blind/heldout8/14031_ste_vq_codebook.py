import jax
import jax.numpy as jnp
import flax.linen as nn


@jax.custom_vjp
def straight_through(z_e, z_q):
    return z_q


def _st_fwd(z_e, z_q):
    return z_q, None


def _st_bwd(_, g):
    return g, jnp.zeros_like(g)


straight_through.defvjp(_st_fwd, _st_bwd)


class VectorQuantizer(nn.Module):
    num_codes: int = 8
    dim: int = 4

    @nn.compact
    def __call__(self, z_e):
        codebook = self.param("codebook", nn.initializers.normal(1.0), (self.num_codes, self.dim))
        d = jnp.sum((z_e[:, None, :] - codebook[None]) ** 2, -1)
        idx = jnp.argmin(d, -1)
        z_q = codebook[idx]
        commit = jnp.mean((jax.lax.stop_gradient(z_q) - z_e) ** 2)
        cb = jnp.mean((z_q - jax.lax.stop_gradient(z_e)) ** 2)
        return straight_through(z_e, z_q), idx, commit + 0.25 * cb


class VQAE(nn.Module):
    @nn.compact
    def __call__(self, x):
        z = nn.Dense(4)(x)
        zq, idx, vq_loss = VectorQuantizer()(z)
        return nn.Dense(x.shape[-1])(zq), idx, vq_loss


model = VQAE()
x = jax.random.normal(jax.random.PRNGKey(0), (6, 5))
variables = model.init(jax.random.PRNGKey(1), x)


def loss(v):
    recon, idx, vq = model.apply(v, x)
    return jnp.mean((recon - x) ** 2) + vq


val, grads = jax.value_and_grad(loss)(variables)
print(val, jax.tree_util.tree_map(lambda g: float(jnp.abs(g).sum()), grads))
