#!/bin/sh
# Create (or replace) the broker credentials of one table or of the venue user, and print the
# password to put in that table's /etc/tablectl/table.toml ([venue] password).
# usage: add-table.sh TABLE_ID [PASSWD_FILE]     e.g. add-table.sh t07
set -eu
user="${1:?usage: add-table.sh TABLE_ID [PASSWD_FILE]}"
file="${2:-/etc/mosquitto/tablectl.passwd}"
case "$user" in
    *[!A-Za-z0-9_.-]*|"") echo "add-table.sh: $user: use letters, digits, '_', '.', '-'" >&2; exit 2;;
esac
pw="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
[ -f "$file" ] || { touch "$file"; chmod 600 "$file"; }
mosquitto_passwd -b "$file" "$user" "$pw"
echo "$user $pw"
echo "reload the broker: systemctl reload mosquitto" >&2
