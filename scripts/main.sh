#!/usr/bin/env bash
# The main job: build fieldcrypt, run its known-answer self-test on every provider, and print
# the primitives' speed per provider.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/fieldcrypt providers
echo
.venv/bin/fieldcrypt selftest
echo
.venv/bin/fieldcrypt speed
