import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

trail = []


def _trail_host(v):
    v = np.asarray(v)
    trail.append(v.size)
    return v


def instrument(prefix):
    def deco(cls):
        for name, attr in list(vars(cls).items()):
            if callable(attr) and name.startswith(prefix):
                setattr(cls, name, _wrap(attr))
        return cls
    return deco


def _wrap(method):
    def wrapped(self, *args):
        out = method(self, *args)
        return io_callback(_trail_host, jax.ShapeDtypeStruct(out.shape, out.dtype), out, ordered=True)
    wrapped.__name__ = method.__name__
    return wrapped


@instrument("update")
class Particles:
    def __init__(self, dt):
        self.dt = dt

    def step(self, pos, vel):
        acc = -pos / (jnp.sum(pos ** 2) + 0.1) ** 1.5
        return pos + self.dt * (vel + self.dt * acc)

    def update_all(self, pos, vel):
        return pos + self.dt * vel

    def energy(self, pos, vel):
        return 0.5 * jnp.sum(vel ** 2) - 1.0 / jnp.sqrt(jnp.sum(pos ** 2) + 0.1)


if __name__ == "__main__":
    sim = Particles(0.01)
    pos = jnp.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.5]], jnp.float32)
    vel = jnp.array([[0.0, 1.0], [-1.0, 0.0], [0.2, -0.3]], jnp.float32)
    new_pos = jax.vmap(sim.step)(pos, vel)
    print(new_pos.shape, jax.vmap(sim.energy)(new_pos, vel))
    print("updated", sim.update_all(pos[0], vel[0]), "trail", trail)
