"""Queue worker applying per-job transform chains to a robust regression loss with a custom VJP."""
import functools
import queue
import threading

import jax
import jax.numpy as jnp


@jax.custom_vjp
def pseudo_huber(r, delta):
    return delta ** 2 * (jnp.sqrt(1.0 + (r / delta) ** 2) - 1.0)


def _ph_fwd(r, delta):
    s = jnp.sqrt(1.0 + (r / delta) ** 2)
    return delta ** 2 * (s - 1.0), (r, s)


pseudo_huber.defvjp(_ph_fwd, lambda res: (res[0] / res[1], None))


def regression_loss(coef, spread, xs, ys):
    resid = ys - xs @ coef
    return jnp.sum(pseudo_huber(resid, 1.0)) + 0.5 * spread ** 2 * jnp.sum(coef ** 2)


CHAINS = {
    "coef_grad": [functools.partial(jax.grad, argnums=0), jax.jit],
    "spread_grad": [functools.partial(jax.grad, argnums=1), jax.jit],
}


def worker(jobs, out):
    while (job := jobs.get()) is not None:
        name, args = job
        fn = regression_loss
        for transform in CHAINS[name]:
            fn = transform(fn)
        try:
            out.put((name, fn(*args)))
        except Exception as exc:
            out.put((name, exc))


def chunked(seq, size):
    """Yield successive slices of a sequence (used to size executor batches)."""
    for start in range(0, len(seq), size):
        yield seq[start:start + size]


def first_error(results):
    for item in results:
        if isinstance(item, BaseException):
            return item
    return None


if __name__ == "__main__":
    xs = jnp.array([[1.0, 0.5], [0.2, 1.5], [2.0, -1.0]])
    ys = jnp.array([1.0, 2.0, 0.5])
    jobs, out = queue.Queue(), queue.Queue()
    th = threading.Thread(target=worker, args=(jobs, out))
    th.start()
    jobs.put(("spread_grad", (jnp.zeros(2), jnp.float32(0.1), xs, ys)))
    jobs.put(None)
    th.join()
    name, result = out.get()
    if isinstance(result, Exception):
        raise result
    print(name, result)
