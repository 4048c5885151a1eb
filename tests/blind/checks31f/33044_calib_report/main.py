import jax
import jax.numpy as jnp

from calib import expected_calibration_error, init_params, logits_fn


@jax.jit
def evaluate(params, x, y):
    logits = logits_fn(params, x)
    acc = jnp.mean(jnp.argmax(logits, -1) == y)
    return acc, expected_calibration_error(logits, y, temperature=1.5)


if __name__ == "__main__":
    key = jax.random.key(1)
    params = init_params(key)
    x = jax.random.normal(jax.random.key(2), (12, 4))
    y = jnp.arange(12) % 3
    acc, ece = evaluate(params, x, y)
    print(f"acc={float(acc):.3f} ece={float(ece):.3f}")
