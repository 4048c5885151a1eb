import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_sqrt(x):
    return jnp.sqrt(jnp.maximum(x, 1e-12))


@safe_sqrt.defjvp
def _sq_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    y = safe_sqrt(x)
    return y, [dx / (2.0 * y)]


def reference_sqrt(x):
    return jnp.sqrt(x + 1e-12)


class Trainer:
    STATES = {
        "init": {"begin": "reference"},
        "reference": {"stabilise": "stable", "stop": "done"},
        "stable": {"revert": "reference", "stop": "done"},
        "done": {},
    }

    def __init__(self):
        self.state = "init"
        self.last_active = None

    def handle(self, event):
        nxt = self.STATES[self.state].get(event)
        if nxt is None:
            return
        if nxt in ("reference", "stable"):
            self.last_active = nxt
        self.state = nxt

    def norm_fn(self):
        return safe_sqrt if self.last_active == "stable" else reference_sqrt


def distance_loss(points, fn):
    return jnp.sum(fn(jnp.sum(points ** 2, axis=1)))


if __name__ == "__main__":
    t = Trainer()
    for ev in ["begin", "stabilise", "stop", "stop"]:
        t.handle(ev)
    pts = jnp.array([[3.0, 4.0], [1.0, 0.0]], jnp.float32)
    g = jax.grad(distance_loss)(pts, t.norm_fn())
    print(t.state, t.last_active, g.tolist())
