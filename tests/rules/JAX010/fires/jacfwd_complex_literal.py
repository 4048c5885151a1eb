"""jacfwd of a function at a complex point: jacfwd wants real inputs unless holomorphic=True.

Re-expressed from jax-ml/jax tests/api_test.py (test_complex_input_jacfwd_raises_error,
test_jacfwd_of_complex_errors), which expect this TypeError; jax-lsp 54cd917 did not report it.
"""
import jax
import jax.numpy as jnp


def response(z):
    return jnp.sin(z) * jnp.exp(-z)


dresponse = jax.jacfwd(response)
print(dresponse(0.5))
print(dresponse(1 + 2j))  # EXPECT: JAX010
