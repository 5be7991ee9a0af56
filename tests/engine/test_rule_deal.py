"""The deal option's player range: seed 000 (Profit) is 「3～4人向け」, so ``referee simulate``
refuses other counts unless a table file says otherwise (issue 24)."""

import json

from referee.cli import main
from referee.engine import load_preset


def _one_line_error(capsys, fragment):
    err = capsys.readouterr().err
    assert err.startswith("referee: error: "), err
    assert err.count("\n") == 1, err
    assert fragment in err, err


def test_presets_player_ranges():
    assert load_preset("profit").deal.players_range() == (3, 4)
    for name in ("highschool", "president", "shinafugo"):
        assert load_preset(name).deal.players_range() == (3, 8), name


def test_simulate_profit_refuses_five_players(capsys):
    """Seed 000 「3～4人向け」."""
    assert main(["simulate", "--rules", "profit", "--players", "5", "--games", "1"]) == 2
    _one_line_error(capsys, "3 to 4")


def test_simulate_profit_takes_three_and_four_players(capsys):
    for n in ("3", "4"):
        assert main(["simulate", "--rules", "profit", "--players", n, "--games", "2",
                     "--json"]) == 0
        capsys.readouterr()


def test_a_table_file_can_allow_profit_for_five(tmp_path, capsys):
    table = tmp_path / "profit5.toml"
    table.write_text('preset = "profit"\ndeal = { hand-size = 10, max-players = 5 }\n',
                     encoding="utf-8")
    assert main(["simulate", "--rules", str(table), "--players", "5", "--games", "3",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["invariant_violations"] == 0


def test_other_presets_keep_three_to_eight(capsys):
    assert main(["simulate", "--rules", "shinafugo", "--players", "8", "--games", "1",
                 "--json"]) == 0
    capsys.readouterr()
    assert main(["simulate", "--rules", "highschool", "--players", "9"]) == 2
    _one_line_error(capsys, "3 to 8")
