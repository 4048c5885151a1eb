import jax

# params = (weight, (input_shift, output_bias))


@jax.custom_vjp
def affine(params, x):
    w, (shift, bias) = params
    return (x + shift) @ w + bias
