"""GRU-like RNN with scheduled sampling; the host decides, per time step index, whether to teacher-force."""
import jax
import jax.numpy as jnp
import numpy as np
import optax

_rng = np.random.default_rng(123)
SCHEDULE = (_rng.uniform(size=64) < 0.5).astype(np.bool_)


def _force(t):
    return SCHEDULE[int(t)]


def step_fn(params, carry, inputs):
    h, prev_out = carry
    t, x_t, y_prev = inputs
    use_truth = jax.pure_callback(_force, jax.ShapeDtypeStruct((), jnp.bool_), t)
    inp = jnp.where(use_truth, y_prev, prev_out)
    z = jax.nn.sigmoid(params["Wz"] @ jnp.concatenate([x_t, inp, h]))
    h_tilde = jnp.tanh(params["Wh"] @ jnp.concatenate([x_t, inp, h]))
    h = (1 - z) * h + z * h_tilde
    out = params["Wo"] @ h
    return (h, out), out


def seq_loss(params, xs, ys):
    T = xs.shape[0]
    ts = jnp.arange(T)
    y_prev = jnp.concatenate([jnp.zeros((1, ys.shape[1])), ys[:-1]])
    h0 = jnp.zeros(params["Wh"].shape[0])
    _, outs = jax.lax.scan(lambda c, i: step_fn(params, c, i), (h0, jnp.zeros(ys.shape[1])),
                           (ts, xs, y_prev))
    return jnp.mean((outs - ys) ** 2)


H, D, O = 4, 2, 1
ks = jax.random.split(jax.random.PRNGKey(0), 3)
params = {"Wz": 0.2 * jax.random.normal(ks[0], (H, D + O + H)),
          "Wh": 0.2 * jax.random.normal(ks[1], (H, D + O + H)),
          "Wo": 0.2 * jax.random.normal(ks[2], (O, H))}
xs = jnp.sin(jnp.linspace(0, 3, 10))[:, None] * jnp.ones((10, D))
ys = jnp.cos(jnp.linspace(0, 3, 10))[:, None]
opt = optax.rmsprop(1e-2)
st = opt.init(params)
for i in range(3):
    l, g = jax.jit(jax.value_and_grad(seq_loss))(params, xs, ys)
    u, st = opt.update(g, st)
    params = optax.apply_updates(params, u)
    print(i, float(l))
