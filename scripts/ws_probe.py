#!/usr/bin/env python3
"""A WebSocket client of one Skald table with the standard library only, for scripts/test-deploy:
it checks that a proxy passes the upgrade and the messages both ways.

    python3 scripts/ws_probe.py ws://HOST:PORT/api/tables/ID/ws?token=T&after=N ACTION_JSON

Connects, requires `101 Switching Protocols` with the right `Sec-WebSocket-Accept`, reads the
table's `hello`, sends `{"id": 1, "action": ACTION_JSON}` and waits for its `ack` (records that
arrive meanwhile are counted). Prints one line: `101, hello seq H, R records, ack seq A`.
Exit 0 when all of it held; 1 with what went wrong otherwise (a refusal, a close, a wait past
10 s: every read is bounded).
"""

import base64
import hashlib
import json
import os
import socket
import struct
import sys
from urllib.parse import urlsplit

WAIT_SECONDS = 10
GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
# Most bytes one frame or the handshake may hold here; Skald's messages are far smaller.
MAX_BYTES = 1 << 20


class Failed(Exception):
    pass


def read_exact(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise Failed(f"the connection ended after {len(data)} of {n} bytes")
        data += chunk
    return data


def handshake(sock, host, target):
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET {target} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    sock.sendall(request.encode())
    head = b""
    while b"\r\n\r\n" not in head:
        if len(head) > MAX_BYTES:
            raise Failed("the handshake's answer has no end")
        chunk = sock.recv(4096)
        if not chunk:
            raise Failed(f"the connection ended during the handshake: {head!r}")
        head += chunk
    text, rest = head.split(b"\r\n\r\n", 1)
    lines = text.decode("latin-1").split("\r\n")
    if not lines[0].startswith("HTTP/1.1 101"):
        raise Failed(f"expected 101 Switching Protocols, got: {lines[0]} {rest[:300]!r}")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
    if headers.get("sec-websocket-accept") != accept:
        raise Failed(f"Sec-WebSocket-Accept is {headers.get('sec-websocket-accept')!r}, not {accept!r}")
    return rest


class Frames:
    """Server frames (unmasked) from the socket, after the bytes the handshake read past."""

    def __init__(self, sock, buffered):
        self.sock = sock
        self.buffered = buffered

    def take(self, n):
        if len(self.buffered) < n:
            self.buffered += read_exact(self.sock, n - len(self.buffered))
        out, self.buffered = self.buffered[:n], self.buffered[n:]
        return out

    def next_text(self):
        while True:
            first, second = self.take(2)
            opcode = first & 0x0F
            length = second & 0x7F
            if length == 126:
                (length,) = struct.unpack(">H", self.take(2))
            elif length == 127:
                (length,) = struct.unpack(">Q", self.take(8))
            if length > MAX_BYTES:
                raise Failed(f"a frame of {length} bytes")
            payload = self.take(length)
            if opcode == 0x1:
                return json.loads(payload.decode())
            if opcode == 0x8:
                code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                raise Failed(f"the server closed the WebSocket (code {code}): {payload[2:]!r}")
            # Pings, pongs: nothing to answer within a probe's few seconds.


def send_text(sock, text):
    payload = text.encode()
    mask = os.urandom(4)
    header = bytes([0x81])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    else:
        header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    sock.sendall(header + mask + masked)


def probe(url, action):
    parts = urlsplit(url)
    if parts.scheme != "ws" or not parts.hostname or not parts.port:
        raise Failed(f"{url}: expected ws://HOST:PORT/...")
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    with socket.create_connection((parts.hostname, parts.port), timeout=WAIT_SECONDS) as sock:
        frames = Frames(sock, handshake(sock, parts.netloc, target))
        hello = frames.next_text()
        if hello.get("type") != "hello":
            raise Failed(f"expected a hello first, got {hello}")
        send_text(sock, json.dumps({"id": 1, "action": action}))
        records = 0
        while True:
            message = frames.next_text()
            kind = message.get("type")
            if kind == "record":
                records += 1
            elif kind == "ack" and message.get("id") == 1:
                return f"101, hello seq {hello['seq']}, {records} records, ack seq {message['seq']}"
            else:
                raise Failed(f"expected records and an ack, got {message}")


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        print(probe(sys.argv[1], json.loads(sys.argv[2])))
    except (Failed, OSError, ValueError) as e:
        print(f"ws_probe: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
