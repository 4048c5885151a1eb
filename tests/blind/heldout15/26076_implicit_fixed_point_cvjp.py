from functools import partial
import jax
import jax.numpy as jnp
from jax import lax


def _iterate(f, a, x0, tol=1e-6):
    def cond(c):
        x, prev = c
        return jnp.max(jnp.abs(x - prev)) > tol
    def body(c):
        x, _ = c
        return f(a, x), x
    x, _ = lax.while_loop(cond, body, (f(a, x0), x0))
    return x


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def fixed_point(f, a, x0):
    return _iterate(f, a, x0)

def _fp_fwd(f, a, x0):
    x = fixed_point(f, a, x0)
    return x, (a, x)

def _fp_bwd(f, res, g):
    a, x = res
    _, vjp_a = jax.vjp(lambda aa: f(aa, x), a)
    _, vjp_x = jax.vjp(lambda xx: f(a, xx), x)
    u = _iterate(lambda gg, uu: gg + vjp_x(uu)[0], g, g)
    return vjp_a(u)[0], jnp.zeros_like(x)

fixed_point.defvjp(_fp_fwd, _fp_bwd)


def contraction(a, x):
    return jnp.cos(a * x)


if __name__ == "__main__":
    a = jnp.float32(0.8)
    x0 = jnp.float32(1.0)
    print(fixed_point(contraction, a, x0))
    print(jax.grad(fixed_point, argnums=1)(contraction, a, x0))
    print(jax.jit(jax.grad(lambda aa: fixed_point(contraction, aa, x0) ** 2))(a))
