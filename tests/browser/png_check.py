"""Is a screenshot blank? Decodes a PNG (8-bit RGB or RGBA, as Chromium writes them) with
zlib alone and counts its colours: a page or board that was drawn has many, a blank one few,
and no single colour covers nearly all of it."""
import struct
import zlib
from collections import Counter


def decode_png(data):
    """(width, height, rows): rows of (r, g, b) tuples."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):  # undo the scanline filter (PNG spec, section 9)
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return width, height, rows


def check_not_blank(data, name, min_colours=16, max_share=0.9):
    """Raises AssertionError when the picture has fewer than `min_colours` colours or one
    colour covers more than `max_share` of it."""
    width, height, rows = decode_png(data)
    counts = Counter(pixel for row in rows for pixel in row)
    most = counts.most_common(1)[0][1] / (width * height)
    if len(counts) < min_colours or most > max_share:
        raise AssertionError(f"{name} looks blank: {width}x{height}, {len(counts)} colours, "
                             f"the commonest covers {most:.0%}")
    return len(counts)
