"""Random-restart search for a double-well minimum; stops at the first good restart."""
import numpy as np
import jax
import jax.numpy as jnp


def energy(x):
    return (x ** 2 - 1.0) ** 2 + 0.3 * x


def _jitter_host(x, scale, seed):
    x = np.asarray(x, dtype=np.float64)
    scale = float(np.asarray(scale))
    seed = int(np.asarray(seed))
    if scale > 0.0:
        noise = np.asarray(jax.random.normal(jax.random.PRNGKey(seed), x.shape))
    else:
        noise = np.zeros_like(x)
    return (x + scale * noise).astype(np.float32)


def jitter(x, scale, seed):
    return jax.pure_callback(_jitter_host, jax.ShapeDtypeStruct(x.shape, jnp.float32),
                             x, scale, seed)


@jax.jit
def descend(x0, scale, seed):
    g = jax.grad(energy)

    def body(i, x):
        x = x - 0.05 * g(x)
        return jitter(jax.lax.stop_gradient(x), scale * 0.9 ** i, seed + i)
    return jax.lax.fori_loop(0, 30, body, x0)


RESTARTS = [
    {"x0": 1.2, "scale": 0.0},
    {"x0": -0.2, "scale": 0.0},
    {"x0": 0.4, "scale": 0.5},
]
TARGET = -0.35


def basin_of(x):
    return "left" if x < 0 else "right"


def describe_restart(r):
    return f"x0={r['x0']:+.2f} jitter={r['scale']:.2f}"


if __name__ == "__main__":
    best = None
    for i, r in enumerate(RESTARTS):
        x = descend(jnp.float32(r["x0"]), jnp.float32(r["scale"]), jnp.int32(i))
        e = float(energy(x))
        print(f"restart {i}: x={float(x):+.4f} E={e:+.4f}")
        if best is None or e < best[1]:
            best = (float(x), e)
        if e < TARGET:
            break
    print("best:", best)
