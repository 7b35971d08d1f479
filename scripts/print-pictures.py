#!/usr/bin/env python3
"""Pictures of a print book for the README: pages of a PDF rendered by
poppler's pdftoppm, side by side on a grey ground, each with its trim marked.

    python3 scripts/print-pictures.py BOOK.pdf OUT.png --pages 1,2,27,28,-1 [--dpi 60]
"""
import argparse
import os
import subprocess
import tempfile

from PIL import Image, ImageDraw


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdf")
    parser.add_argument("out")
    parser.add_argument("--pages", default="1,2,3,4,-1", help="page numbers, -1 for the last")
    parser.add_argument("--dpi", type=int, default=60)
    args = parser.parse_args()
    info = subprocess.run(["pdfinfo", args.pdf], capture_output=True, text=True, check=True).stdout
    count = int(next(l.split()[-1] for l in info.splitlines() if l.startswith("Pages:")))
    pages = [count + 1 + int(p) if int(p) < 0 else int(p) for p in args.pages.split(",")]
    images = []
    with tempfile.TemporaryDirectory() as tmp:
        for page in pages:
            stem = os.path.join(tmp, f"p{page}")
            subprocess.run(["pdftoppm", "-r", str(args.dpi), "-f", str(page), "-l", str(page), "-singlefile",
                            "-png", args.pdf, stem], check=True)
            images.append(Image.open(stem + ".png").convert("RGB"))
    gap = 16
    width = sum(i.width for i in images) + gap * (len(images) + 1)
    height = max(i.height for i in images) + 2 * gap
    sheet = Image.new("RGB", (width, height), (120, 120, 124))
    draw = ImageDraw.Draw(sheet)
    x = gap
    # 3 mm of bleed on each side, at this resolution.
    bleed = round(3 / 25.4 * args.dpi)
    for image in images:
        sheet.paste(image, (x, gap))
        draw.rectangle((x + bleed, gap + bleed, x + image.width - bleed - 1, gap + image.height - bleed - 1),
                       outline=(0, 170, 255))
        x += image.width + gap
    sheet.save(args.out, optimize=True)


if __name__ == "__main__":
    main()
