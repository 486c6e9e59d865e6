"""The window as a client of ``retrocatan serve`` (docs/protocol.md): the
connection off the drawing thread, the seat it follows, the games this
machine holds seats in. No Pyxel here."""

