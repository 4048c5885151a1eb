# Models a reusable special-function library with a string registry (SciPy-backed kernels) used by a fitting script.
import jax
import jax.numpy as jnp
import specfun

weights = jnp.array([0.3, 1.1, 2.4, 0.7])


def objective(scale, name):
    kern = specfun.get_kernel(name)
    return jnp.sum(kern(scale * weights) ** 2)


if __name__ == "__main__":
    print("available:", specfun.available())
    loss = objective(1.5, "softplus")
    print("softplus loss", loss)
    g = jax.grad(objective)(1.5, "i0e")
    print("grad", g)
