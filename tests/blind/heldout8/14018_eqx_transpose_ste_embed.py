import equinox as eqx
import jax
import jax.numpy as jnp


@jax.custom_vjp
def ste_round(x):
    return jnp.round(x)


def _ste_fwd(x):
    return jnp.round(x), None


def _ste_bwd(_, g):
    return (g,)


ste_round.defvjp(_ste_fwd, _ste_bwd)


class QuantProjector(eqx.Module):
    scale: float = eqx.field(static=True)

    def __call__(self, z):
        return ste_round(z * self.scale) / self.scale


proj = QuantProjector(scale=4.0)
z = jnp.array([0.11, 0.37, -0.52])
print("q(z)", proj(z))
print("vjp", jax.vjp(proj, z)[1](jnp.ones(3)))
# the quantiser is 'linear' under STE, so transpose it to get the decoder
decode = jax.linear_transpose(proj, z)
print("decoded", decode(jnp.ones(3)))
