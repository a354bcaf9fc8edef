"""The curve jobs' ladder on the targets that run its units back to back (run_ladder in
curve_jobs.c, the fused ladder step of the Cortex-M0/M0+ and M4 field code; the host build, which
test_engine.c covers, has no fused step): tests/mcu/curve_job_budgets.c steps X25519 and X19119
jobs, on a point and on the base point, at budgets 1, 28,000, 100,000 and 2^32 - 1 and with a
clock, against the synchronous fc_xdh; the unit count at budget 1 does not depend on the
scalar; a clock that wipes the job ends the step with FC_ERR_STATE."""
import pytest

from conftest import ROOT
from fieldcrypt import mcu, mcubench, mcusim

pytestmark = pytest.mark.cross


@pytest.mark.parametrize("target", ["cortex-m0plus", "cortex-m4"])
def test_curve_jobs_at_every_budget(target, tmp_path):
    lib = mcu.build_target(target, ROOT / "build")
    elf = mcubench._gcc(target, [ROOT / "tests" / "mcu" / "curve_job_budgets.c",
                                 *mcubench._startup(target)],
                        tmp_path / "curve_job_budgets.elf",
                        extra=["-I", str(ROOT / "include"), "-I", str(ROOT / "src")], libs=[lib])
    res = mcusim.run_image(elf, target, max_insns=2_000_000_000)
    assert res["exit_code"] == 0, (res["error"], res["output"][-2000:])
    assert res["output"].splitlines()[-1] == "OK"
