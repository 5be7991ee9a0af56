"""The referee works installed from a wheel (not editable), run from another directory: the models
and the demo recording come with the package, enrolled decks go to the user's data folder.

The wheel is built offline: without build isolation where this interpreter has what the build
backend needs, else from the package index pip is configured with; where neither can build it,
the test is skipped. The fresh venv borrows this interpreter's numpy, OpenCV and onnxruntime (a
.pth file naming their folders) so nothing is downloaded.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# What the wheel is built from, copied so the build leaves nothing (build/, *.egg-info) in the checkout.
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "referee", "models", "fixtures")
DATA_PACKAGES = {"referee.models": "models", "referee.demo_recording": "fixtures/demo"}
BORROWED = ("numpy", "cv2", "onnxruntime")
# Messages of a pip that cannot get the build backend (no index, no network): a skip, not a failure.
UNREACHABLE = ("Could not find a version that satisfies", "No matching distribution", "Failed to establish",
               "Network is unreachable", "Temporary failure in name resolution")

needs_a_wheel = pytest.mark.installed_package  # slow (a build and a venv): -m "not installed_package" leaves it out

# What the installed package reads, printed as JSON by a `python -c` run from a temporary folder.
PROBE = """
import argparse, json
import referee
from referee.live.demo import demo_dir, load_manifest
from referee.vision.deck_files import deck_folder
from referee.vision.recognizer import CLASSIFIER_FILE, DETECTOR_FILE, CardRecognizer, default_models_dir
models = default_models_dir()
recognizer = CardRecognizer(threads=1)
demo = demo_dir(argparse.Namespace(demo_dir=None))
manifest = load_manifest(demo)
print(json.dumps({"package": referee.__file__, "models": str(models),
                  "detector": str(recognizer.detector.model.path),
                  "classifier": str(recognizer.classifier.model.path),
                  "files": sorted(p.name for p in models.iterdir()),
                  "demo": str(demo), "video": str(demo / manifest["video"]), "players": manifest["players"],
                  "deck": str(deck_folder("home"))}))
"""


def _setuptools_builds_here() -> bool:
    """Whether this interpreter can build the wheel itself: setuptools as pyproject.toml asks, and
    bdist_wheel (in setuptools from 70.1, else the wheel package)."""
    try:
        version = tuple(int(p) for p in importlib.metadata.version("setuptools").split(".")[:2])
    except importlib.metadata.PackageNotFoundError:
        return False
    return version >= (68, 0) and (version >= (70, 1) or importlib.util.find_spec("wheel") is not None)


def _run(args: list, cwd: Path, env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def _copy_sources(to: Path) -> Path:
    skip = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "decks")
    to.mkdir()
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, to / name, ignore=skip)
        else:
            shutil.copy2(REPO / name, to / name)
    return to


def _build_wheel(source: Path, out: Path) -> Path:
    isolation = [] if _setuptools_builds_here() else ["--retries", "0", "--timeout", "15"]
    no_isolation = ["--no-build-isolation"] if not isolation else []
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", *no_isolation, *isolation,
                  "--wheel-dir", out, source], cwd=out, timeout=180)
    if built.returncode != 0:
        if isolation and any(m in built.stderr for m in UNREACHABLE):
            pytest.skip("no offline build of the wheel: the build backend is not installed and no index has it")
        pytest.fail(f"pip wheel failed:\n{built.stderr[-3000:]}")
    (wheel,) = out.glob("daifugo_referee-*.whl")
    return wheel


def _fresh_env(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "REFEREE_MODELS", "VIRTUAL_ENV")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"))
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path, Path]:
    """(the wheel, the fresh venv's bin folder, a folder outside the repository to run in)."""
    root = tmp_path_factory.mktemp("installed")
    (root / "wheel").mkdir()
    wheel = _build_wheel(_copy_sources(root / "source"), root / "wheel")
    venv = root / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=root)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    site = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=root).stdout.strip())
    borrowed = sorted({str(Path(importlib.util.find_spec(name).origin).parents[1]) for name in BORROWED})
    (site / "borrowed-dependencies.pth").write_text("\n".join(borrowed) + "\n", encoding="utf-8")
    put = _run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", "--no-index",
                wheel], cwd=root)
    assert put.returncode == 0, put.stderr
    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    return wheel, venv / "bin", elsewhere


@needs_a_wheel
def test_the_wheel_holds_the_run_time_data_and_not_the_checkpoints(installed):
    wheel, _, _ = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("detector.onnx", "classifier.onnx", "back_verifier.onnx", "joker_reader.onnx",
                 "symbol_joker_reader.onnx", "twin_reader.onnx", "dark_reader.onnx", "classifier_head.npz", "MODEL_CARD.md"):
        assert f"referee/models/{name}" in names
    for name in ("demo.json", "profit-demo.json", "profit-demo.mp4"):
        assert f"referee/demo_recording/{name}" in names
    assert "referee/board/page.html" in names          # the scoreboard's page (referee watch --board)
    assert not [n for n in names if n.endswith(".pt") or "checkpoints" in n]


@needs_a_wheel
def test_referee_help_runs_from_another_folder(installed):
    _, bin_dir, elsewhere = installed
    shown = _run([bin_dir / "referee", "--help"], cwd=elsewhere, env=_fresh_env(elsewhere / "home"))
    assert shown.returncode == 0, shown.stderr
    assert "demo" in shown.stdout and "watch" in shown.stdout


@needs_a_wheel
def test_the_installed_package_finds_its_models_and_demo(installed):
    _, bin_dir, elsewhere = installed
    home = elsewhere / "home"
    probed = _run([bin_dir / "python", "-c", PROBE], cwd=elsewhere, env=_fresh_env(home))
    assert probed.returncode == 0, probed.stderr
    found = json.loads(probed.stdout.strip().splitlines()[-1])
    venv = bin_dir.parent
    package = Path(found["package"]).parent
    assert package.is_relative_to(venv) and not package.is_relative_to(REPO), found
    models = Path(found["models"])
    assert models == package / "models"
    assert Path(found["detector"]).parent == models and Path(found["classifier"]).parent == models
    assert {"detector.onnx", "classifier.onnx", "classifier_head.npz"} <= set(found["files"])
    assert "checkpoints" not in found["files"]
    assert Path(found["demo"]) == package / "demo_recording" and Path(found["video"]).is_file()
    assert len(found["players"]) >= 3
    assert Path(found["deck"]) == home / "data" / "daifugo-referee" / "decks" / "home"


@pytest.mark.parametrize("package", sorted(DATA_PACKAGES))
def test_each_data_package_maps_its_top_level_folder(package):
    setuptools = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert setuptools["package-dir"][package] == DATA_PACKAGES[package]
    assert (REPO / DATA_PACKAGES[package] / "__init__.py").is_file()


def test_the_listed_packages_are_the_code_folders():
    """pyproject.toml lists the packages (the data packages need that): a new code folder must be
    listed too, or the wheel goes without it."""
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    code = {".".join(folder.relative_to(REPO).parts) for folder in (REPO / "referee").rglob("*")
            if folder.is_dir() and any(folder.glob("*.py"))}
    assert listed - set(DATA_PACKAGES) == code | {"referee"}
