"""Model training (optional `train` extra: ultralytics + torch). Never imported at run time."""
