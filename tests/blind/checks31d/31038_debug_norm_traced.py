"""Gradient-norm logging: the norm is computed in the traced code, the host only formats."""
import jax
import jax.numpy as jnp
import numpy as np
import optax

LINES = []


def fmt(step, gnorm, loss):
    step, gnorm, loss = np.asarray(step), np.asarray(gnorm), np.asarray(loss)
    LINES.append(f"{int(step):04d} loss={np.array2string(loss, precision=4)} "
                 f"|g|={np.array2string(gnorm, precision=4)}")


tx = optax.adam(1e-2)


@jax.jit
def update(params, state, x, y, step):
    loss, g = jax.value_and_grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
    gnorm = optax.global_norm(g)
    jax.debug.callback(fmt, step, gnorm, loss)
    upd, state = tx.update(g, state)
    return optax.apply_updates(params, upd), state


if __name__ == "__main__":
    p = jnp.zeros(3)
    s = tx.init(p)
    x = jnp.eye(3); y = jnp.ones(3)
    for i in range(3):
        p, s = update(p, s, x, y, i)
    jax.effects_barrier()
    print("\n".join(LINES))
