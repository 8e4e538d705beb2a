"""The dealer screen: the path pygame will draw through (KMSDRM on a bare console, Wayland in
cage, X11) and the screen's size, against ``[display]`` of table.toml."""

from __future__ import annotations

import glob
import os

from tablectl.cli.checks import Finding, fail, ok, warn

KMSDRM_FIX = (
    "use Debian's python3-pygame (its SDL has KMSDRM) and remove a pip-installed pygame from the "
    "venv; the full KMS driver must be on (dtoverlay=vc4-kms-v3d); run from the text console or "
    "as the service does (docs/kiosk.md)"
)


def check_display(
    *, enabled: bool, driver: str | None, want: tuple[int, int], sim: bool
) -> list[Finding]:
    if not enabled:
        return [ok("display", "[display] enabled = false: the table runs headless")]
    from display.screen_check import ScreenError, probe_screen

    cards = sorted(glob.glob("/dev/dri/card*"))
    where = (
        f"SDL_VIDEODRIVER={driver}"
        if driver
        else (
            f"SDL's choice (WAYLAND_DISPLAY={os.environ.get('WAYLAND_DISPLAY', '')!r}, "
            f"DISPLAY={os.environ.get('DISPLAY', '')!r})"
        )
    )
    try:
        screen = probe_screen(driver)
    except ScreenError as exc:
        fix = KMSDRM_FIX if (driver or "").lower() == "kmsdrm" else "check the video path"
        if not cards and (driver or "").lower() == "kmsdrm":
            fix = "no /dev/dri/card*: enable the KMS driver (dtoverlay=vc4-kms-v3d) and reboot"
        return [fail("display", f"{where}: pygame cannot open it: {exc}", fix)]
    text = (
        f"{screen.driver} ({where}), {screen.width}x{screen.height}, SDL {screen.sdl}, "
        f"pygame {screen.pygame}"
    )
    if screen.driver in ("dummy", "offscreen") and not sim:
        return [
            warn(
                "display",
                f"{text}: nothing would show",
                "run where the service runs (SDL_VIDEODRIVER=kmsdrm on tty1, or cage)",
            )
        ]
    found = [ok("display", text)]
    if not sim and screen.width and (screen.width, screen.height) < (320, 240):
        found.append(warn("display size", "the screen reports no usable size", KMSDRM_FIX))
    elif not sim and want != (screen.width, screen.height):
        found.append(
            warn(
                "display size",
                f"[display] asks {want[0]}x{want[1]}, the screen is {screen.width}x{screen.height}",
                "full screen uses the panel's own size; set [display] width/height to it for "
                "a window",
            )
        )
    return found
