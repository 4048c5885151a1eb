import jax
import jax.numpy as jnp
from dynamics import Pendulum

sys_ = Pendulum()
x0 = jnp.array([0.4, 0.0])
print(sys_.step(x0))
# reverse-mode jacobian is fine
print(jax.jacrev(sys_.step)(x0))
# linearisation for an EKF uses forward mode
A = jax.jacfwd(sys_.step)(x0)
print(A)
