"""A sched job differentiating through a bwd that returns 1 cotangent for 2 inputs is not cancelled."""
import sched
import time

import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_floor(x, floor):
    return jnp.logaddexp(x, floor)


def _floor_fwd(x, floor):
    return soft_floor(x, floor), (x, floor)


def _floor_bwd(res, g):  # EXPECT: JAX014
    x, floor = res
    return (g * jax.nn.sigmoid(x - floor),)


soft_floor.defvjp(_floor_fwd, _floor_bwd)
log = []


def record_mean(xs):
    log.append(float(jnp.mean(xs)))


def record_slope(xs):
    log.append(jax.grad(lambda v: jnp.sum(soft_floor(v, 0.0)))(xs).tolist())


if __name__ == "__main__":
    queue = sched.scheduler(time.monotonic, lambda _: None)
    xs = jnp.array([-1.0, 0.0, 2.0])
    first = queue.enter(0, 1, record_mean, (xs,))
    second = queue.enter(0, 2, record_slope, argument=(xs,))
    queue.cancel(first)
    queue.run()
    print(log)
