"""The accelerator comparison (python/fieldcrypt/accelbench.py): the tables from canned runs,
and one real run, the CryptoCell-310 on the Cortex-M4 model, whose symmetric operations pass
their known answers inside the image and whose AES-CTR and SHA-256 run on the peripheral."""
import pytest

from fieldcrypt import accelbench
from fieldcrypt.bench import Energy


def _run(accel, target, ops):
    return {"target": target, "accel": accel, "kat_ok": True, "flash_bytes": 1, "ram_bytes": 1,
            "active_ma": None if accel == "soft" else 7.25,
            "operations": {op: {"cycles": c, "bytes": b, "busy": busy}
                           for op, (c, b, busy) in ops.items()}}


CANNED = [
    _run("soft", "cortex-m4", {"aes128_ctr_2k": (200_000, 2048, 0), "sha256_2k": (76_000, 2048, 0),
                               "aes128_cbc_enc32": (7_000, 32, 0)}),
    _run("cc310", "cortex-m4", {"aes128_ctr_2k": (2_900, 2048, 2_100), "sha256_2k": (7_700, 2048, 2_900),
                                "aes128_cbc_enc32": (800, 32, 64)}),
]


def test_rows_compare_with_soft_and_add_the_peripheral_current():
    rows = {r["operation"]: r for r in accelbench.rows(CANNED)}
    ctr = rows["aes128_ctr_2k"]
    assert ctr["soft_cycles"] == 200_000 and ctr["speedup"] == round(200_000 / 2_900, 2)
    assert ctr["us"] == round(2_900 / 64.0, 2)   # the nRF52840's clock
    e = Energy()
    core = e.microjoules(2_900)
    extra = 2_100 / (e.mhz * 1e6) * 7.25e-3 * e.volts * 1e6
    assert ctr["energy_uj"] == pytest.approx(core + extra, abs=1e-3)
    assert ctr["soft_energy_uj"] == pytest.approx(e.microjoules(200_000), abs=1e-3)


def test_markdown_has_the_seed_tables():
    md = accelbench.markdown(CANNED)
    assert "fed by DMA" in md and "fed by the CPU" in md and "software" in md
    assert "seed 003" in md and "seed 002" in md
    assert "cc310 | cortex-m4 at 64 MHz | AES-128 | - | 12.50 / 109.38" in md
    assert "FAILED" not in md
    bad = [dict(CANNED[1], kat_ok=False)]
    assert "Known answers FAILED: cc310 on cortex-m4" in accelbench.markdown([CANNED[0], *bad])


@pytest.mark.cross
def test_cc310_run_on_the_m4_model():
    run = accelbench.run_one("cortex-m4", accelbench.ACCELS["cc310"])
    assert run["kat_ok"], run["output"]
    ops = run["operations"]
    assert ops["aes128_ctr_2k"]["busy"] > 0 and ops["sha256_2k"]["busy"] > 0
    assert ops["aes128_ctr_2k"]["cycles"] < 20_000          # soft takes about 200k
    assert ops["aes256_cbc_enc32"]["busy"] == 0              # the nRF52840's CC310: AES-128 only
    assert run["active_ma"] == pytest.approx(7.25)
