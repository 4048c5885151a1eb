"""An evaluation bus: handlers subscribed to 'eval' run a host routine with the event's options."""
import numpy as np
import jax
import jax.numpy as jnp


class Bus:
    def __init__(self):
        self.subs = {}

    def subscribe(self, topic, handler):
        self.subs.setdefault(topic, []).append(handler)
        return lambda: self.subs[topic].remove(handler)

    def emit(self, topic, *args, **opts):
        return [h(*args, **opts) for h in self.subs.get(topic, [])]


def erf_host(x):
    from math import erf
    arr = np.asarray(x)
    return np.array([erf(v) for v in arr.ravel()], dtype=np.float32).reshape(arr.shape)


def fast_handler(x, **opts):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(erf_host, spec, x, **opts)


def safe_handler(x, **opts):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(erf_host, spec, x)


bus = Bus()
cancel_safe = bus.subscribe("eval", safe_handler)
cancel_fast = bus.subscribe("eval", fast_handler)


@jax.jit
def cdf_values(x):
    outs = bus.emit("eval", x / jnp.sqrt(2.0), vectorized=True)
    return 0.5 * (1.0 + sum(outs) / len(outs))


if __name__ == "__main__":
    xs = jnp.array([-1.0, 0.0, 1.0], dtype=jnp.float32)
    print("cdf", cdf_values(xs))
