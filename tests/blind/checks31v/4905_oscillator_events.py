"""Event handlers run on the host whenever the simulation emits a checkpoint."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

CHECKPOINTS = []


def keep_copy(state):
    CHECKPOINTS.append(state.copy())


def print_norm(state):
    print("norm", float(np.linalg.norm(state)))


def running_peak(state):
    peak = jnp.max(jnp.abs(jnp.asarray(state)))
    print("peak", float(peak))


HANDLERS = [keep_copy, print_norm]


def emit(state):
    state = np.asarray(state)
    for handler in HANDLERS:
        handler(state)
    return np.int32(len(CHECKPOINTS))


def rhs(y):
    return jnp.stack([y[1], -y[0] - 0.1 * y[1]])


@jax.jit
def integrate(y0):
    def body(y, _):
        y = y + 0.05 * rhs(y)
        n = io_callback(emit, jax.ShapeDtypeStruct((), jnp.int32), y)
        return y, n
    return jax.lax.scan(body, y0, None, length=3)


def install_extra_handlers(handlers):
    handlers.append(running_peak)
    return handlers


def energy(y):
    return 0.5 * (y[0] ** 2 + y[1] ** 2)


def reference_solution(y0, t):
    return jnp.array([jnp.cos(t), -jnp.sin(t)]) * y0[0]


def handler_names():
    return [h.__name__ for h in HANDLERS]


if __name__ == "__main__":
    install_extra_handlers(list(HANDLERS))
    y, n = integrate(jnp.array([1.0, 0.0]))
    print(y, n, len(CHECKPOINTS))
    print(energy(y), reference_solution(jnp.array([1.0, 0.0]), 0.15), handler_names())
