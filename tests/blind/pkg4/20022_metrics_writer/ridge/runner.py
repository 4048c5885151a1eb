import jax
import jax.numpy as jnp
import optax

from .objective import ridge_loss


def run_training(X, y, n_steps=5):
    from .utils.host import write_row

    opt = optax.sgd(0.05)
    w = jnp.zeros(X.shape[1])
    state = opt.init(w)

    @jax.jit
    def train_step(w, state):
        loss, g = jax.value_and_grad(ridge_loss)(w, X, y)
        upd, state = opt.update(g, state)
        return optax.apply_updates(w, upd), state, loss, optax.global_norm(g)

    @jax.jit
    def log_step(i, loss, gnorm):
        return write_row(i, loss, gnorm)

    rows = 0
    for i in range(n_steps):
        w, state, loss, gnorm = train_step(w, state)
        rows = log_step(jnp.int32(i), loss, gnorm)
    return w, int(rows)
