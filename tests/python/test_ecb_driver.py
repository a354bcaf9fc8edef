"""The nRF51 ECB driver (src/drivers/nrf51_ecb.c) on the Cortex-M0+ model with the ECB
peripheral model (python/fieldcrypt/periph_ecb.py): tests/mcu/ecb_driver.c runs the AES-128
known answers of ECB, CTR, CBC, GCM, CCM and CMAC through "nrf51-ecb -> soft" with the model on
(the peripheral serves them), off (the page reads as zero, as on QEMU's micro:bit: every call
falls back), and faulty (never finishes, ERRORECB, a wrong block: the driver declines); AES-192,
AES-256 and decryption are declined to soft in every case. Also the model's registers on their
own, and the modelled cycles per block through the driver and through soft."""
import pytest

from conftest import ROOT
from fieldcrypt import mcu, mcubench, mcusim, periph_ecb

pytestmark = pytest.mark.cross

TARGET = "cortex-m0plus"
FC_ERR_PROVIDER = 10   # status.h, negated as the image prints it

# the checks of tests/mcu/ecb_driver.c the peripheral serves (AES-128 encryption) ...
HW = ["FIPS 197 C.1", "SP 800-38A F.1.1", "SP 800-38A F.5.1 CTR-AES128.Encrypt",
      "SP 800-38A F.5.2 CTR-AES128.Decrypt", "SP 800-38A F.2.1 CBC-AES128.Encrypt",
      *[f"GCM Test Case {i}" for i in range(1, 7)],
      "SP 800-38C C.1 Example 1", "SP 800-38C C.2 Example 2", "SP 800-38C C.3 Example 3",
      *[f"RFC 3610 Packet Vector #{i}" for i in range(1, 4)],
      "Bluetooth LE sample: LL_START_ENC_RSP1", "Bluetooth LE sample: LL_START_ENC_RSP2",
      "Bluetooth LE sample: data packet 1", "Bluetooth LE sample: data packet 2",
      *[f"RFC 4493 Example {i}" for i in range(1, 5)]]
# ... and those it declines (AES-192/256, decryption)
SOFT = ["FIPS 197 C.2", "FIPS 197 C.3", "SP 800-38A F.1.3", "SP 800-38A F.1.5",
        "FIPS 197 C.1 decrypt", "SP 800-38A F.1.2 decrypt (context for both directions)",
        "SP 800-38A F.2.2 CBC-AES128.Decrypt", "GCM Test Case 8 (AES-192)",
        "GCM Test Case 14 (AES-256)", "SP 800-38B D.2 Example 6 (AES-192)",
        "SP 800-38B D.3 Example 10 (AES-256)"]


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    lib = mcu.build_target(TARGET)
    return mcubench._gcc(TARGET, [ROOT / "tests" / "mcu" / "ecb_driver.c", *mcubench._startup(TARGET)],
                         tmp_path_factory.mktemp("ecb") / "ecb_driver.elf",
                         extra=["-I", str(ROOT / "include"), "-I", str(ROOT / "src")], libs=[lib])


def run(image, peripherals=()):
    """(result, {source: "hw" | "soft" | "FAIL <status>"}) of one run."""
    res = mcusim.run_image(image, TARGET, peripherals=peripherals)
    assert res["error"] == "", res["error"]
    checks = {}
    for line in res["output"].splitlines():
        if line.startswith("ok "):
            kind, source = line[3:].split(" ", 1)
            checks[source] = kind
        elif line.startswith("FAIL status "):
            status, source = line[len("FAIL status "):].split(" ", 1)
            checks[source] = f"FAIL {status}"
    assert sorted(checks) == sorted(HW + SOFT), res["output"]
    return res, checks


def test_model_on_serves_aes128_encryption_and_declines_the_rest(image):
    res, checks = run(image, ["ecb"])
    assert res["exit_code"] == 0 and res["output"].startswith("aes-128: nrf51-ecb\n"), res["output"]
    assert {s: checks[s] for s in HW} == {s: "hw" for s in HW}
    assert {s: checks[s] for s in SOFT} == {s: "soft" for s in SOFT}
    ecb = res["peripherals"]["ecb"]
    assert ecb["errors"] == 0 and ecb["unmodelled"] == []
    assert ecb["blocks"] == ecb["started"] > len(HW)


def test_model_off_reads_as_zero_and_every_call_falls_back(image):
    res, checks = run(image)
    assert res["exit_code"] == 0 and res["output"].startswith("aes-128: soft\n"), res["output"]
    assert set(checks.values()) == {"soft"}
    assert res["peripherals"] == {}


@pytest.mark.parametrize("fault", ["hang", "error", "wrong"])
def test_a_faulty_peripheral_fails_detection_and_soft_serves_everything(image, fault):
    res, checks = run(image, [("ecb", {"fault": fault})])
    assert res["exit_code"] == 0 and res["output"].startswith("aes-128: soft\n"), res["output"]
    assert set(checks.values()) == {"soft"}
    ecb = res["peripherals"]["ecb"]
    assert ecb["started"] == 1                           # the known-answer block only
    assert ecb["errors"] == (fault != "wrong")           # a hung block is stopped (STOPECB)


def test_a_peripheral_that_stops_answering_fails_that_call_then_soft_takes_over(image):
    # three good blocks (the detection, C.1, F.1.1's first), then the peripheral hangs
    res, checks = run(image, [("ecb", {"fault": "hang", "fault_after": 3})])
    assert res["exit_code"] == 1 and res["output"].startswith("aes-128: nrf51-ecb\n")
    assert checks["FIPS 197 C.1"] == "hw"
    assert checks["SP 800-38A F.1.1"] == f"FAIL {FC_ERR_PROVIDER}"   # no retry on soft
    rest = {s: k for s, k in checks.items() if s not in ("FIPS 197 C.1", "SP 800-38A F.1.1")}
    assert set(rest.values()) == {"soft"}


def test_errorecb_on_a_bound_context_is_a_provider_failure(image):
    res, checks = run(image, [("ecb", {"fault": "error", "fault_after": 3})])
    assert res["exit_code"] == 1
    assert {s: checks[s] for s in HW if s != "FIPS 197 C.1"} == \
        {s: f"FAIL {FC_ERR_PROVIDER}" for s in HW if s != "FIPS 197 C.1"}
    assert {s: checks[s] for s in SOFT} == {s: "soft" for s in SOFT}


def test_cycles_per_block_through_the_driver_and_soft(image):
    res, _ = run(image, ["ecb"])
    reg = res["regions"]
    hw_block, soft_block = reg[3]["cycles_net"] / 16, reg[5]["cycles_net"] / 16
    hw_ctr, soft_ctr = reg[7]["cycles_net"] / 16, reg[9]["cycles_net"] / 16
    print(f"\n{TARGET}, cycles per AES-128 block (modelled; the peripheral's "
          f"{periph_ecb.ECB_BLOCK_CYCLES}-cycle block included): nrf51-ecb {hw_block:.0f}, soft "
          f"{soft_block:.0f}; in CTR: {hw_ctr:.0f} and {soft_ctr:.0f}")
    assert periph_ecb.ECB_BLOCK_CYCLES <= hw_block < soft_block / 5
    assert hw_ctr < soft_ctr / 5


class _Uc:
    """Just enough of Unicorn for the model: RAM and mmio_map."""
    def __init__(self):
        self.ram = bytearray(0x4000)

    def mmio_map(self, *args):
        pass

    def mem_read(self, addr, n):
        return self.ram[addr - 0x20000000:addr - 0x20000000 + n]

    def mem_write(self, addr, data):
        self.ram[addr - 0x20000000:addr - 0x20000000 + len(data)] = data


class _Sim:
    def __init__(self):
        self.uc, self.cycles = _Uc(), 0
        self.info = type("Info", (), {"symbols": {"_sram": 0x20000000, "_estack": 0x20004000}})()


def test_model_registers():
    from Crypto.Cipher import AES
    sim = _Sim()
    ecb = periph_ecb.EcbPeripheral(sim)
    rd = lambda off: ecb._read(None, off, 4, None)
    wr = lambda off, v: ecb._write(None, off, 4, v, None)
    key, pt = bytes(range(16)), bytes.fromhex("00112233445566778899aabbccddeeff")
    sim.uc.mem_write(0x20000100, key + pt + bytes(16))
    wr(periph_ecb.ECBDATAPTR, 0x20000100)
    assert rd(periph_ecb.ECBDATAPTR) == 0x20000100 and rd(periph_ecb.POWER) == 1
    wr(periph_ecb.TASKS_STARTECB, 1)
    sim.cycles = periph_ecb.ECB_BLOCK_CYCLES - 1
    assert rd(periph_ecb.EVENTS_ENDECB) == 0                       # 7.2 us at 16 MHz
    assert sim.uc.mem_read(0x20000120, 16) == bytes(16)
    sim.cycles += 1
    assert rd(periph_ecb.EVENTS_ENDECB) == 1 and rd(periph_ecb.EVENTS_ERRORECB) == 0
    assert bytes(sim.uc.mem_read(0x20000120, 16)) == AES.new(key, AES.MODE_ECB).encrypt(pt)
    wr(periph_ecb.EVENTS_ENDECB, 0)
    assert rd(periph_ecb.EVENTS_ENDECB) == 0
    # STOPECB during a block: ERRORECB, no ciphertext
    sim.uc.mem_write(0x20000120, bytes(16))
    wr(periph_ecb.TASKS_STARTECB, 1)
    wr(periph_ecb.TASKS_STOPECB, 1)
    sim.cycles += 1000
    assert rd(periph_ecb.EVENTS_ERRORECB) == 1 and rd(periph_ecb.EVENTS_ENDECB) == 0
    assert sim.uc.mem_read(0x20000120, 16) == bytes(16)
    wr(periph_ecb.EVENTS_ERRORECB, 0)
    # the block outside RAM (flash, or running past its end): ERRORECB at once
    for ptr in (0x00001000, 0x20004000 - 32):
        wr(periph_ecb.ECBDATAPTR, ptr)
        wr(periph_ecb.TASKS_STARTECB, 1)
        assert rd(periph_ecb.EVENTS_ERRORECB) == 1
        wr(periph_ecb.EVENTS_ERRORECB, 0)
    wr(periph_ecb.INTENSET, 3)
    wr(periph_ecb.INTENCLR, 1)
    assert rd(periph_ecb.INTENSET) == 2
    assert ecb.stats()["blocks"] == 1 and ecb.stats()["errors"] == 3
