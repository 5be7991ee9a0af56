"""Bad input files are one-line ``referee: error: …`` messages, never a traceback (issue 24):
records and table files that are not UTF-8, and table files whose presets loop."""

import json

import pytest

from referee.cli import main
from referee.engine import load_rules
from referee.engine.options import OptionError


def _one_line_error(capsys, fragment):
    err = capsys.readouterr().err
    assert err.startswith("referee: error: "), err
    assert err.count("\n") == 1, err
    assert fragment in err, err


def test_a_record_that_is_not_utf8_is_a_one_line_error(tmp_path, capsys):
    bad = tmp_path / "sjis.json"
    bad.write_bytes(json.dumps({"rules": "highschool", "players": ["A", "B"],
                                "counts": {"A": 1, "B": 1}, "actions": []}).encode()
                    + "  # 大富豪".encode("shift_jis"))
    assert main(["replay", str(bad)]) == 2
    _one_line_error(capsys, "UTF-8")


def test_a_table_file_that_is_not_utf8_is_a_one_line_error(tmp_path, capsys):
    bad = tmp_path / "table.toml"
    bad.write_bytes('preset = "highschool"\n# 高校ルール\n'.encode("shift_jis"))
    assert main(["simulate", "--rules", str(bad), "--games", "1"]) == 2
    _one_line_error(capsys, "UTF-8")


def test_a_record_naming_a_non_utf8_table_is_a_one_line_error(tmp_path, capsys):
    table = tmp_path / "table.toml"
    table.write_bytes('preset = "highschool"\n# 高校ルール\n'.encode("euc_jp"))
    rec = tmp_path / "rec.json"
    rec.write_text(json.dumps({"rules": str(table), "players": ["A", "B"],
                               "counts": {"A": 1, "B": 1}, "actions": []}), encoding="utf-8")
    assert main(["replay", str(rec)]) == 2
    _one_line_error(capsys, "UTF-8")


def test_a_table_whose_preset_names_itself_is_a_one_line_error(tmp_path, capsys):
    me = tmp_path / "me.toml"
    me.write_text(f'preset = "{me}"\n', encoding="utf-8")
    with pytest.raises(OptionError, match="loop"):
        load_rules(str(me))
    assert main(["simulate", "--rules", str(me), "--games", "1"]) == 2
    _one_line_error(capsys, "loop")


def test_a_longer_preset_loop_is_a_one_line_error(tmp_path, capsys):
    (tmp_path / "a.toml").write_text('preset = "b.toml"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('preset = "./c.toml"\n', encoding="utf-8")
    (tmp_path / "c.toml").write_text('preset = "a.toml"\n', encoding="utf-8")
    assert main(["simulate", "--rules", str(tmp_path / "a.toml"), "--games", "1"]) == 2
    _one_line_error(capsys, "loop")


def test_a_preset_name_that_climbs_out_of_the_presets_is_refused(tmp_path, capsys):
    """A bundled preset name is a name, not a path into the package (the old loop's way in)."""
    me = tmp_path / "climb.toml"
    me.write_text('preset = "../../../../../../../../..' + str(tmp_path / "climb") + '"\n',
                  encoding="utf-8")
    assert main(["simulate", "--rules", str(me), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("referee: error: ") and err.count("\n") == 1, err


def test_a_table_may_start_from_another_table_file(tmp_path):
    (tmp_path / "base.toml").write_text('preset = "highschool"\nlucky-seven = false\n',
                                        encoding="utf-8")
    (tmp_path / "mine.toml").write_text('preset = "base.toml"\ncatapult = false\n',
                                        encoding="utf-8")
    rules = load_rules(str(tmp_path / "mine.toml"))
    assert not rules.enabled("lucky-seven") and not rules.enabled("catapult")
    assert rules.enabled("strict-bind")
