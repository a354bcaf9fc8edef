"""The device firmware of firmware/: build, provision, run in QEMU, measure in the Unicorn runner.

  build(machine, version=)                the generic image, build/firmware/<machine>/device.elf,
                                          linked against that target's freestanding libfieldcrypt.a
  provision(elf, out, password, dev_id,   one device's image: the generic one with its record
            update_key=)                  (firmware/provision.h) in section .fc_provision, and
                                          the update key (a PEM) in .fc_update_key
  image_bin(elf, out)                     the application as a raw binary, for `imgtool sign`
  Qemu(elf, machine, reboot=)             the image in qemu-system-arm, its UART on a local TCP
                                          port, its semihosting log in a file; reboot: a reset
                                          reboots it, and reset() pulls the power (the monitor)
  measure(elf, passwords)                 the SAME ELF in mcusim (Unicorn) with the nRF51 UART,
                                          RNG and TIMER0 modelled and a handheld played by the
                                          Python binding: modelled cycles of the device's login
                                          work, slices, stack, flash, RAM
  run_flows(elf, machine, flows)          the same for pairing.py's exchanges (pairing, update),
                                          micro:bit or MPS2 image, NVMC and flash slot modelled
  measure_ble(machine)                    `fieldcrypt device measure-ble`: key pair, DHKey and
                                          image check cycles, flash of pairing.o / update.o and
                                          of the library objects they pull
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import mcu

ROOT = mcu.ROOT
FW = ROOT / "firmware"
BUILD = ROOT / "build" / "firmware"
FLASH_LIMIT, RAM_LIMIT = 256 * 1024, 16 * 1024   # nRF51822 of the micro:bit v1
RECORD_LEN, RECORD_CHECKED = 128, 112
SUITE_CPACE = 1

MACHINES = {
    # machine: (library target, board file, CPU flags)
    "microbit": ("cortex-m0", "board_nrf51.c", ["-mcpu=cortex-m0", "-mthumb"]),
    "mps2-an386": ("cortex-m4", "board_mps2.c", ["-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=soft"]),
}
SOURCES = ["startup.c", "main.c", "service.c", "provision.c", "log.c", "pairing.c", "update.c"]
# Flash layout (firmware/config.h, device.ld)
SLOT1_ADDR, SLOT_SIZE, FLASH_PAGE = 0x1F000, 0x1F000, 1024
IMAGE_MAX = SLOT_SIZE - FLASH_PAGE
# firmware settings that change the library's (config.h derives FC_WITH_... from them)
LIB_FW = {"FW_WITH_PAIRING", "FW_WITH_UPDATE"}
UPDATE_KEY_ADDR, UPDATE_KEY_LEN = 0x3FC80, 128
# the firmware's settings, also the library's FC_CONFIG_FILE: library and firmware are built
# with the same algorithm switches, so their contexts have the same layout
CONFIG = FW / "config.h"
WARNINGS = ["-Wall", "-Wextra", "-Wshadow", "-Wstrict-prototypes", "-Wmissing-prototypes",
            "-Wvla", "-Werror"]


def qemu_binary() -> str | None:
    return shutil.which("qemu-system-arm")


# ---------------------------------------------------------------------------------------------
# build and provisioning


def parse_version(text: str) -> tuple[int, int, int, int]:
    """"1.2.3+4" (MCUboot's major.minor.revision+build; missing parts 0) as a tuple."""
    m = re.fullmatch(r"(\d+)(?:\.(\d+)(?:\.(\d+))?)?(?:\+(\d+))?", text.strip())
    if not m:
        raise ValueError(f"version {text!r}: expected major.minor.revision+build")
    v = tuple(int(g or 0) for g in m.groups())
    if v[0] > 255 or v[1] > 255 or v[2] > 65535 or v[3] > 0xFFFFFFFF:
        raise ValueError(f"version {text!r} out of range")
    return v


def version_defines(text: str) -> dict:
    """The -D settings of firmware/config.h for the running version (downgrade protection)."""
    return dict(zip(("FW_VERSION_MAJOR", "FW_VERSION_MINOR", "FW_VERSION_REVISION",
                     "FW_VERSION_BUILD"), parse_version(text)))


def build(machine: str = "microbit", build_root: Path = BUILD, defines: dict | None = None,
          version: str | None = None) -> Path:
    """Compiles firmware/ for machine; returns the generic (unprovisioned) ELF. defines: extra
    -D settings of firmware/config.h (a variant builds into its own directory). version:
    "1.2.3+4", the version the firmware knows it runs (an update to a lower one is refused;
    default config.h's 1.0.0+0). The device log is on (FW_LOG 1): QEMU and the Unicorn runner
    serve semihosting, and the tests read it."""
    if version is not None:
        defines = {**(defines or {}), **version_defines(version)}
    target, board, cpu = MACHINES[machine]
    config, lib_dir = _library_config(Path(build_root), defines or {})
    try:
        lib = mcu.build_target(target, lib_dir, config=config)
    except subprocess.CalledProcessError as e:
        raise RuntimeError(f"building libfieldcrypt.a for {target} failed:\n{e.stdout}{e.stderr}") from None
    name = machine + "".join(f"-{k}={v}" for k, v in sorted((defines or {}).items()))
    out = Path(build_root) / name / "device.elf"
    out.parent.mkdir(parents=True, exist_ok=True)
    cflags = [*cpu, "-Os", "-g", "-std=c99", "-ffreestanding", "-ffunction-sections",
              "-fdata-sections", *WARNINGS, "-I", str(ROOT / "include"),
              f'-DFC_CONFIG_FILE="{config}"',
              *[f"-D{k}={v}" for k, v in {"FW_LOG": 1, **(defines or {})}.items()]]
    objs = []
    for src in SOURCES + [board]:   # one object per file: `measure-ble` sizes pairing.o, update.o
        obj = out.parent / "obj" / Path(src).with_suffix(".o").name
        obj.parent.mkdir(exist_ok=True)
        cmd = ["arm-none-eabi-gcc", *cflags, "-c", str(FW / src), "-o", str(obj)]
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=out.parent)
        if r.returncode:
            raise RuntimeError(f"building the {machine} firmware failed:\n{' '.join(cmd)}\n{r.stderr}")
        objs.append(str(obj))
    cmd = ["arm-none-eabi-gcc", *cpu, *objs,
           "-nostartfiles", "--specs=nano.specs", "--specs=nosys.specs", "-T", str(FW / "device.ld"),
           "-Wl,--gc-sections", "-Wl,-Map=" + str(out.with_suffix(".map")),
           str(lib), "-lgcc", "-o", str(out)]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=out.parent)
    if r.returncode:
        raise RuntimeError(f"building the {machine} firmware failed:\n{' '.join(cmd)}\n{r.stderr}")
    return out


def _library_config(build_root: Path, defines: dict) -> tuple[Path, Path]:
    """(configuration header, library build directory) of a variant. Settings named FC_...
    (and LIB_FW's) are the library's as well (config.h is its FC_CONFIG_FILE): such a variant
    gets a header
    that defines them and includes config.h, and a library built with it in a directory of its
    own, so library and firmware agree on them."""
    lib_defines = {k: v for k, v in sorted(defines.items()) if k.startswith("FC_") or k in LIB_FW}
    if not lib_defines:
        return CONFIG, build_root / "lib"
    lib_dir = build_root / ("lib" + "".join(f"-{k}={v}" for k, v in lib_defines.items()))
    header = lib_dir / "fw_variant_config.h"
    text = ("/* generated by python/fieldcrypt/firmware.py: this variant's library settings */\n"
            + "".join(f"#ifndef {k}\n#define {k} {v}\n#endif\n" for k, v in lib_defines.items())
            + f'#include "{CONFIG}"\n')
    lib_dir.mkdir(parents=True, exist_ok=True)
    if not header.exists() or header.read_text() != text:   # unchanged: the build stays incremental
        header.write_text(text)
    return header, lib_dir


def record(password: bytes, device_id: bytes, seed: bytes | None = None) -> bytes:
    """The provisioning record (firmware/provision.h). Holds the credential, never the password."""
    from . import login as fl
    if not 1 <= len(device_id) <= 32:
        raise ValueError("the device id must be 1..32 bytes")
    cred = fl.credential("cpace", password, device_id)
    seed = os.urandom(32) if seed is None else seed
    body = (b"FCP1" + bytes([1, SUITE_CPACE, len(device_id), 0]) + device_id.ljust(32, b"\0")
            + cred + seed + bytes(8))
    assert len(body) == RECORD_CHECKED
    return body + hashlib.sha256(body).digest()[:16]


def provision(elf: Path, out: Path, password: bytes, device_id: bytes,
              update_key: bytes | None = None) -> Path:
    """Writes a copy of elf with the device's record, and with update_key (a PEM key, see
    update_key_block) the key its firmware updates must be signed with. The result holds the
    credential, like the device's flash: keep it as you would the device."""
    out = write_record(elf, out, record(password, device_id))
    if update_key is not None:
        write_update_key(out, out, update_key_block(update_key))
    return out


def write_record(elf: Path, out: Path, rec: bytes) -> Path:
    """A copy of elf whose section .fc_provision holds rec (any bytes: tests write bad ones)."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:   # 0700: the record file lives here briefly
        path = Path(tmp) / "record.bin"
        path.write_bytes(rec)
        r = subprocess.run(["arm-none-eabi-objcopy", f"--update-section=.fc_provision={path}",
                            str(elf), str(out)], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"writing the provisioning record failed: {r.stderr}")
    os.chmod(out, 0o600)
    return out


def update_key_block(pem: bytes) -> bytes:
    """The update key block (firmware/provision.h) from a PEM key as `imgtool keygen` (private)
    or `imgtool getpub -e pem` (public) writes it, ECDSA P-256 or Ed25519: the public key's DER
    SubjectPublicKeyInfo, whose SHA-256 is the KEYHASH imgtool puts into every signed image."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec, ed25519
    try:
        key = serialization.load_pem_public_key(pem)
    except ValueError:
        key = serialization.load_pem_private_key(pem, password=None).public_key()
    if isinstance(key, ec.EllipticCurvePublicKey) and isinstance(key.curve, ec.SECP256R1):
        alg = 1
    elif isinstance(key, ed25519.Ed25519PublicKey):
        alg = 2
    else:
        raise ValueError("the update key must be ECDSA P-256 or Ed25519 (imgtool keygen -t "
                         "ecdsa-p256 / ed25519)")
    der = key.public_bytes(serialization.Encoding.DER,
                           serialization.PublicFormat.SubjectPublicKeyInfo)
    body = b"FCK1" + bytes([1, alg, len(der), 0]) + der.ljust(96, b"\0") + bytes(8)
    assert len(body) == 112
    return body + hashlib.sha256(body).digest()[:16]


def write_update_key(elf: Path, out: Path, block: bytes) -> Path:
    """A copy of elf whose section .fc_update_key holds block (update_key_block)."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "key.bin"
        path.write_bytes(block)
        r = subprocess.run(["arm-none-eabi-objcopy", f"--update-section=.fc_update_key={path}",
                            str(elf), str(out)], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"writing the update key failed: {r.stderr}")
    os.chmod(out, 0o600)
    return out


def image_bin(elf: Path, out: Path) -> Path:
    """The application's flash contents as a raw binary (what `imgtool sign` takes): the ELF's
    loadable sections in the primary slot, without the record page."""
    r = subprocess.run(["arm-none-eabi-objcopy", "-O", "binary", "-R", ".fc_provision",
                        "-R", ".fc_update_key", str(elf), str(out)], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"objcopy failed: {r.stderr}")
    return Path(out)


def sizes(elf: Path) -> dict:
    """Flash (code, constants, .data image, the record) and static RAM (.data + .bss)."""
    from . import mcusim
    info = mcusim.elf_info(elf)
    return {"flash_bytes": info.flash_bytes, "ram_bytes": info.ram_bytes,
            "sections": info.sections, "flash_limit": FLASH_LIMIT, "ram_limit": RAM_LIMIT}


def read_password(path) -> bytes:
    """A password file as `fieldcrypt login` reads it: one trailing newline dropped."""
    data = Path(path).read_bytes()
    data = data[:-2] if data.endswith(b"\r\n") else data.removesuffix(b"\n")
    if not data:
        raise ValueError(f"{path}: the password file is empty")
    return data


# ---------------------------------------------------------------------------------------------
# QEMU


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent() -> None:
    """preexec_fn: QEMU gets SIGTERM when the Python process that started it dies."""
    try:
        import ctypes
        import signal
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class Qemu:
    """A device image in qemu-system-arm: its UART is a TCP server on 127.0.0.1:port (one
    handheld at a time), its semihosting log goes to log_path, and -no-reboot turns a reset (the
    firmware's answer to a fault) into QEMU's exit, which alive() reports."""

    def __init__(self, elf, machine: str = "microbit", port: int = 0, log_path=None,
                 reboot: bool = False):
        """reboot: a reset reboots the device instead of ending QEMU, and QEMU's monitor listens
        on a port of its own, so reset() can pull the power (system_reset) mid-run."""
        if machine not in MACHINES:
            raise ValueError(f"unknown machine {machine!r}")
        self.elf, self.machine, self.port = Path(elf), machine, port
        self.reboot, self.monitor_port = reboot, 0
        self._tmp = None if log_path else tempfile.TemporaryDirectory()
        self.log_path = Path(log_path) if log_path else Path(self._tmp.name) / "device.log"
        self.out_path = self.log_path.with_name(self.log_path.name + ".qemu")  # QEMU's own output
        self.proc: subprocess.Popen | None = None

    def command(self) -> list[str]:
        monitor = ["-monitor", f"tcp:127.0.0.1:{self.monitor_port},server=on,wait=off"] \
            if self.reboot else ["-monitor", "none", "-no-reboot"]
        return [qemu_binary() or "qemu-system-arm", "-M", self.machine, "-display", "none",
                *monitor,
                "-chardev", f"file,id=fwlog,path={self.log_path}",
                "-semihosting-config", "enable=on,target=native,chardev=fwlog",
                "-serial", f"tcp:127.0.0.1:{self.port},server=on,wait=off,nodelay=on",
                "-kernel", str(self.elf)]

    def start(self, timeout: float = 30.0) -> "Qemu":
        if qemu_binary() is None:
            raise RuntimeError("qemu-system-arm is not installed (scripts/setup.sh installs it)")
        fixed = self.port != 0
        for _ in range(1 if fixed else 5):   # a port picked free can be taken before QEMU binds
            if not fixed:
                self.port = _free_port()
            if self.reboot:
                self.monitor_port = _free_port()
            self.log_path.write_bytes(b"")
            with open(self.out_path, "wb") as out:
                self.proc = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL, stdout=out,
                                             stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
            try:
                self.wait_log(r"ready|every login is refused", timeout)
                return self
            except RuntimeError:
                out = self.stop()
                if fixed or "Address already in use" not in out:
                    raise RuntimeError(f"QEMU did not start the device:\n{' '.join(self.command())}"
                                       f"\n{out}\n{self.log()}") from None
        raise RuntimeError("QEMU could not bind a free port")

    def reset(self) -> None:
        """A power cycle: QEMU's system_reset through the monitor (reboot=True only). RAM is
        lost, the flash keeps what was written; the device boots again."""
        if not self.reboot:
            raise RuntimeError("Qemu(reboot=True) is needed for reset()")
        with socket.create_connection(("127.0.0.1", self.monitor_port), timeout=5) as m:
            m.settimeout(2)
            try:
                m.recv(4096)                                  # the monitor's banner
            except socket.timeout:
                pass
            m.sendall(b"system_reset\n")
            time.sleep(0.3)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def wait_log(self, pattern: str, timeout: float = 10.0, start: int = 0) -> re.Match:
        """The first match of pattern in the device log at or after character start."""
        deadline = time.monotonic() + timeout
        while True:
            m = re.compile(pattern).search(self.log(), start)
            if m:
                return m
            if not self.alive():
                raise RuntimeError(f"QEMU exited (device reset or fault); log:\n{self.log()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"no {pattern!r} in the device log within {timeout} s:\n{self.log()}")
            time.sleep(0.02)

    def stop(self) -> str:
        """Ends QEMU (terminate, then kill); returns what it printed."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        try:
            return self.out_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def __enter__(self) -> "Qemu":
        return self.start() if self.proc is None else self

    def __exit__(self, *exc) -> None:
        self.stop()
        if self._tmp is not None:
            self._tmp.cleanup()


# ---------------------------------------------------------------------------------------------
# the same ELF in the Unicorn runner (mcusim), with the micro:bit's peripherals modelled

MARK_EMPTY, MARK_WORK = 1, 3          # firmware/service.c: bench_mark ids
PERIPH_BASE, PERIPH_SIZE = 0x40000000, 0x20000
SCS_BASE, SCS_SIZE = 0xE000E000, 0x1000
UART0, TIMER0, RNG, ECB = 0x40002000, 0x40008000, 0x4000D000, 0x4000E000
NVMC = 0x4001E000


def _map_slot(sim) -> None:
    """The secondary slot (config.h) as erased flash: the image maps only its own sections."""
    from unicorn import UC_PROT_ALL
    sim.uc.mem_map(SLOT1_ADDR, SLOT_SIZE, UC_PROT_ALL)
    sim.uc.mem_write(SLOT1_ADDR, b"\xff" * SLOT_SIZE)


def _erase_page(sim, addr: int) -> None:
    if SLOT1_ADDR <= addr < SLOT1_ADDR + SLOT_SIZE and addr % FLASH_PAGE == 0:
        sim.uc.mem_write(addr, b"\xff" * FLASH_PAGE)


class _Nrf51Model:
    """MMIO callbacks for what the firmware touches on the nRF51: UART0 (RX from a queue the
    handheld fills, TX to the handheld), RNG (a fixed byte stream, so the figures repeat),
    TIMER0 (counts the modelled cycles at 16 MHz: time passes as the modelled core runs), and
    the NVIC / SCB (enables ignored; a reset request ends the run as a fault). Any other
    register access is recorded in .unmodelled. The run ends when the device polls an empty
    UART after the last session, or as a failure when it goes to sleep while the handheld
    waits (Unicorn itself just steps over WFI)."""

    def __init__(self, sim, handheld, ecb=None):
        self.sim, self.hh = sim, handheld
        self.ecb = ecb     # periph_ecb.EcbPeripheral, or None: its page reads 0 as in QEMU
        self.prescaler, self.cc0 = 0, 0
        self.rng = hashlib.shake_256(b"fieldcrypt firmware measure").digest(1 << 16)
        self.rng_pos = 0
        self.unmodelled: set[int] = set()
        sim.uc.mmio_map(PERIPH_BASE, PERIPH_SIZE, self._read, None, self._write, None)
        sim.uc.mmio_map(SCS_BASE, SCS_SIZE, self._scs_read, None, self._scs_write, None)

    def _read(self, uc, off, size, _user) -> int:
        addr = PERIPH_BASE + off
        if ECB <= addr < ECB + 0x1000:
            return self.ecb.read(addr - ECB) if self.ecb else 0
        if addr == UART0 + 0x108:                   # RXDRDY
            if not self.hh.rx and self.hh.finished:
                self.sim.exit_code = 0              # every session is over and the device idles
                uc.emu_stop()
            return int(bool(self.hh.rx))
        if addr == UART0 + 0x518:                   # RXD
            return self.hh.rx.pop(0) if self.hh.rx else 0
        if addr in (UART0 + 0x11C, RNG + 0x100, NVMC + 0x400):   # TXDRDY, VALRDY, READY: at once
            return 1
        if addr == RNG + 0x508:                     # VALUE
            self.rng_pos += 1
            return self.rng[(self.rng_pos - 1) % len(self.rng)]
        if addr == TIMER0 + 0x540:                  # CC[0]
            return self.cc0
        if addr == TIMER0 + 0x144:                  # EVENTS_COMPARE[1]: read only going idle
            if not self.hh.finished and not self.hh.rx:
                self._stop("the device went idle while the handheld waited for its answer")
            return 0
        self.unmodelled.add(addr)
        return 0

    def _write(self, uc, off, size, value, _user) -> None:
        addr = PERIPH_BASE + off
        if ECB <= addr < ECB + 0x1000:
            if self.ecb:
                self.ecb.write(addr - ECB, value)
        elif addr == UART0 + 0x51C:                 # TXD
            self.hh.device_sent(value & 0xFF)
        elif addr == TIMER0 + 0x510:                # PRESCALER
            self.prescaler = value & 0xF
        elif addr == TIMER0 + 0x040:                # TASKS_CAPTURE[0]
            self.cc0 = (self.sim.cycles >> self.prescaler) & 0xFFFFFFFF
        elif addr == NVMC + 0x508:                  # ERASEPAGE (the CPU stores the words itself)
            _erase_page(self.sim, value)
        elif addr not in _NRF51_IGNORED:
            self.unmodelled.add(addr)

    def _stop(self, error: str) -> None:
        from .mcusim import EXIT_FAULT
        self.sim.error, self.sim.exit_code = error, EXIT_FAULT
        self.sim.uc.emu_stop()

    def _scs_read(self, uc, off, size, _user) -> int:
        self.unmodelled.add(SCS_BASE + off)
        return 0

    def _scs_write(self, uc, off, size, value, _user) -> None:
        if off == 0xD0C:                            # AIRCR: SYSRESETREQ
            self._stop("the firmware requested a reset (a fault)")
        elif off not in (0x100, 0x280):             # NVIC ISER / ICPR: interrupts only wake WFI
            self.unmodelled.add(SCS_BASE + off)


# configuration and event-clearing writes that change nothing the model needs
_NRF51_IGNORED = {UART0 + o for o in (0x000, 0x008, 0x108, 0x11C, 0x304, 0x500, 0x50C, 0x514, 0x524)} | \
    {TIMER0 + o for o in (0x000, 0x00C, 0x144, 0x304, 0x308, 0x504, 0x508, 0x544)} | \
    {RNG + o for o in (0x000, 0x100, 0x200, 0x304, 0x504)} | {NVMC + 0x504}


class _Handheld:
    """Plays the handheld through the Python binding (fieldcrypt.login, the same C library on
    the host): one session per (label, password), each started when the last one ended."""

    def __init__(self, sim, sessions, handheld_id: bytes, progress=None):
        from . import login as fl
        self.fl, self.sim, self.id = fl, sim, handheld_id
        self.progress = progress or (lambda note: None)  # called on every frame received
        self.todo = list(sessions)
        self.rx: list[int] = []
        self.results: list[dict] = []
        self.finished = False
        self._next()

    def _next(self) -> None:
        if not self.todo:
            self.finished = True
            return
        label, password = self.todo.pop(0)
        self.cur = {"label": label, "first_mark": len(self.sim.marks)}
        self.login = self.fl.Login("handheld", "cpace", password, self.id)
        self.reasm = self.fl.Reassembler()
        self.rx += self.login.start()

    def _end(self, **res) -> None:
        self.cur.update(res, last_mark=len(self.sim.marks))
        self.results.append(self.cur)
        self.login.wipe()
        self._next()

    def device_sent(self, byte: int) -> None:
        if self.finished:
            return
        self.reasm.push(bytes([byte]))
        try:
            frame = self.reasm.pop()
            if frame is None:
                return
            self.progress(f"{self.cur['label']} password: a {len(frame)}-byte frame in")
            self.rx += self.login.input(frame)
            if self.login.done:
                peer, key = self.login.result()
                self._end(ok=True, peer=peer.decode(errors="replace"),
                          fingerprint=self.fl.fingerprint(key), status=0)
        except self.fl.LoginError as e:
            self.rx += e.frame
            self._end(ok=False, status=e.status, peer_status=e.peer_status,
                      error=str(e))


def _work(marks, first: int, last: int, overhead: int) -> dict:
    """The device's login work in marks[first:last]: each region MARK_WORK -> MARK_WORK + 1 is
    one fc_login_input or fc_login_step call."""
    cycles, insns, regions = 0, 0, []
    opened = None
    for mid, ni, nc, _depth in marks[first:last]:
        if mid == MARK_WORK:
            opened = (ni, nc)
        elif mid == MARK_WORK + 1 and opened:
            c = nc - opened[1] - overhead
            regions.append(c)
            cycles += c
            insns += ni - opened[0]
            opened = None
    return {"cycles": cycles, "instructions": insns, "calls": len(regions),
            "largest_call_cycles": max(regions, default=0), "call_cycles": regions}


def measure(elf, sessions, handheld_id: bytes = b"handheld-7", target: str = "cortex-m0",
            max_insns: int = 600_000_000, ecb: bool = False, progress=None) -> dict:
    """Runs the micro:bit image in mcusim until every (label, password) session has ended.
    Cycles are modelled (cost_models.py, zero wait states), not measured on silicon. ecb: with
    the nRF51 ECB peripheral modelled (periph_ecb.py); without, its registers read 0, as in
    QEMU. progress(note): called for every frame the handheld receives."""
    from . import mcusim, periph_ecb
    sim = mcusim.Sim(elf, target)
    _map_slot(sim)
    hh = _Handheld(sim, sessions, handheld_id, progress)
    model = _Nrf51Model(sim, hh, periph_ecb.EcbPeripheral(sim, map_page=False) if ecb else None)
    code = sim.run(max_insns)
    log = sim.output()
    marks = sim.marks
    empty = [m for m in marks if m[0] in (MARK_EMPTY, MARK_EMPTY + 1)]
    overhead = empty[1][2] - empty[0][2] if len(empty) >= 2 else 0
    device_fps = re.findall(r"session key fingerprint ([0-9a-f]{16})", log)
    for r in hh.results:
        r.update(_work(marks, r["first_mark"], r["last_mark"], overhead))
        if r["ok"]:
            r["device_fingerprint"] = device_fps.pop(0) if device_fps else None
    return {"elf": str(elf), "target": target, "model": sim.model.name, "exit_code": code,
            "error": sim.error, "sessions": hh.results, "log": log,
            "stack_bytes": sim.stack_high_water(), "unmodelled": sorted(model.unmodelled),
            "marker_overhead_cycles": overhead, "total_instructions": sim.instructions,
            "ecb": model.ecb.stats() if model.ecb else None,
            **sizes(elf)}


# ---- the pairing and the update in the Unicorn runner (`fieldcrypt device measure-ble`)

MARK_KEYPAIR, MARK_DHKEY, MARK_CHECK, MARK_CMAC = 5, 7, 9, 11   # firmware/frames.h
FW_SLICE_BUDGET_DEFAULT = 28000                                 # firmware/config.h
MPS2_UART0, MPS2_TIMER0 = 0x40004000, 0x40000000


class _FlowHandheld:
    """Plays the handheld of python/fieldcrypt/pairing.py in the runner: each (label, flow) is
    one exchange (a generator of pairing.py), fed the device's frames as its TXD writes them."""

    def __init__(self, sim, flows):
        self.sim, self.todo = sim, list(flows)
        self.rx: list[int] = []
        self.results: list[dict] = []
        self.finished = False
        self._next()

    def _next(self) -> None:
        if not self.todo:
            self.finished = True
            return
        self.label, self.flow = self.todo.pop(0)
        self.cur = {"label": self.label, "first_mark": len(self.sim.marks)}
        self.buf = b""
        self._feed(None)

    def _feed(self, frame) -> None:
        try:
            while True:
                data, wait = next(self.flow) if frame is None and not hasattr(self, "_started") \
                    else self.flow.send(frame)
                self._started = True
                self.rx += data
                if wait:
                    return
                frame = None
        except StopIteration as end:
            self._end(ok=True, result=end.value)
        except Exception as e:                           # a refusal: PairingError, UpdateError
            self._end(ok=False, error=f"{type(e).__name__}: {e}")

    def _end(self, **res) -> None:
        del self._started
        self.cur.update(res, last_mark=len(self.sim.marks))
        self.results.append(self.cur)
        self._next()

    def device_sent(self, byte: int) -> None:
        if self.finished:
            return
        self.buf += bytes([byte])
        if len(self.buf) >= 4 and len(self.buf) == 4 + (self.buf[2] << 8 | self.buf[3]):
            frame, self.buf = (self.buf[0], self.buf[1], self.buf[4:]), b""
            self._feed(frame)


class _Mps2Model:
    """MMIO of what the firmware touches on QEMU's MPS2-AN386: the CMSDK UART0 (RX from the
    handheld, TX to it), TIMER0 counting down with the modelled cycles, TIMER1 and the NVIC
    (wake-ups only: ignored). The run ends when the device polls an empty UART after the last
    exchange."""

    def __init__(self, sim, handheld):
        self.sim, self.hh = sim, handheld
        self.unmodelled: set[int] = set()
        self.ecb = None
        sim.uc.mmio_map(PERIPH_BASE, PERIPH_SIZE, self._read, None, self._write, None)
        sim.uc.mmio_map(SCS_BASE, SCS_SIZE, lambda *_a: 0, None, self._scs_write, None)

    def _read(self, uc, off, size, _user) -> int:
        addr = PERIPH_BASE + off
        if addr == MPS2_UART0 + 0x04:               # STATE: bit 1 RX full; TX never full
            if not self.hh.rx and self.hh.finished:
                self.sim.exit_code = 0
                uc.emu_stop()
            return 2 if self.hh.rx else 0
        if addr == MPS2_UART0:                      # DATA
            return self.hh.rx.pop(0) if self.hh.rx else 0
        if addr == MPS2_TIMER0 + 0x04:              # VALUE, counting down
            return (0xFFFFFFFF - self.sim.cycles) & 0xFFFFFFFF
        self.unmodelled.add(addr)
        return 0

    def _write(self, uc, off, size, value, _user) -> None:
        addr = PERIPH_BASE + off
        if addr == MPS2_UART0:
            self.hh.device_sent(value & 0xFF)
        elif not (MPS2_UART0 + 0x08 <= addr <= MPS2_UART0 + 0x10 or
                  MPS2_TIMER0 <= addr < MPS2_TIMER0 + 0x2000):
            self.unmodelled.add(addr)

    def _scs_write(self, uc, off, size, value, _user) -> None:
        if off == 0xD0C:
            from .mcusim import EXIT_FAULT
            self.sim.error, self.sim.exit_code = "the firmware requested a reset", EXIT_FAULT
            uc.emu_stop()


def _regions(marks, first: int, last: int, mark: int, overhead: int) -> list[int]:
    """Cycles of each region mark -> mark + 1 in marks[first:last]."""
    out, opened = [], None
    for mid, _ni, nc, _depth in marks[first:last]:
        if mid == mark:
            opened = nc
        elif mid == mark + 1 and opened is not None:
            out.append(nc - opened - overhead)
            opened = None
    return out


def run_flows(elf, machine: str, flows, max_insns: int = 2_000_000_000) -> dict:
    """Runs a provisioned image in mcusim with the handheld's exchanges (pairing.py flows);
    per exchange the cycles of the key pair, the DHKey slices, the CMAC work and the image
    check's slices (bench_mark regions of firmware/frames.h)."""
    from . import mcusim
    target = MACHINES[machine][0]
    sim = mcusim.Sim(elf, target)
    _map_slot(sim)
    hh = _FlowHandheld(sim, flows)
    model = _Nrf51Model(sim, hh) if machine == "microbit" else _Mps2Model(sim, hh)
    code = sim.run(max_insns)
    empty = [m for m in sim.marks if m[0] in (MARK_EMPTY, MARK_EMPTY + 1)]
    overhead = empty[1][2] - empty[0][2] if len(empty) >= 2 else 0
    for r in hh.results:
        for name, mark in (("keypair", MARK_KEYPAIR), ("dhkey", MARK_DHKEY),
                           ("cmac", MARK_CMAC), ("check", MARK_CHECK)):
            r[name] = _regions(sim.marks, r["first_mark"], r["last_mark"], mark, overhead)
    return {"elf": str(elf), "machine": machine, "target": target, "model": sim.model.name,
            "exit_code": code, "error": sim.error, "exchanges": hh.results, "log": sim.output(),
            "stack_bytes": sim.stack_high_water(), "unmodelled": sorted(model.unmodelled),
            **sizes(elf)}


def _imgtool(*args: str) -> None:
    r = subprocess.run([sys.executable, "-m", "imgtool.main", *args], capture_output=True,
                       text=True)
    if r.returncode:
        raise RuntimeError(f"imgtool {' '.join(args)} failed (pip install imgtool==2.1.0):\n"
                           f"{r.stdout}{r.stderr}")


def object_flash(elf: Path) -> dict[str, int]:
    """Flash bytes per input object in the linked image (code, constants, .data initialisers),
    from the linker map: {"pairing.o": n, "libfieldcrypt.a(ble.c.obj)": n, ...}."""
    text = Path(elf).with_suffix(".map").read_text(errors="replace")
    text = text[text.find("Linker script and memory map"):]
    out: dict[str, int] = {}
    section = None
    for line in text.splitlines():
        m = re.match(r"^ (\.(?:text|rodata|data)[^\s]*)"
                     r"(?:\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+))?$", line)
        if m:
            section = m.group(1)
            if m.group(2):
                out[_obj_name(m.group(4))] = out.get(_obj_name(m.group(4)), 0) + int(m.group(3), 16)
                section = None
            continue
        m = re.match(r"^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)$", line)
        if m and section:
            name = _obj_name(m.group(3))
            out[name] = out.get(name, 0) + int(m.group(2), 16)
        section = None if not m else section
    return out


def _short(obj: str) -> str:
    """libfieldcrypt.a(ble.c.obj) -> ble"""
    m = re.fullmatch(r"libfieldcrypt\.a\((.*)\.c\.obj\)", obj)
    return m.group(1) if m else obj


def _obj_name(path: str) -> str:
    return re.sub(r"^.*/", "", path)


def measure_ble(machine: str = "microbit", work=None, sizes_kib=(2, 66)) -> dict:
    """The pairing and the image check of the firmware in the runner: one pairing, and for each
    key type (ECDSA P-256, Ed25519) a good image of each body size, signed by imgtool: cycles of
    the key pair, the DHKey, the check (fixed cost and cycles per KiB by a line through the
    sizes), the flash of pairing.o / update.o and of the library objects only they pull."""
    from . import pairing
    work = Path(work or tempfile.mkdtemp(prefix="fieldcrypt-ble-"))
    work.mkdir(parents=True, exist_ok=True)
    elf = build(machine)
    base = build(machine, defines={"FW_WITH_PAIRING": 0, "FW_WITH_UPDATE": 0})
    runs = []
    for kind, imgkind in (("ecdsa-p256", "ecdsa-p256"), ("ed25519", "ed25519")):
        key = work / f"{kind}.pem"
        if not key.exists():
            _imgtool("keygen", "-k", str(key), "-t", imgkind)
        dev = provision(elf, work / f"{machine}-{kind}.elf", b"measure", b"meter-0042",
                        update_key=key.read_bytes())
        images = []
        for kib in sizes_kib:
            body = work / f"body-{kib}.bin"
            body.write_bytes(hashlib.shake_256(b"body %d" % kib).digest(kib * 1024))
            out = work / f"signed-{kind}-{kib}.bin"
            _imgtool("sign", "--header-size", "0x200", "--pad-header", "--align", "4", "--version",
                     "1.1.0", "--slot-size", hex(SLOT_SIZE), "-k", str(key), str(body), str(out))
            images.append(out.read_bytes())
        flows = [(f"update {len(im)} B", pairing.update_flow(im)) for im in images]
        if kind == "ecdsa-p256":
            flows.insert(0, ("pairing", pairing.pairing_flow(log=lambda line: None)))
        res = run_flows(dev, machine, flows)
        res["kind"], res["image_bytes"] = kind, [len(im) for im in images]
        runs.append(res)
    full, without = object_flash(elf), object_flash(base)
    pulled = {k: v - without.get(k, 0) for k, v in full.items()
              if v > without.get(k, 0) and k not in ("pairing.o", "update.o")}
    size = {}
    for name in ("pairing.o", "update.o"):   # the objects as compiled, before --gc-sections
        r = subprocess.run(["arm-none-eabi-size", str(elf.parent / "obj" / name)],
                           capture_output=True, text=True)
        if r.returncode == 0:
            text, data, bss = (int(v) for v in r.stdout.splitlines()[1].split()[:3])
            size[name] = {"text": text, "data": data, "bss": bss}
    return {"machine": machine, "runs": runs, "flash_bytes": sizes(elf)["flash_bytes"],
            "size": size,
            "flash_without": sizes(base)["flash_bytes"], "ram_bytes": sizes(elf)["ram_bytes"],
            "ram_without": sizes(base)["ram_bytes"],
            "objects": {"pairing.o": full.get("pairing.o", 0), "update.o": full.get("update.o", 0)},
            "pulled": dict(sorted(pulled.items(), key=lambda kv: -kv[1]))}


def energy(cycles: int, mhz: float = 16.0, volts: float = 2.0, milliamps: float = 4.3,
           budget_mw: float = 1.0) -> dict:
    """The CHES 2017 model (as `fieldcrypt energy`): run time, energy, and the login delay when
    only budget_mw is available: a core drawing more must sleep, delay = t * (I*V / P)."""
    seconds = cycles / (mhz * 1e6)
    power_mw = volts * milliamps
    return {"run_ms": seconds * 1e3, "energy_uj": seconds * power_mw * 1e3,
            "delay_s": seconds * max(1.0, power_mw / budget_mw)}


# ---------------------------------------------------------------------------------------------
# `fieldcrypt device build | run | measure`


def cmd_build(args) -> int:
    elf = build(args.machine, version=args.version)
    out = Path(args.out or elf.with_name(f"device-{args.id}.elf"))
    key = Path(args.update_key).read_bytes() if args.update_key else None
    provision(elf, out, read_password(args.password_file), args.id.encode(), update_key=key)
    sz = sizes(out)
    print(f"built {elf.relative_to(ROOT)} for {args.machine}, version {args.version or '1.0.0+0'}; "
          f"provisioned {args.id!r} (credential only, never the password) into {out}")
    if key is not None:
        kind = "ECDSA P-256" if update_key_block(key)[5] == 1 else "Ed25519"
        print(f"update key: {args.update_key} ({kind}); images up to {IMAGE_MAX:,} B into the "
              f"secondary slot at 0x{SLOT1_ADDR:05x}")
    print(f"flash {sz['flash_bytes']:,} B of {FLASH_LIMIT // 1024} KiB (with the {RECORD_LEN}-byte "
          f"record), static RAM {sz['ram_bytes']:,} B of {RAM_LIMIT // 1024} KiB")
    return 0


def cmd_run(args) -> int:
    import signal
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))   # ends QEMU through the finally below
    q = Qemu(args.elf, args.machine, args.port)
    shown = 0

    def show_log(upto_newline: bool = True) -> None:
        nonlocal shown
        text = q.log()
        end = text.rfind("\n") + 1 if upto_newline else len(text)
        if end > shown:
            sys.stdout.write(text[shown:end])
            sys.stdout.flush()
            shown = end

    try:
        q.start()
        print("$ " + " ".join(q.command()), file=sys.stderr, flush=True)
        print(f"fieldcrypt device: {args.machine} UART listening on 127.0.0.1:{q.port}",
              file=sys.stderr, flush=True)
        deadline = time.monotonic() + args.seconds
        while q.alive() and time.monotonic() < deadline:
            show_log()
            time.sleep(0.05)
        if not q.alive():
            print("fieldcrypt device: QEMU exited: the device reset (a fault)", file=sys.stderr)
            return 1
        return 0
    finally:
        q.stop()
        show_log(upto_newline=False)


def cmd_measure(args) -> int:
    from . import login as fl
    sessions = [("right", read_password(args.password_file))]
    if args.wrong_password_file:
        sessions.append(("wrong", read_password(args.wrong_password_file)))
    from .progress import Bar
    # the handheld receives two frames a session (REPLY, then FINISH or ERROR)
    with Bar(2 * len(sessions), "device measure") as bar:
        res = measure(args.elf, sessions, args.id.encode(),
                      progress=lambda note: bar.advance(note=note))
    if args.json:
        import json
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1)
    if args.slices:  # the right password's calls, for `fieldcrypt power --slices`
        import json
        right = next((s for s in res["sessions"] if s["label"] == "right"), None)
        with open(args.slices, "w") as f:
            json.dump({"target": "cortex-m0 (micro:bit image)", "clock_hz": 16e6,
                       "operation": "device login calls of the firmware",
                       "slices": right["call_cycles"] if right else []}, f)
    print(f"{Path(args.elf).name} (micro:bit image) in fieldcrypt's Unicorn runner (mcusim): the "
          f"nRF51 UART, RNG and TIMER0\nare modelled, the handheld is the Python binding. Cycles "
          f"are MODELLED ({res['model']} timing tables, zero\nwait states), not measured on silicon.")
    for line in res["log"].splitlines():
        print("  device:   " + line.removeprefix("fw: "))
    ok = res["exit_code"] == 0 and len(res["sessions"]) == len(sessions)
    rows = []
    for s in res["sessions"]:
        if s["ok"]:
            same = s.get("device_fingerprint") == s["fingerprint"]
            ok &= same
            verdict = f"login ok, key fingerprint {s['fingerprint']} on both sides" if same else \
                "login ok but the fingerprints DIFFER"
        else:
            why = fl.status_str(s["peer_status"] or s["status"]).split(":")[0]
            verdict = f"refused by the device ({why}), no key on either side"
            ok &= s["label"] == "wrong"
        print(f"  {s['label']} password: {verdict}")
        e = energy(s["cycles"])
        rows.append((s["label"], f"{s['cycles']:,}", f"{s['calls']:,}", f"{s['largest_call_cycles']:,}",
                     f"{e['run_ms']:.0f}", f"{e['energy_uj']:,.0f}", f"{e['delay_s']:.1f}"))
    head = ("password", "device cycles", "calls", "largest call", "ms @16 MHz", "uJ", "delay s @1 mW")
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    print("The device's login work: every fc_login_input / fc_login_step call of the session (UART "
          "and idle\nexcluded; a sliced image makes one call per slice). Energy at 16 MHz, 2 V, "
          "4.3 mA (8.6 mW);\nlogin delay when crypto may draw 1 mW on average (the core sleeps "
          "7.6 of every 8.6 s):")
    for r in [head] + rows:
        print("  " + "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))))
    print(f"flash {res['flash_bytes']:,} B of {FLASH_LIMIT // 1024} KiB (with the {RECORD_LEN}-byte "
          f"record); RAM {res['ram_bytes']:,} B static + {res['stack_bytes']:,} B stack "
          f"(high-water mark of this run) of {RAM_LIMIT // 1024} KiB")
    if res["unmodelled"]:
        print("unmodelled registers touched: " + ", ".join(f"0x{a:08x}" for a in res["unmodelled"]))
    if res["exit_code"] != 0:
        print(f"the run ended with exit {res['exit_code']}: {res['error']}")
    return 0 if ok else 1


def cmd_update(args) -> int:
    from . import pairing
    image = Path(args.image).read_bytes()
    print(f"handheld: sending {args.image} ({len(image):,} B) to {args.connect}", flush=True)
    try:
        with pairing.connect(args.connect) as link:
            res = pairing.send_update(link, image, timeout=args.timeout)
    except pairing.UpdateError as e:
        print(f"handheld: update refused: {e}; the slot is not marked", flush=True)
        return 1
    except (pairing.LinkError, OSError) as e:
        print(f"handheld: {e}", flush=True)
        return 2
    print(f"handheld: update accepted: image {res['version']} checked by the device and its "
          f"slot marked pending", flush=True)
    return 0


def _harvest(slices: list[int]) -> str:
    """The delay of these slices on harvested power (main.sh's setting: 1.5 mW in, 0.5 mW of it
    for the radio, 150 uJ buffer starting empty), or why they cannot run."""
    from . import power
    p = power.Params(initial=0.0)
    try:
        return f"{power.simulate(slices, p, trace=False).delay_s:.1f} s"
    except power.PowerError:
        return f"never: needs a {power.min_buffer(slices, p) * 1e6:,.0f} uJ buffer"


def ble_rows(res: dict) -> list[tuple]:
    """(operation, cycles, slices, largest, ms, uJ, harvest delay) of one machine's run."""
    rows = []
    pairing = next(x for r in res["runs"] for x in r["exchanges"] if x["label"] == "pairing")
    for name, calls in (("key pair (ECDH job on G, then Y)", pairing["keypair"]),
                        ("DHKey (P-256 ECDH job)", pairing["dhkey"]),
                        ("f4, g2, f5, f6 (AES-CMAC)", pairing["cmac"])):
        rows.append((name, sum(calls), calls))
    for run in res["runs"]:
        (b1, c1), (b2, c2) = [(n, sum(x["check"])) for n, x in zip(run["image_bytes"],
                                                                     run["exchanges"][-2:])]
        per_kib = (c2 - c1) / ((b2 - b1) / 1024)
        fixed = c1 - per_kib * b1 / 1024
        run["fit"] = {"fixed_cycles": fixed, "cycles_per_kib": per_kib}
        slices = run["exchanges"][-1]["check"]
        rows.append((f"image check {run['kind']}: fixed", int(fixed), None))
        rows.append((f"image check {run['kind']}: per KiB", int(per_kib), None))
        rows.append((f"image check {run['kind']}: {b2:,} B image", c2, slices))
    out = []
    for name, cycles, calls in rows:
        e = energy(cycles)
        out.append((name, f"{cycles:,}", f"{len(calls):,}" if calls else "",
                    f"{max(calls):,}" if calls else "", f"{e['run_ms']:.1f}",
                    f"{e['energy_uj']:,.0f}", _harvest(calls) if calls else ""))
    return out


def cmd_measure_ble(args) -> int:
    machines = sorted(MACHINES) if args.machine == "both" else [args.machine]
    results, ok = {}, True
    for machine in machines:
        res = measure_ble(machine, work=args.work)
        results[machine] = res
        for run in res["runs"]:
            bad = [x for x in run["exchanges"] if not x["ok"]]
            if run["exit_code"] != 0 or bad or run["unmodelled"]:
                ok = False
                print(f"{machine} {run['kind']}: exit {run['exit_code']} {run['error']} "
                      f"{[x.get('error') for x in bad]} unmodelled {run['unmodelled']}")
    if args.json:
        import json
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1, default=str)
    print("The device's pairing and update work in fieldcrypt's Unicorn runner (mcusim): the "
          "handheld is\npython/fieldcrypt/pairing.py, images signed by imgtool. Cycles are "
          "MODELLED (ARM TRM timing tables,\nzero wait states), not measured on silicon. Energy "
          "at 16 MHz, 2 V, 4.3 mA (8.6 mW, the nRF51 running);\ndelay on harvested power: "
          "1.5 mW in, 0.5 mW of it for the radio, a 150 uJ buffer starting empty\n(the core "
          "sleeps until the buffer holds the next slice; `fieldcrypt power`).")
    head = ("operation", "cycles", "slices", "largest", "ms @16MHz", "uJ", "on 1.5 mW harvest")
    for machine, res in results.items():
        core = "Cortex-M0, micro:bit image" if machine == "microbit" else \
            "Cortex-M4, MPS2-AN386 image"
        print(f"\n{machine} ({core}), slices of budget {FW_SLICE_BUDGET_DEFAULT:,}:")
        rows = ble_rows(res)
        widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
        for r in [head] + rows:
            print("  " + "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                   for i, (c, w) in enumerate(zip(r, widths))))
        pairing = next(x for r in res["runs"] for x in r["exchanges"] if x["label"] == "pairing")
        kp, dh = energy(sum(pairing["keypair"])), energy(sum(pairing["dhkey"]))
        print(f"  as seed 000 tells it: key pair {kp['run_ms'] / 1e3:.3f} s, DHKey "
              f"{dh['run_ms'] / 1e3:.3f} s at 16 MHz; current 4.3 mA at 2 V; energy "
              f"{kp['energy_uj'] / 1e3:.2f} mJ and {dh['energy_uj'] / 1e3:.2f} mJ")
        pulled = sum(res["pulled"].values())
        print(f"  flash: pairing.o {res['objects']['pairing.o']:,} B, update.o "
              f"{res['objects']['update.o']:,} B, the library objects they pull {pulled:,} B "
              f"(image {res['flash_bytes']:,} B, {res['flash_without']:,} B without both; "
              f"primary slot {SLOT_SIZE // 1024} KiB)")
        print("  arm-none-eabi-size (-Os, before --gc-sections): " + ", ".join(
            f"{k} text {v['text']:,} data {v['data']:,} bss {v['bss']:,}"
            for k, v in res["size"].items()))
        names = [(_short(k), v) for k, v in list(res["pulled"].items())[:8]]
        print("  largest pulled: " + ", ".join(f"{k} {v:,}" for k, v in names))
        print(f"  RAM: {res['ram_bytes']:,} B static ({res['ram_without']:,} B without both), "
              f"stack high-water {max(r['stack_bytes'] for r in res['runs']):,} B")
    return 0 if ok else 1


def _reporting(fn):
    def run(args) -> int:
        try:
            return fn(args)
        except (RuntimeError, ValueError, OSError) as e:
            print(f"fieldcrypt device: {e}", file=sys.stderr)
            return 2
    return run


def add_parser(sub) -> None:
    """The `fieldcrypt device` subcommand (registered by cli.py)."""
    p = sub.add_parser("device", help="device firmware (firmware/): build and provision, run in "
                       "QEMU, measure in the Unicorn runner")
    dsub = p.add_subparsers(dest="device_command", required=True)
    b = dsub.add_parser("build", help="build the image and write a device's provisioning record")
    b.add_argument("--machine", default="microbit", choices=sorted(MACHINES))
    b.add_argument("--password-file", required=True, metavar="F",
                   help="the device password (one trailing newline is dropped); only its "
                        "HKDF credential goes into the image")
    b.add_argument("--id", required=True, help="device id, 1..32 bytes")
    b.add_argument("--out", metavar="ELF", help="provisioned image (default next to the build)")
    b.add_argument("--version", help="the firmware's own version, major.minor.revision+build "
                   "(default 1.0.0+0): updates to a lower version are refused")
    b.add_argument("--update-key", metavar="PEM", help="the key firmware updates must be "
                   "signed with (imgtool keygen -t ecdsa-p256 / ed25519; private or public PEM: "
                   "only the public key goes into the image)")
    b.set_defaults(func=_reporting(cmd_build))
    r = dsub.add_parser("run", help="run a provisioned image in qemu-system-arm, UART on TCP; "
                        "prints the device log")
    r.add_argument("--elf", required=True)
    r.add_argument("--machine", default="microbit", choices=sorted(MACHINES))
    r.add_argument("--port", type=int, default=0, help="UART TCP port (default: a free one)")
    r.add_argument("--seconds", type=float, default=600.0, help="stop QEMU after this long")
    r.set_defaults(func=_reporting(cmd_run))
    u = dsub.add_parser("update", help="send a signed MCUboot image (imgtool sign) to the "
                        "device over its UART; it checks it and marks its secondary slot")
    u.add_argument("--connect", required=True, metavar="HOST:PORT")
    u.add_argument("--timeout", type=float, default=60.0, help="seconds for the device's check")
    u.add_argument("image")
    u.set_defaults(func=_reporting(cmd_update))
    mb = dsub.add_parser("measure-ble", help="modelled cycles, energy and harvest delay of the "
                         "pairing (key pair, DHKey) and the image check, flash of their code "
                         "(Unicorn runner; needs imgtool)")
    mb.add_argument("--machine", default="both", choices=sorted(MACHINES) + ["both"])
    mb.add_argument("--work", metavar="DIR", help="keys and signed images (default: a temporary "
                    "directory)")
    mb.add_argument("--json", metavar="PATH", help="also write the whole result as JSON")
    mb.set_defaults(func=_reporting(cmd_measure_ble))
    m = dsub.add_parser("measure", help="modelled cycles, stack, energy of the image's login "
                        "(micro:bit image, Unicorn runner)")
    m.add_argument("--elf", required=True)
    m.add_argument("--password-file", required=True, metavar="F")
    m.add_argument("--wrong-password-file", metavar="F", help="also a login that must fail")
    m.add_argument("--id", default="handheld-7", help="the handheld's id")
    m.add_argument("--json", metavar="PATH", help="also write the whole result as JSON")
    m.add_argument("--slices", metavar="PATH",
                   help="the right password's calls as slices for `fieldcrypt power --slices`")
    m.set_defaults(func=_reporting(cmd_measure))
