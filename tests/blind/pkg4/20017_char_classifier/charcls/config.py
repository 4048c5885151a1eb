CFG = {"lr": 0.3, "diff_arg": "variables"}
ARG_INDEX = {"inputs": 0, "variables": 1}
