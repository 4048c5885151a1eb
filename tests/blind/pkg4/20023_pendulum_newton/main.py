# Models a pendulum-calibration app: scipy elliptic integrals (host/special.py) behind a custom_jvp (diff/rules.py) whose rule calls the callbacks on primals; the optimiser takes Newton steps with jax.hessian.
import jax.numpy as jnp

from pendulum import newton_fit


if __name__ == "__main__":
    measured_period = jnp.float32(2.3)
    amp = newton_fit(measured_period, length=1.2, amp0=0.6, iters=2)
    print("amplitude", amp)
