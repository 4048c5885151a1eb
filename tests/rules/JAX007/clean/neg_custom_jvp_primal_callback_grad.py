"""custom_jvp (decorator form) around a scipy callback; the rule calls the host on primals only, grad is fine."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def _host_erfcx(x):
    return special.erfcx(np.asarray(x)).astype(np.float32)


def _erfcx_host(x):
    return jax.pure_callback(_host_erfcx, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


@jax.custom_jvp
def erfcx(x):
    return _erfcx_host(x)


@erfcx.defjvp
def _erfcx_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    y = _erfcx_host(x)
    # d/dx erfcx(x) = 2 x erfcx(x) - 2/sqrt(pi)
    dy = (2.0 * x * y - 2.0 / jnp.sqrt(jnp.pi)) * dx
    return y, dy


def nll(mu, xs):
    return jnp.mean(jnp.log(erfcx(xs - mu)))


xs = jnp.linspace(-1.0, 1.0, 5)
g = jax.jit(jax.grad(nll))(0.3, xs)
print("dnll/dmu", g)
