# Models a trust-region optimiser app: the objective uses a custom_vjp safe_norm with pure-jnp fwd/bwd, and the solver forms Hessian-vector products as jax.jvp of jax.grad (forward-over-reverse).
import jax.numpy as jnp

from trustopt.problems import PROBLEMS
from trustopt.solver import TrustRegion


if __name__ == "__main__":
    problem = PROBLEMS["regularised_quadratic"]
    solver = TrustRegion(problem, radius=0.5)
    x = solver.run(jnp.array([1.0, -2.0, 0.5]), iters=2)
    print("x", x)
