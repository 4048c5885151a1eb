"""Rate-limited first-order dynamics in a scan; the limiter has a hand-written JVP."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify


@jax.custom_jvp
def limit(v):
    return jnp.tanh(v)


@limit.defjvp
def _limit_rule(primals, tangents):
    (v,), (dv,) = primals, tangents
    y = jnp.tanh(v)
    return y, {"dv": (1 - y ** 2) * dv}


def simulate(gain, target, steps=5):
    def body(state, t):
        err = target - state
        move = limit(gain * err)
        checkify.check(jnp.isfinite(move), "limiter produced non-finite output")
        return state + 0.1 * move, state

    init = jnp.zeros(())
    final, path = lax.scan(body, init, jnp.arange(steps))
    return final, path


def objective(gain):
    final, path = simulate(gain, 1.0)
    return jnp.sum((path - 1.0) ** 2) + gain ** 2


if __name__ == "__main__":
    checked = checkify.checkify(jax.value_and_grad(objective))
    err, (val, g) = checked(jnp.float32(0.8))
    err.throw()
    print(val, g)
