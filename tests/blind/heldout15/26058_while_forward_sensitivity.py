import jax
import jax.numpy as jnp
from jax import lax

PARAMS = {"tol": 1e-5, "x0": 1.0}


def fixed_point(a, tol=PARAMS["tol"]):
    def cond(state):
        x, x_prev = state
        return jnp.abs(x - x_prev) > tol

    def body(state):
        x, _ = state
        return jnp.cos(a * x), x

    x, _ = lax.while_loop(cond, body, (jnp.float32(PARAMS["x0"]), jnp.float32(0.0)))
    return x


def main():
    a = jnp.float32(0.8)
    x_star, dx = jax.jvp(fixed_point, (a,), (jnp.float32(1.0),))
    print(f"x* = {float(x_star):.6f}, dx*/da = {float(dx):.6f}")
    sweep = jnp.linspace(0.5, 1.0, 3)
    print(jax.vmap(jax.jacfwd(fixed_point))(sweep))


if __name__ == "__main__":
    main()
