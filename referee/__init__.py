"""daifugo-referee: a camera referee for Daifugo played with a real deck.

Packages, joined by plain data:
  referee.engine    pure rules engine (state + action -> state + events)
  referee.synth.scenes    card-face designs and the synthetic table-scene generator
  referee.vision    card detection and recognition (onnxruntime at run time)
  referee.train     model training (optional `train` extra: ultralytics + torch)
"""

__version__ = "0.1.0"
