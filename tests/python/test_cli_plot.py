"""`sss simulate --plot`: the command line draws its PNG histogram of water per seat and round
through matplotlib (SSS_PYTHON is this interpreter, which has it). tests/python/run.sh builds
`sss` and names it in SSS_BIN; without it (pytest run by hand) the test is skipped."""

import os
import subprocess
import sys

import pytest

SSS_BIN = os.environ.get("SSS_BIN")


@pytest.mark.skipif(not SSS_BIN, reason="SSS_BIN (the sss binary) is set by tests/python/run.sh")
def test_simulate_draws_the_histogram(tmp_path):
    image = pytest.importorskip("matplotlib.image")
    np = pytest.importorskip("numpy")
    png = tmp_path / "water.png"
    env = dict(os.environ, SSS_PYTHON=sys.executable)
    out = subprocess.run(
        [SSS_BIN, "simulate", "--preset", "classic", "--rounds", "400", "--seed", "5", "--plot", str(png)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "swing" in out.stdout  # the table is printed as well
    assert f"plot written to {png}" in out.stdout
    pixels = image.imread(str(png))
    assert pixels.shape[0] >= 300 and pixels.shape[1] >= 600, pixels.shape
    # A drawn chart: white background, dark axes and text, and the bars' colour.
    rgb = (pixels[..., :3] * 255).round().astype(np.uint8).reshape(-1, 3)
    colours = {tuple(c) for c in rgb[:: max(1, len(rgb) // 20000)]}
    assert len(colours) > 10
    assert (255, 255, 255) in colours
    blue = ((rgb[:, 2] > 150) & (rgb[:, 0] < 100)).sum()
    assert blue > 1000, "no bars drawn"
    # The same seed draws the same picture.
    again = tmp_path / "again.png"
    subprocess.run(
        [SSS_BIN, "simulate", "--preset", "classic", "--rounds", "400", "--seed", "5", "--plot", str(again)],
        capture_output=True,
        env=env,
        check=True,
    )
    assert np.array_equal(image.imread(str(again)), pixels)
