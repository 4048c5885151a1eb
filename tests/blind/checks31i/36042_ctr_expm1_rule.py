# %% [markdown]
# # A "fast" exp-minus-one with custom derivative, used in a tiny CTR model
# Trying out two variants of the rule; the config string picks one.

# %%
import numpy as np
import jax
import jax.numpy as jnp

VARIANT = "exact"

# %%
@jax.custom_jvp
def expm1_fast(x):
    return jnp.expm1(x)

def rule_exact(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.expm1(x)
    return y, (y + 1.0) * t

def rule_reuse(primals, tangents):
    (x,), (t,) = primals, tangents
    # reuse the scaled tangent: saves one exp
    scaled = jnp.exp(x) * t
    return scaled - t, scaled

def attach(variant):
    match variant:
        case "exact":
            expm1_fast.defjvp(rule_exact)
        case "reuse":
            expm1_fast.defjvp(rule_reuse)
        case _:
            raise KeyError(variant)

attach(VARIANT)

# %%
def ctr_loss(w, feats, clicks):
    rate = expm1_fast(feats @ w)
    return jnp.mean((rate - clicks) ** 2)

feats = jnp.array([[0.1, 0.2], [0.4, -0.1], [-0.2, 0.3]])
clicks = jnp.array([0.2, 0.5, 0.0])
w = jnp.array([0.3, 0.3])
print(ctr_loss(w, feats, clicks))

# %% the reuse variant, a quick forward-mode look
VARIANT = "reuse"
attach(VARIANT)
print(jax.jvp(expm1_fast, (0.5,), (1.0,)))

# %% directional derivatives of the loss, one jvp per direction
for d in (jnp.array([1.0, 0.0]), jnp.array([0.0, 1.0])):
    loss_val, directional = jax.jvp(lambda w: ctr_loss(w, feats, clicks), (w,), (d,))
    print(f"{loss_val=:.4f} directional={float(directional):.4f}")
