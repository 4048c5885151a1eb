"""Forward-mode sensitivity study with an optional probe recording tangent norms."""
import numpy as np
import jax
import jax.numpy as jnp

PROBE_TANGENTS = True
TANGENT_NORMS = []


def _record_norm(n):
    TANGENT_NORMS.append(float(np.asarray(n)))


@jax.custom_jvp
def probe(state):
    return state


@probe.defjvp
def _probe_jvp(primals, tangents):
    (state,), (dstate,) = primals, tangents
    jax.debug.callback(_record_norm, jnp.linalg.norm(dstate["u"]))
    return state, (dstate["u"], dstate["v"])


def maybe_probe(state):
    return probe(state) if PROBE_TANGENTS else state


def advect(state, dt=0.1):
    u, v = state["u"], state["v"]
    du = -v * jnp.gradient(u)
    dv = -u * jnp.gradient(v)
    return maybe_probe({"u": u + dt * du, "v": v + dt * dv})


def simulate(u0):
    state = {"u": u0, "v": jnp.ones_like(u0)}
    for _ in range(3):
        state = advect(state)
    return jnp.sum(state["u"] ** 2)


def chunks(seq, size):
    """Yield successive slices of `seq` of length `size`."""
    for start in range(0, len(seq), size):
        yield seq[start:start + size]


def moving_average(xs, window=3):
    xs = jnp.asarray(xs)
    if xs.shape[0] < window:
        return xs
    kernel = jnp.ones(window) / window
    return jnp.convolve(xs, kernel, mode="valid")


if __name__ == "__main__":
    u0 = jnp.sin(jnp.linspace(0, 2 * jnp.pi, 8))
    direction = jnp.ones_like(u0) / jnp.sqrt(8.0)
    val, sens = jax.jvp(simulate, (u0,), (direction,))
    print(val, sens, TANGENT_NORMS)
