"""Queueing-network simulator with transport mixins for host-side event records."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

EVENTS = []


def _push(x):
    EVENTS.append(np.asarray(x).tolist())
    return np.zeros((), np.float32)


class Transport:
    def transport_options(self):
        return {}

    def publish(self, value):
        io_callback(_push, jax.ShapeDtypeStruct((), jnp.float32), value,
                    **self.transport_options())
        return value


class StreamMixin(Transport):
    def transport_options(self):
        opts = super().transport_options()
        opts["ordered"] = True
        return opts


class BatchMixin(Transport):
    def transport_options(self):
        opts = super().transport_options()
        opts["ordered"] = False
        return opts


class MM1Station(BatchMixin, StreamMixin):
    def __init__(self, service_rate):
        self.service_rate = service_rate

    def mean_wait(self, arrival_rate):
        rho = arrival_rate / self.service_rate
        wait = rho / (self.service_rate - arrival_rate)
        return self.publish(wait)


def lindley(arrivals, services):
    def step(w, inp):
        a, s = inp
        w = jnp.maximum(w + s - a, 0.0)
        return w, w
    _, waits = jax.lax.scan(step, 0.0, (arrivals, services))
    return waits.mean()


if __name__ == "__main__":
    station = MM1Station(service_rate=1.0)
    print("MRO:", [c.__name__ for c in MM1Station.__mro__])
    rng = np.random.default_rng(5)
    arr = jnp.asarray(rng.exponential(1 / 0.6, 500), jnp.float32)
    srv = jnp.asarray(rng.exponential(1.0, 500), jnp.float32)
    print("simulated mean wait:", float(lindley(arr, srv)))
    rates = jnp.array([0.3, 0.5, 0.7, 0.9])
    waits = jax.vmap(station.mean_wait)(rates)
    print("analytic waits:", np.round(np.asarray(waits), 3))
    print("events:", len(EVENTS))
