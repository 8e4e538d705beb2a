"""The venue broker (``[venue]`` of table.toml): reachable, the table's user and password
accepted, TLS with the venue's CA (docs/venue.md, "A table on the venue")."""

from __future__ import annotations

from tablectl.cli.checks import Finding, fail, ok, warn
from tablectl.daemon.config import VenueConfig

ADD_TABLE = "deploy/mosquitto/add-table.sh on the venue host"


def check_broker(venue: VenueConfig | None, timeout: float = 5.0) -> list[Finding]:
    if venue is None:
        return [ok("broker", "no [venue] in table.toml: a table on its own")]
    from tablectl.daemon.venue_link import LinkConfig, probe_broker

    where = f"{venue.host}:{venue.port}"
    user = venue.username or venue.table
    config = LinkConfig(
        venue.venue,
        venue.table,
        venue.host,
        venue.port,
        venue.username,
        venue.password,
        str(venue.ca_file) if venue.ca_file else None,
    )
    probe = probe_broker(config, timeout)
    if probe.stage == "tcp":
        return [
            fail(
                "broker",
                f"cannot reach {where}: {probe.detail}",
                "check [venue] broker (host:port), the venue network, and that mosquitto runs "
                "on the venue host (systemctl status mosquitto); TLS listens on 8883",
            )
        ]
    if probe.stage == "tls":
        return [
            fail(
                "broker",
                f"TLS to {where} failed: {probe.detail}",
                "[venue] ca_file must be the venue's CA (the one that signed the broker's "
                "certificate, for the host name in [venue] broker); plain MQTT is port 1883",
            )
        ]
    if probe.stage == "timeout":
        return [
            fail(
                "broker",
                f"{where}: {probe.detail}",
                "something listens there that is not an MQTT broker, or TLS is expected: "
                "check the port and [venue] ca_file",
            )
        ]
    if probe.stage == "auth":
        return [
            fail(
                "broker",
                f"{where} refused user {user!r}: {probe.detail}",
                f"the password in table.toml must be the one set for {user} by {ADD_TABLE} "
                "(mosquitto_passwd), and username the table's id",
            )
        ]
    found = [ok("broker", f"{where} accepted table {venue.table} as user {user!r}")]
    if venue.ca_file is None:
        found.append(
            warn(
                "broker tls",
                "no TLS: the password crosses the venue network in clear",
                "set [venue] ca_file to the venue's CA and broker to port 8883 (docs/venue.md)",
            )
        )
    else:
        found.append(ok("broker tls", f"TLS verified with {venue.ca_file}"))
    return found
