"""An equinox Module whose __call__ runs a host nonlinearity via pure_callback, trained with filter_value_and_grad."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax


def _host_swish(x):
    return (x / (1.0 + np.exp(-x))).astype(np.float32)


class HostSwishMLP(eqx.Module):
    hidden: eqx.nn.Linear
    out: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.hidden = eqx.nn.Linear(2, 4, key=k1)
        self.out = eqx.nn.Linear(4, 1, key=k2)

    def __call__(self, x):
        h = self.hidden(x)
        h = jax.pure_callback(_host_swish, jax.ShapeDtypeStruct(h.shape, h.dtype), h,  # EXPECT: JAX001
                              vmap_method="sequential")
        return self.out(h)[0]


@eqx.filter_value_and_grad
def compute_loss(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


@eqx.filter_jit
def make_step(model, opt_state, x, y):
    loss, grads = compute_loss(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, model)
    return eqx.apply_updates(model, updates), opt_state, loss


model = HostSwishMLP(jax.random.PRNGKey(0))
optim = optax.adam(1e-2)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
x = jnp.array([[0.0, 1.0], [1.0, 0.0], [0.5, 0.5]])
y = jnp.array([1.0, -1.0, 0.0])
for _ in range(2):
    model, opt_state, loss = make_step(model, opt_state, x, y)
print(loss)
