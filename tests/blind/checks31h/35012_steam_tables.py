# %% [markdown]
# Rankine cycle scratchpad. Saturation pressure comes from a tabulated
# (host-side) correlation; everything else is JAX so we can differentiate
# the cycle efficiency later.

# %%
import numpy as np
import jax
import jax.numpy as jnp

CB_STYLE = "modern"

# Antoine coefficients for water, T in C, p in mmHg
ANTOINE = {"low": (8.07131, 1730.63, 233.426), "high": (8.14019, 1810.94, 244.485)}

# %%
def p_sat_host(t_c):
    t = np.asarray(t_c, dtype=np.float64)
    a, b, c = np.where(t[..., None] < 100.0, ANTOINE["low"], ANTOINE["high"]).T if t.ndim else (
        ANTOINE["low"] if t < 100.0 else ANTOINE["high"])
    mmhg = 10.0 ** (a - b / (c + t))
    return (mmhg * 133.322).astype(np.float32)

def callback_kwargs(style):
    match style:
        case "legacy":
            return dict(vectorized=True)
        case "modern" | "default":
            return dict(vmap_method="broadcast_all")
        case _:
            return {}

def p_sat(t_c):
    return jax.pure_callback(p_sat_host, jax.ShapeDtypeStruct(jnp.shape(t_c), jnp.float32),
                             t_c, **callback_kwargs(CB_STYLE))

# %%
print(p_sat(jnp.float32(25.0)), p_sat(jnp.float32(150.0)))

# %%
def pump_work(p_lo, p_hi, v_liquid=1.0e-3):
    return v_liquid * (p_hi - p_lo)

def cycle_summary(t_cond, t_boil):
    p_lo = p_sat(t_cond)
    p_hi = p_sat(t_boil)
    carnot = 1.0 - (t_cond + 273.15) / (t_boil + 273.15)
    return {"p_lo": p_lo, "p_hi": p_hi, "w_pump": pump_work(p_lo, p_hi), "carnot": carnot}

print(jax.jit(cycle_summary)(jnp.float32(40.0), jnp.float32(180.0)))

# %%
sweep = jax.vmap(cycle_summary, in_axes=(None, 0))(jnp.float32(40.0), jnp.linspace(120.0, 220.0, 4))
print(sweep["carnot"])

# %% [markdown]
# Cross-check one design point against the numbers from the old (legacy)
# notebook, which used the old callback keyword.

# %%
CB_STYLE = "legacy"
design = jax.jit(cycle_summary)(jnp.float32(45.0), jnp.float32(200.0))
print({k: float(v) for k, v in design.items()})
