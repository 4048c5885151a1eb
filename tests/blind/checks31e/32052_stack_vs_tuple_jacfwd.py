"""Running moments with a custom JVP; Jacobian of the moments taken with jacfwd."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def moments(x):
    m = jnp.mean(x)
    return m, jnp.mean((x - m) ** 2)


@moments.defjvp
def moments_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    m, v = moments(x)
    dm = jnp.mean(dx)
    dv = 2.0 * jnp.mean((x - m) * (dx - dm))
    return (m, v), jnp.stack([dm, dv])


samples = jnp.array([1.0, 2.0, 4.0, 8.0])
jac_mean, jac_var = jax.jacfwd(moments)(samples)
print(jac_mean, jac_var)
