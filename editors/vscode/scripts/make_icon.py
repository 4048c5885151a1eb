"""Draws images/icon.png (128x128): a nabla, the gradient operator, in a rounded square.

Standard library only (zlib + struct write the PNG), so it runs anywhere the repository's Python
does; 4x4 supersampling smooths the edges. Run: python editors/vscode/scripts/make_icon.py
"""

import pathlib
import struct
import zlib

SIZE = 128
SAMPLES = 4
BACKGROUND_TOP = (24, 64, 128)
BACKGROUND_BOTTOM = (12, 32, 72)
FOREGROUND = (255, 196, 64)


def inside_rounded_square(x: float, y: float, radius: float = 22.0) -> bool:
    """Whether (x, y) lies in the icon's rounded square."""
    cx = min(max(x, radius), SIZE - radius)
    cy = min(max(y, radius), SIZE - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def inside_triangle(x: float, y: float, top: float, bottom: float, half_width: float) -> bool:
    """Whether (x, y) is in the downward triangle with a flat top from top to an apex at bottom."""
    if not top <= y <= bottom:
        return False
    reach = half_width * (bottom - y) / (bottom - top)
    return abs(x - SIZE / 2) <= reach


def inside_nabla(x: float, y: float) -> bool:
    """A nabla: an outer downward triangle minus an inner one, leaving a thick stroke."""
    outer = inside_triangle(x, y, 30, 104, 46)
    inner = inside_triangle(x, y, 43, 82, 27)
    return outer and not inner


def pixel(px: int, py: int) -> tuple[int, int, int, int]:
    """The supersampled colour of one pixel (RGBA)."""
    total = [0.0, 0.0, 0.0, 0.0]
    for sy in range(SAMPLES):
        for sx in range(SAMPLES):
            x = px + (sx + 0.5) / SAMPLES
            y = py + (sy + 0.5) / SAMPLES
            if not inside_rounded_square(x, y):
                continue
            t = y / SIZE
            colour = FOREGROUND if inside_nabla(x, y) else tuple(
                round(a + (b - a) * t) for a, b in zip(BACKGROUND_TOP, BACKGROUND_BOTTOM)
            )
            for i in range(3):
                total[i] += colour[i]
            total[3] += 255
    n = SAMPLES * SAMPLES
    covered = total[3] / 255
    if covered == 0:
        return (0, 0, 0, 0)
    return (
        round(total[0] / covered),
        round(total[1] / covered),
        round(total[2] / covered),
        round(total[3] / n),
    )


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An RGBA PNG file from raw rows."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def main() -> None:
    rows = [bytes(v for px in range(SIZE) for v in pixel(px, py)) for py in range(SIZE)]
    out = pathlib.Path(__file__).resolve().parent.parent / "images" / "icon.png"
    out.parent.mkdir(exist_ok=True)
    out.write_bytes(png(SIZE, SIZE, rows))
    print(out)


if __name__ == "__main__":
    main()
