# Models: Gauss-Newton curvature of a small physics-informed loss; the expensive residual is jax.checkpoint'ed with static_argnums and a policy, Hessian via jax.hessian, debug printing inside
import functools
import jax
import jax.numpy as jnp


@functools.partial(jax.checkpoint, static_argnums=(2,),
                   policy=jax.checkpoint_policies.nothing_saveable)
def pde_residual(coeffs, xs, order):
    # polynomial ansatz u(x) = sum c_k x^k; residual of u'' + u = 0
    powers = jnp.stack([xs ** k for k in range(order)], axis=-1)
    u = powers @ coeffs
    d2 = jnp.stack([k * (k - 1) * xs ** max(k - 2, 0) for k in range(order)], axis=-1) @ coeffs
    r = d2 + u
    jax.debug.print("max |residual| = {m}", m=jnp.max(jnp.abs(r)))
    return r


def pinn_loss(coeffs, xs, order=4):
    r = pde_residual(coeffs, xs, order)
    bc = (coeffs[0] - 1.0) ** 2 + (coeffs[1]) ** 2
    return jnp.mean(r ** 2) + bc


def newton_step(coeffs, xs):
    g = jax.grad(pinn_loss)(coeffs, xs)
    H = jax.hessian(pinn_loss)(coeffs, xs)
    return coeffs - jnp.linalg.solve(H + 1e-6 * jnp.eye(H.shape[0]), g)


def exact_solution(xs):
    return jnp.cos(xs)


def report(coeffs, xs, order=4):
    powers = jnp.stack([xs ** k for k in range(order)], axis=-1)
    err = jnp.max(jnp.abs(powers @ coeffs - exact_solution(xs)))
    print("max error vs cos(x):", err)


if __name__ == "__main__":
    report(jnp.array([1.0, 0.0, -0.5, 0.0]), jnp.linspace(0.0, 1.0, 6))
    xs = jnp.linspace(0.0, 1.0, 6)
    c = jnp.array([1.0, 0.0, -0.4, 0.0])
    c = newton_step(c, xs)
    print(c)
