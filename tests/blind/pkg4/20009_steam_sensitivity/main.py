# Models a steam-property app: a custom_vjp wraps a SciPy interpolation-table callback in another module; the sensitivity report uses jax.jacfwd.
import jax.numpy as jnp

from thermo.analysis import sensitivity_report


if __name__ == "__main__":
    temps = jnp.array([320.0, 350.0, 390.0])
    report = sensitivity_report(temps)
    for k, v in report.items():
        print(k, v)
