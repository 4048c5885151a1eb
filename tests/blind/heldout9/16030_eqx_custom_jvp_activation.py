# equinox model with a scipy log-ndtr activation, given its own derivative rule
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


@jax.custom_jvp
def log_ndtr_host(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: special.log_ndtr(a).astype(a.dtype), spec, x,
                             vmap_method="broadcast_all")


@log_ndtr_host.defjvp
def _log_ndtr_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    y = log_ndtr_host(x)
    pdf = jnp.exp(-0.5 * x ** 2) / jnp.sqrt(2 * jnp.pi)
    return y, dx * pdf / jnp.exp(y)


class Net(eqx.Module):
    lin1: eqx.nn.Linear
    lin2: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.lin1 = eqx.nn.Linear(2, 8, key=k1)
        self.lin2 = eqx.nn.Linear(8, 1, key=k2)

    def __call__(self, x):
        return self.lin2(log_ndtr_host(self.lin1(x)))[0]


@eqx.filter_jit
@eqx.filter_value_and_grad
def compute_loss(model, xs, ys):
    preds = jax.vmap(model)(xs)
    return jnp.mean((preds - ys) ** 2)


model = Net(jax.random.PRNGKey(0))
xs = jnp.array(np.random.default_rng(0).normal(size=(8, 2)), dtype=jnp.float32)
ys = xs[:, 0] * xs[:, 1]
for _ in range(3):
    loss, grads = compute_loss(model, xs, ys)
    model = eqx.apply_updates(model, jax.tree_util.tree_map(lambda g: -0.05 * g, grads))
print(loss)
