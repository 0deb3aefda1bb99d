#!/usr/bin/env bash
# Re-download the source packages the word lists and frequency lists
# in this directory come from, extract them into a temporary directory and check that the files kept
# here are byte-identical to what the registries serve.
#
# Needs: apt-get (Debian bookworm sources, after `apt-get update`), dpkg-deb,
# npm, pip, unzip, tar, sha256sum, cmp.  Writes nothing outside a temporary directory.
# Exits non-zero on any mismatch.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

DEB_PKG=wdutch
DEB_VERSION=1:2.20.19-2
DEB_SHA256=79dc0dbbd9b3e029ba84423a804c635aca87105521962f9b4c3023399c94dc35
NL_FILE=opentaal-2.20.19.txt
NL_SHA256=2e5128e8e7f9a5bdfc427c784c839986b0df1386cc53aef90ed2df71644f3987

NPM_PKG=word-list
NPM_VERSION=4.1.0
NPM_SHA256=c0cd6e2a112392204960e9998d79347a8ae1571dab5e3fdbfa685ef5977faedb
EN_FILE=word-list-4.1.0.txt
EN_SHA256=2df02fa8ed82d465482ae40c4f9cb52a713baa1d3bfdce1acb2a5fe30420eea8

PYPI_PKG=wordfreq
PYPI_VERSION=3.1.1
PYPI_SHA256=4b1c6ecffc6198be3396d5cf871c4423ca71c907c231348d352dd54d62b97473
# wordfreq's list for each language a recipe names one for: its "large" list
# where it has one, else its "small" one (da, bg, el).
WORDFREQ_FILES=(
    large_en.msgpack.gz large_nl.msgpack.gz large_de.msgpack.gz large_fr.msgpack.gz
    large_es.msgpack.gz large_it.msgpack.gz large_ca.msgpack.gz large_pt.msgpack.gz
    large_sv.msgpack.gz large_nb.msgpack.gz large_pl.msgpack.gz large_ru.msgpack.gz
    large_uk.msgpack.gz large_cs.msgpack.gz
    small_da.msgpack.gz small_bg.msgpack.gz small_el.msgpack.gz
)

SCOWL_VERSION=2020.12.07-2
SCOWL_DIR=scowl-2020.12.07
# Debian package, file in it, sha256 of the file.
SCOWL_FILES=(
    "wamerican american-english 9f513f1ceadb6a01c5485b7dbdfd5118dc66cd70b59cae2851292112d4066a32"
    "wbritish british-english 7424d6682301dc86f73b0a5c8c53f0ba4c9f0a41fb2d1cb7e5fe7f8a04f15fb0"
)

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# (Run as root, apt-get prints a harmless "Download is performed unsandboxed"
# warning because its _apt user cannot write into this private directory.)

fail=0
sha() { sha256sum "$1" | cut -d' ' -f1; }

check() { # label expected actual
    if [[ "$2" == "$3" ]]; then
        printf 'ok    %s  %s\n' "$3" "$1"
    else
        printf 'FAIL  %s\n      expected %s\n      got      %s\n' "$1" "$2" "$3" >&2
        fail=1
    fi
}

same() { # label fileA fileB
    if cmp -s "$2" "$3"; then
        printf 'ok    identical: %s\n' "$1"
    else
        printf 'FAIL  differs: %s (%s vs %s)\n' "$1" "$2" "$3" >&2
        fail=1
    fi
}

echo "== Debian $DEB_PKG $DEB_VERSION"
(cd "$tmp" && apt-get download "$DEB_PKG=$DEB_VERSION") || {
    echo "apt-get download failed; is $DEB_PKG $DEB_VERSION still served? (run apt-get update first)" >&2
    exit 1
}
deb=("$tmp"/"$DEB_PKG"_*.deb)
check "${deb[0]##*/}" "$DEB_SHA256" "$(sha "${deb[0]}")"
dpkg-deb -x "${deb[0]}" "$tmp/deb"
nl_src="$tmp/deb/usr/share/dict/dutch"
check "usr/share/dict/dutch (from package)" "$NL_SHA256" "$(sha "$nl_src")"
check "wordlists/$NL_FILE" "$NL_SHA256" "$(sha "$here/$NL_FILE")"
same "wordlists/$NL_FILE == usr/share/dict/dutch" "$here/$NL_FILE" "$nl_src"
# LICENSE-opentaal.txt ends with lines 17..end of the Debian copyright file.
copyright="$tmp/deb/usr/share/doc/wdutch/copyright"
n="$(sed -n '17,$p' "$copyright" | wc -l)"
same "LICENSE-opentaal.txt tail == copyright lines 17-end" \
    <(sed -n '17,$p' "$copyright") <(tail -n "$n" "$here/LICENSE-opentaal.txt")

echo "== npm $NPM_PKG@$NPM_VERSION"
(cd "$tmp" && npm pack --silent "$NPM_PKG@$NPM_VERSION" >/dev/null)
tgz="$tmp/$NPM_PKG-$NPM_VERSION.tgz"
check "${tgz##*/}" "$NPM_SHA256" "$(sha "$tgz")"
mkdir "$tmp/npm"
tar -xzf "$tgz" -C "$tmp/npm"
en_src="$tmp/npm/package/words.txt"
check "package/words.txt (from package)" "$EN_SHA256" "$(sha "$en_src")"
check "wordlists/$EN_FILE" "$EN_SHA256" "$(sha "$here/$EN_FILE")"
same "wordlists/$EN_FILE == package/words.txt" "$here/$EN_FILE" "$en_src"
same "LICENSE-word-list.txt == package/license" "$here/LICENSE-word-list.txt" "$tmp/npm/package/license"

echo "== PyPI $PYPI_PKG==$PYPI_VERSION"
pip download --quiet --no-deps --only-binary=:all: -d "$tmp/pypi" "$PYPI_PKG==$PYPI_VERSION"
whl=("$tmp"/pypi/"$PYPI_PKG"-"$PYPI_VERSION"-*.whl)
check "${whl[0]##*/}" "$PYPI_SHA256" "$(sha "${whl[0]}")"
unzip -q "${whl[0]}" -d "$tmp/whl"
for f in "${WORDFREQ_FILES[@]}"; do
    same "wordlists/wordfreq-$PYPI_VERSION/$f == wordfreq/data/$f" \
        "$here/wordfreq-$PYPI_VERSION/$f" "$tmp/whl/wordfreq/data/$f"
done
same "LICENSE-wordfreq.txt == LICENSE.txt of the wheel" \
    "$here/LICENSE-wordfreq.txt" "$tmp/whl/$PYPI_PKG-$PYPI_VERSION.dist-info/LICENSE.txt"

echo "== Debian SCOWL $SCOWL_VERSION"
for entry in "${SCOWL_FILES[@]}"; do
    read -r pkg file sum <<<"$entry"
    (cd "$tmp" && apt-get download "$pkg=$SCOWL_VERSION") || {
        echo "apt-get download $pkg=$SCOWL_VERSION failed (run apt-get update first)" >&2
        exit 1
    }
    dpkg-deb -x "$tmp"/"$pkg"_*.deb "$tmp/$pkg"
    src="$tmp/$pkg/usr/share/dict/$file"
    check "usr/share/dict/$file (from $pkg)" "$sum" "$(sha "$src")"
    same "wordlists/$SCOWL_DIR/$file == usr/share/dict/$file" "$here/$SCOWL_DIR/$file" "$src"
done
same "LICENSE-scowl.txt == wamerican's copyright" "$here/LICENSE-scowl.txt" "$tmp/wamerican/usr/share/doc/wamerican/copyright"

if ((fail)); then
    echo "MISMATCH: see FAIL lines above" >&2
    exit 1
fi
echo "all checks passed"
