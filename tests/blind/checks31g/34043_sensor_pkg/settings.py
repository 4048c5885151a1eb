# which argument of read_channel carries the per-channel axis
CHANNEL_AXES = (0, None)
N_CHANNELS = 4
