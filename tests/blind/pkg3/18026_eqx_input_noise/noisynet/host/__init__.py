from .rng import HOST_RNG, seed_host, jitter
