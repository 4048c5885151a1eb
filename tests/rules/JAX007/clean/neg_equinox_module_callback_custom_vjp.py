"""An equinox Module calling a custom_vjp-wrapped host nonlinearity; filter_value_and_grad training runs."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax


def _host_swish(x):
    return (x / (1.0 + np.exp(-x))).astype(np.float32)


@jax.custom_vjp
def swish(x):
    return jax.pure_callback(_host_swish, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


def _swish_fwd(x):
    return swish(x), x


def _swish_bwd(x, g):
    s = jax.nn.sigmoid(x)
    return (g * (s + x * s * (1 - s)),)


swish.defvjp(_swish_fwd, _swish_bwd)


class MLP(eqx.Module):
    layers: list

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.layers = [eqx.nn.Linear(2, 4, key=k1), eqx.nn.Linear(4, 1, key=k2)]

    def __call__(self, x):
        x = swish(self.layers[0](x))
        return self.layers[1](x)[0]


@eqx.filter_jit
def make_step(model, opt_state, x, y):
    loss_fn = lambda m: jnp.mean((jax.vmap(m)(x) - y) ** 2)
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
    updates, opt_state = optim.update(grads, opt_state, model)
    return eqx.apply_updates(model, updates), opt_state, loss


model = MLP(jax.random.PRNGKey(1))
optim = optax.sgd(0.1)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
x = jnp.array([[0.0, 1.0], [1.0, 0.0]])
y = jnp.array([1.0, -1.0])
for _ in range(3):
    model, opt_state, loss = make_step(model, opt_state, x, y)
print(loss)
