"""`LiveLoop` with a scoreboard: every frame the loop applies what the page sent and publishes the
state it led to, and draws the board's QR code on the overlay it records."""

from __future__ import annotations

import json

import cv2
from table_double import ScriptedPerception, frames, new_game, new_stage, table_calibration

from referee.board.actions import BoardAction
from referee.board.board import Board
from referee.board.qr import qr_badge
from referee.live import LiveLoop
from referee.live.overlay import OverlayOutput
from referee.tracking import TableTracker

FOUR = ("A", "B", "C", "D")


def test_the_loop_steps_the_board_each_frame_and_draws_its_badge(tmp_path):
    stage = new_stage(FOUR)
    stage.lay_fan(["5H"], "pile", 0.5)
    stage.lay_fan(["9C"], "pile", 2.0)
    calibration = table_calibration(FOUR)
    tracker = TableTracker.from_calibration(calibration)
    referee, heard = new_game("president-none", FOUR, (13, 13, 13, 13), "A", tmp_path / "game.jsonl", tracker)
    board = Board("en")
    board.listen(referee.announcer)
    url = "http://192.168.1.20:8765/?token=abcdefghijklmnopqrstuv"
    board.badge = qr_badge(url)
    published = []
    output = OverlayOutput(record_path=str(tmp_path / "overlay.mp4"), fps=15.0)
    loop = LiveLoop(referee, ScriptedPerception(stage.timeline(), calibration), calibration, output=output,
                    board=board)
    for frame in frames(3.5):
        if frame.index == 40:                    # the page's undo arrives once B's 9C is taken
            board.feed.send(BoardAction("undo"))
        loop.step(frame)
        published.append(json.loads(board.feed.current()[1])["turn"])
    output.close()
    referee.keeper.log.close()
    referee.announcer.close(drain=False)

    assert published[0] == "A" and "B" in published and "C" in published
    assert published[-1] == "B"                   # the undo took B's play back: B to play again
    assert "Undone: B's play of 9 of clubs. Please take the cards back." in heard
    video = cv2.VideoCapture(str(tmp_path / "overlay.mp4"))
    ok, image = video.read()
    video.release()
    assert ok
    text, _, _ = cv2.QRCodeDetectorAruco().detectAndDecode(image)
    assert text == url
