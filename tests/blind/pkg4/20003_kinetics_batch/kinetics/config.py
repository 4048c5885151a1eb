import os

SETTINGS = {
    "backend": os.environ.get("KINETICS_BACKEND", "scipy"),
    "t_end": 2.0,
    "n_steps": 40,
}
