import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback

_schedule_calls = []


def _host_warmup(step):
    _schedule_calls.append(int(step))
    return np.float32(min(1.0, (int(step) + 1) / 4.0))


def loss_fn(params, batch, step):
    # loss weight for the auxiliary term follows a host-side warmup schedule
    aux_w = io_callback(_host_warmup, jax.ShapeDtypeStruct((), jnp.float32), step)
    pred = batch["x"] @ params["w"] + params["b"]
    main = jnp.mean((pred - batch["y"]) ** 2)
    aux = jnp.sum(params["w"] ** 2)
    return main + aux_w * aux


tx = optax.adam(0.05)
params = {"w": jnp.ones((3,)), "b": jnp.array(0.0)}
state = tx.init(params)
batch = {"x": jnp.eye(3), "y": jnp.array([1.0, 2.0, 3.0])}
for step in range(4):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch, jnp.int32(step))
    updates, state = tx.update(grads, state)
    params = optax.apply_updates(params, updates)
    print(step, float(loss))
print(_schedule_calls)
