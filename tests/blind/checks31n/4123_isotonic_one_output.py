"""Output calibration: models with several outputs are calibrated column-wise on the host."""
import numpy as np
import jax
import jax.numpy as jnp


def _isotonic_1d(y):
    a = np.maximum.accumulate(np.asarray(y), axis=0)
    return a.astype(np.float32)


def model(params, x):
    return jnp.tanh(x @ params["w"] + params["b"])


def calibrate(params, x):
    out_struct = jax.eval_shape(model, params, x)
    preds = model(params, x)
    if out_struct.shape[-1] > 1:
        return jax.pure_callback(_isotonic_1d, out_struct, preds, vectorized=True)
    flat = jax.ShapeDtypeStruct(out_struct.shape, out_struct.dtype)
    return jax.pure_callback(_isotonic_1d, flat, preds)


def init(key, d_in, d_out):
    k1, _ = jax.random.split(key)
    return {"w": jax.random.normal(k1, (d_in, d_out)) * 0.5, "b": jnp.zeros(d_out)}


def moving_average(values, window=3):
    """Smooth a list of logged scalars for display."""
    vals = np.asarray(list(values), dtype=float)
    if vals.size < window:
        return vals
    kernel = np.ones(window) / window
    return np.convolve(vals, kernel, mode="valid")


def chunked(seq, size):
    """Yield successive chunks of a sequence (used by the batch loader)."""
    seq = list(seq)
    for start in range(0, len(seq), size):
        yield seq[start:start + size]


def describe_array(name, arr):
    """One-line summary used in the run log."""
    a = np.asarray(arr)
    if a.size == 0:
        return f"{name}: empty {a.dtype}"
    return f"{name}: shape={a.shape} dtype={a.dtype} min={a.min():.3g} max={a.max():.3g}"



if __name__ == "__main__":
    params = init(jax.random.key(0), 3, 1)
    x = jnp.arange(12.0).reshape(4, 3) / 12.0
    print(np.round(np.asarray(calibrate(params, x)), 3))
