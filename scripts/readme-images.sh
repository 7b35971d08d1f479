#!/usr/bin/env bash
# Regenerates the README's pictures in docs/images from the sample ticket
# book: makes the book's photos with fixture-maker, then renders a front
# face, a back face, a share image, a story and a feed image (at half
# size), a crowded day's thumbnail, a month sheet, share images of an
# emoji title and a transparent poster, the ticket book's pages and year,
# and screenshots of the browsable site's pages.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
swift build -c release --product fixture-maker
"$(swift build -c release --show-bin-path)/fixture-maker" --book fixtures/book >/dev/null
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
poster="$tmp/poster.png"
"$(swift build -c release --show-bin-path)/fixture-maker" --poster "$poster" >/dev/null
PHOTICASE_README_POSTER="$poster" PHOTICASE_README_IMAGES="$PWD/docs/images" swift test --filter 'CardsTests.readmeImages' "$@"
swift build -c release --product photicase-render
# The print book's pages (docs/images/print-book.png): the cover, the year
# in review, a ticket's front and back, the contents, their trim in blue.
"$(swift build -c release --show-bin-path)/photicase-render" render fixtures/book --cache "$tmp/cache" --only print \
  --today 2022-08-27 --progress none 2>/dev/null
python3 scripts/print-pictures.py "$tmp/cache/print/2022.pdf" docs/images/print-book.png --pages 1,2,27,28,-1
# The site's pages (docs/images/site-*.png), pictured in headless Chromium.
PHOTICASE_RENDER_BIN="$(swift build -c release --show-bin-path)/photicase-render" PHOTICASE_README_IMAGES="$PWD/docs/images" \
  swift test --filter 'SiteBrowserTests.theSampleBookCrawlsCleanAndIsPictured' "$@"
ls -l docs/images
