"""Softplus with a hand-written derivative that prints its inputs while debugging."""
import jax
import jax.numpy as jnp

DEBUG_RULES = True


@jax.custom_jvp
def softplus(x):
    return jnp.logaddexp(x, 0.0)


@softplus.defjvp
def _softplus_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    if DEBUG_RULES:
        jax.debug.print("softplus rule: x={x} dx={dx}", x=x, dx=x_dot)
    slope = jax.nn.sigmoid(x)
    y = jnp.logaddexp(x, 0.0) + 0.0 * x_dot
    return y, slope * x_dot


def negative_log_likelihood(theta, counts, exposure):
    rate = softplus(theta) * exposure
    return jnp.sum(rate - counts * jnp.log(rate))


def directional_derivative(f, x, v):
    return jax.jvp(f, (x,), (v,))[1]


def format_table(rows, headers=("name", "value")):
    widths = [max(len(str(r[i])) for r in list(rows) + [headers]) for i in range(len(headers))]
    lines = ["  ".join(str(h).ljust(w) for h, w in zip(headers, widths))]
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        lines.append("  ".join(str(c).ljust(w) for c, w in zip(row, widths)))
    return "\n".join(lines)


def as_rows(mapping):
    return sorted((str(k), f"{v}") for k, v in mapping.items())


if __name__ == "__main__":
    counts = jnp.array([3.0, 0.0, 5.0, 2.0])
    exposure = jnp.array([1.0, 0.5, 2.0, 1.5])
    theta = jnp.zeros(4)
    nll = lambda t: negative_log_likelihood(t, counts, exposure)
    g = jax.grad(nll)(theta)
    print("gradient", g)
