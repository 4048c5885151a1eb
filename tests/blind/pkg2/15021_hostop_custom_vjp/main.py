import jax
import jax.numpy as jnp
import physics as ph

drag = ph.CubicDrag()
clip = ph.SoftClip()


def final_speed(v0, n=20, dt=0.05):
    v = v0
    for _ in range(n):
        v = v + dt * drag(v)
    return jnp.sum(clip(v))


v0 = jnp.array([3.0, -1.0, 0.5])
print(final_speed(v0))
print(jax.grad(final_speed)(v0))
out, pullback = jax.vjp(lambda v: clip(drag(v)), v0)
print(pullback(jnp.ones_like(out)))
