"""Metaclass registry of link functions; the host-evaluated link is registered but the
default link name picks the pure-JAX one."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


class LinkMeta(type):
    registry = {}

    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        if "name" in ns:
            mcs.registry[ns["name"]] = cls
        return cls


class Link(metaclass=LinkMeta):
    def __call__(self, z):
        raise NotImplementedError


class Probit(Link):
    name = "probit_host"

    def __call__(self, z):
        out = jax.ShapeDtypeStruct(z.shape, z.dtype)
        return jax.pure_callback(lambda a: special.ndtr(a).astype(a.dtype), out, z,
                                 vmap_method="broadcast_all")


class Logit(Link):
    name = "logit"

    def __call__(self, z):
        return jax.nn.sigmoid(z)


def nll(w, X, y, link_name="logit"):
    link = LinkMeta.registry[link_name]()
    p = jnp.clip(link(X @ w), 1e-6, 1 - 1e-6)
    return -jnp.mean(y * jnp.log(p) + (1 - y) * jnp.log1p(-p))


if __name__ == "__main__":
    X = jnp.array([[1.0, 0.5], [0.2, -1.0], [-0.3, 0.8], [1.5, 0.1]])
    y = jnp.array([1.0, 0.0, 1.0, 1.0])
    w = jnp.zeros(2)
    # the host link is only used for reporting, never differentiated
    print("probit nll", nll(w, X, y, link_name="probit_host"))
    for _ in range(3):
        w = w - 0.5 * jax.grad(nll)(w, X, y)
    print("w", w)
