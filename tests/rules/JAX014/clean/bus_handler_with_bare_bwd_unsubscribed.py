"""An event bus keeps handlers in a dict of lists; the handler applying a custom_vjp whose
bwd returns a bare array is unsubscribed before the loss, differentiated, emits: JAX never
runs that bwd."""
import jax
import jax.numpy as jnp


class Bus:
    def __init__(self):
        self.handlers = {}

    def on(self, topic, fn):
        self.handlers.setdefault(topic, []).append(fn)

    def off(self, topic, fn):
        self.handlers[topic].remove(fn)

    def emit(self, topic, value):
        for fn in self.handlers.get(topic, []):
            value = fn(value)
        return value


@jax.custom_vjp
def squash(x):
    return jnp.tanh(x)


def _fwd(x):
    return squash(x), x


def _bwd(x, g):
    return g * (1.0 - jnp.tanh(x) ** 2)


squash.defvjp(_fwd, _bwd)


def scale(v):
    return 2.0 * v


def squashed(v):
    return squash(v)


bus = Bus()
bus.on("loss", scale)
bus.on("loss", squashed)
bus.off("loss", squashed)


def loss(w):
    return jnp.sum(bus.emit("loss", w * w))


if __name__ == "__main__":
    print(jax.grad(loss)(jnp.arange(3.0)))
