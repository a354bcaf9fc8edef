"""Stack budgets: every public function's worst-case stack on the Cortex-M0+ build stays within
the budget recorded in tests/stack_budget.json, and every public function has one."""
import json

import pytest

from conftest import ROOT
from fieldcrypt import mcu

pytestmark = pytest.mark.cross

BUDGET = json.loads((ROOT / "tests" / "stack_budget.json").read_text())


@pytest.fixture(scope="module")
def worst():
    report = mcu.mcu_report(BUDGET["target"])
    return {r["function"]: r["worst"] for r in report["stack"]}


def test_every_public_function_has_a_budget(worst):
    assert sorted(set(worst) - set(BUDGET["budget_bytes"])) == []


def test_no_function_exceeds_its_budget(worst):
    over = {f: (w, BUDGET["budget_bytes"][f]) for f, w in worst.items()
            if f in BUDGET["budget_bytes"] and w > BUDGET["budget_bytes"][f]}
    assert over == {}, "worst-case stack above budget (bytes: worst, budget): %r" % over
