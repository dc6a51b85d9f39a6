#!/usr/bin/env bash
# Trunk post_build step (Trunk.toml, before scripts/pwa-sw.sh lists the build's files): puts the
# battles' files into the build (issue 19). web/build.rs compiles each bundled battle into a file
# named by its content, in its OUT_DIR; the app fetches each by the name its catalogue holds.
# Here those names are read from the app's wasm itself, and each file is copied from the build
# directories to battles/ in the staging directory, so that the build has exactly the files the
# app asks for. A name without its file stops the build.
set -euo pipefail
stage="${TRUNK_STAGING_DIR:?run me from Trunk (a post_build hook)}"
target="${CARGO_TARGET_DIR:-target}"

wasm=$(ls "$stage"/sarissa-web-*_bg.wasm)
names=$(grep -aoE 'battles/[a-z]+-[0-9a-f]{8}\.bin' "$wasm" | LC_ALL=C sort -u)
[ -n "$names" ] || { echo "battle-files: $wasm names no battle file" >&2; exit 1; }
mkdir -p "$stage/battles"
for name in $names; do
  found=$(ls "$target"/wasm32-unknown-unknown/*/build/sarissa-web-*/out/"$name" 2>/dev/null | head -1 || true)
  [ -n "$found" ] || { echo "battle-files: no build directory has $name" >&2; exit 1; }
  cp "$found" "$stage/$name"
done
echo "battle-files: $(printf '%s\n' "$names" | wc -l) battles, $(cat "$stage"/battles/*.bin | wc -c) bytes"
