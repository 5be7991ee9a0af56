"""The scoreboard server over real HTTP: every route refuses a request without the token, the
event stream sends each new state, actions are checked and queued for the referee loop, and the
link's QR code reads back as the link."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import cv2
import numpy as np
import pytest

from referee.board.actions import BoardAction
from referee.board.feed import BoardFeed
from referee.board.qr import qr_badge
from referee.board.server import BoardServer, is_loopback
from referee.errors import UserError
from referee.live.overlay import stamp_top_right


@pytest.fixture()
def served():
    feed = BoardFeed()
    feed.publish({"turn": "A"})
    with BoardServer(feed, lang="ja", port=0) as server:
        yield server, feed


def get(url: str, data: bytes | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def route(server: BoardServer, path: str, token: str | None = None) -> str:
    base = f"http://127.0.0.1:{server.port}/{path}"
    return base if token is None else f"{base}?token={token}"


@pytest.mark.parametrize("path, data", [("", None), ("state", None), ("events", None),
                                        ("action", b'{"action": "undo"}'), ("no-such-page", None)])
def test_every_route_refuses_a_request_without_the_right_token(served, path, data):
    server, feed = served
    for token in (None, "", "wrong", server.token[:-1]):
        status, body = get(route(server, path, token), data)
        assert status == 403, (path, token)
        assert b"token" in body
    assert feed.take_actions() == []


def test_the_page_and_state_are_served_with_the_token(served):
    server, feed = served
    status, page = get(server.url)
    assert status == 200
    html = page.decode("utf-8")
    assert '<html lang="ja">' in html and "取り消し" in html and "__TEXTS__" not in html
    assert get(route(server, "state", server.token)) == (200, b'{"turn":"A"}')
    assert server.url == f"http://127.0.0.1:{server.port}/?token={server.token}"
    assert len(server.token) >= 20


def test_actions_are_checked_then_queued_for_the_loop(served):
    server, feed = served
    url = route(server, "action", server.token)
    assert get(url, b'{"action": "undo"}')[0] == 202
    assert get(url, b'{"action": "correct", "cards": "9s 9H"}')[0] == 202
    assert get(url, b'{"action": "pass"}')[0] == 202
    status, body = get(url, b'{"action": "correct", "cards": "9X"}')
    assert status == 400 and "9X" in json.loads(body)["error"]
    assert get(url, b'{"action": "deal"}')[0] == 400
    assert get(url, b"undo")[0] == 400
    assert feed.take_actions() == [BoardAction("undo"), BoardAction("correct", ("9S", "9H")), BoardAction("pass")]
    assert feed.take_actions() == []


def test_the_event_stream_sends_the_state_and_each_change(served):
    server, feed = served
    received: list[str] = []
    one, two = threading.Event(), threading.Event()

    def listen():
        with urllib.request.urlopen(route(server, "events", server.token), timeout=5) as stream:
            for raw in stream:
                line = raw.decode("utf-8").strip()
                if line.startswith("data:"):
                    received.append(line[5:].strip())
                    one.set()
                    if len(received) == 2:
                        two.set()
                        return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    assert one.wait(2.0)
    assert not feed.publish({"turn": "A"})          # the same state is not sent again
    assert feed.publish({"turn": "B"})
    assert two.wait(2.0)
    assert received == ['{"turn":"A"}', '{"turn":"B"}']
    listener.join(2)


def test_a_port_in_use_is_a_one_line_error(served):
    server, _ = served
    with pytest.raises(UserError, match=f"cannot serve the scoreboard on 127.0.0.1:{server.port}: .*--board-port"):
        BoardServer(BoardFeed(), lang="en", port=server.port)


def test_only_loopback_hosts_count_as_this_computer_only():
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.20")


def test_the_qr_code_in_the_overlays_corner_reads_back_as_the_link():
    url = "http://192.168.1.20:8765/?token=Zx3-abcdefghijklmnopqr"
    badge = qr_badge(url)
    assert badge.shape[0] == badge.shape[1] and badge.shape[2] == 3
    frame = np.full((720, 1280, 3), 90, np.uint8)
    stamp_top_right(frame, badge)
    size = badge.shape[0]
    assert (frame[8:8 + size, 1280 - 8 - size:1280 - 8] == badge).all()
    text, _, _ = cv2.QRCodeDetectorAruco().detectAndDecode(frame)
    assert text == url
