from audio.filters.fir import smooth
