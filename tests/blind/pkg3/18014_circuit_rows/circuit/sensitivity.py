import jax
import jax.numpy as jnp


def jacobian_rows(fn, x, n_out):
    """Reverse-mode Jacobian, one pullback per output row."""
    _, pullback = jax.vjp(fn, x)
    rows = []
    for i in range(n_out):
        (row,) = pullback(jnp.zeros(n_out).at[i].set(1.0))
        rows.append(row)
    return jnp.stack(rows)
