"""Per-example linear model evaluation with a host-side bias audit.

Parameters live in a dict; vmap's in_axes dict decides which leaves are
mapped over the batch and which are shared.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

BIAS_LOG = []


def _bias_audit(b):
    BIAS_LOG.append(np.asarray(b).copy())


def predict(params, x):
    io_callback(_bias_audit, None, params["b"], ordered=True)
    return jnp.dot(params["w"], x) + jnp.sum(params["b"])


def init(n_feat=3, n_ex=4):
    key = jax.random.PRNGKey(3)
    kw, kx = jax.random.split(key)
    params = {"w": jax.random.normal(kw, (n_feat,)),
              "b": jnp.linspace(0.0, 0.3, n_ex)}
    xs = jax.random.normal(kx, (n_ex, n_feat))
    return params, xs


PARAM_AXES = {"w": None, "b": None}


def batched_predict(params, xs):
    return jax.vmap(predict, in_axes=(PARAM_AXES, 0))(params, xs)


def mse(preds, targets):
    return jnp.mean((preds - targets) ** 2)


def main():
    params, xs = init()
    preds = batched_predict(params, xs)
    targets = jnp.ones_like(preds)
    print("mse", float(mse(preds, targets)), "audits", len(BIAS_LOG))


if __name__ == "__main__":
    main()
