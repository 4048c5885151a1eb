from jax import lax


def explicit_euler(rhs, y0, t_end, n_steps, args):
    dt = t_end / n_steps

    def body(i, y):
        return y + dt * rhs(i * dt, y, args)

    return lax.fori_loop(0, n_steps, body, y0)
