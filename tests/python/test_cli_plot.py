"""`sss simulate --plot`: the command line draws its PNG histogram of water per seat and round
through matplotlib (SSS_PYTHON is this interpreter, which has it). tests/python/run.sh builds
`sss` and names it in SSS_BIN; without it (pytest run by hand) the test is skipped."""

import importlib.util
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

import shisanshui as sss

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


def test_plot_compares_several_reports(tmp_path):
    """tools/plot_simulation.py with several reports: one outline each and their 99th percentiles
    of |water|, as docs/analytics.md draws rooms with 0, 2 and 4 jokers."""
    image = pytest.importorskip("matplotlib.image")
    script = Path(__file__).resolve().parents[2] / "tools" / "plot_simulation.py"
    paths = []
    for jokers in (0, 2):
        r = sss.simulate(sss.Rules("classic", jokers=jokers), 4, 300, 7)
        path = tmp_path / f"j{jokers}.json"
        path.write_text(r.to_json(), encoding="utf-8")
        paths.append(str(path))
    png = tmp_path / "rooms.png"
    out = subprocess.run([sys.executable, str(script), *paths, str(png)], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    pixels = image.imread(str(png))
    assert pixels.shape[0] >= 300 and pixels.shape[1] >= 600, pixels.shape
    # The quantile the dashed lines mark, against a count over the expanded histogram.
    spec = importlib.util.spec_from_file_location("plot_simulation", script)
    plot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plot)
    bins = json.loads(Path(paths[1]).read_text(encoding="utf-8"))["water"]["histogram"]
    values = sorted(abs(b["value"]) for b in bins for _ in range(b["count"]))
    assert plot.abs_quantile(bins, 0.99) == values[math.ceil(0.99 * len(values)) - 1]
    assert plot.label({"rules": {"jokers": 2, "jokers_in_specials": True}}) == "2 jokers, specials with jokers"
    # A file that is not a report: exit 2, named.
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    out = subprocess.run([sys.executable, str(script), paths[0], str(bad), str(png)], capture_output=True, text=True)
    assert out.returncode == 2 and "bad.json" in out.stderr
