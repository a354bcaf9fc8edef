"""`fieldcrypt login`: real device and handheld processes on loopback (and over a pty pair),
and a raw socket playing a broken or hostile peer. Every test is bounded: short --timeout
values, a process timeout on every wait, loopback addresses only."""
import os
import re
import select
import socket
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path

import pytest

import fieldcrypt as fc
from fieldcrypt import login as fl

FIELDCRYPT = Path(sys.executable).with_name("fieldcrypt")
WAIT = 30  # seconds: an upper bound for any one process (sanitizer runs are slow), never reached
FPR = re.compile(r"session key fingerprint: ([0-9a-f]{16})")


@pytest.fixture
def pw(tmp_path):
    def make(text: str, name: str = "pw") -> str:
        p = tmp_path / name
        p.write_text(text + "\n")
        return str(p)
    return make


def login_args(role, suite, pwfile, *extra):
    return [str(FIELDCRYPT), "login", "--role", role, "--suite", suite, "--password-file", pwfile,
            *extra]


class Device:
    """A `fieldcrypt login --role device --listen 127.0.0.1:0` process and the port it got."""

    def __init__(self, suite, pwfile, *extra):
        self.proc = subprocess.Popen(
            login_args("device", suite, pwfile, "--listen", "127.0.0.1:0", "--id", "meter-0042",
                       *extra),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        r, _, _ = select.select([self.proc.stderr], [], [], WAIT)
        line = self.proc.stderr.readline() if r else ""
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if not m:
            self.proc.kill()
            raise AssertionError(f"device did not start: {line!r}")
        self.port = int(m.group(1))

    def finish(self):
        out, err = self.proc.communicate(timeout=WAIT)
        return self.proc.returncode, out, err

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.communicate()


@pytest.fixture
def device():
    started = []

    def start(*args):
        d = Device(*args)
        started.append(d)
        return d
    yield start
    for d in started:
        d.kill()


def handheld(port, suite, pwfile, *extra):
    r = subprocess.run(login_args("handheld", suite, pwfile, "--connect", f"127.0.0.1:{port}",
                                  "--id", "handheld-7", *extra),
                       capture_output=True, text=True, timeout=WAIT)
    return r.returncode, r.stdout, r.stderr


# ---- two real processes ----

@pytest.mark.parametrize("suite", ["cpace", "pace2017", "cpace19119"])
@pytest.mark.parametrize("ble", [False, True])
def test_right_password(device, pw, suite, ble):
    extra = ["--ble-fragments"] if ble else []
    d = device(suite, pw("correct horse"), *extra)
    hcode, hout, herr = handheld(d.port, suite, pw("correct horse", "pw2"), *extra)
    dcode, dout, derr = d.finish()
    assert hcode == 0 and dcode == 0, (hout, herr, dout, derr)
    assert "authenticated device 'meter-0042'" in hout
    assert "authenticated handheld 'handheld-7'" in dout
    assert FPR.search(hout).group(1) == FPR.search(dout).group(1)


@pytest.mark.parametrize("suite", ["cpace", "pace2017", "cpace19119"])
def test_wrong_password(device, pw, suite):
    d = device(suite, pw("correct horse"))
    hcode, hout, herr = handheld(d.port, suite, pw("battery staple", "wrong"))
    dcode, dout, derr = d.finish()
    assert hcode == 1 and dcode == 1, (hout, herr, dout, derr)
    assert "fingerprint" not in hout + dout
    # the side that checks the first tag says so, the other learns it from the ERROR frame
    checker, told = (herr, derr) if suite == "pace2017" else (derr, herr)
    assert "FC_ERR_VERIFY" in checker and "holds a different password" in checker
    assert "aborted: FC_ERR_VERIFY" in told and "wrong password?" in told


def test_sessions_exit_with_the_last(device, pw):
    d = device("cpace", pw("pw one"), "--sessions", "2")
    assert handheld(d.port, "cpace", pw("not it", "bad"))[0] == 1
    hcode, hout, _ = handheld(d.port, "cpace", pw("pw one", "good"))
    dcode, dout, derr = d.finish()
    assert hcode == 0 and dcode == 0
    assert len(FPR.findall(dout)) == 1 and "login failed" in derr


def test_bad_arguments(pw, tmp_path):
    r = subprocess.run(login_args("device", "cpace", str(tmp_path / "missing"), "--listen",
                                  "127.0.0.1:0"), capture_output=True, text=True, timeout=WAIT)
    assert r.returncode == 2 and "password file" in r.stderr
    r = subprocess.run(login_args("handheld", "cpace", pw("x"), "--connect", "127.0.0.1:1",
                                  "--id", "x" * 33), capture_output=True, text=True, timeout=WAIT)
    assert r.returncode == 2 and "--id" in r.stderr


# ---- a raw socket as a broken or hostile handheld ----

def raw(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    s.settimeout(WAIT)
    return s


def frames_until_eof(s):
    data = b""
    while chunk := s.recv(4096):
        data += chunk
    return fl.Reassembler().feed(data)


def error_code(frame):
    suite, typ, payload = fl.check_frame(frame)
    assert typ == fl.ERROR and len(payload) == 2
    return int.from_bytes(payload, "big", signed=True)


def hello(suite="cpace"):
    hh = fl.Login("handheld", suite, b"whatever", b"raw-peer")
    return hh, hh.start()


@pytest.mark.parametrize("name, send, status", [
    ("garbage", b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", fl.ERR_VERSION),
    ("oversized", bytes([1, 1, fl.HELLO, 0xFF, 0xFF]) + bytes(64), fl.ERR_OVERSIZED),
    ("unknown suite", bytes([1, 9, fl.HELLO, 0, 1, 0]), fl.ERR_SUITE),
    ("wrong suite", fl.encode_frame(2, fl.HELLO, b"\x01h"), fl.ERR_WRONG_SUITE),
    ("out of order", fl.encode_frame(1, fl.CONFIRM, bytes(96)), fl.ERR_UNEXPECTED),
    ("bad payload", fl.encode_frame(1, fl.HELLO, bytes(16) + b"\x05abc"), fl.ERR_PAYLOAD),
])
def test_device_refuses_bad_frames(device, pw, name, send, status):
    d = device("cpace", pw("pw"), "--timeout", "5")
    s = raw(d.port)
    s.sendall(send)
    s.shutdown(socket.SHUT_WR)
    got = frames_until_eof(s)
    code, _, err = d.finish()
    assert code == 1 and fl.status_str(status).split(":")[0] in err, (name, err)
    assert [error_code(f) for f in got] == [status], name


def test_device_truncated_frame(device, pw):
    d = device("cpace", pw("pw"))
    _, h = hello()
    s = raw(d.port)
    s.sendall(h[:10])          # the link closes inside the frame
    s.shutdown(socket.SHUT_WR)  # (half: we still read the device's ERROR frame)
    assert [error_code(f) for f in frames_until_eof(s)] == [fl.ERR_TRUNCATED]
    code, _, err = d.finish()
    assert code == 1 and "FC_LOGIN_ERR_TRUNCATED" in err


def test_device_replayed_hello(device, pw):
    d = device("cpace", pw("pw"))
    _, h = hello()
    s = raw(d.port)
    s.sendall(h)
    reasm = fl.Reassembler()
    frames = []
    while not frames:
        frames = reasm.feed(s.recv(4096))
    assert fl.check_frame(frames[0])[1] == fl.REPLY
    s.sendall(h)               # the same HELLO again
    assert [error_code(f) for f in frames_until_eof(s)] == [fl.ERR_REPLAY]
    code, _, err = d.finish()
    assert code == 1 and "FC_LOGIN_ERR_REPLAY" in err


def test_device_replayed_m2(device, pw):
    d = device("pace2017", pw("pw"))
    hh, h = hello("pace2017")
    s = raw(d.port)
    s.sendall(h)
    reasm = fl.Reassembler()
    frames = []
    while not frames:
        frames = reasm.feed(s.recv(4096))
    m2 = hh.input(frames[0])
    s.sendall(m2)
    frames = []
    while not frames:
        frames = reasm.feed(s.recv(4096))
    assert fl.check_frame(frames[0])[1] == fl.M3
    s.sendall(m2)
    # (our password is wrong, but the device has not checked anything yet: M2 again is a replay)
    assert [error_code(f) for f in frames_until_eof(s)] == [fl.ERR_REPLAY]
    assert d.finish()[0] == 1


@pytest.mark.parametrize("after_hello", [False, True])
def test_device_times_out_on_a_silent_peer(device, pw, after_hello):
    d = device("cpace", pw("pw"), "--timeout", "1")
    s = raw(d.port)
    t0 = time.monotonic()
    if after_hello:
        s.sendall(hello()[1])
    got = frames_until_eof(s)  # the device gives up, tells us, closes
    elapsed = time.monotonic() - t0
    code, _, err = d.finish()
    assert code == 1 and "FC_LOGIN_ERR_TIMEOUT" in err
    assert [fl.check_frame(f)[1] for f in got] == ([fl.REPLY] if after_hello else []) + [fl.ERROR]
    assert error_code(got[-1]) == fl.ERR_TIMEOUT
    assert 0.9 < elapsed < 5


def test_device_stalled_mid_frame(device, pw):
    d = device("cpace", pw("pw"), "--timeout", "1")
    s = raw(d.port)
    s.sendall(hello()[1][:7])  # header and two bytes, then nothing
    assert [error_code(f) for f in frames_until_eof(s)] == [fl.ERR_TIMEOUT]
    assert d.finish()[0] == 1


def test_peer_error_frame_ends_the_device_session(device, pw):
    d = device("pace2017", pw("pw"))
    s = raw(d.port)
    s.sendall(fl.encode_frame(2, fl.ERROR, (-9 & 0xFFFF).to_bytes(2, "big")))
    s.shutdown(socket.SHUT_WR)
    assert frames_until_eof(s) == []   # an ERROR is never answered
    code, _, err = d.finish()
    assert code == 1 and "handheld aborted: FC_ERR_VERIFY" in err


# ---- a raw server as a broken device ----

@pytest.mark.parametrize("reply, status", [
    (bytes([1, 1, fl.REPLY, 0x7F, 0xFF]), "FC_LOGIN_ERR_OVERSIZED"),
    (fl.encode_frame(1, fl.ERROR, (-4 & 0xFFFF).to_bytes(2, "big")), "device aborted: FC_ERR_UNSUPPORTED"),
    (fl.encode_frame(1, fl.REPLY, bytes(16) + b"\x01d" + bytes(32)), "FC_ERR_ZERO_SHARED"),
])
def test_handheld_refuses_a_bad_device(pw, reply, status):
    with socket.create_server(("127.0.0.1", 0)) as srv:
        srv.settimeout(WAIT)
        port = srv.getsockname()[1]
        result = {}
        t = threading.Thread(target=lambda: result.update(
            r=handheld(port, "cpace", pw("pw"), "--timeout", "2")))
        t.start()
        conn, _ = srv.accept()
        with conn:
            conn.settimeout(WAIT)
            conn.recv(4096)  # HELLO
            conn.sendall(reply)
            conn.shutdown(socket.SHUT_WR)
            while conn.recv(4096):
                pass
        t.join(WAIT)
    code, out, err = result["r"]
    assert code == 1 and status in err and "fingerprint" not in out, err


# ---- serial: both processes on the slave ends of two ptys, bridged here ----

def test_serial_over_pty_pair(pw):
    m1, s1 = os.openpty()
    m2, s2 = os.openpty()
    for fd in (s1, s2):
        tty.setraw(fd)  # raw before any byte flows: no echo, no line discipline
    stop = threading.Event()

    def bridge():
        while not stop.is_set():
            r, _, _ = select.select([m1, m2], [], [], 0.05)
            for fd in r:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    continue
                os.write(m2 if fd == m1 else m1, data)

    t = threading.Thread(target=bridge, daemon=True)
    t.start()
    dev = subprocess.Popen(login_args("device", "cpace", pw("pty pw"), "--serial", os.ttyname(s1),
                                      "--id", "uart-dev", "--timeout", "5", "--ble-fragments"),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        hh = subprocess.run(login_args("handheld", "cpace", pw("pty pw", "pw2"), "--serial",
                                       os.ttyname(s2), "--timeout", "5"),
                            capture_output=True, text=True, timeout=WAIT)
        dout, derr = dev.communicate(timeout=WAIT)
    finally:
        if dev.poll() is None:
            dev.kill()
            dev.communicate()
        stop.set()
        t.join(5)
        for fd in (m1, s1, m2, s2):
            os.close(fd)
    assert hh.returncode == 0 and dev.returncode == 0, (hh.stderr, derr)
    assert "authenticated device 'uart-dev'" in hh.stdout
    assert FPR.search(hh.stdout).group(1) == FPR.search(dout).group(1)


# ---- the binding on its own ----

@pytest.mark.parametrize("suite", ["cpace", "pace2017", "cpace19119"])
def test_binding_in_process_with_ble_chunks(suite):
    dev = fl.Login("device", suite, fl.credential(suite, b"pw", b"dev"), b"dev")
    hh = fl.Login("handheld", suite, b"pw", b"hh")
    msg, sides, n = hh.start(), [dev, hh], 0
    while msg:
        # cut each frame into 20-byte pieces, as BLE ATT payloads, and reassemble
        reasm = fl.Reassembler()
        frames = [f for i in range(0, len(msg), 20) for f in reasm.feed(msg[i:i + 20])]
        assert frames == [msg]
        msg = sides[n % 2].input(frames[0])
        n += 1
    assert dev.done and hh.done
    (hid, k1), (did, k2) = dev.result(), hh.result()
    assert (hid, did) == (b"hh", b"dev") and k1 == k2
    assert fl.fingerprint(k1) == fc.sha256(k1)[:8].hex()


def test_binding_failure_carries_the_error_frame():
    dev = fl.Login("device", "cpace", fl.credential("cpace", b"pw", b"dev"), b"dev")
    with pytest.raises(fl.LoginError) as e:
        dev.input(b"\x02\x01\x01\x00\x00")
    assert e.value.status == fl.ERR_VERSION and error_code(e.value.frame) == fl.ERR_VERSION
    assert dev.error() == (fl.ERR_VERSION, 0)
    with pytest.raises(fc.FieldcryptError):
        dev.result()


def test_suite_table_from_the_library():
    assert fl.SUITES == {"cpace": 1, "pace2017": 2, "cpace19119": 3}
    assert fl.AVAILABLE_SUITES == set(fl.SUITES)   # a host build has every suite
    with pytest.raises(ValueError):
        fl.credential("nope", b"pw", b"dev")


@pytest.mark.parametrize("provider", [None] + fc.providers())
def test_binding_on_every_provider_chain(provider):
    cred = fl.credential("cpace19119", b"pw", b"dev", provider)
    assert cred == fl.credential("cpace19119", b"pw", b"dev", "soft")
    dev = fl.Login("device", "cpace19119", cred, b"dev", provider)
    hh = fl.Login("handheld", "cpace19119", b"pw", b"hh", provider)
    msg, sides, n = hh.start(), [dev, hh], 0
    while msg:
        msg = sides[n % 2].input(msg)
        n += 1
    assert dev.result()[1] == hh.result()[1]


def test_abort_writes_the_error_frame():
    hh = fl.Login("handheld", "cpace", b"pw", b"hh")
    hh.start()
    frame = hh.abort(fl.ERR_TIMEOUT)
    assert error_code(frame) == fl.ERR_TIMEOUT
    assert hh.error() == (fl.ERR_TIMEOUT, 0) and not hh.done
    assert hh.abort(fl.ERR_CLOSED) == b""          # over already: nothing more to send
