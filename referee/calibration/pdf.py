"""A one-page PDF holding one greyscale image at a given paper size: enough to print the marker
sheet at true scale without a PDF library (the image is stored losslessly, Flate-compressed)."""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

POINTS_PER_MM = 72 / 25.4


def write_image_pdf(path: str | Path, grey: "np.ndarray", page_mm: tuple[float, float]) -> Path:
    """Write ``grey`` (H x W uint8) filling a page of ``page_mm`` (width, height) millimetres."""
    height, width = grey.shape
    page_w, page_h = (round(v * POINTS_PER_MM, 2) for v in page_mm)
    image_data = zlib.compress(grey.tobytes(), 9)
    content = f"q {page_w} 0 0 {page_h} 0 0 cm /Im0 Do Q".encode("ascii")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {page_w} {page_h}] "
         f"/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>").encode("ascii"),
        (f"<< /Type /XObject /Subtype /Image /Width {width} /Height {height} /ColorSpace /DeviceGray "
         f"/BitsPerComponent 8 /Filter /FlateDecode /Length {len(image_data)} >>\nstream\n").encode("ascii")
        + image_data + b"\nendstream",
        f"<< /Length {len(content)} >>\nstream\n".encode("ascii") + content + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode("ascii") + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode("ascii")
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode("ascii")
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode("ascii")
    path = Path(path)
    path.write_bytes(bytes(out))
    return path
