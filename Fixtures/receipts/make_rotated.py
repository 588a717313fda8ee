#!/usr/bin/env python3
"""Make Fixtures/receipts/rotated: a synthetic receipt stored the way a phone held upright stores it, its pixels a
quarter turn counter-clockwise and an EXIF Orientation tag of 6 ("turn 90 degrees clockwise to view"). Leptonica
ignores the tag; the engines turn the image by it before reading (issue 35), so the receipt reads upright.

CI does not run this: the image is committed. To regenerate: python3 Fixtures/receipts/make_rotated.py
"""
import os

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "synthetic", "syn-02-us-diner.jpg")
TARGET = os.path.join(HERE, "rotated", "syn-02-us-diner-exif6.jpg")

image = Image.open(SOURCE)
exif = Image.Exif()
exif[0x0112] = 6
image.transpose(Image.Transpose.ROTATE_90).save(TARGET, quality=95, exif=exif.tobytes())
