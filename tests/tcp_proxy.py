"""A TCP relay between the application and the test PostgreSQL server whose cable a test can pull:
``cut`` closes every connection through it and turns new ones away, as a trainee's dropped Wi-Fi
would; ``restore`` lets connections through again. (A plain module, so its name is unique.)"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.engine import make_url


class TcpProxy:
    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = True
        self.closed = False
        self._sockets: set[socket.socket] = set()
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, url: str) -> str:
        """``url`` (a server's) made to go through the relay."""
        return make_url(url).set(host="127.0.0.1", port=self.port).render_as_string(hide_password=False)

    def cut(self) -> None:
        with self._lock:
            self.up = False
            for sock in self._sockets:
                _close(sock)
            self._sockets.clear()

    def restore(self) -> None:
        self.up = True

    def close(self) -> None:
        self.closed = True
        self.cut()
        _close(self.listener)

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                _close(client)
                continue
            try:
                server = socket.create_connection(self.target)
            except OSError:
                _close(client)
                continue
            with self._lock:
                self._sockets |= {client, server}
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            _close(sock)


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()


@contextmanager
def proxy_to(url: str) -> Iterator[TcpProxy]:
    parsed = make_url(url)
    proxy = TcpProxy(parsed.host or "127.0.0.1", parsed.port or 5432)
    try:
        yield proxy
    finally:
        proxy.close()
