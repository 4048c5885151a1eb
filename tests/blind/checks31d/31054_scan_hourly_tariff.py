"""Hourly battery dispatch simulated with lax.scan; the tariff comes from the host."""
import jax
import jax.numpy as jnp
import numpy as np

TARIFF = np.array([0.10, 0.08, 0.12, 0.30, 0.25, 0.15], np.float32)


def tariff_at(hour):
    hour = int(np.asarray(hour))
    return np.float32(TARIFF[hour % TARIFF.size])


def simulate(charge0, demand):
    def hour_step(carry, inputs):
        charge, cost = carry
        hour, load = inputs
        price = jax.pure_callback(tariff_at, jax.ShapeDtypeStruct((), jnp.float32), hour,
                                  vectorized=False)
        discharge = jnp.where(price > 0.2, jnp.minimum(charge, load), 0.0)
        charge = charge - discharge
        cost = cost + price * (load - discharge)
        return (charge, cost), price

    hours = jnp.arange(demand.shape[0])
    (charge, cost), prices = jax.lax.scan(hour_step, (charge0, 0.0), (hours, demand))
    return cost, prices


if __name__ == "__main__":
    print(jax.jit(simulate)(jnp.float32(2.0), jnp.ones(6, jnp.float32)))
