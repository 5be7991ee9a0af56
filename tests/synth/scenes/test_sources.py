"""The design sources fetched at development time (referee/synth/scenes/sources.py): what is
missing is named with its command, and fetching goes on without network."""
from __future__ import annotations

from referee.synth.scenes import sources as S


def test_missing_sources_name_their_commands(monkeypatch):
    monkeypatch.setattr(S, "cardsets_root", lambda: None)
    monkeypatch.setattr(S, "cached_pysol_designs", lambda: [])
    monkeypatch.setattr(S, "urw_root", lambda: None)
    missing = S.missing_sources()
    assert [m.split(" (")[0] for m in missing] == ["PySolFC card sets", "URW fonts"]
    assert "python -m referee.synth.scenes.fetch_pysolfc" in missing[0]
    assert "python -m referee.synth.scenes.fetch_fonts" in missing[1]


def test_fetch_goes_on_without_network(monkeypatch):
    monkeypatch.setattr(S, "cardsets_root", lambda: None)
    monkeypatch.setattr(S, "cached_pysol_designs", lambda: [])
    monkeypatch.setattr(S, "urw_root", lambda: None)

    def offline(*_a, **_k):
        raise OSError("network unreachable")

    monkeypatch.setattr(S.fetch_pysolfc, "fetch", offline)
    monkeypatch.setattr(S.fetch_fonts, "fetch", offline)
    warnings: list[str] = []
    S.fetch_sources(warnings.append)
    assert len(warnings) == 2 and all("network unreachable" in w for w in warnings)


def test_nothing_fetched_where_all_is_there(monkeypatch, tmp_path):
    monkeypatch.setattr(S, "cardsets_root", lambda: tmp_path)
    monkeypatch.setattr(S, "urw_root", lambda: tmp_path)

    def fail(*_a, **_k):
        raise AssertionError("fetched though present")

    monkeypatch.setattr(S.fetch_pysolfc, "fetch", fail)
    monkeypatch.setattr(S.fetch_fonts, "fetch", fail)
    assert S.missing_sources() == []
    S.fetch_sources(fail)
