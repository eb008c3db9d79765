#!/usr/bin/env bash
# Regenerates app/_fonts/Geist-Variable-latin.woff2: Geist Sans (variable weight) cut down to the
# Latin letters a UK business's customers' names use (Basic Latin, Latin-1, Latin Extended-A,
# Romanian comma letters, combining accents, general punctuation, euro, trade mark, arrows, minus).
# 69 kB -> 40 kB; other characters fall back to the system font glyph by glyph. Needs fonttools
# (Debian: apt-get install fonttools). The font is under the SIL Open Font License (app/_fonts/OFL.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
pyftsubset node_modules/geist/dist/fonts/geist-sans/Geist-Variable.woff2 \
  --output-file=app/_fonts/Geist-Variable-latin.woff2 --flavor=woff2 --layout-features='*' \
  --unicodes="U+0000-017F,U+0218-021B,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0300-030F,U+0323,U+0327-0328,U+2000-206F,U+20AC,U+2122,U+2190-2199,U+2212,U+2215,U+FEFF,U+FFFD"
