"""HTTPS for the score pad on the local network (``skullking serve --lan --tls``).

Browsers treat a page served over plain HTTP from a network address as insecure: no
service worker runs there, so a phone can neither install the pad nor open a game
offline (both work on ``127.0.0.1``, which browsers trust). Served over HTTPS with a
certificate the phone trusts, the pad is a secure site like any other.

The certificate is one the user gives (``--cert`` and ``--key``, PEM files: for a pad
with a name of its own), or one the pad makes and keeps beside its database: a small
certificate authority of its own (the one certificate a phone installs and trusts, made
once, valid ten years) and a server certificate it signs for the names and addresses
the pad is reached at (made again, by the same authority, when one of them changes or
it nears its end; a phone that trusts the authority trusts it too). Keys are elliptic
curve P-256, written readable by their owner only. Everything here is done by the
`cryptography` library; nothing is home-made.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import ipaddress
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.types import PublicKeyTypes
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

#: How long the pad's own authority is valid, and its server certificate (within the
#: 398 days browsers accept for a server certificate).
AUTHORITY_DAYS = 3650
SERVER_DAYS = 397
#: A server certificate this close to its end is made again.
RENEW_DAYS = 30


class TLSError(Exception):
    """A certificate or key that cannot be used: the message says which and why."""


@dataclass(frozen=True, slots=True)
class Certificate:
    """What the server presents: ``chain`` (PEM: the server certificate, then its
    authority's when the pad made them) and ``key`` (PEM), as files uvicorn reads;
    ``trusted``, the certificate a phone installs to trust the pad (the pad's authority,
    or the given certificate itself), with its SHA-256 ``fingerprint`` as phones show it
    (``AB:CD:...``); ``made``, whether the server certificate was made just now."""

    chain: Path
    key: Path
    trusted: bytes
    fingerprint: str
    made: bool = False


def given(cert: Path, key: Path) -> Certificate:
    """The certificate (a PEM file, its chain after it) and key the user gave; raise
    :class:`TLSError` when either cannot be read or they do not belong together."""
    try:
        chain = x509.load_pem_x509_certificates(cert.read_bytes())
    except (OSError, ValueError) as exc:
        raise TLSError(f"--cert {cert}: not a PEM certificate ({_why(exc)})") from None
    try:
        private = serialization.load_pem_private_key(key.read_bytes(), password=None)
    except (OSError, ValueError, TypeError) as exc:
        raise TLSError(f"--key {key}: not a PEM private key without a password ({_why(exc)})") from None
    if _public_der(private.public_key()) != _public_der(chain[0].public_key()):
        raise TLSError(f"--key {key} is not the key of the certificate in --cert {cert}")
    top = chain[-1]
    return Certificate(
        chain=cert, key=key, trusted=top.public_bytes(serialization.Encoding.PEM), fingerprint=fingerprint(top)
    )


def kept(folder: Path, names: Sequence[str], *, now: datetime.datetime | None = None) -> Certificate:
    """The pad's own certificate for ``names`` (host names and addresses), kept in
    ``folder``: its authority made once, its server certificate made again when it does
    not name each of ``names`` or nears its end. Raise :class:`TLSError` when the folder
    cannot be written or holds files that are not the pad's."""
    moment = now or datetime.datetime.now(datetime.UTC)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        authority, authority_key = _authority(folder, moment)
        chain, key = folder / "server.pem", folder / "server-key.pem"
        made = not _fits(chain, key, authority, names, moment)
        if made:
            server_key = ec.generate_private_key(ec.SECP256R1())
            server = _server(names, server_key.public_key(), authority, authority_key, moment)
            _write(key, _private_pem(server_key), secret=True)
            pem = server.public_bytes(serialization.Encoding.PEM) + authority.public_bytes(serialization.Encoding.PEM)
            _write(chain, pem, secret=False)
    except OSError as exc:
        raise TLSError(f"cannot keep the pad's certificate in {folder}: {exc.strerror or exc}") from None
    return Certificate(
        chain=chain,
        key=key,
        trusted=authority.public_bytes(serialization.Encoding.PEM),
        fingerprint=fingerprint(authority),
        made=made,
    )


def fingerprint(certificate: x509.Certificate) -> str:
    """The SHA-256 fingerprint as phones and browsers show it: ``AB:CD:...``."""
    return ":".join(f"{b:02X}" for b in certificate.fingerprint(hashes.SHA256()))


def spki_pin(pem: bytes) -> str:
    """The base64 SHA-256 of the first certificate's public key (``pin-sha256`` of HTTP
    public key pinning, which browsers take to trust a certificate by its key)."""
    certificate = x509.load_pem_x509_certificate(pem)
    return base64.b64encode(hashlib.sha256(_public_der(certificate.public_key())).digest()).decode("ascii")


def _authority(folder: Path, moment: datetime.datetime) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    """The pad's authority kept in ``folder``, made when there is none (or it ended)."""
    pem, key_pem = folder / "authority.pem", folder / "authority-key.pem"
    if pem.exists() and key_pem.exists():
        try:
            certificate = x509.load_pem_x509_certificate(pem.read_bytes())
            key = serialization.load_pem_private_key(key_pem.read_bytes(), password=None)
        except ValueError as exc:
            raise TLSError(
                f"{pem}: not the pad's certificate authority ({_why(exc)}); remove it to make another"
            ) from None
        if not isinstance(key, ec.EllipticCurvePrivateKey) or _public_der(key.public_key()) != _public_der(
            certificate.public_key()
        ):
            raise TLSError(f"{key_pem} is not the key of {pem}; remove both to make another")
        if certificate.not_valid_after_utc > moment + datetime.timedelta(days=RENEW_DAYS):
            return certificate, key
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Skull King score pad (this machine's own authority)")])
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(moment - datetime.timedelta(minutes=5))
        .not_valid_after(moment + datetime.timedelta(days=AUTHORITY_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    _write(key_pem, _private_pem(key), secret=True)
    _write(pem, certificate.public_bytes(serialization.Encoding.PEM), secret=False)
    return certificate, key


def _server(
    names: Sequence[str],
    public: ec.EllipticCurvePublicKey,
    authority: x509.Certificate,
    authority_key: ec.EllipticCurvePrivateKey,
    moment: datetime.datetime,
) -> x509.Certificate:
    return (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0] if names else "score pad")]))
        .issuer_name(authority.subject)
        .public_key(public)
        .serial_number(x509.random_serial_number())
        .not_valid_before(moment - datetime.timedelta(minutes=5))
        .not_valid_after(min(moment + datetime.timedelta(days=SERVER_DAYS), authority.not_valid_after_utc))
        .add_extension(x509.SubjectAlternativeName(_alternative_names(names)), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(authority_key.public_key()), critical=False)
        .sign(authority_key, hashes.SHA256())
    )


def _alternative_names(names: Sequence[str]) -> list[x509.GeneralName]:
    out: list[x509.GeneralName] = []
    for name in dict.fromkeys(names):
        try:
            out.append(x509.IPAddress(ipaddress.ip_address(name.strip("[]").partition("%")[0])))
        except ValueError:
            out.append(x509.DNSName(name))
    return out


def _fits(chain: Path, key: Path, authority: x509.Certificate, names: Sequence[str], moment: datetime.datetime) -> bool:
    """Whether the kept server certificate is the authority's, names each of ``names``
    and is far from its end (and its key is there)."""
    if not (chain.exists() and key.exists()):
        return False
    try:
        certificates = x509.load_pem_x509_certificates(chain.read_bytes())
        private = serialization.load_pem_private_key(key.read_bytes(), password=None)
        named = certificates[0].extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (ValueError, x509.ExtensionNotFound):
        return False
    server = certificates[0]
    return (
        server.issuer == authority.subject
        and _public_der(private.public_key()) == _public_der(server.public_key())
        and server.not_valid_after_utc > moment + datetime.timedelta(days=RENEW_DAYS)
        and all(entry in list(named) for entry in _alternative_names(names))
    )


def _public_der(public: PublicKeyTypes) -> bytes:
    return public.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def _private_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def _write(path: Path, data: bytes, *, secret: bool) -> None:
    """Write ``path`` whole (a file beside it, then renamed), a key readable by its owner only."""
    part = path.with_name(path.name + ".part")
    descriptor = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if secret else 0o644)
    with os.fdopen(descriptor, "wb") as out:
        out.write(data)
    os.replace(part, path)


def _why(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
