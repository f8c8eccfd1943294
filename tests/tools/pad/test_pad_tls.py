"""HTTPS for the score pad (``skullking serve --tls``): the certificate the pad makes and
keeps beside its database, a certificate the user gives, and what is refused.

Browsers let a page use a service worker (to install the pad, to open a game offline)
only in a secure context: over HTTPS with a certificate the phone trusts, or on the
loopback address. These tests check the certificates themselves; the browser test of
the pad reached by a network name over HTTPS is in test_pad_browser.py.
"""

from __future__ import annotations

import datetime
import io
import os
import ssl
import stat
from pathlib import Path

import pytest

pytest.importorskip("cryptography", reason="HTTPS for the score pad needs the 'web' extra")

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

from skullking.tools.cli import main
from skullking.tools.pad.tls import TLSError, given, kept

NAMES = ["192.168.1.20", "pad.local", "127.0.0.1", "localhost"]
NOW = datetime.datetime(2026, 12, 6, tzinfo=datetime.UTC)


def _chain(path: Path) -> list[x509.Certificate]:
    return x509.load_pem_x509_certificates(path.read_bytes())


def _named(certificate: x509.Certificate) -> list[str]:
    names = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return [str(n.value) for n in names]


def test_the_pads_certificate_names_every_address_and_is_signed_by_its_own_authority(tmp_path: Path) -> None:
    """The pad makes an authority (a CA certificate, the one a phone installs) and a
    server certificate it signs for every name and address the pad is reached at; the
    chain served holds both; the keys are readable by their owner only; a TLS client
    that trusts the authority accepts the server certificate."""
    made = kept(tmp_path, NAMES, now=NOW)
    assert made.made
    server, authority = _chain(made.chain)
    assert _named(server) == NAMES
    server.verify_directly_issued_by(authority)
    assert authority.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert not server.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert made.trusted == authority.public_bytes(serialization.Encoding.PEM)
    assert made.fingerprint == ":".join(f"{b:02X}" for b in authority.fingerprint(hashes.SHA256()))
    for key in (made.key, tmp_path / "authority-key.pem"):
        assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
    context = ssl.create_default_context(cafile=str(tmp_path / "authority.pem"))
    context.load_cert_chain(made.chain, made.key)  # (the key is the certificate's)


def test_the_certificate_is_kept_and_made_again_by_the_same_authority_when_a_name_changes(tmp_path: Path) -> None:
    """Started again with the same names, the pad serves the certificate it made; with a
    new address (the machine on another network) or near its end, it makes a new server
    certificate signed by the same authority, so a phone that trusts it keeps trusting."""
    first = kept(tmp_path, NAMES, now=NOW)
    again = kept(tmp_path, NAMES, now=NOW)
    assert not again.made and again.chain.read_bytes() == first.chain.read_bytes()
    moved = kept(tmp_path, ["10.0.0.7", *NAMES[1:]], now=NOW)
    assert moved.made and moved.fingerprint == first.fingerprint
    assert "10.0.0.7" in _named(_chain(moved.chain)[0])
    late = kept(tmp_path, ["10.0.0.7", *NAMES[1:]], now=NOW + datetime.timedelta(days=380))
    assert late.made and late.fingerprint == first.fingerprint
    assert _chain(late.chain)[0].not_valid_after_utc > NOW + datetime.timedelta(days=700)


def test_a_certificate_and_key_given_are_served_and_a_wrong_pair_is_refused(tmp_path: Path) -> None:
    """--cert and --key: a PEM certificate with its key is taken as it is (its
    fingerprint said); a key of another certificate, or a file that is not PEM, is
    refused with the file named."""
    made = kept(tmp_path / "a", NAMES, now=NOW)
    other = kept(tmp_path / "b", NAMES, now=NOW)
    taken = given(made.chain, made.key)
    assert taken.chain == made.chain and taken.fingerprint == made.fingerprint
    with pytest.raises(TLSError, match="is not the key of the certificate"):
        given(made.chain, other.key)
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    with pytest.raises(TLSError, match=r"--cert .*junk\.pem: not a PEM certificate"):
        given(junk, made.key)
    with pytest.raises(TLSError, match=r"--key .*junk\.pem: not a PEM private key"):
        given(made.chain, junk)


def test_a_folder_holding_another_authority_key_is_refused(tmp_path: Path) -> None:
    """A kept authority whose key file holds another key (files mixed up by hand) is
    refused, never silently replaced (phones trust the authority that is there)."""
    kept(tmp_path, NAMES, now=NOW)
    stranger = ec.generate_private_key(ec.SECP256R1())
    (tmp_path / "authority-key.pem").write_bytes(
        stranger.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    with pytest.raises(TLSError, match="is not the key of"):
        kept(tmp_path, NAMES, now=NOW)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--cert", "a.pem"], "--cert and --key go together"),
        (["--key", "a.pem"], "--cert and --key go together"),
        (["--cert", "missing.pem", "--key", "missing.pem"], "missing.pem: not a PEM certificate"),
    ],
)
def test_serve_with_a_bad_certificate_is_one_line_exit_2(tmp_path: Path, options: list[str], message: str) -> None:
    """A certificate that cannot be used is said in one line before anything listens."""
    out, err = io.StringIO(), io.StringIO()
    code = main(["serve", "--port", "0", "--db", str(tmp_path / "pad.db"), *options], out=out, err=err)
    assert code == 2
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and message in lines[0], err.getvalue()
