# Models a Jacobian-free-backprop equilibrium-model app: a while_loop finds the fixed point on stop_gradient'ed parameters, then one differentiable update is applied; the trainer uses jax.grad.
import jax
import jax.numpy as jnp

import jfb.model as eqm
from jfb.trainer import Trainer


key = jax.random.PRNGKey(11)
theta = eqm.init_params(key, n=3)
inputs = jnp.array([[0.5, -0.2, 0.1], [0.0, 0.3, -0.4]])
targets = jnp.array([[0.2, 0.0, 0.1], [0.1, 0.2, -0.1]])
trainer = Trainer(loss=lambda p: jnp.sum((eqm.apply(p, inputs) - targets) ** 2), lr=0.05)
theta = trainer.fit(theta, steps=3)
print("trained", float(trainer.last))
