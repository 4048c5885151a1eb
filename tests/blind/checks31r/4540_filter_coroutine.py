"""A coroutine that receives filter requests and returns host-filtered signals."""
import numpy as np
import jax
import jax.numpy as jnp


def lowpass_host(x, alpha):
    x = np.asarray(x)
    alpha = float(np.asarray(alpha))
    y = np.empty_like(x)
    acc = x[0]
    for i, v in enumerate(x):
        acc = alpha * v + (1 - alpha) * acc
        y[i] = acc
    return y


def filter_worker():
    result = None
    while True:
        request = yield result
        if request is None:
            return
        signal, alpha, opts = request
        opts = dict(opts)
        opts.setdefault("vmap_method", "sequential")
        spec = jax.ShapeDtypeStruct(signal.shape, signal.dtype)
        call = jax.jit(lambda s, a: jax.pure_callback(lowpass_host, spec, s, a, **opts))
        result = call(signal, jnp.float32(alpha))


def run_requests(requests):
    worker = filter_worker()
    next(worker)
    outs = [worker.send(r) for r in requests]
    worker.close()
    return outs


if __name__ == "__main__":
    t = jnp.linspace(0, 1, 10)
    sig = jnp.sign(jnp.sin(6 * t))
    outs = run_requests([(sig, 0.3, {}), (sig, 0.7, {"vmap_method": "sequential"})])
    print([np.round(np.asarray(o[:4]), 3).tolist() for o in outs])
