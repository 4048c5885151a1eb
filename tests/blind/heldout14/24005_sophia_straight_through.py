"""Training a tiny quantization-aware regressor with Sophia (optax.contrib).

Weights are rounded to a 1/8 grid in the forward pass; the backward pass is
the usual straight-through estimator, defined with custom_vjp."""
import jax
import jax.numpy as jnp
import optax
from optax import contrib


@jax.custom_vjp
def fake_quant(w):
    return jnp.round(w * 8.0) / 8.0


def _fq_fwd(w):
    return fake_quant(w), None


def _fq_bwd(_, g):
    return (g,)


fake_quant.defvjp(_fq_fwd, _fq_bwd)


def model(params, x):
    h = jnp.tanh(x @ fake_quant(params["w1"]))
    return h @ fake_quant(params["w2"])


def make_objective(x, y):
    def objective(params):
        return jnp.mean((model(params, x) - y) ** 2)
    return objective


def fit(params, x, y, n_steps=4):
    opt = contrib.sophia(learning_rate=1e-2, update_interval=2)
    state = opt.init(params)
    obj = make_objective(x, y)
    for step in range(n_steps):
        loss, grads = jax.value_and_grad(obj)(params)
        updates, state = opt.update(grads, state, params, obj_fn=obj)
        params = optax.apply_updates(params, updates)
        print(step, float(loss))
    return params


if __name__ == "__main__":
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(7), 3)
    params = {"w1": jax.random.normal(k1, (3, 5)) * 0.3,
              "w2": jax.random.normal(k2, (5,)) * 0.3}
    x = jax.random.normal(k3, (12, 3))
    y = jnp.sin(x).sum(-1)
    fit(params, x, y)
