"""Near miss: the only job the worker thread takes jits the function without differentiating
it: the 1-argument bwd is never called, JAX runs it."""
import queue
import threading

import jax
import jax.numpy as jnp


@jax.custom_vjp
def softplus(x):
    return jnp.log1p(jnp.exp(x))


def _fwd(x):
    return softplus(x), x


softplus.defvjp(_fwd, lambda x: (jax.nn.sigmoid(x),))

TRANSFORMS = {"grad": jax.grad, "value": jax.jit}


def worker(jobs, out):
    while True:
        job = jobs.get()
        if job is None:
            return
        name, x = job
        try:
            out.append(TRANSFORMS[name](softplus)(x))
        except Exception as exc:
            out.append(exc)


jobs, out = queue.Queue(), []
thread = threading.Thread(target=worker, args=(jobs, out))
thread.start()
jobs.put(("value", jnp.float32(0.5)))
jobs.put(None)
thread.join()
if isinstance(out[0], Exception):
    raise out[0]
print(out)
