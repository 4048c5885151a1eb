import jax
import jax.numpy as jnp


def make_smooth_abs(eps: float, /):
    @jax.custom_vjp
    def smooth_abs(v):
        return jnp.sqrt(v * v + eps)

    def fwd(v):
        y = smooth_abs(v)
        return y, (v, y)

    def bwd(res, g):
        v, y = res
        return (g * v / y,)

    smooth_abs.defvjp(fwd, bwd)
    return smooth_abs


def tv_penalty(u, /, *, eps=1e-3, weight=0.5):
    sa = make_smooth_abs(eps)
    return weight * jnp.sum(sa(jnp.diff(u)))


u = jnp.array([0.0, 0.5, 0.4, 1.0])
print(f"tv={tv_penalty(u):.4f}")
print(f"grad={jax.grad(tv_penalty)(u)}")
H = jax.hessian(tv_penalty)(u)
print(f"hessian diag={jnp.diag(H)}")
