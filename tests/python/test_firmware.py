"""The device firmware (firmware/): its image, logins against it in QEMU (micro:bit and
MPS2-AN386) through the `fieldcrypt login` handheld, the defences (garbage, a handheld that
vanishes mid-login, the back-off), and the same ELF in the Unicorn runner.

Every QEMU runs in a `with firmware.Qemu(...)` block (killed on exit, and by the kernel if
pytest dies); the tests skip only when qemu-system-arm is missing. About a minute in all."""
import re
import shutil
import socket
import subprocess
import sys
import time

import pytest

from fieldcrypt import firmware as fw
from fieldcrypt import login as fl

pytestmark = pytest.mark.cross
needs_qemu = pytest.mark.skipif(shutil.which("qemu-system-arm") is None,
                                reason="qemu-system-arm is not installed (scripts/setup.sh "
                                       "installs Debian's qemu-system-arm)")

PASSWORD, WRONG = b"correct horse battery staple", b"Tr0ub4dor&3"
DEVICE_ID = b"meter-0042"


@pytest.fixture(scope="module")
def images(tmp_path_factory):
    """{machine: provisioned ELF}, and the generic one of the micro:bit."""
    d = tmp_path_factory.mktemp("firmware")
    out = {m: fw.provision(fw.build(m), d / f"{m}.elf", PASSWORD, DEVICE_ID) for m in fw.MACHINES}
    out["generic"] = fw.build("microbit")
    return out


@pytest.fixture(scope="module")
def pwfiles(tmp_path_factory):
    d = tmp_path_factory.mktemp("passwords")
    (d / "right").write_bytes(PASSWORD + b"\n")
    (d / "wrong").write_bytes(WRONG + b"\n")
    return d


def handheld(dev: fw.Qemu, pwfile) -> tuple[int, str]:
    """`fieldcrypt login --role handheld` against the device: (exit status, output)."""
    r = subprocess.run([sys.executable, "-m", "fieldcrypt.cli", "login", "--role", "handheld",
                        "--suite", "cpace", "--password-file", str(pwfile), "--id", "handheld-7",
                        "--connect", f"127.0.0.1:{dev.port}", "--timeout", "20"],
                       capture_output=True, text=True, timeout=60)
    return r.returncode, r.stdout + r.stderr


def login_ok(dev: fw.Qemu, pwfiles) -> None:
    """A right-password login succeeds and both sides print the same key fingerprint."""
    start = len(dev.log())
    rc, out = handheld(dev, pwfiles / "right")
    assert rc == 0, out + dev.log()
    hh = re.search(r"session key fingerprint: ([0-9a-f]{16})", out).group(1)
    m = dev.wait_log(r"login ok: handheld 'handheld-7' authenticated, session key fingerprint "
                     r"([0-9a-f]{16})", start=start)
    assert m.group(1) == hh


def connect(dev: fw.Qemu) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", dev.port), timeout=10)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def read_frame(sock: socket.socket, timeout: float = 10.0) -> bytes:
    reasm, deadline = fl.Reassembler(), time.monotonic() + timeout
    while (frame := reasm.pop()) is None:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        data = sock.recv(256)
        assert data, "the device closed the link"
        reasm.push(data)
    return frame


def error_status(frame: bytes) -> int:
    suite, kind, payload = fl.check_frame(frame)
    assert kind == fl.ERROR and len(payload) == 2, frame
    return int.from_bytes(payload, "big", signed=True)


# ---- the image


def test_image_fits_the_nrf51_and_holds_no_password(images):
    for machine in fw.MACHINES:
        sz = fw.sizes(images[machine])
        assert sz["flash_bytes"] <= fw.FLASH_LIMIT - 1024   # the last page is the record's
        assert sz["ram_bytes"] + 4096 <= fw.RAM_LIMIT      # the linker keeps 4 KiB for the stack
        assert sz["sections"][".fc_provision"] == fw.RECORD_LEN
        data = images[machine].read_bytes()
        assert PASSWORD not in data                         # only the credential is stored
        assert fl.credential("cpace", PASSWORD, DEVICE_ID) in data
        nm = subprocess.run(["arm-none-eabi-nm", str(images[machine])], capture_output=True,
                            text=True, check=True).stdout
        assert not re.search(r" (malloc|free|_sbrk|calloc|realloc)$", nm, re.M)
        assert re.search(r"^0003fc00 R fw_provision_page$", nm, re.M)


def test_production_build_has_no_semihosting():
    """FW_LOG 0 (config.h's default): no BKPT 0xAB, which faults on a board without a debugger."""
    elf = fw.build("microbit", defines={"FW_LOG": 0})
    dis = subprocess.run(["arm-none-eabi-objdump", "-d", str(elf)], capture_output=True,
                         text=True, check=True).stdout
    assert "bkpt" not in dis and "fw_log" not in dis
    assert fw.sizes(elf)["flash_bytes"] <= fw.FLASH_LIMIT - 1024


def test_record_layout():
    rec = fw.record(PASSWORD, DEVICE_ID, seed=bytes(32))
    assert len(rec) == 128 and rec[:8] == b"FCP1\x01\x01\x0a\x00"
    assert rec[8:40] == DEVICE_ID.ljust(32, b"\0")
    assert rec[40:72] == fl.credential("cpace", PASSWORD, DEVICE_ID)
    with pytest.raises(ValueError):
        fw.record(PASSWORD, b"x" * 33)


# ---- logins in QEMU


@needs_qemu
def test_right_then_wrong_password(images, pwfiles):
    with fw.Qemu(images["microbit"]) as dev:
        login_ok(dev, pwfiles)
        rc, out = handheld(dev, pwfiles / "wrong")
        assert rc == 1 and "FC_ERR_VERIFY" in out and "fingerprint" not in out
        dev.wait_log(r"login failed: FC_ERR_VERIFY.*\(failure 1 in a row\)")
        assert dev.log().count("login ok") == 1
        login_ok(dev, pwfiles)


def answers(dev: fw.Qemu, data: bytes, quiet: float = 0.6) -> list[int]:
    """Sends data on a fresh connection and returns the statuses of the ERROR frames the device
    answers with, once it has been silent for quiet seconds (longer than its resync gap and its
    partial-frame timeout, so nothing of this exchange can reach the next connection)."""
    buf = b""
    with connect(dev) as s:
        s.sendall(data)
        s.settimeout(10)                                      # the first answer may be slow
        try:
            while chunk := s.recv(256):
                buf += chunk
                s.settimeout(quiet)
        except socket.timeout:
            pass
    return [error_status(f) for f in fl.Reassembler().feed(buf)]


@needs_qemu
def test_garbage_is_survived(images, pwfiles):
    with fw.Qemu(images["microbit"]) as dev:
        # 1.4 KB of noise, starting with a bad version byte: one ERROR for the burst (a host
        # that stalls QEMU for over 100 ms can split it into a few)
        got = answers(dev, b"\x00GET / HTTP/1.1\r\n\xff" * 20 + bytes(range(256)) * 4)
        assert got[0] == fl.ERR_VERSION and len(got) <= 3, got
        dev.wait_log(r"framing error: FC_LOGIN_ERR_VERSION")
        login_ok(dev, pwfiles)
        # a header that claims 4 KiB; half a frame, then silence; a good frame out of turn
        assert answers(dev, bytes([1, 1, 1, 0x10, 0x00]) + b"A" * 64)[0] == fl.ERR_OVERSIZED
        assert answers(dev, bytes([1, 1, 1, 0, 40]) + b"B" * 10)[0] == fl.ERR_TRUNCATED
        assert answers(dev, fl.encode_frame(1, fl.CONFIRM, bytes(96))) == [fl.ERR_UNEXPECTED]
        login_ok(dev, pwfiles)
        assert dev.alive()


def hello_then_vanish(dev: fw.Qemu) -> None:
    """A handheld that sends HELLO, gets REPLY and disappears."""
    hh = fl.Login("handheld", "cpace", PASSWORD, b"handheld-7")
    with connect(dev) as s:
        s.sendall(hh.start())
        _suite, kind, _payload = fl.check_frame(read_frame(s))
        assert kind == fl.REPLY
    hh.wipe()


@needs_qemu
def test_disconnect_mid_login_times_out(images, pwfiles):
    with fw.Qemu(images["microbit"]) as dev:
        t0 = time.monotonic()
        hello_then_vanish(dev)
        dev.wait_log(r"session timeout: the handheld went quiet; session wiped", timeout=10)
        assert 2.5 < time.monotonic() - t0 < 8      # FW_SESSION_TIMEOUT_MS = 3000
        dev.wait_log(r"login failed: FC_LOGIN_ERR_TIMEOUT.*\(failure 1 in a row\)")
        login_ok(dev, pwfiles)


@needs_qemu
def test_new_hello_replaces_an_abandoned_session(images, pwfiles):
    with fw.Qemu(images["microbit"]) as dev:
        hello_then_vanish(dev)
        login_ok(dev, pwfiles)                      # before the timeout: the new HELLO wins
        assert "login failed: FC_LOGIN_ERR_CLOSED" in dev.log()


@needs_qemu
def test_handheld_error_ends_the_session(images, pwfiles):
    with fw.Qemu(images["microbit"]) as dev:
        hh = fl.Login("handheld", "cpace", PASSWORD, b"handheld-7")
        with connect(dev) as s:
            s.sendall(hh.start())
            assert fl.check_frame(read_frame(s))[1] == fl.REPLY
            s.sendall(hh.abort(fl.ERR_TIMEOUT))           # the handheld gives up
            dev.wait_log(r"login failed: FC_LOGIN_ERR_PEER")
            s.settimeout(0.3)
            with pytest.raises(socket.timeout):           # an ERROR is never answered
                s.recv(64)
        login_ok(dev, pwfiles)


@needs_qemu
def test_backoff_after_failed_logins(images, pwfiles):
    with fw.Qemu(images["microbit"]) as dev:
        for n in (1, 2, 3):
            assert handheld(dev, pwfiles / "wrong")[0] == 1
            dev.wait_log(rf"\(failure {n} in a row\)")
        dev.wait_log(r"back-off: logins refused for 2000 ms")
        t_locked = time.monotonic()
        rc, out = handheld(dev, pwfiles / "right")  # even the right password waits
        assert rc == 1 and "FC_ERR_STATE" in out and "fingerprint" not in out
        assert "back-off: frame refused" in dev.log()
        dev.wait_log(r"back-off over", timeout=10)
        assert time.monotonic() - t_locked < 2.5
        assert handheld(dev, pwfiles / "wrong")[0] == 1   # failure 4: twice as long
        dev.wait_log(r"back-off: logins refused for 4000 ms")
        dev.wait_log(r"back-off over", start=dev.log().rfind("4000 ms"), timeout=10)
        login_ok(dev, pwfiles)                     # and a success clears the count
        assert handheld(dev, pwfiles / "wrong")[0] == 1
        dev.wait_log(r"\(failure 1 in a row\)", start=dev.log().rfind("login ok"))


@needs_qemu
def test_unprovisioned_or_corrupt_record_refuses(images, tmp_path):
    bad = bytearray(fw.record(PASSWORD, DEVICE_ID))
    bad[50] ^= 1                                   # a flipped credential bit: the check fails
    corrupt = fw.write_record(images["generic"], tmp_path / "corrupt.elf", bytes(bad))
    for elf in (images["generic"], corrupt):
        with fw.Qemu(elf) as dev:
            assert "no valid provisioning record" in dev.log()
            with connect(dev) as s:
                s.sendall(fl.Login("handheld", "cpace", PASSWORD, b"h").start())
                assert error_status(read_frame(s)) == -3   # FC_ERR_STATE


@needs_qemu
def test_cortex_m4_mps2_login(images, pwfiles):
    with fw.Qemu(images["mps2-an386"], "mps2-an386") as dev:
        assert "MPS2-AN386 (Cortex-M4)" in dev.log()
        assert "demo random source, NOT secure" in dev.log()
        login_ok(dev, pwfiles)
        assert handheld(dev, pwfiles / "wrong")[0] == 1
        dev.wait_log(r"login failed: FC_ERR_VERIFY")


@needs_qemu
def test_rest_between_slices(tmp_path, pwfiles):
    """A device that sleeps (WFI on TIMER0) between slices still logs in, only slower."""
    elf = fw.provision(fw.build("microbit", defines={"FW_SLICE_REST_MS": 2}),
                       tmp_path / "rest.elf", PASSWORD, DEVICE_ID)
    with fw.Qemu(elf) as dev:
        assert "fc_login_step with budget 28000, rest 2 ms" in dev.log()
        start = len(dev.log())
        t0 = time.monotonic()
        login_ok(dev, pwfiles)
        took = time.monotonic() - t0
        slices = int(dev.wait_log(r"login work ran in (\d+) slices", start=start).group(1))
        assert slices > 100
        assert took > slices * 0.002          # each slice followed by a 2 ms sleep


@needs_qemu
def test_ecb_driver_build_says_soft_under_qemu(tmp_path, pwfiles):
    """FC_WITH_NRF51_ECB 1: the nRF51 ECB driver ahead of soft. QEMU's micro:bit has no ECB
    (its region reads as zero), so the driver's known answer times out, AES-128 is soft's, and
    the login works as before."""
    elf = fw.provision(fw.build("microbit", defines={"FC_WITH_NRF51_ECB": 1}),
                       tmp_path / "ecb.elf", PASSWORD, DEVICE_ID)
    nm = subprocess.run(["arm-none-eabi-nm", str(elf)], capture_output=True, text=True,
                        check=True).stdout
    assert re.search(r" fc_provider_nrf51_ecb$", nm, re.M)
    with fw.Qemu(elf) as dev:
        assert "fw: aes-128: soft (no ECB peripheral)\n" in dev.log()
        login_ok(dev, pwfiles)


# ---- the same ELF in the Unicorn runner


def test_unicorn_measures_the_same_image(images):
    res = fw.measure(images["microbit"], [("right", PASSWORD), ("wrong", WRONG)])
    assert res["exit_code"] == 0, res["error"]
    assert res["unmodelled"] == []
    right, wrong = res["sessions"]
    assert right["ok"] and right["fingerprint"] == right["device_fingerprint"]
    assert not wrong["ok"] and wrong["peer_status"] == -9            # FC_ERR_VERIFY
    assert "login failed: FC_ERR_VERIFY" in res["log"]
    for s in (right, wrong):
        assert 1_000_000 < s["cycles"] < 200_000_000
    if "sliced" in res["log"]:                  # each slice keeps near its budget
        assert right["calls"] > 100 and right["largest_call_cycles"] < 2 * 28000
    assert res["ram_bytes"] + res["stack_bytes"] <= fw.RAM_LIMIT
    e = fw.energy(16_000_000)                                        # one second at 16 MHz
    assert e["energy_uj"] == pytest.approx(8600) and e["delay_s"] == pytest.approx(8.6)


def test_unicorn_ecb_driver_build_with_the_peripheral_modelled(tmp_path):
    """The FC_WITH_NRF51_ECB image in the Unicorn runner with the ECB modelled: AES-128 is
    the peripheral's (one known-answer block at detection, one at the boot check), and the
    login is unchanged."""
    elf = fw.provision(fw.build("microbit", defines={"FC_WITH_NRF51_ECB": 1}),
                       tmp_path / "ecb.elf", PASSWORD, DEVICE_ID)
    res = fw.measure(elf, [("right", PASSWORD)], ecb=True)
    assert res["exit_code"] == 0 and res["unmodelled"] == [], res["error"]
    assert "fw: aes-128: nrf51-ecb\n" in res["log"]
    assert res["ecb"]["blocks"] == 2 and res["ecb"]["errors"] == 0
    (right,) = res["sessions"]
    assert right["ok"] and right["fingerprint"] == right["device_fingerprint"]


def test_unicorn_synchronous_build(tmp_path):
    """FW_SLICED 0 (fc_login_input does all the work) still builds and logs in."""
    elf = fw.provision(fw.build("microbit", defines={"FW_SLICED": 0}), tmp_path / "sync.elf",
                       PASSWORD, DEVICE_ID)
    res = fw.measure(elf, [("right", PASSWORD)])
    assert "synchronous: fc_login_input" in res["log"]
    (right,) = res["sessions"]
    assert right["ok"] and right["fingerprint"] == right["device_fingerprint"]
    assert right["calls"] == 2                  # HELLO and CONFIRM, each in one call
