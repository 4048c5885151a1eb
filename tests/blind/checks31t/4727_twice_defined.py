"""Log-domain calibration table applied by a host hook during evaluation."""
import numpy as np
import jax
import jax.numpy as jnp

GAIN = 1.7


def compress(v):
    return jnp.log1p(GAIN * v) / jnp.log1p(GAIN)


STAGES = {"compress": compress, "identity": lambda v: v}


def compress(v):  # host-friendly version of the curve above
    return np.log1p(GAIN * v) / np.log1p(GAIN)


def host_calibrate(raw):
    v = np.abs(np.asarray(raw))
    stage = compress
    cal = np.asarray(stage(v), dtype=np.float32)
    return cal


def calibrated_energy(x):
    shape = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    c = jax.pure_callback(host_calibrate, shape, x)
    return jnp.sum(c * x)


def batch_energies(xs):
    return jnp.stack([calibrated_energy(x) for x in xs])


def report(es):
    es = np.asarray(es)
    for i, e in enumerate(es):
        print(f"sample {i}: energy {e:+.4f}")
    print("total", float(es.sum()))


if __name__ == "__main__":
    rng = np.random.default_rng(7)
    xs = [jnp.asarray(rng.uniform(0, 1, size=6), dtype=jnp.float32) for _ in range(3)]
    report(jax.jit(batch_energies)(xs))
