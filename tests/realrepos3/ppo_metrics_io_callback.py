"""A PPO-style training scan: value_and_grad with aux inside nested scans, the loss and aux
averaged into metrics logged through io_callback after the update, the jitted run vmapped over
seeds. Nothing differentiated reaches the callback, and JAX runs it."""
# Re-expressed from FLAIROx/JaxMARL baselines/IPPO/ippo_ff_mpe.py:260-349 (the minibatch update,
# the `{**metric, **loss_info, **r0}` metrics and `jax.vmap(train_jit)(rngs)`).
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def log(metric):
    print({k: float(v) for k, v in metric.items()})


def make_train(num_updates, epochs):
    def train(params, data):
        def update_step(params, unused):
            def update_epoch(params, unused):
                def update_minibatch(params, batch):
                    def loss_fn(p, b):
                        ratio = jnp.exp(p * b)
                        loss = jnp.mean((ratio - 1.0) ** 2)
                        return loss, (0.5 * loss, ratio)

                    total_loss, grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch)
                    params = params - 0.01 * grads
                    info = {"total_loss": total_loss[0], "critic": total_loss[1][0],
                            "ratio": total_loss[1][1]}
                    return params, info

                return jax.lax.scan(update_minibatch, params, data)

            params, loss_info = jax.lax.scan(update_epoch, params, None, epochs)
            r0 = {"ratio0": loss_info["ratio"][0, 0].mean()}
            loss_info = jax.tree.map(lambda x: x.mean(), loss_info)
            metric = {**loss_info, **r0}
            io_callback(log, None, metric)
            return params, metric

        return jax.lax.scan(update_step, params, None, num_updates)

    return train


train_jit = jax.jit(make_train(2, 2))
out = jax.vmap(train_jit, in_axes=(0, None))(jnp.array([0.1, 0.2], jnp.float32),
                                             jnp.ones((3, 4), jnp.float32))
jax.block_until_ready(out)
