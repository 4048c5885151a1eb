# Models: an image-deblurring reconstruction where the blur operator is a custom_vjp function (hand-written adjoint for memory); the script builds the adjoint operator with jax.linear_transpose for a CG-style normal-equation solve.
import jax
import jax.numpy as jnp
import optax

KERNEL = jnp.array([0.25, 0.5, 0.25])


def _conv_same(signal, kernel):
    return jnp.convolve(signal, kernel, mode="same")


@jax.custom_vjp
def blur(img):
    return jax.vmap(_conv_same, in_axes=(0, None))(img, KERNEL)


def blur_fwd(img):
    return blur(img), None


def blur_bwd(_, ct):
    # symmetric kernel: adjoint == same convolution
    return (jax.vmap(_conv_same, in_axes=(0, None))(ct, KERNEL[::-1]),)


blur.defvjp(blur_fwd, blur_bwd)


def data_term(img, observed):
    return 0.5 * jnp.sum((blur(img) - observed) ** 2)


def tv_term(img, eps=1e-3):
    dx = jnp.diff(img, axis=1)
    dy = jnp.diff(img, axis=0)
    return jnp.sum(jnp.sqrt(dx ** 2 + eps)) + jnp.sum(jnp.sqrt(dy ** 2 + eps))


def reconstruct_gd(observed, lam=0.01, steps=20):
    img = jnp.zeros_like(observed)
    opt = optax.adam(0.1)
    st = opt.init(img)
    loss = lambda im: data_term(im, observed) + lam * tv_term(im)
    step = jax.jit(jax.value_and_grad(loss))
    for _ in range(steps):
        val, g = step(img)
        upd, st = opt.update(g, st)
        img = optax.apply_updates(img, upd)
    return img, val


def normal_operator(shape):
    example = jnp.zeros(shape, jnp.float32)
    adjoint = jax.linear_transpose(blur, example)

    def apply(v):
        (back,) = adjoint(blur(v))
        return back + 1e-2 * v

    return apply


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    truth = (jax.random.uniform(key, (6, 8)) > 0.6).astype(jnp.float32)
    observed = blur(truth)
    img, val = reconstruct_gd(observed)
    print("gd objective", float(val))
    A = normal_operator(observed.shape)
    b = A(observed)
    sol, _ = jax.scipy.sparse.linalg.cg(A, b, maxiter=10)
    print("cg residual", float(jnp.linalg.norm(A(sol) - b)))
