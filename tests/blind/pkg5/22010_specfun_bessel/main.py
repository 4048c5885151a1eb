# Models a Bessel-function package whose host-evaluated kernels get JVP rules attached from a separate rules module.
import jax
import jax.numpy as jnp
from besselkit import lookup

radii = jnp.linspace(0.2, 2.0, 5)


def energy(alpha, kind="i0e"):
    fn = lookup(kind)
    return jnp.mean(fn(alpha * radii))


if __name__ == "__main__":
    val, slope = jax.value_and_grad(energy)(0.8)
    print(val, slope)
    print(jax.grad(energy)(0.8, "exp_decay"))
