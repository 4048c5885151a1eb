# Models a src-layout continuous-normalising-flow package estimating divergence with vector-Jacobian products through a gradient-clipped activation.
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "src"))

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import cnf  # noqa: E402

net = cnf.Field.create(jax.random.PRNGKey(4), dim=3)
state = jnp.array([0.3, 0.2, -0.5])

if __name__ == "__main__":
    est = cnf.divergence.estimate(net, state, jax.random.PRNGKey(5), probes=3)
    print(net(state), est)
