# which argument of read_channel carries the per-channel axis:
# one bench gain for every channel, offsets differ per channel
CHANNEL_AXES = (None, 0)
N_CHANNELS = 4
