"""Activation registry for a small MLP; activations are named in config.

Backward rules are attached by name from a table, and the model looks
its activation up in the module namespace.
"""
import jax
import jax.numpy as jnp
import numpy as np

CONFIG = {"hidden": 5, "activation": "softplus_fast", "lr": 0.05}


@jax.custom_vjp
def softplus_fast(x):
    return jnp.logaddexp(x, 0.0)


@jax.custom_vjp
def gated_linear(x, gate):
    return x * jax.nn.sigmoid(gate)


def _softplus_fwd(x):
    return softplus_fast(x), x


def _softplus_bwd(x, g):
    return (g * jax.nn.sigmoid(x),)


def _gated_fwd(x, gate):
    s = jax.nn.sigmoid(gate)
    return x * s, (x, s)


def _gated_bwd(res, g):
    x, s = res
    return (g * s,)


RULES = {"softplus_fast": (_softplus_fwd, _softplus_bwd),
         "gated_linear": (_gated_fwd, _gated_bwd)}
for fn_name, (fwd, bwd) in RULES.items():
    globals()[fn_name].defvjp(fwd, bwd)


def activation(name):
    fn = globals()[name]
    return fn if name != "gated_linear" else (lambda h: fn(h, h + 1.0))


def mlp(params, x, act):
    w1, w2 = params
    return act(x @ w1) @ w2


def loss(params, x, y):
    return jnp.mean((mlp(params, x, activation(CONFIG["activation"])) - y) ** 2)


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    params = (jnp.asarray(rng.normal(size=(2, CONFIG["hidden"])), jnp.float32),
              jnp.asarray(rng.normal(size=(CONFIG["hidden"],)), jnp.float32))
    x = jnp.asarray(rng.normal(size=(6, 2)), jnp.float32)
    y = x[:, 0] - x[:, 1]
    l, g = jax.value_and_grad(loss)(params, x, y)
    params = jax.tree_util.tree_map(lambda p, d: p - CONFIG["lr"] * d, params, g)
    print("loss before", float(l), "after", float(loss(params, x, y)))
