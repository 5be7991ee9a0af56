"""The scoreboard page on the players' phones (`referee watch --board`).

* `snapshot`: what the page shows, built on the referee loop's thread as one JSON text;
* `feed`: `BoardFeed`, where the loop publishes snapshots and the page's actions wait for it;
* `actions`: the page's corrections (undo, correct the last play, pass) applied by the loop;
* `board`: `Board`, the loop's side: drain the actions, publish the snapshot, each frame;
* `server`: the Starlette app (page, live updates as server-sent events, actions) and
  `BoardServer`, uvicorn in a background thread; every route asks for the link's token;
* `qr`: the link as a QR code for the overlay.

Only `referee watch --board` imports the server (Starlette, uvicorn): nothing listens without it.
"""
