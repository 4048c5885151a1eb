"""A small deep-equilibrium layer in equinox: z* = tanh(W z* + U x + b),
solved by fixed-point iteration until the update is below tolerance."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class DEQ(eqx.Module):
    W: jax.Array
    U: jax.Array
    b: jax.Array
    tol: float = eqx.field(static=True, default=1e-5)
    max_iter: int = eqx.field(static=True, default=100)

    def __init__(self, dim, din, key):
        k1, k2 = jax.random.split(key)
        self.W = 0.3 * jax.random.normal(k1, (dim, dim)) / jnp.sqrt(dim)
        self.U = jax.random.normal(k2, (dim, din)) / jnp.sqrt(din)
        self.b = jnp.zeros(dim)

    def _f(self, z, x):
        return jnp.tanh(self.W @ z + self.U @ x + self.b)

    def __call__(self, x):
        def cond(state):
            i, z, err = state
            return (err > self.tol) & (i < self.max_iter)

        def body(state):
            i, z, _ = state
            z_new = self._f(z, x)
            return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

        z0 = jnp.zeros(self.b.shape)
        _, z_star, _ = jax.lax.while_loop(cond, body, (0, z0, jnp.inf))
        return z_star


@eqx.filter_jit
def train_step(model, opt_state, x, y, optim):
    @eqx.filter_grad
    def grads_fn(m):
        return jnp.sum((m(x) - y) ** 2)

    g = grads_fn(model)
    updates, opt_state = optim.update(g, opt_state, model)
    return eqx.apply_updates(model, updates), opt_state


if __name__ == "__main__":
    model = DEQ(5, 3, jax.random.PRNGKey(0))
    optim = optax.sgd(1e-2)
    opt_state = optim.init(eqx.filter(model, eqx.is_array))
    x = jnp.array([0.1, -0.4, 0.9])
    y = jnp.full((5,), 0.2)
    model, opt_state = train_step(model, opt_state, x, y, optim)
    print(model(x))
