"""`fieldcrypt mcu-report`: flash per object and worst-case stack per public function of the
cortex-m0plus build (fieldcrypt.mcu), checked against the compiler's own .su files."""
import json
import subprocess

import pytest

from conftest import ROOT
from fieldcrypt import cli, mcu

pytestmark = pytest.mark.cross

TARGET = "cortex-m0plus"
BDIR = ROOT / "build" / TARGET
OBJDIR = BDIR / "CMakeFiles" / "fieldcrypt.dir" / "src"
# (fuzz_cheap_curves.c is compiled only into the fuzzing harnesses, never into the library)
SOFT = sorted(p.name for p in (ROOT / "src" / "providers" / "soft").glob("*.c")
              if p.name != "fuzz_cheap_curves.c")
# the library outside the soft provider (drivers: Arm builds only)
CORE = sorted(p.name for d in ("core", "pake", "login", "engine", "drivers", "update")
              for p in (ROOT / "src" / d).glob("*.c"))


@pytest.fixture(scope="module")
def report():
    return mcu.mcu_report(TARGET)


@pytest.fixture(scope="module")
def stack(report):
    return {r["function"]: r for r in report["stack"]}


def su_frame(src: str, function: str) -> int:
    """The frame GCC wrote for function into src's .su file, read here without fieldcrypt.mcu."""
    for line in (OBJDIR / f"{src}.su").read_text().splitlines():
        loc, size, qual = line.split("\t")
        if loc.rsplit(":", 1)[1] == function:
            assert qual == "static", line
            return int(size)
    raise AssertionError(f"{function} not in {src}.su")


def test_build_keeps_toolchain_flags_and_adds_stack_flags(report):
    cmds = subprocess.run(["ninja", "-C", str(BDIR), "-t", "commands", "libfieldcrypt.a"],
                          check=True, capture_output=True, text=True).stdout
    ct = next(c for c in cmds.splitlines() if "ct.c.obj" in c and " -c " in c)
    for flag in ("-mcpu=cortex-m0plus", "-mthumb", "-Os", "-Werror", "-fstack-usage",
                 "-fcallgraph-info=su"):
        assert flag in ct.split(), (flag, ct)


def test_flash_per_object(report):
    flash = {r["object"]: r for r in report["flash"]}
    assert sorted(flash) == sorted(SOFT + CORE)
    assert [r["object"] for r in report["flash"]] == sorted(flash)
    for r in report["flash"]:
        assert r["flash"] == r["text"] + r["data"]
    for k in ("text", "data", "bss", "flash"):
        assert report["flash_total"][k] == sum(r[k] for r in report["flash"])
    # Exactly one field arithmetic is compiled: 16x16-bit products on a 32-bit target.
    assert flash["fe25519_32.c"]["flash"] > 0 and flash["fe25519_64.c"]["flash"] == 0
    # empty on the M0+: the Cortex-M4's assembly, the 32-bit-word field C of the other
    # targets, the small SHA-512 block (FC_SHA512_SMALL)
    for obj in SOFT:
        if not (obj.endswith("_armv7m.c") or obj in ("fe25519_64.c", "fe16_w32.c",
                                                     "sha512_armv6m_small.c")):
            assert flash[obj]["flash"] > 0, (obj, flash[obj])


def test_curve_and_sha512_go_deeper_than_their_own_frame(stack):
    x, s = stack["fc_xdh"], stack["fc_hash"]
    assert x["worst"] > x["frame"] and s["worst"] > s["frame"]
    # the deepest chains run through the provider code behind the descriptor calls, or through
    # the stack wipe that follows it and must reach at least as deep (FC_STACK_WIPE_BYTES)
    assert any(k.startswith(("x25519.c:", "x19119.c:", "x448.c:", "fe25519_32.c:", "fe16",
                             "fc_core_burn_stack"))
               for k, _ in x["path"]), x["path"]
    assert any(k.startswith("sha512.c:") for k, _ in s["path"]), s["path"]
    # and the bound is the sum of the chain's frames
    for r in stack.values():
        assert r["worst"] == sum(f for _, f in r["path"]), r


def test_indirect_calls_follow_the_descriptors(report):
    """Nothing per algorithm is kept by hand: the targets of a front end's calls through a
    descriptor are the operations of that family's descriptors in the build, read from their
    relocations, and the family comes from algorithms.def through the descriptor's id."""
    algs = mcu.algorithm_list()  # re-exported from fieldcrypt.descriptors
    assert {a[2] for a in algs["algs"]} == set(algs["families"])
    fams = {d: f for d, f in report["descriptors"].items() if d.startswith("fc_provider_soft[")}
    assert sorted(set(fams.values())) == ["BLOCK", "EC", "EDDSA", "HASH", "MAC", "MAP", "RSA",
                                          "STREAM", "XDH"]
    assert len(fams) == 33
    it = report["indirect_targets"]
    assert set(it["fc_xdh"]) == {"x25519.c:x25519_scalarmult", "x25519.c:x25519_scalarmult_base",
                                 "x19119.c:x19119_scalarmult", "x19119.c:x19119_scalarmult_base",
                                 "x448.c:x448_scalarmult", "x448.c:x448_scalarmult_base"}
    assert set(it["fc_map"]) == {"elligator2_25519.c:elligator2_25519",
                                 "elligator2_19119.c:elligator2_19119"}
    # soft's hash files, and the Arm build's drivers (src/drivers/: mmCAU, CryptoCell-310)
    hashes = ("sha256.c:", "sha512.c:", "sha1.c:", "md5.c:", "sm3.c:", "kinetis_mmcau.c:",
              "cc310.c:")
    assert all(t.startswith(hashes) for t in it["fc_hash_init"])
    # the core's HMAC mode (src/core/hmac.c) calls the hash family: the base of its algorithms
    assert all(t.startswith(hashes) for t in it["fc_core_hmac_final"])
    jobs = ("curve", "sha512", "p256", "ed25519", "x448", "rsa")
    assert set(it["src/engine/engine.c:run"]) == {f"fc_soft_{j}_job_run" for j in jobs}
    # RSA's helpers reach one operation each (OPERATION_SLOTS), fc_rsa_generate its family
    assert set(it["src/core/rsa.c:rsa_public_op"]) == {"rsa_provider_soft.c:soft_public_op"}
    assert set(it["src/core/rsa.c:rsa_private_op"]) == {"rsa_provider_soft.c:soft_private_op"}
    assert set(it["fc_core_job_start"]) == {f"fc_soft_{j}_job_start" for j in jobs}


def test_no_unresolved_indirect_call_or_unknown_frame(report, stack):
    assert report["problems"] == []
    for name, r in stack.items():
        for k in ("unresolved", "recursion", "unknown_frame", "unknown_callee"):
            assert r[k] == [], (name, k, r[k])
    # the only calls out of the library: the caller's rng fill and self-test report functions,
    # i.e. exactly the public functions that take an fc_rng, plus fc_selftest
    import re
    headers = " ".join(p.read_text() for p in (ROOT / "include" / "fieldcrypt").glob("*.h"))
    takes_rng = set(re.findall(r"fc_status (fc_\w+)\([^;]*const fc_rng \*", headers))
    have_callback = {n for n, r in stack.items() if r["callbacks"]}
    # the engine's steps share their loop with the _clock variants, which call the caller's
    # cycle counter (fc_mcuboot_step runs fc_job_step)
    steps = {"fc_job_step", "fc_job_step_clock", "fc_login_step", "fc_login_step_clock",
             "fc_mcuboot_step"}
    # a DRBG keeps its source: init_seeded only stores it, reseed and generate draw from it;
    # so does the sliced RSA private operation: its steps draw the blinding
    drbg = {"fc_drbg_reseed", "fc_drbg_generate"}
    assert have_callback == (takes_rng - {"fc_drbg_init_seeded", "fc_job_rsa_private"}) | \
        {"fc_random_bytes", "fc_selftest"} | steps | drbg


def test_every_public_function_is_reported(stack):
    for name in ("fc_xdh", "fc_map", "fc_hash", "fc_mac", "fc_kdf", "fc_stream", "fc_job_step",
                 "fc_selftest", "fc_ct_equal", "fc_zeroize"):
        assert name in stack
    assert all(n.startswith("fc_") for n in stack)
    assert "fc_core_provider" not in stack  # internal (src/core/core.h), not public


def test_hand_checked_frames(stack):
    # fc_ct_equal is a leaf: its worst case is exactly its own .su frame
    eq = stack["fc_ct_equal"]
    assert eq["frame"] == eq["worst"] == su_frame("core/ct.c", "fc_ct_equal")
    assert [k for k, _ in eq["path"]] == ["fc_ct_equal"]
    # fc_zeroize calls only memset: its .su frame plus newlib's memset frame (v6-m: push of
    # r4-r7 and lr, 20 bytes, read from libc.a)
    z = stack["fc_zeroize"]
    assert z["path"] == [["fc_zeroize", su_frame("core/ct.c", "fc_zeroize")], ["memset", 20]]
    assert z["worst"] == su_frame("core/ct.c", "fc_zeroize") + 20


def test_analysis_reports_recursion_and_unmapped_indirect_calls(tmp_path):
    """A made-up build dir: fc_hash recurses through a static helper and calls through a
    pointer in a file nothing maps (no family's front end, no mode, no callback); both must
    show up, not count as 0."""
    (tmp_path / "CMakeCache.txt").write_text(f"CMAKE_HOME_DIRECTORY:INTERNAL={tmp_path}\n")
    obj = tmp_path / "CMakeFiles" / "fieldcrypt.dir" / "src"
    obj.mkdir(parents=True)
    src = tmp_path / "src" / "made_up.c"
    (obj / "made_up.c.ci").write_text(
        f'graph: {{ title: "{src}"\n'
        f'node: {{ title: "fc_hash" label: "fc_hash\\n{src}:3:5\\n24 bytes (static)" }}\n'
        f'node: {{ title: "{src}:helper" label: "helper\\n{src}:9:12\\n40 bytes (static)" }}\n'
        f'edge: {{ sourcename: "fc_hash" targetname: "{src}:helper" label: "{src}:5:5" }}\n'
        f'edge: {{ sourcename: "{src}:helper" targetname: "fc_hash" label: "{src}:11:5" }}\n'
        f'node: {{ title: "__indirect_call" label: "Indirect Call Placeholder" shape : ellipse }}\n'
        f'edge: {{ sourcename: "{src}:helper" targetname: "__indirect_call" label: "{src}:12:5" }}\n'
        f'node: {{ title: "fc_ct_equal" label: "fc_ct_equal\\n{src}:20:5\\n8 bytes (dynamic)" }}\n'
        "}\n")
    (obj / "made_up.c.su").write_text(f"{src}:3:5:fc_hash\t24\tstatic\n"
                                      f"{src}:9:12:helper\t40\tstatic\n"
                                      f"{src}:20:5:fc_ct_equal\t8\tdynamic\n")
    rep = mcu.stack_report(tmp_path)
    h = rep["public"]["fc_hash"]
    assert h["worst"] == 64 and [k for k, _ in h["path"]] == ["fc_hash", "src/made_up.c:helper"]
    assert h["recursion"] == ["fc_hash", "src/made_up.c:helper"]
    assert h["unresolved"] == ["src/made_up.c:helper"]
    assert rep["public"]["fc_ct_equal"]["unknown_frame"] == ["fc_ct_equal"]


def test_cli_mcu_report(tmp_path, capsys):
    out_json = tmp_path / "report.json"
    assert cli.main(["mcu-report", "--target", TARGET, "--json", str(out_json)]) == 0
    out = capsys.readouterr().out
    assert "sha512.c" in out and "total" in out and "fc_xdh" in out and "deepest path" in out
    data = json.loads(out_json.read_text())
    assert data["target"] == TARGET
    assert {r["function"] for r in data["stack"]} >= {"fc_xdh", "fc_selftest"}
