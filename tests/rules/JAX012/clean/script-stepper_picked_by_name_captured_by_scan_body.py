"""The twin: the integrator picks its stepper from a table by name and a `lax.scan` body it makes calls it; "explicit" is picked, and the host-solved stepper whose pure_callback gets `vectorized=` never runs."""
import jax
import jax.numpy as jnp
import numpy as np

DECAY = np.array([[-2.0, 0.0], [2.0, -0.1]], dtype=np.float32)


def _host_implicit(y, h):
    y, h = np.asarray(y), float(np.asarray(h))
    return np.linalg.solve(np.eye(2) - h * DECAY, y).astype(np.float32)


def explicit(y, h):
    return y + h * (jnp.asarray(DECAY) @ y)


def implicit(y, h):
    return jax.pure_callback(_host_implicit, jax.ShapeDtypeStruct(y.shape, jnp.float32), y, h,
                             vectorized=True)


def run(y0, h, steps, kind="explicit"):
    advance = {"explicit": explicit, "implicit": implicit}[kind]

    def body(y, _):
        y = advance(y, h)
        return y, y.sum()

    return jax.lax.scan(body, y0, None, length=steps)


if __name__ == "__main__":
    y_end, totals = jax.jit(run, static_argnames=("steps", "kind"))(
        jnp.asarray([1.0, 0.0]), 0.05, 6, kind="explicit")
    print(y_end, totals[-1])
