# ---
# jupyter:
#   jupytext:
#     text_representation:
#       format_name: percent
# ---

# %% [markdown]
# # Particle sweep: tracing intermediate states
# Exploring a tiny Langevin integrator and writing states to a trace as we go.

# %%
import time
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

try:
    get_ipython().run_line_magic("matplotlib", "inline")
except NameError:
    pass

jax.config.update("jax_enable_x64", False)

# %%
TRACE = []
opts = {"dt": 0.05, "gamma": 0.3, "keep_order": False}

def _append_state(step, pos):
    TRACE.append((int(np.asarray(step)), np.asarray(pos).copy()))
    return np.int32(len(TRACE))

def record(step, pos):
    return io_callback(_append_state, jax.ShapeDtypeStruct((), jnp.int32), step, pos,
                       ordered=opts["keep_order"])

# %%
def integrate(x0, n=4):
    def body(carry, i):
        x, v = carry
        v = v - opts["dt"] * (x + opts["gamma"] * v)
        x = x + opts["dt"] * v
        record(i, x)
        return (x, v), x
    (_, _), xs = jax.lax.scan(body, (x0, jnp.zeros_like(x0)), jnp.arange(n))
    return xs

xs = integrate(jnp.float32(1.0))
print("single particle:", xs[-1], "trace length", len(TRACE))

# %% [markdown]
# The trace came out interleaved in the last run; force ordering for the sweep below.

# %%
opts["keep_order"] = True
TRACE.clear()

# %%
starts = jnp.linspace(-1.0, 1.0, 5)
t0 = time.perf_counter()
sweep = jax.vmap(integrate)(starts)
print(f"sweep took {time.perf_counter() - t0:.3f}s", sweep.shape)

# %%
try:
    import matplotlib.pyplot as plt
    plt.plot(np.asarray(sweep).T)
except ImportError:
    print("no matplotlib; final positions", np.asarray(sweep[:, -1]))
