#!/usr/bin/env bash
# Installs what fieldcrypt's build, tests and tools need on Debian 12, then builds the host
# library and the Python environment (.venv). Safe to run again: it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  cmake ninja-build gcc make pkg-config python3 python3-venv
  libssl-dev valgrind clang libclang-rt-14-dev libsodium-dev libmbedtls-dev libwolfssl-dev
  # llvm-profdata and llvm-cov: the coverage report of a fuzzing campaign (scripts/fuzz.sh --hours)
  llvm
  gcc-arm-none-eabi libnewlib-arm-none-eabi binutils-arm-none-eabi
  gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf binutils-riscv64-unknown-elf
  # the device firmware (firmware/) on QEMU's micro:bit and MPS2-AN386
  qemu-system-arm
  # the benchmark's HTML report is checked in a headless browser (tests/python/test_mcusim.py)
  chromium
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
if ! cmp -s python/requirements.txt .venv/.requirements.installed 2>/dev/null; then
  .venv/bin/pip install -q --disable-pip-version-check -r python/requirements.txt
  cp python/requirements.txt .venv/.requirements.installed
fi
if ! .venv/bin/python -c "import fieldcrypt.cli" 2>/dev/null || [ ! -x .venv/bin/fieldcrypt ]; then
  .venv/bin/pip install -q --disable-pip-version-check --no-build-isolation --no-deps -e python
fi

cmake -S . -B build/host -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/host
