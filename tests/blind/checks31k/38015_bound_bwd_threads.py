"""Thread-pool driver computing gradients of a thermocouple linearisation with a bound backward rule."""
import types
from concurrent.futures import ThreadPoolExecutor

import jax
import jax.numpy as jnp


class Thermocouple:
    # type-K polynomial coefficients (mV -> degC), truncated
    coeffs = jnp.array([0.0, 25.08355, 0.07860106, -0.2503131])

    def __init__(self, cold_junction_c):
        self.cold_junction_c = cold_junction_c

    def forward(self, mv):
        powers = mv ** jnp.arange(4.0)
        return jnp.dot(self.coeffs, powers) + self.cold_junction_c

    def _fwd(self, mv):
        return self.forward(mv), mv

    def _bwd(self, mv, g):
        dpowers = jnp.arange(4.0) * mv ** jnp.maximum(jnp.arange(4.0) - 1.0, 0.0)
        return (g * jnp.dot(self.coeffs, dpowers),)


def build_linearised(sensor):
    @jax.custom_vjp
    def to_celsius(mv):
        return sensor.forward(mv)

    fwd = types.MethodType(Thermocouple._fwd, sensor)
    bwd = types.MethodType(Thermocouple._bwd, sensor)
    to_celsius.defvjp(fwd, bwd)
    return to_celsius


def sensitivity_job(sensor, mv):
    conv = build_linearised(sensor)
    return float(mv), float(jax.grad(conv)(mv))


def chunked(seq, size):
    """Yield successive slices of a sequence (used to size executor batches)."""
    for start in range(0, len(seq), size):
        yield seq[start:start + size]


def first_error(results):
    for item in results:
        if isinstance(item, BaseException):
            return item
    return None


def timed(label):
    """Decorator factory that records wall time per call into TIMINGS."""
    import time

    def deco(fn):
        def inner(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                TIMINGS.setdefault(label, []).append(time.perf_counter() - t0)
        return inner
    return deco


TIMINGS = {}


if __name__ == "__main__":
    sensor = Thermocouple(cold_junction_c=21.5)
    readings = [jnp.float32(x) for x in (0.5, 1.2, 2.4, 4.1)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        futs = [pool.submit(sensitivity_job, sensor, mv) for mv in readings]
        for fut in futs:
            print("dT/dmV at %.2f mV = %.3f" % fut.result())
