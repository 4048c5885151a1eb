# Models a src-layout reaction-kinetics library that writes each trajectory to a host log from its training loop.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "src"))

import jax.numpy as jnp  # noqa: E402
import kinetics  # noqa: E402

times = jnp.linspace(0.0, 1.0, 6)
target = jnp.exp(-1.3 * times)

if __name__ == "__main__":
    rate = kinetics.train(jnp.float32(0.4), times, target, n_steps=3)
    print("rate", rate, "logged", len(kinetics.io.sink.RECORDS))
