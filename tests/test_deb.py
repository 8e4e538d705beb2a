"""The Debian package, installed as apt would into a throwaway root (never this machine's /):
`dpkg --root=ROOT --force-script-chrootless`, whose maintainer scripts honour $DPKG_ROOT (the
way mmdebstrap's chrootless mode installs a root). ROOT's dpkg database starts as a copy of this
machine's, so the package's Depends are checked against the Debian packages that really run its
scripts (python3, python3-venv, python3-pygame...). Then: `tablectl --help` and
`tablectl sim --hands 3 --seed 1` from the venv postinst built, the tablectl user and its groups
in ROOT/etc/passwd and ROOT/etc/group, `systemd-analyze verify` on the installed units, removing
keeps the journal (and the conffiles), purging removes /etc/tablectl, and tablectl-venue adds
and takes away the web console's packages.

One build for the module (about 15 s; pip's cache lives in the tmp dir), one install (about
20 s). Marked ``deb``: `pytest -m "not deb"` leaves it out; it skips, saying why, without dpkg,
fakeroot, root (useradd --root chroots) or the Debian packages it depends on.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.deb

SRC = Path(__file__).resolve().parent.parent
VERSION = "0.1.0"
DEPENDS = ("python3", "python3-venv", "python3-pygame", "libsdl2-2.0-0", "libusb-1.0-0", "passwd")
ENV = {
    "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",  # Debian's python3, as on a Pi, not a dev's pyenv
    "HOME": "/root",
    "LANG": "C.UTF-8",
}


def _missing_debs(names: tuple[str, ...]) -> list[str]:
    out = subprocess.run(
        ["dpkg-query", "-W", "-f=${Package} ${db:Status-Status}\n", *names],
        capture_output=True,
        text=True,
    ).stdout
    installed = {line.split()[0] for line in out.splitlines() if line.endswith(" installed")}
    return [n for n in names if n not in installed]


@pytest.fixture(scope="module")
def debs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    for tool in ("dpkg", "dpkg-deb", "fakeroot", "useradd"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (sh .ci/debian-packages installs it)")
    if os.geteuid() != 0:
        pytest.skip("useradd --root needs root")
    missing = _missing_debs(DEPENDS)
    if missing:
        pytest.skip(f"the package's Depends are not installed: {' '.join(missing)}")
    out = tmp_path_factory.mktemp("debs")
    env = {**os.environ, "PIP_CACHE_DIR": str(out / "pip-cache")}
    subprocess.run(
        ["sh", str(SRC / "packaging/build-deb.sh"), "amd64", str(out)],
        check=True,
        env=env,
        timeout=600,
    )
    return out


def make_root(root: Path) -> Path:
    """An empty Bookworm-shaped root: merged /usr, base-passwd's users, this machine's dpkg
    database (what is installed here is what the chrootless scripts run)."""
    for d in ("usr/bin", "usr/sbin", "usr/lib", "etc", "var/lib/dpkg/info", "var/lib/dpkg/updates"):
        (root / d).mkdir(parents=True, exist_ok=True)
    for link in ("bin", "sbin", "lib"):
        (root / link).symlink_to(f"usr/{link}")
    for name, master in (("passwd", "passwd.master"), ("group", "group.master")):
        src = Path("/usr/share/base-passwd") / master
        text = src.read_text() if src.exists() else Path("/etc", name).read_text()
        (root / "etc" / name).write_text(text)
    for name in ("shadow", "gshadow"):
        (root / "etc" / name).write_text("")
        (root / "etc" / name).chmod(0o640)
    shutil.copy("/var/lib/dpkg/status", root / "var/lib/dpkg/status")
    (root / "var/lib/dpkg/available").write_text("")
    (root / "var/log").mkdir(parents=True)
    return root


def dpkg(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            "dpkg",
            f"--root={root}",
            f"--log={root}/var/log/dpkg.log",
            "--force-script-chrootless",
            *args,
        ],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=300,
    )


def test_install_run_remove_purge(debs: Path, tmp_path: Path) -> None:
    root = make_root(tmp_path / "root")
    deb = debs / f"tablectl_{VERSION}_amd64.deb"
    done = dpkg(root, "--install", str(deb))
    assert done.returncode == 0, done.stdout + done.stderr
    tablectl = root / "opt/tablectl/venv/bin/tablectl"
    assert os.readlink(root / "usr/bin/tablectl") == "/opt/tablectl/venv/bin/tablectl"

    help_ = subprocess.run([tablectl, "--help"], capture_output=True, text=True, env=ENV)
    assert help_.returncode == 0 and "doctor" in help_.stdout, help_.stderr
    sim = subprocess.run(
        [tablectl, "sim", "--hands", "3", "--seed", "1"],
        capture_output=True,
        text=True,
        env={**ENV, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
        cwd=tmp_path,
        timeout=300,
    )
    assert sim.returncode == 0, sim.stdout + sim.stderr
    assert "hands=3 " in sim.stdout and "chips_conserved=yes" in sim.stdout, sim.stdout
    # the venv's pygame is Debian's (KMSDRM), not a wheel
    where = subprocess.run(
        [root / "opt/tablectl/venv/bin/python3", "-c", "import pygame; print(pygame.__file__)"],
        capture_output=True,
        text=True,
        env=ENV,
    )
    assert where.stdout.splitlines()[-1] == "/usr/lib/python3/dist-packages/pygame/__init__.py"

    user = [u for u in (root / "etc/passwd").read_text().splitlines() if u.startswith("tablectl:")]
    assert len(user) == 1 and user[0].endswith(":/var/lib/tablectl:/usr/sbin/nologin"), user
    groups = {
        line.split(":")[0]: line.split(":")[3].split(",")
        for line in (root / "etc/group").read_text().splitlines()
    }
    for g in ("dialout", "gpio", "video", "input", "render", "plugdev"):
        assert "tablectl" in groups[g], (g, groups.get(g))
    assert (root / "etc/tablectl/table.toml").read_text() == (
        SRC / "docs/table.example.toml"
    ).read_text()

    analyze = shutil.which("systemd-analyze")
    host_units = next(
        (p for p in (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system")) if p.is_dir()),
        None,
    )
    if analyze and host_units:
        # sysinit.target and friends, for the units' dependencies (tests/test_systemd_units.py)
        units = root / "usr/lib/systemd/system"
        shutil.copytree(host_units, units, symlinks=True, dirs_exist_ok=True)
        for name in ("tablectl.service", "tablectl-clock.service"):  # ours, not the copies
            assert (units / name).read_text() == (SRC / "systemd" / name).read_text()
        for name in ("tablectl.service", "tablectl-clock.service"):
            proc = subprocess.run(
                [analyze, "verify", f"--root={root}", name],
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert proc.returncode == 0 and not (proc.stdout + proc.stderr).strip(), (
                name,
                proc.stdout + proc.stderr,
            )

    venue = debs / f"tablectl-venue_{VERSION}_amd64.deb"
    if not _missing_debs(("mosquitto",)):
        done = dpkg(root, "--install", str(venue))
        assert done.returncode == 0, done.stdout + done.stderr
        assert subprocess.run([tablectl, "venue", "serve", "--help"], env=ENV).returncode == 0
        assert (root / "etc/mosquitto/tablectl.acl").exists()
        done = dpkg(root, "--purge", "tablectl-venue")
        assert done.returncode == 0, done.stdout + done.stderr
        starlette = subprocess.run(
            [root / "opt/tablectl/venv/bin/python3", "-c", "import starlette"], env=ENV
        )
        assert starlette.returncode != 0  # the venv was made again without the web extra

    journal = root / "var/lib/tablectl/journal.db"
    journal.parent.mkdir(parents=True)
    journal.write_bytes(b"SQLite format 3\x00 a tournament")
    done = dpkg(root, "--remove", "tablectl")
    assert done.returncode == 0, done.stdout + done.stderr
    assert journal.exists() and not (root / "opt/tablectl/venv").exists()
    assert (root / "etc/tablectl/table.toml").exists()  # remove keeps the configuration
    done = dpkg(root, "--purge", "tablectl")
    assert done.returncode == 0, done.stdout + done.stderr
    assert not (root / "etc/tablectl").exists()
    assert journal.read_bytes().startswith(b"SQLite format 3")


def test_arm64_package_ships_aarch64_wheels(debs: Path) -> None:
    """The Pi's package from the same command: every compiled wheel is for aarch64."""
    env = {**os.environ, "PIP_CACHE_DIR": str(debs / "pip-cache")}
    subprocess.run(
        ["sh", str(SRC / "packaging/build-deb.sh"), "arm64", str(debs)],
        check=True,
        env=env,
        timeout=600,
    )
    for name in (f"tablectl_{VERSION}_arm64.deb", f"tablectl-venue_{VERSION}_arm64.deb"):
        deb = debs / name
        arch = subprocess.run(
            ["dpkg-deb", "--field", str(deb), "Architecture"], capture_output=True, text=True
        )
        assert arch.stdout.strip() == "arm64"
        wheels = [
            line.rsplit("/", 1)[-1]
            for line in subprocess.run(
                ["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True
            ).stdout.splitlines()
            if line.endswith(".whl")
        ]
        compiled = [w for w in wheels if not w.endswith("-none-any.whl")]
        assert compiled and all("aarch64" in w for w in compiled), wheels
