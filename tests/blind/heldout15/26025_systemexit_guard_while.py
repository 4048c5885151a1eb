import sys
import jax
import jax.numpy as jnp
from jax import lax

PARAMS = {"tol": 1e-4, "x0": 1.0}


def fixed_point(a, tol=PARAMS["tol"]):
    def cond(state):
        x, x_prev = state
        return jnp.abs(x - x_prev) > tol

    def body(state):
        x, _ = state
        return jnp.cos(a * x), x

    x, _ = lax.while_loop(cond, body, (jnp.float32(PARAMS["x0"]), jnp.float32(0.0)))
    return x


def main() -> int:
    a = jnp.float32(0.8)
    x_star = fixed_point(a)
    if not jnp.isfinite(x_star):
        raise SystemExit("diverged")
    print(f"x* = {float(x_star):.6f}")
    sens = jax.grad(fixed_point)(a)
    print(f"dx*/da = {float(sens):.6f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
