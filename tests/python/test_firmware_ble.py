"""The device firmware's BLE-era services in QEMU's micro:bit: LE Secure Connections pairing
(firmware/pairing.c) against the handheld of python/fieldcrypt/pairing.py, and the signed
firmware update (firmware/update.c) with images signed by MCUboot's own `imgtool` (2.1.0).

The handheld's side alone (pairing.py's exchanges against a device played in Python) runs
without QEMU. One QEMU per test, reused for many cases (a boot costs about a second): pairing
with its tampered and invalid-key cases; every bad image on one device; the Ed25519 device; a
power loss mid-transfer (QEMU's system_reset through its monitor). Images are small (a 3 KiB
body), except one real firmware image, so the UART transfer stays short."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fieldcrypt import firmware as fw
from fieldcrypt import pairing as pr

pytestmark = pytest.mark.cross
IMGTOOL = [sys.executable, "-m", "imgtool.main"]
needs_tools = pytest.mark.skipif(
    shutil.which("qemu-system-arm") is None or
    subprocess.run(IMGTOOL + ["version"], capture_output=True).returncode != 0,
    reason="needs qemu-system-arm and imgtool==2.1.0 (scripts/setup.sh installs both)")

PASSWORD, DEVICE_ID, RUNNING = b"correct horse battery staple", b"meter-0042", "1.2.0"
FC_ERR_STATE, FC_ERR_VERIFY, FC_ERR_DOWNGRADE = -3, -9, -20
FC_ERR_LENGTH, FC_ERR_POINT, FC_ERR_KEY, FC_ERR_ENCODING = -2, -16, -17, -18


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    """Keys (imgtool keygen), the devices' images (running version 1.2.0, one per key type),
    a small application body and a signer."""
    d = tmp_path_factory.mktemp("ble")
    for name, kind in (("p256", "ecdsa-p256"), ("ed", "ed25519"), ("other", "ecdsa-p256")):
        subprocess.run(IMGTOOL + ["keygen", "-k", str(d / f"{name}.pem"), "-t", kind], check=True,
                       capture_output=True)
    generic = fw.build("microbit", version=RUNNING)
    elves = {k: fw.provision(generic, d / f"dev-{k}.elf", PASSWORD, DEVICE_ID,
                             update_key=(d / f"{k}.pem").read_bytes()) for k in ("p256", "ed")}
    (d / "small.bin").write_bytes(os.urandom(3 * 1024))
    fw.image_bin(elves["p256"], d / "app.bin")

    def sign(version="1.3.0", key="p256", body="small.bin", *extra) -> bytes:
        out = d / f"signed-{key}-{version}-{body}.bin"
        subprocess.run(IMGTOOL + ["sign", "--header-size", "0x200", "--pad-header", "--align", "4",
                                  "--version", version, "--slot-size", hex(fw.SLOT_SIZE),
                                  *extra, "-k", str(d / f"{key}.pem"), str(d / body), str(out)],
                       check=True, capture_output=True)
        return out.read_bytes()

    return {"dir": d, "elf": elves, "sign": sign}


def link(dev):
    return pr.connect(f"127.0.0.1:{dev.port}")


def pair_once(dev, **kw):
    start = len(dev.log())
    with link(dev) as s:
        return pr.pair(s, log=lambda line: None, **kw), start


def refused_pairing(dev, status, who="device", **kw):
    start = len(dev.log())
    with pytest.raises(pr.PairingError) as e:
        pair_once(dev, **kw)
    assert e.value.who == who and e.value.status == status, e.value
    dev.wait_log(r"pairing (failed|aborted)[^\n]*no key", start=start)
    return dev.log()[start:]


# ---- pairing


@needs_tools
def test_pairing_end_to_end(kit):
    with fw.Qemu(kit["elf"]["p256"]) as dev:
        res, start = pair_once(dev)
        m = dev.wait_log(r"numeric comparison value (\d{6})", start=start)
        assert int(m.group(1)) == res["value"]
        m = dev.wait_log(r"pairing ok: LTK fingerprint ([0-9a-f]{8})", start=start)
        assert m.group(1) == res["ltk_fingerprint"] == pr.ltk_fingerprint(res["ltk"])

        # the CLI prints the same six digits and fingerprint as the device
        start = len(dev.log())
        r = subprocess.run([sys.executable, "-m", "fieldcrypt.cli", "pair", "--connect",
                            f"127.0.0.1:{dev.port}"], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stdout + r.stderr
        value = re.search(r"numeric comparison value (\d{6})", r.stdout).group(1)
        fp = re.search(r"LTK fingerprint ([0-9a-f]{8})", r.stdout).group(1)
        assert dev.wait_log(r"numeric comparison value (\d{6})", start=start).group(1) == value
        assert dev.wait_log(r"LTK fingerprint ([0-9a-f]{8})", start=start).group(1) == fp

        # a confirm value changed on the way: the handheld aborts, the device says so
        log = refused_pairing(dev, FC_ERR_VERIFY, who="handheld", tamper="confirm")
        assert re.search(r"pairing aborted by the handheld: FC_ERR_VERIFY[^\n]*; no key", log)
        assert "LTK fingerprint" not in log
        # a wrong DHKey check: the device refuses, no key on either side
        log = refused_pairing(dev, FC_ERR_VERIFY, tamper="dhkey-check")
        assert "DHKey check Ea does not match" in log and "LTK fingerprint" not in log

        # invalid peer keys, refused before any DHKey work (no key pair, no job)
        _priv, good = pr.toolbox().ble_keypair()
        for bad, status in ((good[:32] + bytes(32), FC_ERR_POINT),          # Y = 0, CVE-2018-5383
                            (good[:63] + bytes([good[63] ^ 1]), FC_ERR_POINT),  # off the curve
                            (b"\xff" * 64, FC_ERR_POINT),                      # coordinates >= p
                            (pr.DEBUG_PUBLIC, FC_ERR_KEY)):                    # the debug key
            log = refused_pairing(dev, status, public_key=bad)
            assert "key pair" not in log and "DHKey" not in log, log
        # out of order: a RANDOM with no pairing open
        with link(dev) as s:
            s.sendall(pr.encode(pr.SVC_PAIR, pr.RANDOM, bytes(16)))
            svc, kind, pl = pr.read_frame(s)
            assert (svc, kind, pr.error_status(pl)) == (pr.SVC_PAIR, pr.ERROR, FC_ERR_STATE)
        pair_once(dev)                                      # and it still pairs
        assert dev.alive()


# ---- firmware update


def update(dev, image, **kw):
    with link(dev) as s:
        return pr.send_update(s, image, **kw)


def refused_update(dev, image, status, **kw):
    start = len(dev.log())
    with pytest.raises(pr.UpdateError) as e:
        update(dev, image, **kw)
    assert e.value.status == status, (e.value, dev.log()[start:])
    dev.wait_log(r"update refused: [^\n]*; slot not marked", start=start)
    assert "update ok" not in dev.log()[start:]


def flip(image: bytes, at: int) -> bytes:
    return image[:at] + bytes([image[at] ^ 0x01]) + image[at + 1:]


def tlv_offset(image: bytes) -> int:
    """Where the (unprotected) TLV area starts: header size + body size."""
    return int.from_bytes(image[8:10], "little") + int.from_bytes(image[12:16], "little")


@needs_tools
def test_update_ecdsa_good_and_every_bad_image(kit):
    sign = kit["sign"]
    good = sign("1.3.0")
    with fw.Qemu(kit["elf"]["p256"], reboot=True) as dev:
        assert "firmware version 1.2.0+0" in dev.log() and ": not marked" in dev.log()
        t = tlv_offset(good)
        cases = [
            ("header byte (load address)", flip(good, 5), FC_ERR_VERIFY),
            ("header magic", flip(good, 0), FC_ERR_ENCODING),
            ("body byte", flip(good, 0x200 + 1000), FC_ERR_VERIFY),
            ("TLV: SHA-256 value", flip(good, t + 10), FC_ERR_VERIFY),
            ("TLV: KEYHASH value", flip(good, t + 50), FC_ERR_VERIFY),
            ("TLV: signature byte", flip(good, len(good) - 5), FC_ERR_VERIFY),
            ("another key's signature", sign("1.3.0", "other"), FC_ERR_VERIFY),
            ("truncated", good[:-40], None),
            ("TLV length lying", good[:t + 2] + (int.from_bytes(good[t + 2:t + 4], "little") + 64)
             .to_bytes(2, "little") + good[t + 4:], None),
            ("downgrade", sign("1.1.9"), FC_ERR_DOWNGRADE),
        ]
        for name, image, status in cases:
            start = len(dev.log())
            with pytest.raises(pr.UpdateError, match="refused") as e:
                update(dev, image)
            assert status is None or e.value.status == status, (name, e.value)
            dev.wait_log(r"update refused: [^\n]*; slot not marked", start=start)
            assert "update ok" not in dev.log()[start:], name
        # oversized: announced larger than the slot, refused before a byte is written
        refused_update(dev, good, FC_ERR_LENGTH, announce=fw.IMAGE_MAX + 1)
        # nothing of it marked the slot: at the next boot it is still unmarked
        dev.reset()
        dev.wait_log(r"update slot at 0x1f000, 124 KiB: not marked", start=len("fw: boot"))
        assert dev.log().count("fw: boot:") == 2

        # the real application image, signed for 1.3.0: accepted and marked
        real = sign("1.3.0", "p256", "app.bin")
        assert len(real) < fw.IMAGE_MAX
        start = len(dev.log())
        assert update(dev, real)["version"] == "1.3.0+0"
        dev.wait_log(rf"update ok: image 1.3.0\+0 \({len(real)} bytes\) verified; secondary slot "
                     r"marked pending", start=start)
        # the same version again is no downgrade
        assert update(dev, sign("1.2.0"))["version"] == "1.2.0+0"
        start = len(dev.log())
        dev.reset()
        dev.wait_log(r"image pending \(no bootloader here to swap it in\)", start=start)


@needs_tools
def test_update_ed25519(kit):
    with fw.Qemu(kit["elf"]["ed"]) as dev:
        assert update(dev, kit["sign"]("2.0.0+7", "ed"))["version"] == "2.0.0+7"
        dev.wait_log(r"update ok: image 2.0.0\+7")
        refused_update(dev, kit["sign"]("2.0.0", "p256"), FC_ERR_VERIFY)   # the other key type
        good = kit["sign"]("2.0.0", "ed")
        refused_update(dev, flip(good, len(good) - 3), FC_ERR_VERIFY)      # signature byte
        refused_update(dev, flip(good, 0x200 + 7), FC_ERR_VERIFY)          # body byte


@needs_tools
def test_power_loss_mid_transfer(kit):
    """A reset halfway through the transfer: the slot is not marked, the old image runs, and
    the next update goes through."""
    image = kit["sign"]("1.4.0", "p256", "app.bin")
    with fw.Qemu(kit["elf"]["p256"], reboot=True) as dev:
        assert update(dev, kit["sign"]("1.3.0"))["version"] == "1.3.0+0"   # marked pending...
        assert "stopped" in update(dev, image, stop_after=len(image) // 2)
        start = len(dev.log())
        dev.reset()                                        # ...power lost mid-transfer
        dev.wait_log(r"firmware version 1.2.0\+0; update slot at 0x1f000, 124 KiB: not marked",
                     start=start)
        dev.wait_log(r"ready", start=start)
        start = len(dev.log())
        assert update(dev, kit["sign"]("1.3.1"))["version"] == "1.3.1+0"
        dev.wait_log(r"update ok: image 1.3.1\+0", start=start)


@needs_tools
def test_services_coexist_with_the_login(kit):
    """Garbage in an update frame resynchronises like the login's; a login still works."""
    from fieldcrypt import login as fl
    with fw.Qemu(kit["elf"]["p256"]) as dev:
        with link(dev) as s:                  # an update frame claiming 64 KiB of payload
            s.sendall(bytes([pr.SVC_UPDATE, pr.DATA, 0xff, 0xff]) + b"x" * 32)
            svc, kind, pl = pr.read_frame(s)
            assert (svc, kind, pr.error_status(pl)) == (pr.SVC_UPDATE, pr.ERROR, FC_ERR_LENGTH)
        dev.wait_log(r"framing error: FC_ERR_LENGTH")
        hh = fl.Login("handheld", "cpace", PASSWORD, b"handheld-7")
        import time
        time.sleep(0.3)                       # the resync gap
        pair_once(dev)
        with link(dev) as s:
            s.sendall(hh.start())
            reasm = fl.Reassembler()
            while not hh.done:
                reasm.push(s.recv(256))
                while (frame := reasm.pop()) is not None:
                    out = hh.input(frame)
                    if out:
                        s.sendall(out)
        dev.wait_log(r"login ok: handheld 'handheld-7' authenticated")
        hh.wipe()


@needs_tools
def test_cortex_m4_mps2_pairing_and_update(kit, tmp_path):
    """The same services on MPS2-AN386, whose "flash" is QEMU's RAM-backed SSRAM."""
    elf = fw.provision(fw.build("mps2-an386", version=RUNNING), tmp_path / "m4.elf", PASSWORD,
                       DEVICE_ID, update_key=(kit["dir"] / "ed.pem").read_bytes())
    with fw.Qemu(elf, "mps2-an386") as dev:
        res, start = pair_once(dev)
        assert dev.wait_log(r"LTK fingerprint ([0-9a-f]{8})", start=start).group(1) == \
            res["ltk_fingerprint"]
        assert update(dev, kit["sign"]("1.3.0", "ed"))["version"] == "1.3.0+0"
        refused_update(dev, kit["sign"]("1.1.0", "ed"), FC_ERR_DOWNGRADE)


# ---- the image, and the same ELF in the Unicorn runner


def test_image_fits_its_slot(kit):
    for machine in fw.MACHINES:
        elf = fw.build(machine)
        assert fw.sizes(elf)["flash_bytes"] - fw.RECORD_LEN - fw.UPDATE_KEY_LEN < fw.SLOT_SIZE
    nm = subprocess.run(["arm-none-eabi-nm", str(kit["elf"]["p256"])], capture_output=True,
                        text=True, check=True).stdout
    assert re.search(r"^0003fc80 R fw_update_key_page$", nm, re.M)
    key = fw.update_key_block((kit["dir"] / "ed.pem").read_bytes())
    assert len(key) == 128 and key[:8] == b"FCK1\x01\x02\x2c\x00"


@needs_tools
def test_unicorn_pairing_and_image_check(kit):
    """The pairing and an image check in the runner: the key pair and the DHKey run in slices
    near the budget, both ends agree, the check marks the slot."""
    image = kit["sign"]("1.3.0")
    res = fw.run_flows(kit["elf"]["p256"], "microbit",
                       [("pairing", pr.pairing_flow(log=lambda line: None)),
                        ("update", pr.update_flow(image))])
    assert res["exit_code"] == 0 and res["unmodelled"] == [], res["error"]
    pairing, upd = res["exchanges"]
    assert pairing["ok"] and upd["ok"], res["exchanges"]
    assert f"LTK fingerprint {pairing['result']['ltk_fingerprint']}" in res["log"]
    assert len(pairing["dhkey"]) > 100 and max(pairing["dhkey"]) < 28000
    # the key pair: slices of the ECDH job on G, then one decompression (the largest region)
    assert len(pairing["keypair"]) > 100 and sorted(pairing["keypair"])[-2] < 28000
    assert len(upd["check"]) > 100 and max(upd["check"]) < 28000
    assert "update ok: image 1.3.0+0" in res["log"]


# ---- the handheld's side alone, against a responder played here with fieldcrypt.ble


def _responder(tamper=None, pkb_override=None, refuse=None):
    """A device B in Python (the library's ble.h through the binding): answers each frame of
    pairing_flow as firmware/pairing.c does; tamper "eb" sends a wrong Eb."""
    tb = pr.toolbox()
    addr_b, iocap_b = bytes(7), bytes([0x0d, 0x00, 0x01])
    st = {}

    def answer(frame: bytes):
        svc, kind, n = frame[0], frame[1], frame[2] << 8 | frame[3]
        pl = frame[4:4 + n]
        assert svc == pr.SVC_PAIR
        if refuse is not None:
            return (pr.SVC_PAIR, pr.ERROR, (refuse & 0xFFFF).to_bytes(2, "big"))
        if kind == pr.PUBLIC_KEY:
            st["pka"], st["a"], st["iocap_a"] = pl[:64], pl[64:71], pl[71:74]
            st["skb"], st["pkb"] = tb.ble_keypair()
            st["nb"] = os.urandom(16)
            st["dhkey"] = tb.ble_dhkey(st["skb"], st["pka"])
            cb = tb.ble_f4(st["pkb"][:32], st["pka"][:32], st["nb"], 0)
            pkb = pkb_override or st["pkb"]
            return (pr.SVC_PAIR, pr.KEY_CONFIRM, pkb + cb + addr_b + iocap_b)
        if kind == pr.RANDOM:
            st["na"] = pl
            return (pr.SVC_PAIR, pr.RANDOM, st["nb"])
        if kind == pr.DHKEY_CHECK:
            mackey, _ltk = tb.ble_f5(st["dhkey"], st["na"], st["nb"], st["a"], addr_b)
            assert pl == tb.ble_f6(mackey, st["na"], st["nb"], bytes(16), st["iocap_a"], st["a"],
                                   addr_b)
            eb = tb.ble_f6(mackey, st["nb"], st["na"], bytes(16), iocap_b, addr_b, st["a"])
            return (pr.SVC_PAIR, pr.DHKEY_CHECK, bytes([eb[0] ^ (tamper == "eb")]) + eb[1:])
        raise AssertionError(kind)

    return answer


def drive(flow, answer):
    """Runs a flow against answer(frame) -> frame; returns (result, frames the flow sent)."""
    sent = []
    data, wait = next(flow)
    try:
        while True:
            sent.append(data)
            data, wait = flow.send(answer(data) if wait else None)
    except StopIteration as end:
        return end.value, sent


def test_handheld_pairing_flow_alone():
    res, sent = drive(pr.pairing_flow(log=lambda line: None), _responder())
    assert 0 <= res["value"] < 10**6 and len(res["ltk"]) == 16
    # the device's Eb wrong: the handheld refuses, tells the device, has no key
    with pytest.raises(pr.PairingError) as e:
        drive(pr.pairing_flow(log=lambda line: None), _responder(tamper="eb"))
    assert e.value.who == "handheld" and e.value.status == FC_ERR_VERIFY
    # the device's key with Y = 0 (CVE-2018-5383): refused before the DHKey
    _priv, good = pr.toolbox().ble_keypair()
    with pytest.raises(pr.PairingError) as e:
        drive(pr.pairing_flow(log=lambda line: None),
              _responder(pkb_override=good[:32] + bytes(32)))
    assert e.value.who == "handheld" and e.value.status == FC_ERR_POINT
    # the device refuses: no key, its status reported
    with pytest.raises(pr.PairingError) as e:
        drive(pr.pairing_flow(log=lambda line: None), _responder(refuse=FC_ERR_KEY))
    assert e.value.who == "device" and e.value.status == FC_ERR_KEY


def test_handheld_update_flow_alone():
    image = os.urandom(700)
    acks = []

    def device(frame):
        kind, pl = frame[1], frame[4:]
        if kind == pr.BEGIN:
            assert pl == (700).to_bytes(4, "big")
            return (pr.SVC_UPDATE, pr.ACK, bytes(4))
        if kind == pr.DATA:
            off = int.from_bytes(pl[:4], "big")
            acks.append(off)
            return (pr.SVC_UPDATE, pr.ACK, (off + len(pl) - 4).to_bytes(4, "big"))
        return (pr.SVC_UPDATE, pr.DONE, bytes([1, 3, 0, 2]) + (7).to_bytes(4, "big"))

    assert drive(pr.update_flow(image), device)[0] == {"version": "1.3.2+7"}
    assert acks == [0, 256, 512]
    with pytest.raises(pr.UpdateError, match="downgrade") as e:
        drive(pr.update_flow(image), lambda f: (pr.SVC_UPDATE, pr.ERROR, b"\xff\xec"))
    assert e.value.status == FC_ERR_DOWNGRADE
