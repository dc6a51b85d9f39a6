#!/usr/bin/env bash
# Renders the icons from their SVG sources (run by hand after editing them; the PNGs are
# committed, the build only copies them). Needs rsvg-convert: apt-get install librsvg2-bin.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
rsvg-convert -w 192 -h 192 icon.svg -o icon-192.png
rsvg-convert -w 512 -h 512 icon.svg -o icon-512.png
rsvg-convert -w 32 -h 32 icon.svg -o favicon-32.png
rsvg-convert -w 512 -h 512 icon-maskable.svg -o icon-maskable-512.png
rsvg-convert -w 180 -h 180 icon-maskable.svg -o apple-touch-icon.png
