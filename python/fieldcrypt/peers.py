"""The peer libraries' sources, fetched at pinned versions and checked before use.

peers/Cargo.toml and peers/Cargo.lock pin crates.io crates that carry the peers' C and assembly
(mbedTLS, wolfSSL, micro-ecc, Monocypher, Haase's and Lenngren's Cortex-M4 assembly);
peers/peers.json names, per peer, the crate, its version and the SHA-256 of its archive. `fetch`
runs cargo's ordinary `cargo fetch --locked` into a CARGO_HOME of its own under build/peers,
hashes each downloaded archive, and unpacks only those that match into build/peers/src. A peer
whose archive is missing or has another hash is reported and left out; the rest go on. Nothing
is fetched at test time by default and nothing in the library depends on a peer.

fieldcrypt peers [--fetch] [--json]
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tarfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "peers" / "peers.json"
PEERS_DIR = ROOT / "build" / "peers"


@dataclass
class Peer:
    name: str
    library: str
    crate: str
    version: str
    sha256: str
    sources: str
    crate_license: str
    status: str = "absent"          # absent | ok | refused
    detail: str = ""
    path: Path | None = None        # the unpacked sources directory, when ok
    extra: dict = field(default_factory=dict)

    @property
    def archive_name(self) -> str:
        return f"{self.crate}-{self.version}.crate"


def load(manifest: Path = MANIFEST) -> list[Peer]:
    data = json.loads(Path(manifest).read_text())
    return [Peer(**p) for p in data["peers"]]


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _archives(cargo_home: Path) -> dict[str, Path]:
    """{archive file name: path} of every crate cargo has downloaded into cargo_home."""
    cache = cargo_home / "registry" / "cache"
    return {p.name: p for p in cache.glob("*/*.crate")} if cache.is_dir() else {}


def _unpack(archive: Path, dest: Path) -> None:
    """Unpack a crate archive (a gzipped tar of one top directory) into dest, refusing members
    that would land outside it."""
    tmp = dest.with_name(dest.name + ".partial")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    with tarfile.open(archive, "r:gz") as tar:
        for m in tar.getmembers():
            target = (tmp / m.name).resolve()
            if not str(target).startswith(str(tmp.resolve()) + os.sep):
                raise ValueError(f"{archive.name}: member {m.name!r} leaves the directory")
            if not (m.isfile() or m.isdir()):
                continue                      # no links or devices from an archive
            tar.extract(m, tmp, set_attrs=False)
    shutil.rmtree(dest, ignore_errors=True)
    (tmp / archive.name[:-len(".crate")]).rename(dest)
    shutil.rmtree(tmp, ignore_errors=True)


def check(peers: list[Peer], cargo_home: Path, src_dir: Path) -> list[Peer]:
    """Hash each peer's archive in cargo_home; unpack the matching ones into src_dir (once: an
    unpacked tree is kept with a stamp of its hash). Sets status, detail and path."""
    archives = _archives(cargo_home)
    for p in peers:
        archive = archives.get(p.archive_name)
        if archive is None:
            p.status, p.detail = "absent", f"{p.archive_name} not fetched"
            continue
        got = _sha256(archive)
        if got != p.sha256:
            p.status = "refused"
            p.detail = f"{p.archive_name}: SHA-256 {got} is not the pinned {p.sha256}"
            continue
        dest = src_dir / f"{p.crate}-{p.version}"
        stamp = dest / ".fieldcrypt-sha256"
        if not (stamp.is_file() and stamp.read_text().strip() == got):
            _unpack(archive, dest)
            stamp.write_text(got + "\n")
        p.path = dest / p.sources
        if not p.path.is_dir():
            p.status, p.detail, p.path = "refused", f"{p.archive_name} has no {p.sources}/", None
            continue
        p.status, p.detail = "ok", str(p.path)
    return peers


def fetch(peers_dir: Path = PEERS_DIR, manifest: Path = MANIFEST, quiet: bool = True) -> list[Peer]:
    """cargo fetch the pinned crates into peers_dir/cargo-home, then check and unpack them.
    A missing cargo or registry leaves the peers absent (reported), never raises."""
    peers = load(manifest)
    cargo_home = peers_dir / "cargo-home"
    cargo = shutil.which("cargo")
    note = ""
    if cargo is None:
        note = "cargo not found"
    else:
        env = dict(os.environ, CARGO_HOME=str(cargo_home))
        r = subprocess.run([cargo, "fetch", "--locked", "--manifest-path",
                            str(Path(manifest).parent / "Cargo.toml")],
                           env=env, capture_output=True, text=True)
        if r.returncode != 0:
            note = "cargo fetch failed: " + (r.stderr.strip().splitlines() or ["?"])[-1]
    # cargo also unpacks every crate it fetched; only the checked archives are unpacked here
    shutil.rmtree(cargo_home / "registry" / "src", ignore_errors=True)
    check(peers, cargo_home, peers_dir / "src")
    if note:
        for p in peers:
            if p.status == "absent":
                p.detail = f"{p.detail} ({note})"
    return peers


def available(peers_dir: Path = PEERS_DIR, manifest: Path = MANIFEST) -> list[Peer]:
    """The peers as they are on disk now, without fetching."""
    return check(load(manifest), peers_dir / "cargo-home", peers_dir / "src")


def report(peers: list[Peer]) -> str:
    lines = []
    for p in peers:
        lines.append(f"{p.name:15} {p.library:45} {p.status:8} {p.detail}")
    return "\n".join(lines)


def cmd_peers(args) -> int:
    peers = fetch() if args.fetch else available()
    if args.json:
        print(json.dumps([{"name": p.name, "library": p.library, "crate": f"{p.crate} {p.version}",
                           "status": p.status, "detail": p.detail} for p in peers], indent=1))
    else:
        print(report(peers))
    return 1 if any(p.status == "refused" for p in peers) else 0


def add_parser(sub) -> None:
    p = sub.add_parser("peers", help="the peer libraries' sources: fetch at pinned versions, "
                                     "check their hashes, say which are there")
    p.add_argument("--fetch", action="store_true", help="run cargo fetch first (needs crates.io)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_peers)
