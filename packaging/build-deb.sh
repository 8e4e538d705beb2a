#!/bin/sh
# Build tablectl_VERSION_ARCH.deb and tablectl-venue_VERSION_ARCH.deb with Debian's tools
# (dpkg-deb, fakeroot) and PyPI (pip), from this checkout:
#     packaging/build-deb.sh arm64        # a Raspberry Pi (64-bit Raspberry Pi OS Bookworm)
#     packaging/build-deb.sh amd64 [OUT]  # a PC or a VM; OUT defaults to ./dist
# The packages ship wheels, not a venv: postinst builds /opt/tablectl/venv from them on the
# target by its own python3 (packaging/make-venv says why). The wheels are the target's: pip
# downloads binary wheels for that platform (manylinux aarch64 or x86_64, CPython 3.11, Debian
# Bookworm's python3); a dependency published only as source (pydes) is built here into a
# wheel, which must come out pure Python (py3-none-any) to be shipped for another machine.
# pygame is not shipped: the package depends on Debian's python3-pygame (KMSDRM, Wayland).
# Set PIP_CACHE_DIR to reuse downloads between builds (the tests keep one per run).
set -eu
arch="${1:?usage: build-deb.sh amd64|arm64 [OUTDIR]}"
here="$(cd "$(dirname "$0")" && pwd)"
src="$(dirname "$here")"
out="$(mkdir -p "${2:-$src/dist}" && cd "${2:-$src/dist}" && pwd)"
case "$arch" in
    amd64) plat=x86_64 ;;
    arm64) plat=aarch64 ;;
    *) echo "build-deb.sh: $arch: give amd64 or arm64" >&2; exit 2 ;;
esac

need=""
command -v dpkg-deb >/dev/null 2>&1 || need="$need dpkg"
command -v fakeroot >/dev/null 2>&1 || need="$need fakeroot"
if [ -n "$need" ]; then
    echo "installing from Debian:$need" >&2
    sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get install -y -qq --no-install-recommends $need >/dev/null
fi
py="${PYTHON:-python3}"
version="$($py -c 'import tomllib,sys; print(tomllib.load(open(sys.argv[1],"rb"))["project"]["version"])' "$src/pyproject.toml")"
# The project's dependencies and the web extra, from pyproject.toml (pygame left to Debian).
reqs() {
    $py - "$src/pyproject.toml" "$1" <<'PY'
import sys, tomllib
project = tomllib.load(open(sys.argv[1], "rb"))["project"]
deps = project["dependencies"] if sys.argv[2] == "base" else project["optional-dependencies"]["web"]
print("\n".join(d.split(";")[0].strip() for d in deps if not d.startswith("pygame")))
PY
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
pip() { $py -m pip --isolated --disable-pip-version-check "$@"; }
platform="--platform manylinux2014_$plat --platform manylinux_2_17_$plat --platform linux_$plat \
    --python-version 3.11 --implementation cp --abi cp311 --abi abi3 --abi none"

# fetch REQFILE DEST: binary wheels for the target; pure-Python sources built into wheels here
fetch() {
    mkdir -p "$2" "$work/built"
    tries=0
    # shellcheck disable=SC2086
    until pip download --quiet --only-binary=:all: $platform --find-links "$work/built" \
            -d "$2" -r "$1" 2>"$work/err"; do
        name="$(sed -n 's/.*No matching distribution found for \([A-Za-z0-9_.-]*\).*/\1/p' "$work/err" | head -1)"
        tries=$((tries + 1))
        if [ -z "$name" ] || [ "$tries" -gt 5 ]; then cat "$work/err" >&2; exit 1; fi
        pip wheel --quiet --no-deps --no-binary :all: -w "$work/built" "$name"
        case "$(ls "$work/built" | grep -i "^$(echo "$name" | tr - _)-" | tail -1)" in
            *-py3-none-any.whl|*-py2.py3-none-any.whl) ;;
            *) echo "build-deb.sh: $name builds no pure-Python wheel: cannot ship it for $arch" >&2; exit 1 ;;
        esac
    done
}

echo "tablectl $version for $arch: wheels" >&2
pip wheel --quiet --no-deps -w "$work/self" "$src"
reqs base >"$work/base.txt"
reqs web >"$work/web.txt"
fetch "$work/base.txt" "$work/wheels"
cp "$work/self"/tablectl-*.whl "$work/wheels/"
fetch "$work/web.txt" "$work/wheels-venue"
for w in "$work/wheels"/*.whl; do rm -f "$work/wheels-venue/$(basename "$w")"; done

# --- tablectl ---------------------------------------------------------------------------------
r="$work/tablectl"
mkdir -p "$r/DEBIAN" "$r/opt/tablectl/docs" "$r/lib/systemd/system" "$r/lib/udev/rules.d" \
    "$r/etc/tablectl" "$r/usr/bin" "$r/usr/share/doc/tablectl"
cp -r "$work/wheels" "$r/opt/tablectl/wheels"
install -m 755 "$here/make-venv" "$r/opt/tablectl/make-venv"
cp "$src"/docs/*.md "$r/opt/tablectl/docs/"  # the units' Documentation=
install -m 644 "$src"/systemd/*.service "$r/lib/systemd/system/"
install -m 644 "$src/systemd/99-tablectl.rules" "$r/lib/udev/rules.d/"
install -m 644 "$src/docs/table.example.toml" "$r/etc/tablectl/table.toml"
install -m 644 "$src/display/structures/tda-style.toml" "$r/etc/tablectl/structure.toml"
ln -s /opt/tablectl/venv/bin/tablectl "$r/usr/bin/tablectl"
install -m 644 "$src/README.md" "$r/usr/share/doc/tablectl/README.md"
printf '/etc/tablectl/table.toml\n/etc/tablectl/structure.toml\n' >"$r/DEBIAN/conffiles"
for s in postinst prerm postrm; do install -m 755 "$here/debian/tablectl.$s" "$r/DEBIAN/$s"; done
recommends="sqlite3, cage"
[ "$arch" = arm64 ] && recommends="python3-lgpio, $recommends"
cat >"$r/DEBIAN/control" <<CTL
Package: tablectl
Version: $version
Architecture: $arch
Maintainer: tablectl maintainers <tablectl@localhost>
Section: misc
Priority: optional
Installed-Size: $(du -sk "$r" | cut -f1)
Depends: python3 (>= 3.11), python3-venv, python3-pygame (>= 2.1.2), libsdl2-2.0-0, libusb-1.0-0, passwd
Recommends: $recommends
Description: RFID-sensored no-limit hold'em tournament table
 The rules engine, the hardware bridge (table MCU over USB serial, NFC reader, GPIO dealer
 console), the dealer screen and the venue clock, in a virtual environment under
 /opt/tablectl built at install time from the wheels shipped in the package. systemd units
 tablectl (the table), tablectl-clock (the venue clock) and their cage kiosk twins.
CTL
fakeroot dpkg-deb --build --root-owner-group -Zxz "$r" "$out/tablectl_${version}_${arch}.deb" >/dev/null

# --- tablectl-venue ---------------------------------------------------------------------------
v="$work/tablectl-venue"
mkdir -p "$v/DEBIAN" "$v/opt/tablectl/wheels-venue" "$v/etc/mosquitto" \
    "$v/usr/share/tablectl/mosquitto" "$v/usr/sbin"
cp "$work/wheels-venue"/*.whl "$v/opt/tablectl/wheels-venue/"
install -m 644 "$src/deploy/mosquitto/acl" "$v/etc/mosquitto/tablectl.acl"
install -m 644 "$src/deploy/mosquitto/tablectl.conf" "$v/usr/share/tablectl/mosquitto/tablectl.conf"
install -m 755 "$src/deploy/mosquitto/add-table.sh" "$v/usr/sbin/tablectl-add-table"
printf '/etc/mosquitto/tablectl.acl\n' >"$v/DEBIAN/conffiles"
for s in postinst postrm; do install -m 755 "$here/debian/tablectl-venue.$s" "$v/DEBIAN/$s"; done
cat >"$v/DEBIAN/control" <<CTL
Package: tablectl-venue
Version: $version
Architecture: $arch
Maintainer: tablectl maintainers <tablectl@localhost>
Section: misc
Priority: optional
Installed-Size: $(du -sk "$v" | cut -f1)
Depends: tablectl (= $version), mosquitto
Description: tablectl venue host: the director's web console and the broker's configuration
 The web console's Python packages (tablectl[web]) in tablectl's venv, the broker's ACL for
 mosquitto, its listener configuration to put in /etc/mosquitto/conf.d/ once the venue's TLS
 files exist, and tablectl-add-table to give a table its broker password.
CTL
fakeroot dpkg-deb --build --root-owner-group -Zxz "$v" "$out/tablectl-venue_${version}_${arch}.deb" >/dev/null
ls -l "$out/tablectl_${version}_${arch}.deb" "$out/tablectl-venue_${version}_${arch}.deb"
