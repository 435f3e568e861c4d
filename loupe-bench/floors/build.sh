#!/usr/bin/env bash
# Builds one agent jar per floor patch in this directory, from the committed HEAD, into OUTDIR:
#   loupe-bench/floors/build.sh OUTDIR
# Each jar is Loupe with one patch applied (README.md here says what each takes away); run them
# beside the agent with the harness's --agent-variant NAME=OUTDIR/NAME.jar and configurations
# such as values-conv:NAME.
set -euo pipefail
if [ $# -ne 1 ]; then
    echo "usage: $0 OUTDIR" >&2
    exit 64
fi
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
mkdir -p "$1"
out=$(cd "$1" && pwd)
tree=$(mktemp -d)
trap 'git -C "$repo" worktree remove --force "$tree" >/dev/null 2>&1 || true; rm -rf "$tree"' EXIT
for patch in "$here"/*.patch; do
    name=$(basename "$patch" .patch)
    git -C "$repo" worktree remove --force "$tree" >/dev/null 2>&1 || true
    rm -rf "$tree"
    git -C "$repo" worktree add --detach --quiet "$tree" HEAD
    git -C "$tree" apply "$patch"
    (cd "$tree" && mvn -B -q package -DskipTests -pl loupe-agent -am)
    cp "$tree/loupe-agent/target/loupe-agent.jar" "$out/$name.jar"
    echo "built $out/$name.jar"
done
