import asyncio
import jax
import jax.numpy as jnp


@jax.custom_jvp
def leaky(x):
    return jnp.where(x > 0, x, 0.05 * x)


@leaky.defjvp
def _leaky_rule(primals, tangents):
    (x,), (dx,) = primals, tangents
    slope = jnp.where(x > 0, 1.0, 0.05)
    return slope * x + 0.0 * dx, slope * dx


def mlp(w, x):
    return jnp.sum(leaky(w * x - 0.2))


async def sensitivity(kind, w, x):
    await asyncio.sleep(0)
    if kind == "forward":
        _, tang = jax.jvp(lambda w_: mlp(w_, x), (w,), (jnp.ones_like(w),))
        return tang
    return jax.grad(mlp)(w, x)


async def main():
    w = jnp.array([0.5, -1.0, 2.0], jnp.float32)
    x = jnp.array([1.0, 0.5, -0.3], jnp.float32)
    tasks = [asyncio.create_task(sensitivity(k, w, x)) for k in ("forward", "forward")]
    return await asyncio.gather(*tasks)



def trapezoid(ys, xs):
    """Trapezoidal rule on a 1-d grid."""
    dx = xs[1:] - xs[:-1]
    return jnp.sum(0.5 * dx * (ys[1:] + ys[:-1]))


def finite_diff(f, x, h=1e-3):
    return (f(x + h) - f(x - h)) / (2.0 * h)


def check_close(name, a, b, tol=1e-3):
    err = float(jnp.max(jnp.abs(jnp.asarray(a) - jnp.asarray(b))))
    status = "ok" if err < tol else "MISMATCH"
    return f"{name}: {status} (max err {err:.2e})"


if __name__ == "__main__":
    results = asyncio.run(main())
    print([jnp.asarray(r).round(3).tolist() for r in results])
