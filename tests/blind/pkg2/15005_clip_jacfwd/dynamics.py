import jax.numpy as jnp
from ops import clip_gradient


class Pendulum:
    def __init__(self, g=9.81, length=1.0, dt=0.05):
        self.g, self.length, self.dt = g, length, dt

    def step(self, state):
        th, om = state[0], state[1]
        th = clip_gradient(th, 5.0)
        om_new = om - self.dt * self.g / self.length * jnp.sin(th)
        return jnp.stack([th + self.dt * om_new, om_new])
