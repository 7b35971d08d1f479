#!/usr/bin/env python3
"""Reference PNG decodes for the conformance tests, through Pillow.

Usage: reference-decode.py [--to-srgb] OUTDIR FILE...
With --to-srgb, a file's embedded ICC profile is applied through Pillow's
ImageCms (lcms2): to sRGB, relative colorimetric, with black-point
compensation, as photicase-render converts; the colour tests' reference.
For the i-th FILE, writes OUTDIR/i.rgba (8-bit RGBA, straight alpha) and
prints "i OK WIDTH HEIGHT", or prints "i ERR message". 16-bit samples are
rounded to 8 bits as (v * 255 + 32767) // 65535 where Pillow exposes them;
where Pillow itself keeps only the high byte the tests allow +-1.
"""
import io
import sys
import numpy as np
from PIL import Image, ImageCms


def to_srgb(path):
    im = Image.open(path)
    im.load()
    icc = im.info.get("icc_profile")
    if icc:
        im = ImageCms.profileToProfile(
            im, ImageCms.ImageCmsProfile(io.BytesIO(icc)), ImageCms.createProfile("sRGB"),
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode="RGB",
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    return np.asarray(im.convert("RGBA"))


def to_rgba(path):
    im = Image.open(path)
    im.load()
    if im.mode in ("I;16", "I;16B", "I"):
        v = np.asarray(im).astype(np.uint32)
        g = ((v * 255 + 32767) // 65535).astype(np.uint8)
        alpha = np.full(g.shape, 255, np.uint8)
        t = im.info.get("transparency")
        if isinstance(t, int):
            alpha[v == t] = 0
        return np.dstack([g, g, g, alpha])
    t = im.info.get("transparency")
    depth = open(path, "rb").read(25)[24]
    if im.mode == "L" and isinstance(t, int) and depth < 8:
        # Pillow scales 1/2/4-bit samples to 8 bits but keeps the tRNS
        # value unscaled; compare on the same scale.
        key = t * 255 // ((1 << depth) - 1)
        g = np.asarray(im)
        alpha = np.where(g == key, 0, 255).astype(np.uint8)
        return np.dstack([g, g, g, alpha])
    if im.mode == "RGB" and isinstance(t, tuple) and max(t) > 255:
        # A 16-bit tRNS colour: Pillow kept only the high bytes of the
        # samples, so the match is made on those.
        rgb = np.asarray(im)
        key = np.array([c >> 8 for c in t], np.uint8)
        alpha = np.where((rgb == key).all(axis=2), 0, 255).astype(np.uint8)
        return np.dstack([rgb, alpha])
    return np.asarray(im.convert("RGBA"))


def main():
    args = sys.argv[1:]
    decode = to_rgba
    if args and args[0] == "--to-srgb":
        decode = to_srgb
        args = args[1:]
    out = args[0]
    for i, path in enumerate(args[1:]):
        try:
            a = decode(path)
            a.tofile(f"{out}/{i}.rgba")
            print(i, "OK", a.shape[1], a.shape[0])
        except Exception as e:  # the test reports it against the file
            print(i, "ERR", str(e).replace("\n", " "))


main()
