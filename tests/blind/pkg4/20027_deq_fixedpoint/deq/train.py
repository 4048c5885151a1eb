import jax
import optax

from . import layers


def run(params, x, y, loss, epochs=3):
    tx = optax.sgd(0.1)
    st = tx.init(params)
    obj = lambda p: loss(layers.deq_forward(p, x), y)
    hist = []
    for _ in range(epochs):
        val, g = jax.value_and_grad(obj)(params)
        upd, st = tx.update(g, st)
        params = optax.apply_updates(params, upd)
        hist.append(float(val))
    return params, hist
