import warnings
import jax
import jax.numpy as jnp
from jax import lax

LAYERS = [0.9, 1.1, 0.95, 1.05]


def relax(theta, coeffs=tuple(LAYERS)):
    assert len(coeffs) > 0, "need at least one layer"
    coeffs = jnp.asarray(coeffs)

    def body(i, acc):
        return jnp.tanh(coeffs[i] * acc + theta)
    return lax.fori_loop(0, len(LAYERS), body, jnp.zeros_like(theta))


def main():
    theta = jnp.array([0.1, -0.2])
    out = relax(theta)
    if jnp.any(jnp.abs(out) > 0.99):
        warnings.warn("saturated", RuntimeWarning)
    g = jax.grad(lambda t: relax(t).sum())(theta)
    assert g.shape == theta.shape
    print(f"out={out} grad={g}")


if __name__ == "__main__":
    main()
