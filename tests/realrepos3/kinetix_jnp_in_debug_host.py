"""A jax.debug.callback whose host function computes its logging statistics with jnp: JAX runs it
(JAX code in a host function can deadlock now and then, which is what JAX011 warns of)."""
# Re-expressed from FLAIROx/Kinetix experiments/ppo.py:381-434 (`callback` divides by
# `jnp.maximum(1, dones.sum())`) and experiments/plr.py:261-285 (`log_eval`: `jnp.mean`,
# `jnp.isnan` on the losses), both given to `jax.debug.callback` inside the jitted training step.
import jax
import jax.numpy as jnp


def callback(metric, raw_info):
    dones = raw_info["returned_episode"]
    to_log = {
        "episode_return": (raw_info["returned_episode_returns"] * dones).sum()
        / jnp.maximum(1, dones.sum()),  # EXPECT: JAX011
        "loss": jnp.mean(metric),  # EXPECT: JAX011
    }
    print({k: float(v) for k, v in to_log.items()})


@jax.jit
def update(params, batch):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((p * batch) ** 2))(params)
    info = {"returned_episode": batch > 0.5, "returned_episode_returns": batch}
    jax.debug.callback(callback, loss, info)
    return params - 0.1 * grads


print(update(jnp.float32(1.0), jnp.linspace(0.0, 1.0, 8)))
