"""The scoreboard page in a real headless browser (Debian's chromium, driven by playwright) on a
phone's viewport: it shows the live score within a second of an event, a tap on undo changes the
referee's state, and a request without the link's token is refused.

The referee runs as in `referee watch`: its own thread steps the referee and the board in turn,
the way `LiveLoop` does each frame; the test hands that thread what the table does (a play, a
pass) and never touches the referee itself."""

from __future__ import annotations

import os
import queue
import shutil
import threading
import time

import pytest
from playwright import sync_api
from reading_streams import labels
from table_double import new_game, table_calibration

from referee.board.board import Board
from referee.board.server import BoardServer
from referee.tracking import PlaySeen, TableTracker

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Where CI runs (`make test` installs chromium) a missing browser is a failure, not a skip.
if not os.path.exists(CHROMIUM) and not os.environ.get("CI"):
    pytest.skip("chromium is not installed (make test installs it)", allow_module_level=True)

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
FRAME_SECONDS = 1 / 30
FOUR = ("A", "B", "C", "D")


class RefereeThread:
    """The referee loop's thread: each frame it does what the table did, then steps the board."""

    def __init__(self, referee, board: Board) -> None:
        self.referee = referee
        self.board = board
        self.table: queue.SimpleQueue = queue.SimpleQueue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="referee-loop", daemon=True)
        self.t = 0.0

    def _run(self) -> None:
        while not self._stop.is_set():
            self.t += FRAME_SECONDS
            while not self.table.empty():
                self.table.get()(self.referee, self.t)
            self.board.step(self.referee, self.t, None)
            time.sleep(FRAME_SECONDS)

    def play(self, *cards: str) -> None:
        self.table.put(lambda referee, t: referee.observe([PlaySeen(t, labels(*cards))], t, None))

    def __enter__(self) -> "RefereeThread":
        self._thread.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self._stop.set()
        self._thread.join(5)


@pytest.fixture()
def table(tmp_path):
    tracker = TableTracker.from_calibration(table_calibration(FOUR))
    board = Board("en")
    referee, heard = new_game("president-none", FOUR, (13, 13, 13, 13), "A", tmp_path / "game.jsonl", tracker)
    board.listen(referee.announcer)
    with BoardServer(board.feed, lang="en", port=0) as server, RefereeThread(referee, board) as loop:
        yield server, loop, referee, heard
    referee.keeper.log.close()
    referee.announcer.close(drain=False)


@pytest.fixture()
def phone():
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        context = browser.new_context(**PHONE)
        yield context.new_page()
        browser.close()


def wait_for_text(page, selector: str, text: str, seconds: float) -> float:
    """Seconds until ``selector`` shows ``text`` (fails after ``seconds``)."""
    start = time.monotonic()
    sync_api.expect(page.locator(selector)).to_contain_text(text, timeout=seconds * 1000)
    return time.monotonic() - start


def test_the_page_follows_the_game_and_undo_from_the_phone_takes_a_play_back(table, phone):
    server, loop, referee, heard = table
    phone.goto(server.url)
    wait_for_text(phone, "#turn", "A", 5)
    assert phone.locator("#players tr").count() == 4
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390      # nothing wider than the phone

    loop.play("5H")
    seconds = wait_for_text(phone, "#top", "5 of hearts (A)", 1.0)
    print(f"the page showed the play {seconds:.3f} s after it was handed to the referee")
    assert seconds < 1.0
    wait_for_text(phone, "#turn", "B", 1.0)
    sync_api.expect(phone.locator("#players tr[data-player=A] td").nth(1)).to_have_text("12")
    sync_api.expect(phone.locator("#announcements li").first).to_have_text("A plays 5 of hearts.")

    phone.locator("#undo").tap()
    wait_for_text(phone, "#turn", "A", 2.0)
    sync_api.expect(phone.locator("#players tr[data-player=A] td").nth(1)).to_have_text("13")
    assert referee.keeper.state.trick.top is None and referee.keeper.state.turn == 0
    assert "Undone: A's play of 5 of hearts. Please take the cards back." in heard
    sync_api.expect(phone.locator("#announcements li").first).to_contain_text("Undone: A's play")


def test_a_page_without_the_token_is_refused_and_shows_nothing(table, phone):
    server, loop, referee, heard = table
    bare = server.url.split("?")[0]
    for path in ("", "state", "events"):
        response = phone.goto(bare + path)
        assert response.status == 403
    wrong = phone.request.post(bare + "action?token=not-it", data='{"action": "undo"}',
                               headers={"Content-Type": "application/json"})
    assert wrong.status == 403
    loop.play("5H")
    time.sleep(0.3)
    assert referee.keeper.state.trick.top is not None        # nothing was undone


def test_a_misread_play_is_corrected_and_a_pass_made_from_the_phone(table, phone):
    server, loop, referee, heard = table
    phone.goto(server.url)
    loop.play("7D")                                         # A laid 7S, read as 7D
    wait_for_text(phone, "#top", "7 of diamonds (A)", 2.0)
    phone.locator("#correct-cards").fill("7s")
    phone.locator("#correct").tap()
    wait_for_text(phone, "#top", "7 of spades (A)", 2.0)
    phone.locator("#pass").tap()                            # B passes
    wait_for_text(phone, "#turn", "C", 2.0)
    sync_api.expect(phone.locator("#status")).to_have_text("Sent")
    assert [(type(a).__name__, a.player) for a in referee.keeper.history[-1][1]] == [("PlayCards", "A"),
                                                                                     ("Pass", "B")]
    assert referee.keeper.state.trick.top.cards[0].code == "7S"
    assert "Corrected: A played 7 of spades." in heard
