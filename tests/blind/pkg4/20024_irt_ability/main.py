# Models an item-response-theory app: scipy.special.expit behind pure_callback (backend) wrapped by custom_jvp (autodiff) whose rule differentiates through the wrapped function itself; ability is estimated with Newton steps using jax.hessian.
import jax.numpy as jnp

from irt.estimate import estimate_ability


responses = jnp.array([1.0, 0.0, 1.0, 1.0, 0.0])
difficulty = jnp.array([-1.0, 0.5, 0.0, -0.5, 1.5])
discrimination = jnp.array([1.2, 0.8, 1.0, 1.5, 0.9])
theta = estimate_ability(responses, difficulty, discrimination)
print("theta", theta)
