#!/usr/bin/env python3
"""Makes this folder's JPEG fixtures and libjpeg's answers for them (development time only).

Needs Pillow (pip install pillow) and libjpeg-turbo's cjpeg, jpegtran and djpeg
(apt-get install libjpeg-turbo-progs). Every picture is drawn here, from a fixed seed: the
fixtures are the project's own. For each NAME.jpg it writes NAME.s8.ppm (`djpeg -scale 1/8`)
and, for the small ones, NAME.full.ppm (`djpeg`), both with the accurate integer IDCT (-dct int).
"""
import os
import random
import subprocess
import tempfile

from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))


def draw(width, height, seed, detail):
    """A poster-like picture: a colour gradient, bold shapes, stripes and some noise."""
    rng = random.Random(seed)
    image = Image.new("RGB", (width, height))
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            pixels[x, y] = (
                int(255 * x / max(width - 1, 1)),
                int(255 * y / max(height - 1, 1)),
                int(128 + 100 * ((x + y) % 37) / 37),
            )
    canvas = ImageDraw.Draw(image)
    for _ in range(6 + detail):
        x0, y0 = rng.randrange(width), rng.randrange(height)
        size = rng.randrange(4, max(5, width // 2))
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        if rng.random() < 0.5:
            canvas.ellipse([x0, y0, x0 + size, y0 + size], fill=colour)
        else:
            canvas.rectangle([x0, y0, x0 + size, y0 + size // 2], fill=colour)
    for x in range(0, width, 7):
        canvas.line([x, height * 3 // 4, x + 3, height - 1], fill=(250, 250, 240), width=1)
    if detail:
        for y in range(height):
            for x in range(width):
                r, g, b = pixels[x, y]
                n = rng.randrange(-detail, detail + 1)
                pixels[x, y] = (
                    max(0, min(255, r + n)),
                    max(0, min(255, g + n)),
                    max(0, min(255, b - n)),
                )
    return image


def run(*command, stdin=None):
    return subprocess.run(command, check=True, capture_output=True, input=stdin).stdout


def cjpeg(source, name, *options):
    path = os.path.join(HERE, name + ".jpg")
    with open(path, "wb") as output:
        output.write(run("cjpeg", "-dct", "int", *options, source))
    return path


def jpegtran(path, name, *options):
    target = os.path.join(HERE, name + ".jpg")
    with open(target, "wb") as output:
        output.write(run("jpegtran", *options, path))
    return target


def answers(path, full):
    base = path[: -len(".jpg")]
    with open(base + ".s8.ppm", "wb") as output:
        output.write(run("djpeg", "-dct", "int", "-scale", "1/8", "-ppm", path))
    if full:
        with open(base + ".full.ppm", "wb") as output:
            output.write(run("djpeg", "-dct", "int", "-ppm", path))


def script(text):
    handle = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
    handle.write(text)
    handle.close()
    return handle.name


# libjpeg's default progressive script, but with the DC coded per component (as mozjpeg
# writes it) and in three passes (Al = 2, then two refinements), so that a decoder that drops
# a refinement scan is off by a whole quantizer step.
DC_PER_COMPONENT = script(
    """
0: 0 0 0 2; 1: 0 0 0 2; 2: 0 0 0 2;
0: 1 5 0 2; 2: 1 63 0 1; 1: 1 63 0 1; 0: 6 63 0 2;
0: 1 63 2 1; 0: 0 0 2 1; 1: 0 0 2 1; 2: 0 0 2 1;
0 1 2: 0 0 1 0;
2: 1 63 1 0; 1: 1 63 1 0; 0: 1 63 1 0;
"""
)

# A sequential file of one scan per component: three scans, each after its own optimised
# Huffman tables (DHT redefined between scans).
SCAN_PER_COMPONENT = script("0; 1; 2;\n")


def main():
    work = tempfile.mkdtemp()
    small = os.path.join(work, "small.ppm")
    draw(80, 64, 1, 12).save(small)
    odd = os.path.join(work, "odd.ppm")
    draw(37, 23, 2, 12).save(odd)

    made = [
        (cjpeg(small, "baseline-444", "-quality", "75", "-sample", "1x1"), True),
        (cjpeg(small, "baseline-422", "-quality", "75", "-sample", "2x1"), True),
        (cjpeg(small, "baseline-420", "-quality", "75", "-sample", "2x2"), True),
        (cjpeg(small, "baseline-440", "-quality", "75", "-sample", "1x2"), True),
        (cjpeg(small, "baseline-411", "-quality", "75", "-sample", "4x1"), True),
        (cjpeg(small, "grey", "-quality", "75", "-grayscale"), True),
        (cjpeg(small, "restarts", "-quality", "75", "-restart", "2B"), True),
        (cjpeg(odd, "odd-size-420", "-quality", "75"), True),
        (cjpeg(small, "progressive-420", "-quality", "30", "-progressive"), True),
        (cjpeg(small, "progressive-444", "-quality", "30", "-sample", "1x1", "-progressive"), True),
        (cjpeg(small, "grey-progressive", "-quality", "30", "-grayscale", "-progressive"), True),
    ]
    base = cjpeg(small, "scan-per-component", "-quality", "30", "-optimize", "-scans",
                 SCAN_PER_COMPONENT)
    made.append((base, True))
    sequential = os.path.join(work, "sequential.jpg")
    with open(sequential, "wb") as output:
        output.write(run("cjpeg", "-dct", "int", "-quality", "30", small))
    made.append((jpegtran(sequential, "progressive-dc-per-component", "-scans",
                          DC_PER_COMPONENT), True))
    made.append((jpegtran(sequential, "progressive-restarts", "-progressive", "-restart", "1"),
                 True))
    for path, full in made:
        answers(path, full)

    # A file cut short: the first 60 % of the baseline 4:2:0 fixture.
    with open(os.path.join(HERE, "baseline-420.jpg"), "rb") as source:
        data = source.read()
    with open(os.path.join(HERE, "truncated.jpg"), "wb") as output:
        output.write(data[: len(data) * 6 // 10])

    # One pixel: the bench takes djpeg's time on it off its other times (its process's cost).
    pixel = os.path.join(work, "pixel.ppm")
    draw(1, 1, 3, 0).save(pixel)
    cjpeg(pixel, "one-pixel", "-quality", "75")

    # Poster-sized files for the bench, as TMDB serves w154 and w342: baseline and progressive.
    for width, height in [(154, 231), (342, 513)]:
        poster = os.path.join(work, f"poster-{width}.ppm")
        draw(width, height, width, 14).save(poster)
        answers(cjpeg(poster, f"poster-{width}-baseline", "-quality", "85"), False)
        answers(cjpeg(poster, f"poster-{width}-progressive", "-quality", "85", "-progressive"),
                False)


if __name__ == "__main__":
    main()
