"""Gradient-flow tracer: a custom_jvp identity that streams tangents to a host logger."""
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class TangentTap:
    def __init__(self):
        self.seen = []

    def _write(self, t):
        self.seen.append(float(abs(t).max()))
        return t

    def make(self):
        tap = self

        @jax.custom_jvp
        def probe(x):
            return x

        @probe.defjvp
        def probe_jvp(primals, tangents):
            (x,), (t,) = primals, tangents
            t = io_callback(tap._write, jax.ShapeDtypeStruct(t.shape, t.dtype), t)
            return x, t

        return probe


tap = TangentTap()
probe = tap.make()


def model(w, x):
    h = probe(jnp.tanh(w[0] * x))
    return jnp.sum(w[1] * h)


w = jnp.array([0.7, -1.2])
x = jnp.linspace(0, 1, 5)
print(jax.jvp(lambda w: model(w, x), (w,), (jnp.array([1.0, 0.0]),)))
print("taps", tap.seen)
print(jax.grad(model)(w, x))
