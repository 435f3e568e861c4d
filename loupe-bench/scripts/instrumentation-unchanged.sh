#!/usr/bin/env bash
# Instrumentation unchanged: instruments every class of the benchmark workloads' jars (about
# 15,000) under ten profiler settings, with no runtime, once with the loupe-instrument of commit
# BASE and once with this checkout's, and compares a digest of the instrumented bytes, the
# warnings and the declarations to the sink. Byte-identical output is a stronger check than
# profiles-unchanged.sh for a change to the instrumenter alone, and runs without the programs.
#
#   mvn -B -q install -DskipTests
#   loupe-bench/scripts/instrumentation-unchanged.sh BASE
#
# Prints one line per setting, and exits 1 if any differs. BASE must have the pure instrumenter
# (ClassInstrumenter.instrument(bytes, sink), commit 656a1b8 or later).
set -euo pipefail
cd "$(dirname "$0")/../.."
base=${1:?usage: instrumentation-unchanged.sh BASE-COMMIT}
work=$(mktemp -d)
cleanup() { git worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
git worktree add -f --detach "$work/base" "$base" >/dev/null 2>&1
(cd "$work/base" && mvn -B -q -o package -DskipTests -pl loupe-instrument -am >/dev/null)

asm=$(ls ~/.m2/repository/org/ow2/asm/asm{,-tree,-analysis,-util}/9.10.1/*.jar 2>/dev/null | grep -v sources | tr '\n' ':')
jars=$(tr ':' '\n' < loupe-bench/target/bench.classpath | grep -v '/loupe-' | paste -sd: -)
for side in base head; do
  root=$([ "$side" = base ] && echo "$work/base" || echo .)
  classes="$root/loupe-instrument/target/classes:$root/loupe-data/target/classes"
  mkdir -p "$work/$side-tool"
  javac -d "$work/$side-tool" -cp "$classes:$asm" loupe-bench/scripts/InstrumentationDigest.java
  echo "$classes:$asm:$work/$side-tool" > "$work/$side.cp"
done

status=0
for setting in blpp k4 blocktrace values values-conv values-conv-unfrozen values-conv-huge paths-values deps deps-huge; do
  b=$(java -Xmx6g -cp "$(cat "$work/base.cp")" InstrumentationDigest "$setting" "$jars")
  h=$(java -Xmx6g -cp "$(cat "$work/head.cp")" InstrumentationDigest "$setting" "$jars")
  if [ "$b" = "$h" ]; then
    echo "same       $h"
  else
    echo "DIFFERENT  base: $b"
    echo "           head: $h"
    status=1
  fi
done
exit $status
