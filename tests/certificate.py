"""A self-signed certificate for localhost and 127.0.0.1, made by openssl, for the tests'
TLS servers (nginx in front of ``retrocatan serve``, a mail server's STARTTLS)."""

from __future__ import annotations

import subprocess


def make_certificate(folder) -> str:
    """Writes ``cert.pem`` and ``key.pem`` into ``folder``; returns the certificate's path."""
    cert, key = str(folder / "cert.pem"), str(folder / "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], check=True, capture_output=True)
    return cert
