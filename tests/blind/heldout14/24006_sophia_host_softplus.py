"""Sophia on a Poisson regression whose link is evaluated by a host routine.

The link is wrapped in custom_jvp; its derivative is written with the link
itself, so Hutchinson's Hessian-vector products go through."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from optax import contrib


def _np_softplus(z):
    return np.logaddexp(0.0, z).astype(np.float32)


@jax.custom_jvp
def host_softplus(z):
    return jax.pure_callback(_np_softplus, jax.ShapeDtypeStruct(z.shape, z.dtype), z,
                             vmap_method="sequential")


@host_softplus.defjvp
def _host_softplus_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    out = host_softplus(z)
    # d softplus / dz = sigmoid(z) = 1 - exp(-softplus(z))
    return out, (1.0 - jnp.exp(-host_softplus(z))) * dz


def nll(params, x, counts):
    rate = host_softplus(x @ params["beta"] + params["b0"]) + 1e-4
    return jnp.mean(rate - counts * jnp.log(rate))


if __name__ == "__main__":
    rng = np.random.default_rng(11)
    x = jnp.asarray(rng.normal(size=(20, 3)), jnp.float32)
    counts = jnp.asarray(rng.poisson(2.0, size=20), jnp.float32)
    params = {"beta": jnp.zeros((3,)), "b0": jnp.float32(0.5)}
    obj = lambda p: nll(p, x, counts)
    opt = contrib.sophia(learning_rate=5e-2, update_interval=1)
    state = opt.init(params)
    for i in range(3):
        val, g = jax.value_and_grad(obj)(params)
        upd, state = opt.update(g, state, params, obj_fn=obj)
        params = optax.apply_updates(params, upd)
        print(i, float(val))
