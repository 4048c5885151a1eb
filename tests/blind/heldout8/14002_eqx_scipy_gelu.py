import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from scipy import special


def _erf_host(z):
    return special.erf(np.asarray(z)).astype(np.float32)


class ExactGELU(eqx.Module):
    """GELU with the exact erf evaluated by scipy on the host."""

    def __call__(self, z):
        erf = jax.pure_callback(_erf_host, jax.ShapeDtypeStruct(z.shape, jnp.float32),
                                z / jnp.sqrt(2.0), vmap_method="broadcast_all")
        return 0.5 * z * (1.0 + erf)


class Net(eqx.Module):
    l1: eqx.nn.Linear
    act: ExactGELU
    l2: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.l1 = eqx.nn.Linear(4, 8, key=k1)
        self.act = ExactGELU()
        self.l2 = eqx.nn.Linear(8, 1, key=k2)

    def __call__(self, x):
        return self.l2(self.act(self.l1(x)))[0]


@eqx.filter_value_and_grad
def compute_loss(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


@eqx.filter_jit
def make_step(model, opt_state, x, y):
    loss, grads = compute_loss(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return loss, model, opt_state


key = jax.random.PRNGKey(42)
mkey, dkey = jax.random.split(key)
model = Net(mkey)
x = jax.random.normal(dkey, (16, 4))
y = jnp.sin(x).sum(-1)
optim = optax.sgd(0.05)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
for step in range(2):
    loss, model, opt_state = make_step(model, opt_state, x, y)
    print(step, loss)
