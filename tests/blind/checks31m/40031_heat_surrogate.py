"""Heat-equation surrogate with smoothed absolute value; subclasses tweak the derivative rule."""
import numpy as np
import jax
import jax.numpy as jnp


class SmoothAbs:
    def __init__(self, eps=1e-3):
        self.eps = eps
        f = jax.custom_jvp(self.value)
        f.defjvp(self.rule)
        self.f = f

    def value(self, x):
        return jnp.sqrt(x ** 2 + self.eps)

    def rule(self, primals, tangents):
        (x,), (t,) = primals, tangents
        y = self.value(x)
        return y, x / y * t


class DampedAbs(SmoothAbs):
    damping = 0.1

    def rule(self, primals, tangents):
        y, dy = super().rule(primals, tangents)
        return y - self.damping * dy, dy


class ShrunkAbs(SmoothAbs):
    damping = 0.1

    def rule(self, primals, tangents):
        y, dy = super().rule(primals, tangents)
        return y, dy - self.damping * dy


def laplacian(u, dx):
    return (jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)) / dx ** 2


def simulate(kappa, u0, nonlin, dt=1e-4, steps=50):
    dx = 1.0 / u0.shape[0]

    def step(u, _):
        return u + dt * (kappa * laplacian(u, dx) - 0.5 * nonlin.f(u)), None
    u, _ = jax.lax.scan(step, u0, None, length=steps)
    return u


def calibrate(nonlin, u0, observed, iters=8):
    kappa = jnp.float32(0.5)
    loss = lambda k: jnp.mean((simulate(k, u0, nonlin) - observed) ** 2)
    for _ in range(iters):
        kappa = kappa - 50.0 * jax.grad(loss)(kappa)
    return kappa, loss(kappa)


if __name__ == "__main__":
    x = jnp.linspace(0, 1, 32, endpoint=False)
    u0 = jnp.sin(2 * jnp.pi * x)
    observed = simulate(1.0, u0, SmoothAbs())
    nonlin = ShrunkAbs()
    kappa, final = calibrate(nonlin, u0, observed)
    print(type(nonlin).__name__, "kappa", float(kappa), "misfit", float(final))
