"""A caching proxy delegates to a kernel library via __getattr__; the host calls through it."""
import numpy as np
import jax
import jax.numpy as jnp


class AccelKernels:
    """Kernels written for device arrays."""

    def softplus(self, a):
        return jax.nn.softplus(a)

    def logistic(self, a):
        return jax.nn.sigmoid(a)


class CachingProxy:
    def __init__(self, inner):
        self._inner = inner
        self.calls = {}

    def __getattr__(self, name):
        target = getattr(self._inner, name)

        def counted(*args):
            self.calls[name] = self.calls.get(name, 0) + 1
            return target(*args)

        return counted

    def logistic(self, a):
        self.calls["logistic"] = self.calls.get("logistic", 0) + 1
        return 1.0 / (1.0 + np.exp(-a))


kernels = CachingProxy(AccelKernels())


def host_activation(z):
    z = np.asarray(z)
    out = kernels.logistic(z)
    return np.asarray(out, dtype=np.float32)


def layer(w, x):
    pre = x @ w
    shape = jax.ShapeDtypeStruct(pre.shape, jnp.float32)
    return jax.pure_callback(host_activation, shape, pre, vmap_method="broadcast_all")


@jax.jit
def forward(ws, x):
    for w in ws:
        x = layer(w, x)
    return x


if __name__ == "__main__":
    k = jax.random.split(jax.random.PRNGKey(0), 2)
    ws = [jax.random.normal(kk, (4, 4)) * 0.3 for kk in k]
    print(forward(ws, jnp.ones((2, 4))))
    print("proxy calls", kernels.calls)
