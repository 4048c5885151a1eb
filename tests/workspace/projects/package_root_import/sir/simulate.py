import jax.numpy as jnp

from sir.io import reporting as report


def infections(beta, days=20, gamma=0.1):
    s, i = 0.99, 0.01
    out = []
    for _ in range(days):
        new = beta * s * i
        s, i = s - new, i + new - gamma * i
        out.append(i)
    return report.reported_cases(jnp.stack(out))
