"""A real mosquitto for the venue tests: :func:`start_broker` starts one on a free loopback port
with a generated password file and the shipped ACL (deploy/mosquitto/acl) under ``tmp_path``
(:class:`tablectl.venue.broker.Mosquitto`); the tests stop it in their fixture's teardown.
:func:`throwaway_ca` makes a CA and a broker certificate for 127.0.0.1 (with the `cryptography`
package when it is installed, else the `openssl` command). Tests skip, saying why, only when
mosquitto is absent.
"""

from __future__ import annotations

import datetime
import ipaddress
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tablectl.venue.broker import Mosquitto, TlsFiles, find_mosquitto, find_passwd_tool

VENUE = "v1"
USERS = {"venue": "venue-pw", "clock": "clock-pw", "t1": "t1-pw", "t2": "t2-pw"}


def need_mosquitto() -> None:
    if find_mosquitto() is None or find_passwd_tool() is None:
        pytest.skip("mosquitto is not installed (sh .ci/debian-packages installs it)")


def start_broker(
    tmp_path: Path, tls: TlsFiles | None = None, users: dict[str, str] | None = None
) -> Mosquitto:
    need_mosquitto()
    return Mosquitto(tmp_path / "broker", users or USERS, tls=tls).start()


def wait_for(pred: Callable[[], bool], pump: Callable[[], object], timeout: float = 30.0) -> bool:
    """Pump until ``pred`` holds; a generous bound (a loaded machine), not a speed assertion."""
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            return False
        pump()
    return True


def throwaway_ca(where: Path) -> TlsFiles:
    where.mkdir(parents=True, exist_ok=True)
    try:
        import cryptography  # noqa: F401
    except ImportError:
        return _ca_openssl(where)
    return _ca_cryptography(where)


def _ca_cryptography(where: Path) -> TlsFiles:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = datetime.datetime.now(datetime.UTC)

    def name(cn: str) -> x509.Name:
        return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])

    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder()
        .subject_name(name("tablectl test venue CA"))
        .issuer_name(name("tablectl test venue CA"))
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                key_cert_sign=True,
                crl_sign=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(name("localhost"))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
            ),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    files = TlsFiles(where / "ca.crt", where / "broker.crt", where / "broker.key")
    files.ca.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    files.cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    files.key.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
    )
    files.key.chmod(0o600)
    return files


def _ca_openssl(where: Path) -> TlsFiles:
    if shutil.which("openssl") is None:
        pytest.skip("neither the cryptography package nor openssl is installed")
    files = TlsFiles(where / "ca.crt", where / "broker.crt", where / "broker.key")
    ca_key, csr, ext = where / "ca.key", where / "broker.csr", where / "ext.cnf"
    ext.write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\n")

    def run(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, capture_output=True)

    run(
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        str(ca_key),
        "-out",
        str(files.ca),
        "-days",
        "1",
        "-subj",
        "/CN=tablectl test venue CA",
    )
    run(
        "req",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        str(files.key),
        "-out",
        str(csr),
        "-subj",
        "/CN=localhost",
    )
    run(
        "x509",
        "-req",
        "-in",
        str(csr),
        "-CA",
        str(files.ca),
        "-CAkey",
        str(ca_key),
        "-CAcreateserial",
        "-out",
        str(files.cert),
        "-days",
        "1",
        "-extfile",
        str(ext),
    )
    return files
