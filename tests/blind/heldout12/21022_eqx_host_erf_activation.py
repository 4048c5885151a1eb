# Models: an equinox MLP whose activation is a host-evaluated SciPy error function (pure_callback inside the module's __call__), trained with eqx.filter_value_and_grad and optax.
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from scipy.special import erf


def _erf_host(x):
    return erf(np.asarray(x)).astype(np.float32)


class HostErf(eqx.Module):
    def __call__(self, x):
        return jax.pure_callback(_erf_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                 vmap_method="broadcast_all")


class Net(eqx.Module):
    l1: eqx.nn.Linear
    l2: eqx.nn.Linear
    act: HostErf

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.l1 = eqx.nn.Linear(2, 8, key=k1)
        self.l2 = eqx.nn.Linear(8, 1, key=k2)
        self.act = HostErf()

    def __call__(self, x):
        return self.l2(self.act(self.l1(x)))[0]


@eqx.filter_value_and_grad
def compute_loss(model, xs, ys):
    preds = jax.vmap(model)(xs)
    return jnp.mean((preds - ys) ** 2)


@eqx.filter_jit
def make_step(model, opt_state, xs, ys, optim):
    loss, grads = compute_loss(model, xs, ys)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return model, opt_state, loss


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    kd, km = jax.random.split(key)
    xs = jax.random.normal(kd, (32, 2))
    ys = xs[:, 0] * xs[:, 1]
    model = Net(km)
    optim = optax.adam(1e-2)
    opt_state = optim.init(eqx.filter(model, eqx.is_array))
    for step in range(5):
        model, opt_state, loss = make_step(model, opt_state, xs, ys, optim)
        print(step, float(loss))
