"""A checkpointed block scanned over layers asks the host for a norm of stop_gradient'ed activations: grad runs."""
import jax, jax.numpy as jnp, numpy as np

def host_norm(h):
    return (h / (np.linalg.norm(h) + 1e-6)).astype(np.float32)

@jax.checkpoint
def block(h, w):
    h = jnp.tanh(h @ w)
    scale = jax.pure_callback(lambda v: np.float32(np.linalg.norm(v)), jax.ShapeDtypeStruct((), jnp.float32),
                              jax.lax.stop_gradient(h))
    return h / (1.0 + scale)

def forward(ws, x):
    def body(h, w):
        return block(h, w), None
    h, _ = jax.lax.scan(body, x, ws)
    return jnp.sum(h)

print(jax.grad(forward)(jnp.ones((3, 2, 2)), jnp.ones(2)))
