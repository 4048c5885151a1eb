# Models a refrigerant-cycle app: vapour-pressure table lookups via pure_callback wrapped in custom_vjp (defined in a separate module), with a Jacobian computed by jax.jacrev.
import jax.numpy as jnp

import coolprop_lite as cp


temps = jnp.array([250.0, 270.0, 290.0, 305.0])
J = cp.cycle_jacobian(temps)
print("jacobian diag", jnp.diag(J))
