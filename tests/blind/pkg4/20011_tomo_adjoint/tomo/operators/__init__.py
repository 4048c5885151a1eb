from .radon import radon, N_PIX, N_RAYS
