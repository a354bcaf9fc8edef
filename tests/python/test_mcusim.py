"""The MCU benchmark images and the Unicorn runner (fieldcrypt.mcusim, cost_models, mcubench):
hand-counted calibration loops give exactly the modelled cycles, a Thumb-2 instruction in a
Cortex-M0/M0+ image is refused, runs are deterministic, every target's bench image passes its
known-answer checks (and a corrupted known answer fails the run), the images fit the 16 KiB RAM
/ 256 KiB flash budget, and the Cortex-M0+ figures stay within bench/baseline.json."""
from concurrent.futures import ProcessPoolExecutor

import pytest

from fieldcrypt import bench, cost_models, mcubench, mcusim

pytestmark = pytest.mark.cross

TARGETS = mcubench.TARGETS

# Raw region cycles (marker calls included) of targets/calib_*.S, counted by hand:
#   overhead 1->2  = bench_mark's return + MOVS r0,#2 + BL bench_mark
#   loop 3->4      = return + load 1000 + BL + calib_loop(1000) + MOVS + BL
#   mem 5->6       = return + load buf address + BL + calib_mem + MOV r4,r0 + MOVS + BL
# Cortex-M0+ (DDI 0484C): ALU 1, LDR/STR 2, B taken 2 / not 1, BX 2, BL 3, PUSH/LDM 1+N,
#   POP {..,PC} 3+N. calib_loop(n) = n SUBS + (n-1) taken BNE * 2 + 1 + BX 2 = 3n+1.
#   calib_mem = PUSH 6 + 2 MOVS + 16*(STR 2 + 3 ALU) + 15*2 + 1 + SUBS + MOVS + 4*(LDM 5 + 4 ADDS)
#             + MOV + POP 8 = 166
# Cortex-M0 (DDI 0432C): as M0+ but B taken / BX 3, BL 4, POP {..,PC} 4+N:
#   calib_loop = 4n+1, calib_mem = 182
# Cortex-M4 (DDI 0439B): BX/B taken/BL 1+P = 2, STR 1, POP {..,PC} 1+N+P; the assembler turns
#   `ldr r0, =1000` into a 32-bit MOV.W (1 cycle): calib_loop = 3n+1, calib_mem = 149
# RV32 (generic model): ALU 1, LW 2, SW 1, taken branch 3, JAL/RET 3:
#   calib_loop = 4n+1, calib_mem = 245, address load LUI+ADDI
CALIB = {  # target: (overhead, loop, mem)
    "cortex-m0plus": (2 + 1 + 3, 2 + 2 + 3 + 3001 + 1 + 3, 2 + 2 + 3 + 166 + 1 + 1 + 3),
    "cortex-m0": (3 + 1 + 4, 3 + 2 + 4 + 4001 + 1 + 4, 3 + 2 + 4 + 182 + 1 + 1 + 4),
    "cortex-m4": (2 + 1 + 2, 2 + 1 + 2 + 3001 + 1 + 2, 2 + 2 + 2 + 149 + 1 + 1 + 2),
    "rv32imac": (3 + 1 + 3, 3 + 1 + 3 + 4001 + 1 + 3, 3 + 2 + 3 + 245 + 1 + 1 + 3),
}


@pytest.mark.parametrize("target", TARGETS)
def test_calibration_loops_match_hand_counts(target):
    elf = mcubench.build_calib(target)
    res = mcusim.run_image(elf, target)
    assert res["exit_code"] == 0, res["error"]
    reg = res["regions"]
    got = (reg[1]["cycles"], reg[3]["cycles"], reg[5]["cycles"])
    assert got == CALIB[target]
    # instructions: the loop region is 3 + 2 * 1000 + 1 (BX) + 2
    assert reg[3]["insns"] == 2006
    assert reg[3]["cycles_net"] == reg[3]["cycles"] - reg[1]["cycles"]


@pytest.mark.parametrize("target", ["cortex-m0", "cortex-m0plus"])
def test_thumb2_instruction_is_refused_on_armv6m(target):
    elf = mcubench.build_calib(target, thumb2_probe=True)
    res = mcusim.run_image(elf, target)
    assert res["exit_code"] == mcusim.EXIT_NOT_V6M
    assert "udiv" in res["error"] and "Thumb-2" in res["error"]


def test_thumb2_probe_runs_on_cortex_m4():
    res = mcusim.run_image(mcubench.build_calib("cortex-m4", thumb2_probe=True), "cortex-m4")
    assert res["exit_code"] == 0, res["error"]


def test_armv6m_model_allows_the_wide_system_instructions():
    from capstone import CS_ARCH_ARM, CS_MODE_MCLASS, CS_MODE_THUMB, Cs
    cs = Cs(CS_ARCH_ARM, CS_MODE_THUMB | CS_MODE_MCLASS)
    cs.detail = True
    model = cost_models.make_model("cortex-m0plus")
    # DMB SY, MRS r0, PRIMASK: 32-bit but ARMv6-M; 3 cycles each on the M0+
    for code in (b"\xbf\xf3\x5f\x8f", b"\xef\xf3\x10\x80"):
        ins = next(cs.disasm(code, 0))
        assert model.cost(ins, None)[0] == 3
    with pytest.raises(cost_models.NotArmv6m):  # ADD.W r0, r1, r2: Thumb-2 only
        model.cost(next(cs.disasm(b"\x01\xeb\x02\x00", 0)), None)


@pytest.mark.parametrize("target", TARGETS)
def test_same_elf_gives_identical_counts(target):
    elf = mcubench.build_calib(target)
    a, b = mcusim.run_image(elf, target), mcusim.run_image(elf, target)
    assert (a["instructions"], a["cycles"], a["regions"]) == (b["instructions"], b["cycles"], b["regions"])


# ---- the bench images (one emulator run per target, in parallel)

def _corrupted_run(target: str, elf: str) -> dict:
    """The bench image with one byte of a known answer flipped in memory."""
    sim = mcusim.Sim(elf, target)
    addr = sim.info.symbols["KAT_FE25519_MUL"]
    b = bytes(sim.uc.mem_read(addr, 1))[0] ^ 1
    sim.uc.mem_write(addr, bytes([b]))
    code = sim.run()
    return {"exit_code": code, "output": sim.output()}


def _run(target: str, elf: str) -> dict:
    return mcubench.run_bench(target, elf)


@pytest.fixture(scope="module")
def runs():
    elfs = {t: str(mcubench.build_bench(t)) for t in TARGETS}
    with ProcessPoolExecutor() as ex:
        futs = {t: ex.submit(_run, t, elfs[t]) for t in TARGETS}
        bad = ex.submit(_corrupted_run, "cortex-m0plus", elfs["cortex-m0plus"])
        prefix = ex.submit(_prefix_regions, "cortex-m0plus", elfs["cortex-m0plus"])
        out = {t: f.result() for t, f in futs.items()}
        out["corrupted"] = bad.result()
        out["prefix"] = prefix.result()
    return out


def _prefix_regions(target: str, elf: str) -> dict:
    sim = mcusim.Sim(elf, target)
    sim.run(max_insns=3_000_000)
    return sim.regions()


@pytest.mark.parametrize("target", TARGETS)
def test_bench_image_known_answers_pass(runs, target):
    r = runs[target]
    assert r["exit_code"] == 0 and r["kat_ok"], (r["error"], r["output"][-500:])
    names = {o["operation"] for o in r["operations"]}
    assert names == set(bench.KIND), names ^ set(bench.KIND)
    assert set(bench.SYMMETRIC_OPS) <= names, set(bench.SYMMETRIC_OPS) - names
    by = {o["operation"]: o for o in r["operations"]}
    assert by["cpace_initiator"]["entries"] == 3 and by["pace2017_handheld"]["entries"] == 2
    assert all(o["cycles"] > 0 and o["instructions"] > 0 for o in r["operations"])


def test_symmetric_table(runs):
    """The "symmetric" table: every symmetric operation on the M0+ and the M4, microseconds at
    48 / 120 MHz, and the flash of each operation's own objects from the -Os library."""
    mruns = {t: dict(runs[t], object_flash=bench.object_flash(t)) for t in bench.SYMMETRIC_TARGETS}
    recs = bench.records(mruns, None, bench.Energy())
    md = "\n".join(bench.symmetric_markdown(recs, bench.Energy(), mruns))
    assert md.startswith("## symmetric")
    for op in bench.SYMMETRIC_OPS:
        assert f"| {op} |" in md, op
    by = {(r["target"], r["operation"]): r for r in recs}
    ctr = by[("cortex-m0plus", "aes128_ctr_2k")]
    assert ctr["time_us_ref"] == round(ctr["cycles"] / 48.0, 2)
    assert ctr["flash_objects"] == ["aes_ct", "aes_ct_armv7m", "cipher"] and ctr["algorithm_flash_bytes"] > 0
    assert by[("cortex-m4", "aes128_enc_block")]["ref_mhz"] == 120.0
    for obj in bench.FLASH_OBJECTS:
        assert f"| {obj}.o |" in md, obj


def test_ec_table(runs):
    """The "elliptic curves" tables: every default curve operation on the M0+ and the M4 with
    its stack, per second at 30 MHz, the flash of its objects, and seed 002's summary (a full
    handshake = 2 x (public key + ECDH))."""
    mruns = {t: dict(runs[t], object_flash=bench.object_flash(t)) for t in bench.EC_TARGETS}
    recs = bench.records(mruns, None, bench.Energy())
    md = "\n".join(bench.ec_markdown(recs, mruns))
    assert md.startswith("## elliptic curves") and "--all-curves" in md
    for op in bench.EC_OPS:
        assert f"| {op} |" in md, op
    for obj in bench.EC_FLASH_OBJECTS:
        assert f"| {obj}.o |" in md, obj
    by = {(r["target"], r["operation"]): r for r in recs}
    for t in bench.EC_TARGETS:
        for op in bench.EC_OPS:
            r = by[(t, op)]
            assert r["kind"] == "ec" and r["stack_bytes"] > 0 and r["algorithm_flash_bytes"] > 0
            assert r["ops_per_s_30mhz"] == round(30e6 / r["cycles"], 3)
    rows = {r["curve"]: r for r in bench.ec_rows(recs, bench.EC_TARGETS)}
    assert set(rows) == {"secp256r1", "ed25519", "x25519", "x448"}
    m0 = {op: by[("cortex-m0plus", op)]["cycles"] for op in bench.EC_OPS}
    p256 = rows["secp256r1"]["cortex-m0plus"]
    assert p256["handshake"] == 30e6 / (2 * (m0["secp256r1_public_key"] + m0["secp256r1_ecdh"]))
    assert p256["sign"] == 30e6 / m0["secp256r1_ecdsa_sign"]
    assert rows["ed25519"]["cortex-m4"]["handshake"] is None
    assert "| secp256r1 |" in md and "| x448 |" in md


@pytest.mark.parametrize("target", ["cortex-m0plus", "cortex-m4"])
def test_all_curves_image_builds(target):
    """`fieldcrypt bench --all-curves`'s image (too slow to run here: minutes per target) has
    every curve's operations; bench.kind_of files them under "ec"."""
    elf = mcubench.build_bench(target, all_curves=True)
    data = elf.read_bytes()
    for op in bench.EC_ALL_CURVES_OPS:
        assert op.encode() in data, op
        assert bench.kind_of(op) == "ec" and bench.ec_objects(op) == bench.EC_OBJECTS["weierstrass"]


def test_wrong_result_fails_the_run(runs):
    r = runs["corrupted"]
    assert r["exit_code"] == mcusim.EXIT_FAIL
    assert "FAIL fe25519_mul" in r["output"] and "KAT FAIL" in r["output"]


def test_bench_rerun_gives_identical_region_counts(runs):
    prefix, full = runs["prefix"], runs["cortex-m0plus"]["regions"]
    assert len(prefix) >= 5
    for k, r in prefix.items():
        assert r == full[k], k


@pytest.mark.parametrize("target", TARGETS)
def test_images_fit_the_budget(runs, target):
    r = runs[target]
    assert r["flash_bytes"] <= mcubench.FLASH_LIMIT
    assert r["ram_bytes"] + r["stack_high_water"] <= mcubench.RAM_LIMIT
    assert 0 < max(o["stack_bytes"] for o in r["operations"]) <= r["stack_high_water"]


def test_cortex_m0plus_within_baseline(runs):
    recs = bench.records({"cortex-m0plus": runs["cortex-m0plus"]}, None, bench.Energy())
    assert bench.check_baseline(recs) == []


def test_baseline_check_catches_regressions(runs, tmp_path):
    recs = bench.records({"cortex-m0plus": runs["cortex-m0plus"]}, None, bench.Energy())
    path = tmp_path / "baseline.json"
    bench.write_baseline(recs, path)
    assert bench.check_baseline(recs, path) == []
    for r in recs:
        if r["operation"] == "x25519":
            r["cycles"] = int(r["cycles"] * 1.03)
        r["flash_bytes"] = int(r["flash_bytes"] * 1.02)
    problems = bench.check_baseline(recs, path)
    assert any(p.startswith("x25519: cycles") for p in problems)
    assert any("flash_bytes" in p for p in problems)


@pytest.mark.parametrize("target", TARGETS)
def test_engine_slices_keep_their_budget(runs, target):
    """The cost table of each target bounds its slices: no step runs much past its budget
    (a unit dearer than the budget still runs alone). Sliced results are checked in the image."""
    r = runs[target]
    limit = 1.07 * max(bench.ENGINE_BUDGET, r["engine_max_unit"])
    summary = bench.engine_summary(r, bench.Energy())
    assert {row["operation"] for row in summary["rows"]} == {
        "x25519", "elligator2_25519", "sha512_2k", "login_device", "login_pace2017_device",
        "secp256r1_ecdh", "secp256r1_ecdsa_verify", "secp256r1_ecdsa_sign",
        "x448", "ed25519_sign", "ed25519_verify"}
    for row in summary["rows"]:
        assert row["largest_slice"] <= limit, (target, row)
        assert row["slices"] > row["sync_cycles"] / (2 * bench.ENGINE_BUDGET), (target, row)
    assert summary["job_state"] <= 1024  # engine.h: 1 KiB with the curve jobs on 32-bit targets


def test_energy_model_matches_the_paper():
    e = bench.Energy()  # 16 MHz, 2 V, 4.3 mA
    assert round(e.microjoules(7_588_000), 1) == 4078.6          # Table 2, complete PACE run
    delay, factor = e.delay(7_588_000, 1.0)                      # section 9.4: 1 mW
    assert factor == pytest.approx(8.6) and delay == pytest.approx(0.47425 * 8.6)


HOST_LIB_OPS = {"x25519", "x25519_base", "sha512_10", "sha512_2k", "sha256_2k", "hmac_sha512_64"}


@pytest.fixture(scope="module")
def host_time_lines():
    import subprocess
    r = subprocess.run([str(bench.build_host_bench()), "time", "1"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr  # every provider's results match the known answers
    return [line.split() for line in r.stdout.splitlines()]


@pytest.mark.parametrize("lib", sorted(bench.HOST_OPTIONAL_LIBS))
def test_host_bench_optional_library_columns(host_time_lines, lib):
    """mbedTLS / wolfSSL (when their headers are installed) pass the host known answers for
    X25519, SHA-2 and HMAC-SHA-512, and offer no Salsa20."""
    if lib not in bench.host_optional_libs():
        pytest.skip(f"{lib} development headers not installed")
    ops = {op for prov, op, *_ in host_time_lines if prov == lib}
    assert ops == HOST_LIB_OPS, ops ^ HOST_LIB_OPS


# ---- the HTML report, opened in headless Chromium

# Appended to a copy of the page: after load, what the browser made of it goes into the title,
# which --dump-dom prints.
_PROBE = """<script>
window.addEventListener('load', function () {
  var charts = Array.prototype.map.call(document.querySelectorAll('figure.chart'), function (f) {
    var img = f.querySelector('img');
    return {target: f.dataset.target, ok: !!img && img.complete && img.naturalWidth > 100,
            width: img ? img.getBoundingClientRect().width : 0};
  });
  var tables = Array.prototype.map.call(document.querySelectorAll('table'), function (t) {
    return {rows: t.tBodies[0] ? t.tBodies[0].rows.length : 0, cols: t.rows[0].cells.length,
            num: t.querySelectorAll('td.num').length};
  });
  document.title = 'PROBE' + JSON.stringify({charts: charts, tables: tables,
                                             pre: document.querySelectorAll('pre').length});
});
</script>"""


def test_html_report_in_headless_chromium(runs, tmp_path):
    """`fieldcrypt bench --html`: a chart per target that the browser decodes and lays out,
    and the report's tables as real HTML tables (numbers in their own right-aligned cells)."""
    import json
    import re
    import shutil
    import subprocess

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    assert chromium, "chromium is missing: scripts/setup.sh installs it"
    mruns = {t: runs[t] for t in TARGETS}
    recs = bench.records(mruns, None, bench.Energy())
    md = bench.markdown(recs, bench.Energy(), mruns)
    page = bench.html_page(recs, bench.Energy(), mruns, md)
    assert "<pre>" not in page  # no table left as text
    path = tmp_path / "report.html"
    path.write_text(page.replace("</body>", _PROBE + "</body>"))
    out = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                          "--disable-dev-shm-usage", "--user-data-dir=" + str(tmp_path / "profile"),
                          "--virtual-time-budget=10000", "--dump-dom", path.as_uri()],
                         capture_output=True, text=True, timeout=120)
    m = re.search(r"<title>PROBE(.*?)</title>", out.stdout, re.S)
    assert m, (out.returncode, out.stderr[-2000:])
    import html as html_mod
    seen = json.loads(html_mod.unescape(m.group(1)))
    per_target = {c["target"]: c for c in seen["charts"] if c["target"]}
    assert set(per_target) == set(TARGETS), per_target
    assert all(c["ok"] and c["width"] > 100 for c in seen["charts"]), seen["charts"]
    n_md_tables = sum(1 for a, b in zip(md.split("\n"), md.split("\n")[1:])
                      if a.startswith("|") and re.match(r"^\|[\s:|-]+\|?$", b))
    assert len(seen["tables"]) == n_md_tables > len(TARGETS), (len(seen["tables"]), n_md_tables)
    assert all(t["rows"] > 0 and t["cols"] > 1 for t in seen["tables"]), seen["tables"]
    assert sum(t["num"] for t in seen["tables"]) > 100
