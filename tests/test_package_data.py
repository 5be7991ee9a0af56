"""Where the referee finds its models and demo recording (package data) and keeps enrolled decks
(the user's data folder, or the models folder given)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import referee.vision.deck_files as deck_module
from referee.live.demo import MANIFEST, demo_dir
from referee.data.locations import DEMO_PACKAGE, MODELS_PACKAGE, package_folder, user_data_folder
from referee.vision.deck import DeckIndex
from referee.vision.deck_files import DECK_FILE, deck_folder, saved_deck_folder
from referee.vision.recognizer import CLASSIFIER_FILE, DETECTOR_FILE, default_models_dir

REPO = Path(__file__).resolve().parents[1]


def test_the_data_packages_are_the_checkouts_folders():
    assert package_folder(MODELS_PACKAGE) == REPO / "models"
    assert package_folder(DEMO_PACKAGE) == REPO / "fixtures" / "demo"
    assert (package_folder(MODELS_PACKAGE) / DETECTOR_FILE).is_file()
    assert (package_folder(MODELS_PACKAGE) / CLASSIFIER_FILE).is_file()


def test_the_models_come_from_referee_models_else_the_package(tmp_path, monkeypatch):
    monkeypatch.delenv("REFEREE_MODELS", raising=False)
    assert default_models_dir() == package_folder(MODELS_PACKAGE)
    monkeypatch.setenv("REFEREE_MODELS", str(tmp_path))
    assert default_models_dir() == tmp_path


def test_the_demo_is_the_package_data_unless_a_folder_is_given(tmp_path):
    class Args:
        demo_dir = None

    assert (demo_dir(Args()) / MANIFEST).is_file()
    Args.demo_dir = str(tmp_path)
    assert demo_dir(Args()) == tmp_path


def test_the_user_data_folder_follows_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert user_data_folder() == tmp_path / "home" / ".local" / "share" / "daifugo-referee"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # not absolute: ignored, as XDG says
    assert user_data_folder() == tmp_path / "home" / ".local" / "share" / "daifugo-referee"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert user_data_folder() == tmp_path / "data" / "daifugo-referee"


def test_decks_go_to_the_user_data_folder_unless_a_models_folder_is_given(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("REFEREE_MODELS", raising=False)
    assert deck_folder("home") == tmp_path / "data" / "daifugo-referee" / "decks" / "home"
    assert deck_folder("home", tmp_path / "m") == tmp_path / "m" / "decks" / "home"
    monkeypatch.setenv("REFEREE_MODELS", str(tmp_path / "env"))
    assert deck_folder("home") == tmp_path / "env" / "decks" / "home"


def test_a_deck_enrolled_in_the_installed_models_is_still_read(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("REFEREE_MODELS", raising=False)
    monkeypatch.setattr(deck_module, "package_folder", lambda package: tmp_path / "installed")
    earlier = DeckIndex("old", ("2C",), np.array([[1.0, 0.0]])).save(tmp_path / "installed" / "decks" / "old", {})
    assert saved_deck_folder("old") == earlier
    assert DeckIndex.load("old").codes == ("2C",)
    assert saved_deck_folder("new") == deck_folder("new")   # missing everywhere: named where enrol saves
    again = DeckIndex("old", ("3C",), np.array([[0.0, 1.0]])).save(deck_folder("old"), {})
    assert saved_deck_folder("old") == again and (again / DECK_FILE).is_file()
    assert saved_deck_folder("old", tmp_path / "installed") == tmp_path / "installed" / "decks" / "old"


def test_a_checkout_run_without_installing_finds_the_checkouts_folders():
    from referee.data.locations import CHECKOUT_FOLDERS

    assert (CHECKOUT_FOLDERS[MODELS_PACKAGE] / "detector.onnx").is_file()
    assert (CHECKOUT_FOLDERS[DEMO_PACKAGE] / "demo.json").is_file()
