"""Special-function registry built with a metaclass; losses look functions up by name."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


class SpecialMeta(type):
    table = {}

    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        key = ns.get("key")
        if key is not None:
            mcs.table[key] = cls()
        return cls


class SpecialFn(metaclass=SpecialMeta):
    key = None

    def __call__(self, x):
        raise NotImplementedError


class LogSigmoid(SpecialFn):
    key = "log_sigmoid"

    def __call__(self, x):
        return jax.nn.log_sigmoid(x)


class ScaledErfc(SpecialFn):
    key = "erfcx"

    def __call__(self, x):
        spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.pure_callback(
            lambda a: special.erfcx(np.asarray(a)).astype(a.dtype),
            spec, x, vmap_method="sequential")


def tail_loss(params, data, link="erfcx"):
    fn = SpecialMeta.table[link]
    z = data @ params
    return jnp.mean(fn(z))


if __name__ == "__main__":
    w = jnp.array([0.3, -0.2, 0.1])
    X = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)
    print("loss", tail_loss(w, X))
    g = jax.grad(tail_loss)(w, X)
    print("grad", g)
