#!/usr/bin/env bash
# Profiles unchanged: runs the bundled example and the validation targets under every profiler,
# once with the agent of commit BASE and once with the agent built in this checkout, and compares
# the JSON reports of the two profiles (both read by this checkout's CLI), leaving out the fields
# that differ between any two runs of one agent (dates, durations, the JVM's own figures).
#
#   mvn -B -q install -DskipTests && mvn -B -q test-compile -pl loupe-validation
#   loupe-bench/scripts/profiles-unchanged.sh BASE
#
# Prints one line per program and profiler, and exits 1 if any pair differs.
set -euo pipefail
cd "$(dirname "$0")/../.."
base=${1:?usage: profiles-unchanged.sh BASE-COMMIT}
work=$(mktemp -d)
cleanup() { git worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
git worktree add -f --detach "$work/base" "$base" >/dev/null 2>&1
(cd "$work/base" && mvn -B -q -o package -DskipTests -pl loupe-agent -am >/dev/null)
cp "$work/base/loupe-agent/target/loupe-agent.jar" "$work/base.jar"
cp loupe-agent/target/loupe-agent.jar "$work/head.jar"

targets=loupe-validation/target/test-classes
programs=(
  "loupe-examples/target/classes io.loupe.examples.** io.loupe.examples.Tokenizer"
  "$targets io.loupe.validation.targets.** io.loupe.validation.targets.LoopsTarget"
  "$targets io.loupe.validation.targets.** io.loupe.validation.targets.SwitchTarget"
  "$targets io.loupe.validation.targets.** io.loupe.validation.targets.RecursionTarget"
  "$targets io.loupe.validation.targets.** io.loupe.validation.targets.ExceptionsTarget"
  "$targets io.loupe.validation.targets.** io.loupe.validation.targets.CountedLoopsTarget"
  "$targets io.loupe.validation.targets.** io.loupe.validation.targets.ConstructorLoopsTarget"
  "$targets io.loupe.validation.targets.** io.loupe.validation.targets.values.KnownInvarianceTarget 200000"
  "$targets io.loupe.validation.targets.** io.loupe.validation.targets.values.PhaseTarget 200000"
  "$targets io.loupe.validation.targets.** io.loupe.validation.targets.deps.Figure1Target"
  "$targets io.loupe.validation.targets.** io.loupe.validation.targets.deps.KernelsTarget"
  "$targets io.loupe.validation.targets.** io.loupe.validation.targets.deps.FinalFieldsTarget"
  "$targets io.loupe.validation.targets.** io.loupe.validation.targets.deps.ShadowFieldsTarget"
)
profilers=(
  "profile=paths"
  "profile=paths,k=4"
  "profile=blocktrace"
  "profile=values"
  "profile=values,convergent=true"
  "profile=paths;values,k=2"
  "profile=deps"
  "profile=deps,deps.mode=lamp"
)
# what differs between two runs of one agent on one program: when, and how long things took
volatile='("created","createdUtc")'
normalize() {
  bin/loupe report "$1" --json 2>/dev/null | python3 -c "
import json, sys
skip = set($volatile)
def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items() if k not in skip and not k.lower().endswith(('millis', 'nanos'))}
    if isinstance(o, list):
        return [strip(v) for v in o]
    return o
json.dump(strip(json.load(sys.stdin)), sys.stdout, indent=1, sort_keys=True)"
}
failed=0
for p in "${programs[@]}"; do
  read -r cp include main args <<<"$p"
  for options in "${profilers[@]}"; do
    for agent in base head; do
      rm -f "$work/run.prof"   # one name for both: the agent's options, in the header, name it
      java -javaagent:"$work/$agent.jar=$options,include=$include,out=$work/run.prof" -cp "$cp" "$main" $args \
          >"$work/$agent.out" 2>"$work/$agent.err" || true
      if ! normalize "$work/run.prof" >"$work/$agent.json" 2>/dev/null; then
        echo "NO PROFILE ${main##*.} $options ($agent): $(tail -1 "$work/$agent.err")"
        failed=1
        continue 2
      fi
    done
    if cmp -s "$work/base.out" "$work/head.out" && cmp -s "$work/base.json" "$work/head.json"; then
      echo "same      ${main##*.} $options"
    else
      echo "DIFFERENT ${main##*.} $options"
      diff "$work/base.json" "$work/head.json" | head -20 || true
      failed=1
    fi
  done
done
exit $failed
