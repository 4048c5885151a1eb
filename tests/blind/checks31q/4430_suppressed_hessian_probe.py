"""Curvature diagnostics for a potential; failures of the diagnostic are suppressed, not fatal."""
import contextlib
import jax
import jax.numpy as jnp


@jax.custom_jvp
def quartic(x):
    return 0.25 * x ** 4


def _quartic_jvp(primals_and_tangents):
    (x,), (dx,) = primals_and_tangents
    return quartic(x), x ** 3 * dx


quartic.defjvp(_quartic_jvp)


def potential(r):
    return jnp.sum(quartic(r) - r ** 2)


def diagnostics(r):
    report = {"value": float(potential(r))}
    with contextlib.suppress(ValueError, ZeroDivisionError):
        report["curvature"] = jax.hessian(potential)(r)
    return report


if __name__ == "__main__":
    r = jnp.array([0.5, 1.5])
    print(diagnostics(r))
