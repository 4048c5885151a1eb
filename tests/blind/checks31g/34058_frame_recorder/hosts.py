import numpy as np


class FrameRecorder:
    def __init__(self):
        self.frames: list[np.ndarray] = []
        self.steps: list[int] = []

    def record(self, *, frame, step):
        self.frames.append(np.asarray(frame).copy())
        self.steps.append(int(np.asarray(step)))
        return np.float32(np.asarray(frame).mean())


RECORDER = FrameRecorder()
