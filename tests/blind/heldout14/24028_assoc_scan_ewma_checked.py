"""Exponentially weighted moving average via lax.associative_scan, fitted by
gradient descent.  A host reference implementation cross-checks the
parallel scan at every step (on the detached values)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def _reference_ewma(alpha, x):
    out = np.empty_like(x)
    acc = 0.0
    for t, v in enumerate(x):
        acc = alpha * acc + (1 - alpha) * v
        out[t] = acc
    return out.astype(np.float32)


def host_reference(alpha, x):
    return jax.pure_callback(_reference_ewma, jax.ShapeDtypeStruct(x.shape, jnp.float32), alpha, x)


def ewma(alpha, x):
    a = jnp.full_like(x, alpha)
    b = (1.0 - alpha) * x

    def combine(left, right):
        a_l, b_l = left
        a_r, b_r = right
        return a_l * a_r, a_r * b_l + b_r

    _, y = lax.associative_scan(combine, (a, b))
    return y


def loss(logit_alpha, x, target):
    alpha = jax.nn.sigmoid(logit_alpha)
    y = ewma(alpha, x)
    ref = host_reference(lax.stop_gradient(alpha), x)
    drift = jnp.max(jnp.abs(lax.stop_gradient(y) - ref))
    return jnp.mean((y - target) ** 2), drift


if __name__ == "__main__":
    t = jnp.linspace(0, 4, 16)
    x = jnp.sin(3 * t) + 0.1 * jnp.cos(17 * t)
    target = jnp.sin(3 * t - 0.3)
    la = jnp.float32(0.0)
    step = jax.jit(jax.value_and_grad(loss, has_aux=True))
    for _ in range(4):
        (val, drift), g = step(la, x, target)
        la = la - 0.5 * g
        print(float(val), float(drift))
