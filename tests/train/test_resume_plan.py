"""What `referee train detector|classifier` does with a run that already exists (no torch needed)."""
from referee.train.runner import resume_plan


def test_a_new_run_starts():
    assert resume_plan(0, 30, None, None, {}) == "new"
    assert resume_plan(0, 30, 0.5, None, {}) == "new"


def test_an_interrupted_run_resumes_its_own_plan():
    assert resume_plan(3, 10, None, 2, {"epochs": 10}) == "resume"


def test_a_finished_run_continues_for_the_epochs_still_asked_for():
    assert resume_plan(5, 8, None, -1, {"epochs": 5}) == "continue"
    # interrupted, but asked for another plan: a new run from its weights
    assert resume_plan(3, 8, None, 2, {"epochs": 5}) == "continue"


def test_a_run_with_enough_epochs_is_left_alone():
    assert resume_plan(8, 8, None, -1, {"epochs": 8}) == "done"
    assert resume_plan(9, 8, None, -1, {"epochs": 9}) == "done"


def test_a_time_budget_run_resumes_though_ultralytics_rewrote_its_epochs():
    # --hours: ultralytics re-plans `epochs` after the first epoch (here 30 -> 19)
    assert resume_plan(7, 30, 0.09, 6, {"epochs": 19, "time": 0.09}) == "resume"
    assert resume_plan(19, 30, 0.09, -1, {"epochs": 19, "time": 0.09}) == "done"
