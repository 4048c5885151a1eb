import jax
import jax.numpy as jnp


class Bus:
    def __init__(self):
        self.handlers = {}

    def on(self, topic, fn):
        self.handlers.setdefault(topic, []).append(fn)

    def off(self, topic, fn):
        self.handlers[topic].remove(fn)

    def emit(self, topic, *args):
        return [fn(*args) for fn in self.handlers.get(topic, [])]


@jax.custom_vjp
def gated(x, gate):
    return x * jax.nn.sigmoid(gate)


def _gate_fwd(x, gate):
    s = jax.nn.sigmoid(gate)
    return x * s, (x, s)


def _gate_bwd(res, g):
    x, s = res
    return g * s


gated.defvjp(_gate_fwd, _gate_bwd)


def plain_sensitivity(params):
    w, x = params
    return jax.grad(lambda w_: jnp.sum(jnp.tanh(w_ * x)))(w)


def gate_sensitivity(params):
    w, x = params
    return jax.grad(lambda w_: jnp.sum(gated(x, w_)))(w)


if __name__ == "__main__":
    bus = Bus()
    bus.on("epoch_end", plain_sensitivity)
    bus.on("epoch_end", gate_sensitivity)
    bus.off("epoch_end", gate_sensitivity)
    params = (jnp.float32(0.3), jnp.array([1.0, -1.0, 2.0], jnp.float32))
    for epoch in range(2):
        outs = bus.emit("epoch_end", params)
        print(epoch, [float(o) for o in outs])
