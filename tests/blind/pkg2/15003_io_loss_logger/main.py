import jax
import jax.numpy as jnp
import optax

from nets import init_mlp, mlp
from tracking import record_scalar, HISTORY


def loss_fn(params, xb, yb):
    pred = mlp(params, xb)
    mse = jnp.mean((pred - yb) ** 2)
    return record_scalar(mse)


def main():
    key = jax.random.PRNGKey(0)
    params = init_mlp(key, [2, 16, 1])
    xb = jax.random.normal(key, (8, 2))
    yb = jnp.sin(xb[:, :1])
    opt = optax.adam(1e-2)
    state = opt.init(params)

    @jax.jit
    def train_step(params, state):
        loss, grads = jax.value_and_grad(loss_fn)(params, xb, yb)
        updates, state = opt.update(grads, state)
        return optax.apply_updates(params, updates), state, loss

    for _ in range(3):
        params, state, loss = train_step(params, state)
    print(HISTORY)


if __name__ == "__main__":
    main()
