#!/usr/bin/env python3
"""Colour-managed reference decodes for the colour tests, through Pillow's
ImageCms (lcms2): the embedded ICC profile to sRGB, relative colorimetric,
with black-point compensation (as photicase-render converts).

Usage: icc-reference.py OUTDIR FILE...
Same protocol as reference-decode.py: for the i-th FILE writes
OUTDIR/i.rgba (8-bit RGBA) and prints "i OK WIDTH HEIGHT", or "i ERR why".
Files without a profile are written as decoded.
"""
import io
import sys
import numpy as np
from PIL import Image, ImageCms


def to_rgba(path):
    im = Image.open(path)
    im.load()
    icc = im.info.get("icc_profile")
    if icc:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        srgb = ImageCms.createProfile("sRGB")
        im = ImageCms.profileToProfile(
            im, source, srgb,
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            outputMode="RGB",
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    return np.asarray(im.convert("RGBA"))


def main():
    out = sys.argv[1]
    for i, path in enumerate(sys.argv[2:]):
        try:
            a = to_rgba(path)
            a.tofile(f"{out}/{i}.rgba")
            print(i, "OK", a.shape[1], a.shape[0])
        except Exception as e:  # the test reports it against the file
            print(i, "ERR", str(e).replace("\n", " "))


main()
