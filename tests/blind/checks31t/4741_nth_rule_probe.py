"""Higher derivatives of a smooth penalty, with a probe that logs rule evaluations on the host."""
import numpy as np
import jax
import jax.numpy as jnp

PROBE_LOG = []


def _rule_probe(x):
    xv = np.asarray(x)
    PROBE_LOG.append(float(jnp.abs(xv).max()))


@jax.custom_jvp
def softplus_penalty(x):
    return jnp.logaddexp(0.0, 4.0 * (x - 1.0)) / 4.0


@softplus_penalty.defjvp
def _softplus_penalty_jvp(primals, tangents):
    (x,), (tx,) = primals, tangents
    jax.debug.callback(_rule_probe, x)
    y = softplus_penalty(x)
    return y, jax.nn.sigmoid(4.0 * (x - 1.0)) * tx


def objective(x):
    return softplus_penalty(x) + 0.1 * x ** 2


def nth(f, n):
    """Differentiate a scalar function n times."""
    return f if n == 0 else jax.grad(nth(f, n - 1))


def taylor_coeffs(f, x0, order):
    out, fact = [], 1.0
    for k in range(order + 1):
        fact = fact * max(k, 1)
        out.append(float(nth(f, k)(x0)) / fact)
    return out


ORDER = 0

if __name__ == "__main__":
    coeffs = taylor_coeffs(objective, 0.8, ORDER)
    print("taylor coefficients:", [round(c, 5) for c in coeffs])
    print("probe calls:", len(PROBE_LOG))
