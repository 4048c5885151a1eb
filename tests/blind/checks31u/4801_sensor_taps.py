"""Per-sensor telemetry taps for a small Kalman-style smoother.

Each sensor channel gets a tap that forwards its innovation to the host
monitor; the safety-critical channels must be recorded in order.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SENSORS = ("gyro", "accel")
STRICT = {"gyro": False, "accel": True}
_seen = []


def _monitor(innov, tag):
    arr = np.asarray(innov)
    _seen.append((int(tag), float(np.abs(arr).max())))
    return arr.astype(np.float32)


def forward_innovation(innov, tag, strict):
    spec = jax.ShapeDtypeStruct(innov.shape, innov.dtype)
    return io_callback(_monitor, spec, innov, tag, ordered=strict)


taps = []
for idx, name in enumerate(SENSORS):
    strict = STRICT[name]
    taps.append(lambda innov: forward_innovation(innov, idx, strict))


def smooth_step(state, obs, gain=0.3):
    innov = obs - state
    innov = taps[0](innov)          # gyro channel
    return state + gain * innov


def run_filter(observations):
    state = jnp.zeros(observations.shape[-1], jnp.float32)
    outs = []
    for t in range(observations.shape[0]):
        state = smooth_step(state, observations[t])
        outs.append(state)
    return jnp.stack(outs)


def residual_stats(est, obs):
    r = np.asarray(est) - np.asarray(obs)
    return float(np.sqrt((r ** 2).mean()))


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    obs = jnp.asarray(rng.normal(size=(4, 3, 2)), jnp.float32)
    # several independent tracks at once
    batched = jax.vmap(run_filter, in_axes=1, out_axes=1)
    est = batched(obs)
    print("rmse", residual_stats(est, obs), "taps", len(_seen))
