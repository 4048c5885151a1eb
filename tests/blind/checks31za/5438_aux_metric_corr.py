"""Regression loss with auxiliary metrics returned through has_aux.

A robust correlation metric uses a hand-written backward pass.
"""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clipped_corr(a, b):
    a = a - a.mean()
    b = b - b.mean()
    return jnp.sum(a * b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b) + 1e-8)


def _cc_fwd(a, b):
    return clipped_corr(a, b), (a, b)


def _cc_bwd(res, g):
    a, b = res
    return g * (b - b.mean()) / (jnp.linalg.norm(a) + 1e-8)


clipped_corr.defvjp(_cc_fwd, _cc_bwd)


def predict(w, x):
    return x @ w


def loss_and_metrics(w, x, y):
    pred = predict(w, x)
    mse = jnp.mean((pred - y) ** 2)
    corr = clipped_corr(pred, y)
    return mse, {"mse": mse, "corr": corr}


def step(w, x, y, lr=0.05):
    (loss, metrics), g = jax.value_and_grad(loss_and_metrics, has_aux=True)(w, x, y)
    return w - lr * g, loss, metrics


if __name__ == "__main__":
    x = jnp.array([[1.0, 0.0], [0.5, 1.0], [0.0, 2.0], [1.5, 0.5]])
    y = jnp.array([1.0, 2.0, 3.5, 2.0])
    w = jnp.zeros(2)
    for i in range(2):
        w, loss, metrics = step(w, x, y)
        print(i, float(loss), {k: float(v) for k, v in metrics.items()})
