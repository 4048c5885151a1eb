"""pure_callback(..., vectorized=True) in a custom_jvp Bessel function: JAX 0.10.2 passes
`vectorized=True` on to the host lambda, which raises TypeError."""
# Re-expressed from jcopo/pasoa exptax/hankel.py:11 (`generate_bessel`: `pure_callback(lambda vx:
# function(*vx), x, (v, x), vectorized=True)` wrapped in `custom_jvp`, used by its models).
import jax
import jax.numpy as jnp
import scipy.special
from jax import custom_jvp, pure_callback


def generate_bessel(function):
    @custom_jvp
    def cv(v, x):
        return pure_callback(  # EXPECT: JAX012
            lambda vx: function(*vx).astype(x.dtype),
            jax.ShapeDtypeStruct(x.shape, x.dtype),
            (v, x),
            vectorized=True,
        )

    @cv.defjvp
    def cv_jvp(primals, tangents):
        v, x = primals
        _, dx = tangents
        return cv(v, x), 0.5 * (cv(v - 1, x) - cv(v + 1, x)) * dx

    return cv


jv = generate_bessel(scipy.special.jv)
print(jax.grad(jv, argnums=1)(0.0, jnp.float32(1.5)))
