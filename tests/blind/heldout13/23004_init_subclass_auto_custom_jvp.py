"""__init_subclass__ wraps each subclass's host kernel in a custom_jvp built from the
subclass's analytic derivative, so gradients never reach the callback."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


class HostKernel:
    kernels = {}

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        host, deriv = cls.host, cls.deriv

        def call_host(x):
            return jax.pure_callback(lambda a: host(np.asarray(a)).astype(a.dtype),
                                     jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                     vmap_method="sequential")

        fn = jax.custom_jvp(call_host)

        @fn.defjvp
        def _jvp(primals, tangents):
            (x,), (t,) = primals, tangents
            y = fn(x)
            return y, deriv(x, y) * t

        cls.fn = staticmethod(fn)
        HostKernel.kernels[cls.__name__.lower()] = cls


class Gammaln(HostKernel):
    host = staticmethod(special.gammaln)

    @staticmethod
    def deriv(x, y):
        return jax.scipy.special.digamma(x)


class Expit(HostKernel):
    host = staticmethod(special.expit)

    @staticmethod
    def deriv(x, y):
        return y * (1.0 - y)


def objective(theta):
    a = HostKernel.kernels["gammaln"].fn(theta + 2.0)
    b = HostKernel.kernels["expit"].fn(theta)
    return jnp.sum(a * b)


if __name__ == "__main__":
    theta = jnp.array([0.5, 1.0, 2.5])
    print(objective(theta))
    print(jax.grad(objective)(theta))
    print(jax.jacfwd(objective)(theta))
