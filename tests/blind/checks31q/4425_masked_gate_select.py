"""Mask-gated features: jnp.where picks between a gated value (custom VJP) and the raw input."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def gate(x, w):
    return jax.nn.sigmoid(w) * x


def _gate_fwd(x, w):
    s = jax.nn.sigmoid(w)
    return s * x, (s, x)


def _gate_bwd(res):
    s, x = res
    return s, x


gate.defvjp(_gate_fwd, _gate_bwd)


def features(x, w, mask):
    gated = gate(x, w)
    return jnp.where(mask, gated, x)


def loss(x, w, mask):
    return jnp.sum(features(x, w, mask) ** 2)


if __name__ == "__main__":
    x = jnp.array([1.0, -2.0, 0.5, 3.0])
    w = jnp.array([0.1, 0.2, -0.3, 0.0])
    mask = jnp.array([True, False, True, False])
    print(jax.grad(loss, argnums=(0, 1))(x, w, mask))
