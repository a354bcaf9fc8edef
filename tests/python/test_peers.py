"""The peer sources' fetcher (python/fieldcrypt/peers.py) on archives made here: a pinned hash
unpacks, a wrong hash is refused and reported while the other peers go on, a missing archive
is absent, an archive whose members would leave their directory is refused. No network."""
import hashlib
import io
import json
import tarfile

import pytest

from fieldcrypt import peers


def crate(path, top, files):
    """A .crate archive: a gzipped tar of one top directory."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(path, "w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"{top}/{name}" if not name.startswith("/") and ".." not in name
                                   else name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest(tmp_path, entries):
    m = tmp_path / "peers.json"
    m.write_text(json.dumps({"note": "", "peers": [
        {"name": n, "library": n, "crate": f"{n}-sys", "version": "1.0.0", "sha256": h,
         "sources": "src", "crate_license": "MIT"} for n, h in entries]}))
    return m


def test_pinned_archives_unpack_and_a_changed_one_is_refused(tmp_path):
    cache = tmp_path / "home" / "registry" / "cache" / "index.crates.io-x"
    good = crate(cache / "good-sys-1.0.0.crate", "good-sys-1.0.0", {"src/a.c": b"int a;\n"})
    crate(cache / "bad-sys-1.0.0.crate", "bad-sys-1.0.0", {"src/b.c": b"int b;\n"})
    m = manifest(tmp_path, [("good", good), ("bad", "0" * 64), ("gone", "1" * 64)])
    got = {p.name: p for p in peers.check(peers.load(m), tmp_path / "home", tmp_path / "src")}
    assert got["good"].status == "ok" and (got["good"].path / "a.c").read_bytes() == b"int a;\n"
    assert got["bad"].status == "refused" and "is not the pinned" in got["bad"].detail
    assert got["bad"].path is None and not (tmp_path / "src" / "bad-sys-1.0.0").exists()
    assert got["gone"].status == "absent"
    assert "refused" in peers.report(list(got.values()))
    # a second check reuses the unpacked tree (its stamp matches)
    again = peers.check(peers.load(m), tmp_path / "home", tmp_path / "src")
    assert again[0].status == "ok"


def test_members_outside_the_directory_are_refused(tmp_path):
    cache = tmp_path / "home" / "registry" / "cache" / "index.crates.io-x"
    h = crate(cache / "evil-sys-1.0.0.crate", "evil-sys-1.0.0", {"../escape.c": b"x"})
    m = manifest(tmp_path, [("evil", h)])
    with pytest.raises(ValueError, match="leaves the directory"):
        peers.check(peers.load(m), tmp_path / "home", tmp_path / "src")
    assert not (tmp_path / "escape.c").exists()


def test_the_repository_manifest_pins_every_peer():
    ps = peers.load()
    assert {p.name for p in ps} >= {"mbedtls", "wolfssl", "micro-ecc", "monocypher"}
    for p in ps:
        assert len(p.sha256) == 64 and int(p.sha256, 16) >= 0
    lock = (peers.MANIFEST.parent / "Cargo.lock").read_text()
    for p in ps:   # the lock file pins the same archives
        assert f'name = "{p.crate}"\nversion = "{p.version}"' in lock
        assert f'checksum = "{p.sha256}"' in lock
