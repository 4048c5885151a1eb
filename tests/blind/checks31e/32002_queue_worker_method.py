"""A particle pusher hands each step's kinetic energy to a background consumer thread."""
import queue
import threading

import jax
import jax.numpy as jnp
import numpy as np
import jax.experimental as jexp

_energy_q: "queue.Queue[float]" = queue.Queue()
_seen = []


def _consumer():
    while True:
        item = _energy_q.get()
        if item is None:
            break
        _seen.append(item)


_worker = threading.Thread(target=_consumer, daemon=True)
_worker.start()


def _enqueue(ke):
    _energy_q.put(float(np.asarray(ke)))
    return np.int32(_energy_q.qsize())


class Pusher:
    def __init__(self, dt):
        self.dt = dt

    def step(self, pos, vel):
        acc = -pos
        vel = vel + self.dt * acc
        pos = pos + self.dt * vel
        ke = 0.5 * jnp.sum(vel ** 2)
        depth = jexp.io_callback(_enqueue, jax.ShapeDtypeStruct((), jnp.int32), ke, ordered=True)
        return pos, vel, depth

    def run(self, pos, vel):
        return jax.vmap(self.step)(pos, vel)


pusher = Pusher(0.01)
p0 = jnp.ones((3, 2))
v0 = jnp.zeros((3, 2))
out = pusher.run(p0, v0)
_energy_q.put(None)
_worker.join(timeout=1.0)
print(out[0], len(_seen))
