#!/usr/bin/env bash
# Trunk post_build hook (Trunk.toml): writes sw.js, the service worker that keeps the build for
# offline play, into the staging directory. It lists every file of the build (Trunk puts a
# content hash in most names), derives VERSION from their names and contents, and prepends both
# to web/pwa/sw.template.js. Nothing is downloaded.
#
# The worker is switched on only in release builds that are not served by `trunk serve` (whose
# pages carry Trunk's autoreload script): there, and when SARISSA_SW=off, sw.js is instead a
# worker that removes itself and its caches, so an old registration on that address cannot keep
# serving a stale build, and index.html does not register anything.
set -euo pipefail
stage="${TRUNK_STAGING_DIR:?run me from Trunk (a post_build hook)}"
src="${TRUNK_SOURCE_DIR:-.}"
html="$stage/index.html"

on=true
[ "${TRUNK_PROFILE:-}" = release ] || on=false
grep -q '\.well-known/trunk/ws' "$html" && on=false
[ "${SARISSA_SW:-}" = off ] && on=false

if ! $on; then
  cat > "$stage/sw.js" <<'JS'
// Development build: no offline cache. This worker only retires one left by a release build.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith('sarissa-')) await caches.delete(name);
    await self.registration.unregister();
  })());
});
JS
  echo "pwa-sw: service worker off (profile ${TRUNK_PROFILE:-?}, trunk serve or SARISSA_SW=off)"
  exit 0
fi

# index.html registers the worker only when told so here.
sed -i 's/data-sw="off"/data-sw="on"/' "$html"
grep -q 'data-sw="on"' "$html" || { echo "pwa-sw: index.html lacks data-sw=\"off\"" >&2; exit 1; }

cd "$stage"
files=$(find . -type f ! -path ./sw.js | sed 's|^\./||' | LC_ALL=C sort)
if printf '%s\n' "$files" | grep -q "[\"'\\\\]"; then
  echo "pwa-sw: a file name needs quoting: $files" >&2; exit 1
fi
version=$(printf '%s\n' "$files" | tr '\n' '\0' | xargs -0 sha256sum | sha256sum | cut -c1-16)
{
  echo "const VERSION = '$version';"
  printf 'const FILES = [\n'
  printf '%s\n' "$files" | sed "s/.*/  '&',/"
  printf '];\n\n'
  cat "$src/web/pwa/sw.template.js"
} > sw.js
echo "pwa-sw: sw.js, version $version, $(printf '%s\n' "$files" | wc -l) files"
