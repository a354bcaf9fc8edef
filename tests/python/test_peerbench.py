"""The peer comparison (python/fieldcrypt/peerbench.py): fieldcrypt's own comparison image
builds and gives the known answers on the M0+ model, and a peer whose sources are absent is
skipped with a line saying so, the rest of the comparison going on. The peers themselves are
compared by `fieldcrypt bench --peers` and scripts/main.sh (their sources are fetched then)."""
import pytest

from fieldcrypt import peerbench, peers

pytestmark = pytest.mark.cross


def test_fieldcrypt_image_answers_and_an_absent_peer_is_skipped(monkeypatch):
    absent = [p for p in peers.load()]
    for p in absent:
        p.status, p.detail = "absent", f"{p.archive_name} not fetched"
    monkeypatch.setattr(peers, "available", lambda *a, **k: absent)
    said = []
    runs = peerbench.compare(("cortex-m0plus",), ("-Os",), names=["fieldcrypt", "mbedtls"],
                             progress=said.append)
    assert said == ["peer mbedtls: skipped (mbedtls-rs-sys-0.3.1.crate not fetched)"]
    (run,) = runs
    assert "error" not in run and run["wrong"] == [] and run["absent"] == []
    assert set(run["operations"]) == set(peerbench.OPS)
    assert all(o["cycles"] > 0 for o in run["operations"].values())
    md = peerbench.markdown(runs)
    assert "### cortex-m0plus, -Os" in md and "| x25519 | " in md
