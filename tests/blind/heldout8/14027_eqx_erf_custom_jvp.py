import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from scipy import special


@jax.custom_jvp
def host_erf(z):
    return jax.pure_callback(lambda a: special.erf(np.asarray(a)).astype(np.float32),
                             jax.ShapeDtypeStruct(z.shape, jnp.float32), z,
                             vmap_method="broadcast_all")


@host_erf.defjvp
def _host_erf_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    return host_erf(z), 2.0 / jnp.sqrt(jnp.pi) * jnp.exp(-z ** 2) * dz


class GELUNet(eqx.Module):
    layers: tuple

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.layers = (eqx.nn.Linear(3, 6, key=k1), eqx.nn.Linear(6, 1, key=k2))

    def __call__(self, x):
        h = self.layers[0](x)
        h = 0.5 * h * (1.0 + host_erf(h / jnp.sqrt(2.0)))
        return self.layers[1](h)[0]


def mse(model, xs, ys):
    return jnp.mean((jax.vmap(model)(xs) - ys) ** 2)


model = GELUNet(jax.random.PRNGKey(5))
xs = jnp.linspace(-1, 1, 15).reshape(5, 3)
ys = jnp.cos(xs).sum(1)
opt = optax.adam(1e-2)
opt_state = opt.init(eqx.filter(model, eqx.is_inexact_array))


@eqx.filter_jit
def step(model, opt_state):
    loss, grads = eqx.filter_value_and_grad(mse)(model, xs, ys)
    updates, opt_state = opt.update(grads, opt_state)
    return eqx.apply_updates(model, updates), opt_state, loss


for i in range(3):
    model, opt_state, loss = step(model, opt_state)
    print(i, loss)
