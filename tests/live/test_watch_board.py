"""`referee watch --board` through the real command line, over a short folder of frames read by
the committed models: the scoreboard listens (and its link is printed) only with ``--board``;
without it this process opens no listening socket at all."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import cv2
import numpy as np
import pytest
from table_double import table_calibration

from referee.calibration import save_calibration
from referee.cli import main

FOUR = ("A", "B", "C", "D")
PROC_TCP = [Path("/proc/net/tcp"), Path("/proc/net/tcp6")]
LISTEN = "0A"
pytestmark = pytest.mark.skipif(not PROC_TCP[0].exists(), reason="needs Linux's /proc/net/tcp")


@pytest.fixture()
def table(tmp_path):
    calibration = save_calibration(table_calibration(FOUR), tmp_path / "table.json")
    frames = tmp_path / "frames"
    frames.mkdir()
    for index in range(12):
        cv2.imwrite(str(frames / f"{index:04d}.png"), np.zeros((360, 640, 3), np.uint8))
    return ["--source", str(frames), "--calibration", str(calibration), "--rules", "president-none",
            "--headless", "--mute", "--lang", "en", "--realtime", "--log", str(tmp_path / "game.jsonl")]


def listening_ports() -> set[int]:
    """The TCP ports this process listens on."""
    mine = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            mine.add(target[8:-1])
    ports = set()
    for table in PROC_TCP:
        if not table.exists():
            continue
        for line in table.read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == LISTEN and fields[9] in mine:
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def ports_seen_while(run) -> tuple[object, set[int]]:
    """Run ``run()`` while another thread notes every port this process listens on."""
    seen: set[int] = set()
    done = threading.Event()

    def watch_sockets():
        while not done.is_set():
            seen.update(listening_ports())
            done.wait(0.005)

    watcher = threading.Thread(target=watch_sockets, daemon=True)
    before = listening_ports()
    watcher.start()
    try:
        result = run()
    finally:
        done.set()
        watcher.join(2)
    return result, seen - before


def test_nothing_listens_without_board_and_the_board_listens_with_it(table, capsys):
    status, opened = ports_seen_while(lambda: main(["watch", *table]))
    assert status == 0 and opened == set()
    assert "scoreboard" not in capsys.readouterr().err

    log = Path(table[-1])
    log.unlink()
    status, opened = ports_seen_while(lambda: main(["watch", *table, "--board", "--board-port", "0"]))
    assert status == 0
    err = capsys.readouterr().err
    link = re.search(r"scoreboard: http://127\.0\.0\.1:(\d+)/\?token=[\w-]{20,}", err)
    assert link, err
    assert opened == {int(link.group(1))}
    assert listening_ports() == set()                    # and it stopped with the referee


def test_served_to_the_network_the_link_is_drawn_on_the_overlay_as_a_qr_code(table, tmp_path, capsys):
    overlay = tmp_path / "overlay.mp4"
    assert main(["watch", *table, "--board", "--board-host", "0.0.0.0", "--board-port", "0",
                 "--record-overlay", str(overlay)]) == 0
    link = re.search(r"scoreboard: (http://\S+)", capsys.readouterr().err).group(1)
    assert "0.0.0.0" not in link and "token=" in link
    video = cv2.VideoCapture(str(overlay))
    ok, image = video.read()
    video.release()
    # OpenCV's ArUco-based QR reader: its classic reader misses about 3 % of perfectly drawn codes
    assert ok and cv2.QRCodeDetectorAruco().detectAndDecode(image)[0] == link


@pytest.mark.parametrize("extra, words", [
    (["--board-host", "0.0.0.0"], "--board-host and --board-port are for the scoreboard: add --board"),
    (["--board-port", "9000"], "add --board"),
    (["--board", "--board-port", "70000"], "--board-port must be a port number"),
])
def test_board_options_without_board_or_out_of_range_are_one_line_errors(table, capsys, extra, words):
    assert main(["watch", *table, *extra]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("referee: error: ") and words in err[0], err


def test_the_command_line_starts_without_the_server_libraries():
    shown = subprocess.run([sys.executable, "-c", "import sys; from referee.cli import build_parser; build_parser(); "
                            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
                            "('starlette', 'uvicorn', 'sse_starlette', 'segno') or m.startswith('referee.board')))"],
                           capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"
