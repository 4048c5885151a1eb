# Models: a neural-ODE style fit where an Euler integrator runs a fori_loop whose number of steps is computed from the (traced) final time, and the trajectory loss is differentiated with value_and_grad under jit.
import jax
import jax.numpy as jnp
import optax


def vector_field(theta, state):
    return jnp.tanh(state @ theta["A"]) @ theta["B"] - 0.1 * state


def integrate(theta, y0, t_final, dt=0.05):
    """Explicit Euler from t=0 to t_final.

    The step count follows the requested horizon so different t_final share one compile.
    """
    n_steps = jnp.ceil(t_final / dt).astype(jnp.int32)

    def euler(_, y):
        return y + dt * vector_field(theta, y)

    return jax.lax.fori_loop(0, n_steps, euler, y0)


def trajectory_loss(theta, y0, t_final, y_target):
    y_end = integrate(theta, y0, t_final)
    return jnp.sum((y_end - y_target) ** 2)


def target_rotation(y0, t):
    c, s = jnp.cos(t), jnp.sin(t)
    return jnp.array([[c, -s], [s, c]]) @ y0


@jax.jit
def train_step(theta, opt_state, y0, t_final, y_target):
    loss, grads = jax.value_and_grad(trajectory_loss)(theta, y0, t_final, y_target)
    updates, opt_state = OPT.update(grads, opt_state, theta)
    return optax.apply_updates(theta, updates), opt_state, loss


OPT = optax.adam(1e-2)

if __name__ == "__main__":
    key = jax.random.PRNGKey(14)
    ka, kb = jax.random.split(key)
    theta = {"A": jax.random.normal(ka, (2, 8)) * 0.3, "B": jax.random.normal(kb, (8, 2)) * 0.3}
    opt_state = OPT.init(theta)
    y0 = jnp.array([1.0, 0.0])
    for t_final in [0.5, 0.8, 1.0]:
        t = jnp.float32(t_final)
        theta, opt_state, loss = train_step(theta, opt_state, y0, t, target_rotation(y0, t))
        print("t_final", t_final, "loss", float(loss))
