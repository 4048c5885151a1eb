# %% [markdown]
# Tiny logistic regression, watching the class probabilities from inside the
# jitted step with `jax.debug.callback`.

# %%
import time
import numpy as np
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
kx, kw = jax.random.split(key)
X = jax.random.normal(kx, (32, 3))
true_w = jnp.array([1.5, -2.0, 0.5])
y = (X @ true_w > 0).astype(jnp.float32)

# %%
history = []

def report_plain(step, logits):
    step = int(np.asarray(step))
    logits = np.asarray(logits)
    p = 1.0 / (1.0 + np.exp(-logits))
    history.append((step, float(p.mean())))
    if step % 5 == 0:
        print(f"step {step:3d}  mean p={p.mean():.3f}")

def report_with_softmax(step, logits):
    step = int(np.asarray(step))
    logits = np.asarray(logits)
    two_class = np.stack([np.zeros_like(logits), logits], axis=-1)
    p = np.asarray(jax.nn.softmax(two_class, axis=-1))[:, 1]
    history.append((step, float(p.mean())))
    if step % 5 == 0:
        print(f"step {step:3d}  mean p={p.mean():.3f} (softmax)")

show = report_with_softmax

# %%
# the softmax version was only for the multi-class notebook; keep it plain here
show = report_plain

# %%
def loss_fn(w, X, y):
    logits = X @ w
    return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits), logits

@jax.jit
def train_step(w, step, lr):
    (loss, logits), g = jax.value_and_grad(loss_fn, has_aux=True)(w, X, y)
    jax.debug.callback(lambda s, l: show(s, l), step, logits)
    return w - lr * g, loss

# %%
w = jnp.zeros(3)
t0 = time.perf_counter()
for step in range(20):
    w, loss = train_step(w, step, 0.5)
print(f"loss {float(loss):.4f}  in {time.perf_counter() - t0:.2f}s", w)

# %% [markdown]
# Same experiment with a smaller learning rate.

# %%
w = jnp.zeros(3)
for step in range(10):
    w, loss = train_step(w, step, 0.1)
print(len(history), history[-1])

# %%
try:
    import matplotlib.pyplot as plt
    plt.plot([h[1] for h in history])
except ImportError:
    print("no matplotlib")
