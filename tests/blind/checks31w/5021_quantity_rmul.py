"""Physical quantities with units; multiplication goes through a rule that rescales gradients."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def unit_scale(value, factor):
    return value * factor


def _unit_scale_fwd(value, factor):
    return value * factor, (value, factor)


def _unit_scale_bwd(res, g):
    value, factor = res
    return (g * factor, jnp.sum(g * value))


unit_scale.defvjp(_unit_scale_fwd, _unit_scale_bwd)


@jax.custom_vjp
def unit_scale_left(factor, value):
    return factor * value


def _left_fwd(factor, value):
    return factor * value, (factor, value)


def _left_bwd(res, g):
    factor, value = res
    return (g * factor,)


unit_scale_left.defvjp(_left_fwd, _left_bwd)


class Quantity:
    def __init__(self, value, unit):
        self.value = value
        self.unit = unit

    def __mul__(self, other):
        return Quantity(unit_scale(self.value, other), self.unit)

    def __rmul__(self, other):
        return Quantity(unit_scale_left(other, self.value), self.unit)

    def __repr__(self):
        return f"Quantity({self.value}, {self.unit!r})"


def kinetic_energy(velocity):
    v = Quantity(velocity, "m/s")
    half_mv = 0.5 * v
    return jnp.sum(half_mv.value * velocity * 2.0)


if __name__ == "__main__":
    vel = jnp.array([1.0, 2.0, 3.0])
    print(kinetic_energy(vel))
    print(jax.grad(kinetic_energy)(vel))
