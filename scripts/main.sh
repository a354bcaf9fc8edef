#!/usr/bin/env bash
# The main job: build fieldcrypt, run its known-answer self-test on every provider, print the
# primitives' speed, log a handheld in to a device over loopback TCP with the right and then a
# wrong password, and report flash and stack of the Cortex-M0+ build. Then the device firmware
# (firmware/): built for QEMU's micro:bit, logged in to, paired with (BLE LE Secure Connections
# crypto) and updated (a signed MCUboot image) over its UART, and measured in the MCU runner.
# It prints the story in a screen or two; the long tables (providers, self-test, speed, the
# Cortex-M0+ flash and stack tables, the MCU runner's measurement, the power sweeps) go to
# build/reports/, and each step says which file holds its table.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
scripts/setup.sh > build/setup.log 2>&1 || { cat build/setup.log; exit 1; }
FC=.venv/bin/fieldcrypt
reports=build/reports
mkdir -p "$reports"
full() { echo "  (full table: $1)"; }

echo "== fieldcrypt $(sed -n 's/^project(fieldcrypt VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt) on this host"
$FC providers > "$reports/providers.txt"
sed -n 's/^  \(.* -> .*\)/  chain: \1/p' "$reports/providers.txt"
full "$reports/providers.txt"
$FC selftest > "$reports/selftest.txt"
echo "  $(tail -n 1 "$reports/selftest.txt")"
full "$reports/selftest.txt"
$FC speed > "$reports/speed.txt"
sed -n '1,2p;/^SHA-256, 16 KiB/p;/^X25519/p' "$reports/speed.txt" | sed 's/^/  /'
full "$reports/speed.txt"
echo

demo=$(mktemp -d)
trap 'rm -rf "$demo"' EXIT
printf 'correct horse battery staple\n' > "$demo/device-password"
printf 'correct horse battery staple\n' > "$demo/right"
printf 'Tr0ub4dor&3\n' > "$demo/wrong"
for attempt in right wrong; do
  echo "== login over loopback, CPace on X25519, BLE-sized fragments: $attempt password"
  $FC login --role device --suite cpace --password-file "$demo/device-password" \
      --listen 127.0.0.1:0 --id meter-0042 > "$demo/device.log" 2>&1 &
  dev=$!
  port=""
  for _ in $(seq 100); do  # the device prints "listening on 127.0.0.1:PORT" once it is up
    port=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' "$demo/device.log")
    [ -n "$port" ] && break
    sleep 0.1
  done
  set +e
  $FC login --role handheld --suite cpace --password-file "$demo/$attempt" --id handheld-7 \
      --connect "127.0.0.1:$port" --ble-fragments 2>&1 | sed 's/^/  handheld: /'
  hh_rc=${PIPESTATUS[0]}
  wait $dev; dev_rc=$?
  set -e
  sed 's/^/  device:   /' "$demo/device.log"
  echo "  exit status: handheld $hh_rc, device $dev_rc"
done
echo

echo "== the library on a Cortex-M0+ (-Os): flash and worst-case stack"
$FC mcu-report --target cortex-m0plus > "$reports/mcu-report-cortex-m0plus.txt"
awk '/^total /{print "  flash of the whole library: " $NF " bytes (a firmware links only what it calls)"}' \
    "$reports/mcu-report-cortex-m0plus.txt"
awk '/^function /{t=1; next} t && /^---/{next} /^library frames/{t=0}
     t && NF>=3 && $3+0>w {w=$3+0; f=$1} END {print "  deepest public function: " f ", " w " bytes of stack"}' \
    "$reports/mcu-report-cortex-m0plus.txt"
full "$reports/mcu-report-cortex-m0plus.txt"

# ---- the device firmware (firmware/): the same login against an nRF51822 image in QEMU
echo
echo "== device firmware on QEMU's micro:bit (nRF51822, Cortex-M0): login over its UART"
.venv/bin/imgtool keygen -k "$demo/update-key.pem" -t ecdsa-p256   # the vendor's signing key
$FC device build --machine microbit --password-file "$demo/device-password" --id meter-0042 \
    --version 1.2.0 --update-key "$demo/update-key.pem" --out "$demo/meter-0042.elf"
$FC device run --elf "$demo/meter-0042.elf" --machine microbit --seconds 300 > "$demo/qemu.log" 2>&1 &
qemu=$!
trap 'kill "$qemu" 2>/dev/null || true; rm -rf "$demo"' EXIT
port=""
for _ in $(seq 300); do  # "listening on 127.0.0.1:PORT" once QEMU runs the device
  port=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' "$demo/qemu.log")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$demo/qemu.log"; exit 1; }
sed -n 's/^\$ /  $ /p' "$demo/qemu.log"
for attempt in right wrong; do
  echo "-- handheld with the $attempt password"
  set +e
  $FC login --role handheld --suite cpace --password-file "$demo/$attempt" --id handheld-7 \
      --connect "127.0.0.1:$port" 2>&1 | sed 's/^/  handheld: /'
  echo "  exit status: handheld ${PIPESTATUS[0]}"
  set -e
done
echo "-- pairing: LE Secure Connections, Numeric Comparison (P-256 and AES-CMAC; crypto only)"
set +e
$FC pair --connect "127.0.0.1:$port" 2>&1 | sed 's/^/  /'
echo "  exit status: handheld ${PIPESTATUS[0]}"
set -e
echo "-- signed firmware update: the device's own image as version 1.3.0, signed by imgtool"
arm-none-eabi-objcopy -O binary -R .fc_provision -R .fc_update_key "$demo/meter-0042.elf" "$demo/app.bin"
sign() { .venv/bin/imgtool sign --header-size 0x200 --pad-header --align 4 --slot-size 0x1f000 \
             --version "$1" -k "$demo/update-key.pem" "$demo/app.bin" "$2" > /dev/null; }
sign 1.3.0 "$demo/app-1.3.0.bin"
sign 1.1.0 "$demo/app-1.1.0.bin"
.venv/bin/python -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[0x200 + 4096] ^= 1
open(sys.argv[2], "wb").write(b)' "$demo/app-1.3.0.bin" "$demo/app-tampered.bin"
for image in app-tampered app-1.1.0 app-1.3.0; do   # one body byte flipped; a downgrade; good
  set +e
  $FC device update --connect "127.0.0.1:$port" "$demo/$image.bin" 2>&1 | sed 's/^/  /'
  echo "  exit status: handheld ${PIPESTATUS[0]}"
  set -e
done
kill "$qemu"; wait "$qemu" || true
grep '^fw: ' "$demo/qemu.log" | sed 's/^fw: /  device:   /'
echo
echo "== the same image in the MCU runner (Unicorn): modelled cycles, energy, flash, RAM, stack"
$FC device measure --elf "$demo/meter-0042.elf" --password-file "$demo/right" \
    --wrong-password-file "$demo/wrong" --slices "$demo/slices.json" > "$reports/device-measure.txt"
grep -E "^  (right|wrong) password: |^  password  |^  (right|wrong)  |^flash " \
    "$reports/device-measure.txt" || true
full "$reports/device-measure.txt"
echo
echo "== pairing and update work in the MCU runner: micro:bit (M0) and MPS2 (M4) images"
$FC device measure-ble --work "$demo/measure-ble" > "$reports/device-measure-ble.txt"
grep -E "^[a-z0-9-]+ \(Cortex|^  as seed 000|^  (operation|key pair|DHKey|image check [a-z0-9-]+: (fixed|per KiB))|^  flash: " \
    "$reports/device-measure-ble.txt" || true
full "$reports/device-measure-ble.txt"
echo
echo "== that login on harvested power: 1.5 mW in, 0.5 mW of it for the BLE link, 150 uJ buffer"
mkdir -p build/demo
$FC power --slices "$demo/slices.json" --p-in 1.5e-3 --p-radio 0.5e-3 --buffer 150e-6 \
    --initial 0 --plot build/demo/login_power.png --svg build/demo/login_power.svg --sweep \
    > "$reports/power.txt"
{ grep -E "^\| (login delay|CPU active|smallest buffer)" "$reports/power.txt" || true; } | sed 's/^/  /'
echo "  (sweeps over harvested power and buffer size: $reports/power.txt;"
echo "   buffer level over the login: build/demo/login_power.png, .svg)"
echo
echo "== the login's primitives beside the peer libraries (Cortex-M0+ model, -Os, same inputs)"
# The peers' sources are fetched at pinned versions and hash-checked (peers/peers.json); a
# peer that cannot be fetched is skipped with a line saying so.
.venv/bin/python -m fieldcrypt.peerbench --targets cortex-m0plus --opts=-Os --ops x25519,sha512_2k --fetch > "$reports/peers.txt" 2>&1 || true
grep -E "^\| (operation|---|x25519|sha512_2k|image flash) |^peer " "$reports/peers.txt" | sed 's/^/  /' || true
full "$reports/peers.txt"
echo
echo "Reports: $(cd "$reports" && ls | tr '\n' ' ')in $reports/"
