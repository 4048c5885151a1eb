# Models a small MLP regression app where a telemetry mixin records hidden activations with io_callback inside the forward pass, trained with optax.
import jax
import jax.numpy as jnp

from netlib import TinyMLP, train


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    xs = jnp.linspace(-1.0, 1.0, 12).reshape(6, 2)
    ys = jnp.sin(xs.sum(axis=1, keepdims=True))
    net = TinyMLP(in_dim=2, hidden=4)
    params = net.init(key)
    params, last = train(net, params, xs, ys, num_steps=3)
    print("last loss", last)
