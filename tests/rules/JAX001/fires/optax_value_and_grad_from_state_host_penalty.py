"""optax L-BFGS with value_and_grad_from_state: the objective's host-side penalty gets a tangent."""
import jax
import jax.numpy as jnp
import numpy as np
import optax


def host_penalty(w):
    return np.float32(np.sum(np.abs(w)))


def objective(w):
    penalty = jax.pure_callback(  # EXPECT: JAX001
        host_penalty, jax.ShapeDtypeStruct((), jnp.float32), w
    )
    return jnp.sum((w - 1.0) ** 2) + 0.1 * penalty


solver = optax.lbfgs()
params = jnp.zeros(3)
state = solver.init(params)
value_and_grad = optax.value_and_grad_from_state(objective)
for _ in range(3):
    value, grad = value_and_grad(params, state=state)
    updates, state = solver.update(
        grad, state, params, value=value, grad=grad, value_fn=objective
    )
    params = optax.apply_updates(params, updates)
print(params)
