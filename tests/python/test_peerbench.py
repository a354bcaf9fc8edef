"""The peer comparison (python/fieldcrypt/peerbench.py, peertables.py): fieldcrypt's own
comparison image builds and gives the known answers on the M0+ model, and a peer whose sources
are absent is skipped with a line saying so, the rest of the comparison going on (cross
compiler needed). The seed tables, the per-operation flash from a link map and the HTML are
checked on canned results, fast and without any compiler. The peers themselves are compared by
`fieldcrypt bench --peers` and scripts/main.sh (their sources are fetched then)."""
import json
import xml.etree.ElementTree as ET

import pytest

from fieldcrypt import peerbench, peers, peertables


@pytest.mark.cross
def test_fieldcrypt_image_answers_and_an_absent_peer_is_skipped(monkeypatch):
    absent = [p for p in peers.load()]
    for p in absent:
        p.status, p.detail = "absent", f"{p.archive_name} not fetched"
    monkeypatch.setattr(peers, "available", lambda *a, **k: absent)
    said = []
    runs = peerbench.compare(("cortex-m0plus",), ("-Os",), names=["fieldcrypt", "mbedtls"],
                             progress=said.append)
    assert said == ["peer mbedtls: skipped (mbedtls-rs-sys-0.3.1.crate not fetched)"]
    run, skipped = runs
    assert skipped == {"library": "mbedtls", "skipped": "mbedtls-rs-sys-0.3.1.crate not fetched"}
    assert "error" not in run and run["wrong"] == [] and run["absent"] == []
    assert set(run["operations"]) == set(peerbench.DEFAULT_OPS)
    assert all(o["cycles"] > 0 for o in run["operations"].values())
    md = peerbench.markdown(runs)
    assert "### cortex-m0plus, -Os" in md and "| x25519 | " in md
    assert "mbedtls: skipped (mbedtls-rs-sys-0.3.1.crate not fetched)" in md


BYTES = {op: 2048 if op.endswith("_2k") else 32 if "crypt_32" in op else 0
         for op in peerbench.OPS}


def _run(library, target, cycles, ops=peerbench.DEFAULT_OPS, wrong=()):
    return {"library": library, "target": target, "opt": "-Os", "flash_bytes": 10000,
            "ram_bytes": 4000, "wrong": list(wrong), "absent": [],
            "operations": {op: {"cycles": cycles(op), "stack_bytes": 100, "bytes": BYTES[op]}
                           for op in ops},
            "footprint": {**{op: {"flash": 1000, "ram": 10} for op in ops},
                          "aes_set": {"flash": 4096, "ram": 9344},
                          "le_sc": {"flash": 5000, "ram": 100}}}


def canned():
    runs = []
    for t in ("cortex-m4", "cortex-m0plus", "rv32imac"):
        runs.append(_run("fieldcrypt", t, lambda op: 1200))
        runs.append(_run("mbedtls", t, lambda op: 2400))
        runs.append(_run("mbedtls-rom", t, lambda op: 3600, peerbench.AES_SET_OPS,
                         wrong=["aes256_decrypt_32"]))
        runs.append(_run("micro-ecc", t, lambda op: 6400, peerbench.P256_OPS))
    runs.append({"library": "wolfssl", "skipped": "wolfssl-sys-5.3.0.crate not fetched"})
    runs.append({"library": "p256-m", "skipped": "mbedtls-rs-sys-0.3.1.crate not fetched"})
    return runs


def _rows(md, first_cell):
    return [[c.strip() for c in line.strip("|").split("|")] for line in md.splitlines()
            if line.startswith(f"| {first_cell}")]


def test_seed003_table_shape_and_units():
    md, rows = peertables.seed003(canned())
    (m4_128,) = _rows(md, "AES-128, Cortex-M4 model @ 120 MHz")
    # 1,200 cycles at 120 MHz = 10.0 µs, each of the four steps; ROM tables: 3,600 / 120
    assert m4_128[1:] == ["10.0 / 10.0 / 10.0 / 10.0", "30.0 / 30.0 / 30.0 / 30.0",
                          "20.0 / 20.0 / 20.0 / 20.0", "-"]
    (m0_256,) = _rows(md, "AES-256, Cortex-M0+ model @ 48 MHz")
    assert m0_256[1] == "25.0 / 25.0 / 25.0 / 25.0"
    assert m0_256[2] == "-"                   # a wrong answer: no figure
    (seed,) = _rows(md, "seed 003: K64 @ 120 MHz, AES-256")
    assert seed[1:] == ["", "11.5 / 59.7 / 59.6 / 61.5", "8.5 / 35.6 / 33.8 / 35.8",
                        "15.5 / 73.0 / 61.3 / 71.1"]
    (mem,) = _rows(md, "Cortex-M4 model, -Os")
    assert mem[1:] == ["4,096 / 9,344"] * 3 + ["-"]
    assert "wolfssl: skipped (wolfssl-sys-5.3.0.crate not fetched)" in md
    assert "modelled" in md
    assert rows[0]["us"]["fieldcrypt"] == [10.0] * 4


def test_seed002_table_rates_and_not_modelled_cells():
    rsa = [{"target": "rv32imac", "bits": 2048, "ok": True, "public": 3_000_000,
            "private": 120_000_000}]
    md, rows = peertables.seed002(canned(), rsa)
    (sha,) = _rows(md, "SHA-256")
    # 1,200 cycles over 2,048 bytes: 0.586 c/B; 30 MHz / 0.586 / 1024 = 50,000 KiB/s
    assert sha[1] == "50,000 KiB/s, 0.6 cycles/byte"
    assert sha[5].startswith("not modelled") and sha[7] == "575 KiB/s, 50 cycles/byte"
    pub, priv = _rows(md, "RSA-2048")
    assert pub[1] == "10.0 public/s" and priv[1] == "0.2 private/s"
    assert pub[2] == "- (run with --rsa)" and pub[3] == "- (run with --rsa)"
    (ecdhe,) = _rows(md, "ECDHE-secp256r1")
    assert ecdhe[1] == "6,250 full handshake/s"          # 30e6 / (4 x 1,200)
    assert rows[0]["per_unit_cycles"]["mbedtls/cortex-m4"] == pytest.approx(2400 / 2048)


def test_seed000_table_time_energy_and_reference():
    md, rows = peertables.seed000(canned())
    (fc,) = _rows(md, "fieldcrypt")
    # 1,200 cycles at 64 MHz: 0.01875 ms; 1.7 mA x 3 V x 18.75 µs = 0.096 µJ
    assert fc[1:4] == ["0.0", "0.0", "1.7"]
    assert rows[0]["keygen_uj"] == pytest.approx(1200 / 64e6 * 1.7e-3 * 3.0 * 1e6)
    (uecc,) = _rows(md, "micro-ecc")
    assert uecc[6] == "5,000 / 100" and uecc[7].startswith("0.113 s / 0.110 s")
    (p256m,) = _rows(md, "p256-m")
    assert p256m[1] == "-"
    assert "p256-m: skipped" in md and "CC310" in md


def test_map_footprint_counts_only_the_kept_library_sections(tmp_path):
    m = tmp_path / "peer.map"
    m.write_text("""Archive member included to satisfy reference by file (symbol)

Discarded input sections

 .text.unused   0x00000000       0x80 /b/mbedtls-Os-lib/aes.o

Linker script and memory map

.text           0x00000000     0x1000
 .text.main     0x00000040       0x20 /b/x/peer_main.o
 .text.mbedtls_aes_setkey_enc
                0x00000060      0x100 /b/mbedtls-Os-lib/aes.o
 .rodata.FSb    0x00000160      0x100 /b/mbedtls-Os-lib/aes.o
 .text.memcpy   0x00000260       0x40 /usr/lib/libc_nano.a(lib_a-memcpy.o)
.data           0x20000000        0x8 load address 0x00001000
 .data.x        0x20000000        0x8 /b/mbedtls-Os-lib/platform.o
.bss            0x20000008     0x4400
 .bss.FT0       0x20000008      0x400 /b/mbedtls-Os-lib/aes.o
 .bss.aes_enc   0x20000408      0x120 /b/x/peer_mbedtls.o
 .bss.heap      0x20000528     0x4000 /b/x/peer_mbedtls.o
""")
    fp = peerbench.map_footprint(m, lambda p: "/mbedtls-Os-lib/" in p,
                                 lambda p, s: p.endswith("peer_mbedtls.o") and s != ".bss.heap")
    assert fp == {"flash": 0x100 + 0x100 + 0x8, "ram": 0x8 + 0x400 + 0x120}


def test_html_is_well_formed_and_has_a_chart_per_target():
    runs = canned()
    md, tables = peertables.tables(runs)
    page = peertables.html_page(runs, md)
    assert page.startswith("<!DOCTYPE html>")
    root = ET.fromstring(page.split("\n", 1)[1])      # XHTML: parses as XML
    ns = {"h": "http://www.w3.org/1999/xhtml", "s": "http://www.w3.org/2000/svg"}
    assert len(root.findall(".//s:svg", ns)) == 3
    assert root.findall(".//h:table", ns)
    assert "<script" not in page and "http://" not in page.replace(
        'xmlns="http://www.w3.org/1999/xhtml"', "").replace(
        'xmlns="http://www.w3.org/2000/svg"', "")
    assert "wolfssl: skipped" in page
    json.dumps(tables)                                  # the JSON report's part


def test_tables_without_any_peer_still_print():
    runs = [r for r in canned() if r.get("library") == "fieldcrypt" or "skipped" in r]
    md, _ = peertables.tables(runs)
    assert "mbedtls" not in _rows(md, "AES-128, Cortex-M4")[0]
    assert "wolfssl: skipped" in md


def test_seed002_takes_the_peer_images_rsa_when_they_ran():
    runs = canned()
    runs[1]["operations"]["rsa2048_private"] = {"cycles": 150_000_000, "stack_bytes": 1,
                                                "bytes": 0}          # mbedtls, cortex-m4
    md, _ = peertables.seed002(runs)
    _pub, priv = _rows(md, "RSA-2048")
    assert priv[4] == "0.2 private/s" and priv[3] == "- (run with --rsa)"


def test_merge_adds_a_later_runs_operations(tmp_path):
    runs = canned()
    extra = [{"library": "mbedtls", "target": "rv32imac", "opt": "-Os", "wrong": [],
              "operations": {"rsa2048_public": {"cycles": 3_000_000, "stack_bytes": 1,
                                                "bytes": 0}}}]
    merged = peertables.merge(runs, extra)
    r = next(r for r in merged if r.get("library") == "mbedtls" and r.get("target") == "rv32imac")
    assert r["operations"]["rsa2048_public"]["cycles"] == 3_000_000
    assert "sha256_2k" in r["operations"]
    assert "rsa2048_public" not in runs[9]["operations"]        # the input left as it was
    (tmp_path / "res.json").write_text(json.dumps({"peers": runs}))
    (tmp_path / "add.json").write_text(json.dumps(extra))
    assert peertables.main([str(tmp_path / "res.json"), "--add", str(tmp_path / "add.json"),
                            "--html", str(tmp_path / "p.html")]) == 0
    assert (tmp_path / "p.html").read_text().startswith("<!DOCTYPE html>")
