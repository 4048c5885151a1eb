import jax.numpy as jnp

import ops


def policy_logits(params, obs):
    return jnp.tanh(obs @ params["w"]) + params["b"]


def act(params, obs):
    action = jnp.argmax(policy_logits(params, obs)).astype(jnp.int32)
    filled = ops.push_transition(obs, action)
    return action, filled
