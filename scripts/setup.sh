#!/usr/bin/env bash
# Installs what photicase-render needs on Debian or Ubuntu, skipping what is
# already there. `--test` adds what the test suite uses as references.
# Swift itself comes from swift.org (or /opt/swift); this script checks for it.
set -euo pipefail

want_tests=0
[ "${1:-}" = "--test" ] && want_tests=1

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "setup: no Swift toolchain on PATH. Install Swift 6 from https://www.swift.org/install/linux/ and run again." >&2
  exit 2
fi

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"

packages=(pkg-config libpng-dev libdeflate-dev libisal-dev libwebp-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libunibreak-dev libfontconfig-dev libssl-dev libsqlite3-dev sqlite3 libmicrohttpd-dev libicu-dev
          liblcms2-dev libheif-dev fonts-nanum fonts-dejavu-core)
# The print book's PDF: cairo writes it, qpdf finishes it.
packages+=(libcairo2-dev libqpdf-dev)
# Colour emoji in titles and memos (CBDT bitmaps, drawn scaled to the text).
packages+=(fonts-noto-color-emoji)
if [ "$want_tests" = 1 ]; then
  # djpeg and dwebp decode references; Pillow (below) decodes PNG references
  # and converts colour through ImageCms; heif-enc makes HEIC/AVIF fixtures
  # and vips decodes them for reference; ghostscript's CMYK profile
  # (/usr/share/color/icc/ghostscript) is the CMYK test profile. GNU
  # parallel runs four shards at once in ShardCommandTests. wrk loads
  # serve in scripts/bench-serve.py.
  packages+=(libjpeg-turbo-progs webp libheif-examples libvips-tools ghostscript parallel wrk)
  # poppler's pdffonts, pdfimages, pdfinfo and pdftotext, and qpdf's
  # --check, read the PDFs back in DocumentTests.
  packages+=(poppler-utils qpdf)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
# libjpeg-turbo's headers: Ubuntu calls the package libjpeg-turbo8-dev,
# Debian libjpeg62-turbo-dev.
if ! dpkg -s libjpeg-turbo8-dev >/dev/null 2>&1 && ! dpkg -s libjpeg62-turbo-dev >/dev/null 2>&1; then
  missing+=(JPEG)
fi

if [ ${#missing[@]} -gt 0 ]; then
  $sudo apt-get update -qq
  if [[ " ${missing[*]} " == *" JPEG "* ]]; then
    if apt-cache show libjpeg-turbo8-dev >/dev/null 2>&1; then jpeg=libjpeg-turbo8-dev; else jpeg=libjpeg62-turbo-dev; fi
    missing=("${missing[@]/JPEG/$jpeg}")
  fi
  echo "setup: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# SlurmRecipeTests runs docs/scale.md's Slurm recipes on a one-node cluster
# (scripts/slurm-local.sh): Debian's daemons and clients, without their
# recommends (8 packages instead of about 38). No service is started here.
if [ "$want_tests" = 1 ]; then
  slurm=()
  for p in slurmctld slurmd slurm-client munge; do
    dpkg -s "$p" >/dev/null 2>&1 || slurm+=("$p")
  done
  if [ ${#slurm[@]} -gt 0 ]; then
    [ ${#missing[@]} -gt 0 ] || $sudo apt-get update -qq
    echo "setup: installing ${slurm[*]}"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${slurm[@]}" >/dev/null \
      || echo "setup: could not install ${slurm[*]}; the Slurm recipe tests will be skipped" >&2
  fi
fi

# Debian 13 and Ubuntu 24.04 ship libheif's decoders as plugins (Debian 12
# builds them into libheif1): HEVC through libde265, AV1 through dav1d.
plugins=()
for p in libheif-plugin-libde265 libheif-plugin-dav1d; do
  dpkg -s "$p" >/dev/null 2>&1 || ! apt-cache show "$p" >/dev/null 2>&1 || plugins+=("$p")
done
if [ ${#plugins[@]} -gt 0 ]; then
  echo "setup: installing ${plugins[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${plugins[@]}" >/dev/null
fi

# The site's browser test (scripts/site-browser-test.py) drives Debian's
# Chromium through chromedriver and Selenium (PyPI). Where Chromium is only
# a snap (Ubuntu), it is not installed and the test says why it skips.
if [ "$want_tests" = 1 ]; then
  browser=()
  for p in chromium chromium-driver; do
    dpkg -s "$p" >/dev/null 2>&1 || browser+=("$p")
  done
  if [ ${#browser[@]} -gt 0 ]; then
    [ ${#missing[@]} -gt 0 ] || $sudo apt-get update -qq
    # Read whole before grep: `grep -q` stops at its first match, and under
    # pipefail the SIGPIPE apt-cache then gets failed the test whenever it
    # had more to print (two chromium versions, for one).
    chromium_info=$(apt-cache show chromium 2>/dev/null || true)
    if grep -q '^Version:' <<<"$chromium_info" && ! grep -qi snap <<<"$chromium_info"; then
      echo "setup: installing ${browser[*]}"
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${browser[@]}" >/dev/null \
        || echo "setup: could not install ${browser[*]}; the site's browser tests will be skipped" >&2
    else
      echo "setup: no Debian chromium package here; the site's browser tests will be skipped" >&2
    fi
  fi
  if ! python3 -c "import selenium" >/dev/null 2>&1; then
    echo "setup: installing Selenium for the site's browser test"
    python3 -m pip install -q selenium 2>/dev/null \
      || python3 -m pip install -q --break-system-packages selenium \
      || echo "setup: could not install Selenium; the site's browser tests will be skipped" >&2
  fi
  # KubernetesManifestTests validates docs/k8s/ against the Kubernetes
  # schemas this package bundles (offline).
  if ! command -v kubernetes-validate >/dev/null 2>&1; then
    echo "setup: installing kubernetes-validate for the Kubernetes manifests' test"
    python3 -m pip install -q kubernetes-validate 2>/dev/null \
      || python3 -m pip install -q --break-system-packages kubernetes-validate \
      || echo "setup: could not install kubernetes-validate; the Kubernetes manifest tests will be skipped" >&2
  fi
  # The browser test injects axe-core (accessibility) from the copy this
  # package bundles; only its axe.min.js is used.
  if ! python3 -c "import axe_selenium_python" >/dev/null 2>&1; then
    echo "setup: installing axe-selenium-python for the site's accessibility checks"
    python3 -m pip install -q axe-selenium-python 2>/dev/null \
      || python3 -m pip install -q --break-system-packages axe-selenium-python \
      || echo "setup: could not install axe-selenium-python; the site's browser tests will be skipped" >&2
  fi
fi

if [ "$want_tests" = 1 ] && ! python3 -c "import PIL, numpy" >/dev/null 2>&1; then
  echo "setup: installing Pillow and numpy for reference decodes"
  python3 -m pip install -q pillow numpy 2>/dev/null \
    || python3 -m pip install -q --break-system-packages pillow numpy
fi
