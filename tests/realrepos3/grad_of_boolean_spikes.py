"""jax.grad of a layer applied to a boolean spike vector: JAX raises TypeError (grad requires
real- or complex-valued inputs), which the repository's test expects."""
# Re-expressed from chaobrain/brainstate brainstate/nn/_event_linear_test.py:49
# (`test_grad_bool`: `jax.grad(lambda x: fn(x).sum())(x)` inside `pytest.raises(TypeError)`).
import jax
import jax.numpy as jnp


class EventLinear:
    def __init__(self, n_in, n_out):
        self.weight = jnp.ones((n_in, n_out)) / n_in

    def __call__(self, spikes):
        return spikes.astype(self.weight.dtype) @ self.weight


fn = EventLinear(20, 30)
x = jax.random.uniform(jax.random.key(0), (20,)) < 0.3
print(jax.grad(lambda x: fn(x).sum())(x))  # EXPECT: JAX010
