import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

seen_steps: list[int] = []


def _mark(step):
    seen_steps.append(int(step))
    return np.int32(step)


def schedule(step, base_lr):
    step = io_callback(_mark, jax.ShapeDtypeStruct((), jnp.int32), step)
    warm = jnp.minimum(1.0, (step + 1) / 4.0)
    return base_lr * warm


def main():
    lr = jnp.float32(0.1)
    for s in range(3):
        val, d = jax.jvp(lambda b: schedule(jnp.int32(s), b), (lr,), (jnp.float32(1.0),))
        print(f"step {s}: lr={float(val):.4f} dlr/dbase={float(d):.3f}")
    print(jax.grad(schedule, argnums=1)(jnp.int32(5), lr))
    print(seen_steps)


if __name__ == "__main__":
    main()
