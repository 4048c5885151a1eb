import jax
import jax.numpy as jnp


@jax.custom_vjp
def leaky(v, slope=0.1):
    return jnp.where(v > 0, v, slope * v)

def _leaky_fwd(v, slope=0.1):
    return leaky(v, slope), (v, slope)

def _leaky_bwd(res, g):
    v, slope = res
    return jnp.where(v > 0, g, slope * g), None

leaky.defvjp(_leaky_fwd, _leaky_bwd)


def masked_scale(v):
    # piecewise-linear map; linear for fixed sign pattern
    return leaky(v * 2.0)


batch = jnp.array([[1.0, 2.0], [3.0, 4.0]])
out = jax.vmap(masked_scale)(batch)
print(f"{'forward':<10}|{out.tolist()!s:>40}")
g = jax.grad(lambda b: jax.vmap(masked_scale)(b).sum())(batch)
print(f"{'grad':<10}|{g.tolist()!s:>40}")
lin_T = jax.linear_transpose(jax.vmap(masked_scale), batch)
(ct,) = lin_T(jnp.ones_like(batch))
print(f"{'adjoint':<10}|{ct.tolist()!s:>40}")
