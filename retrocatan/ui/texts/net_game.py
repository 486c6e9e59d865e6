"""The game screen of a network game (ui/scenes/network_game.py,
ui/net/session.py, ui/net/trouble.py): who is away, "since your last
turn", a server that does not answer, the record kept (the seats' names and
the clock's moves are the game's words: ``words.names``, ``words.actions``).
English and German, the same keys."""

EN = {
    "net.absent.offline": "away",
    "net.absent.covered": "comp",
    "net.since.rows": "{title}: {a}-{b} of {n}",
    "net.since.hint": "Enter or Esc: to the game",
    "net.since.hint.pad": "A or B: to the game",
    "net.since.hint.mouse": "Click: to the game",
    "net.since.hint.more": "Up/Down: scroll  Enter or Esc: to the game",
    "net.since.hint.more.pad": "Up/Down, shoulders: scroll  A or B: to the game",
    "net.since.hint.more.mouse": "Wheel: scroll  Click: to the game",
    "net.trouble.host_closed": "The host's window is closed (since {since})",
    "net.trouble.host_closed.more": "The game waits at the host's machine and goes on when the host opens it "
                                    "again (My games). Your seat stays yours.",
    "net.trouble.server_down": "The server does not answer (since {since})",
    "net.trouble.server_down.more": "The host's window may be closed, or the server stopped. The game waits; "
                                    "the clocks stop while the server is down. This window connects again "
                                    "by itself.",
    "net.trouble.unreachable": "Cannot reach {address}",
    "net.trouble.unreachable.more": "A wrong address, or a server that is down. Nothing of the game is lost; "
                                    "this window tries again by itself.",
    "net.trouble.network_gone": "The network is gone (since {since})",
    "net.trouble.network_gone.more": "No way from this machine to the server. The game goes on there: your "
                                     "clock runs, and a computer covers your seat when it runs out. This window "
                                     "connects again by itself.",
    "net.trouble.refused": "The server refused this seat: {why}",
    "net.trouble.refused.more": "This seat is not this machine's any more, or its game is gone from the "
                                "server. My games can forget it.",
    "net.trouble.wait": "Wait here",
    "net.month.1": "Jan", "net.month.2": "Feb", "net.month.3": "Mar", "net.month.4": "Apr",
    "net.month.5": "May", "net.month.6": "Jun", "net.month.7": "Jul", "net.month.8": "Aug",
    "net.month.9": "Sep", "net.month.10": "Oct", "net.month.11": "Nov", "net.month.12": "Dec",
    "net.keep.on": "Its record is kept when the game ends, also if you leave first (Load game)",
    "net.keep.off": "Its record is not kept on this machine",
}

DE = {
    "net.absent.offline": "weg",
    "net.absent.covered": "Comp",
    "net.since.rows": "{title}: {a}-{b} von {n}",
    "net.since.hint": "Eingabe oder Esc: zum Spiel",
    "net.since.hint.pad": "A oder B: zum Spiel",
    "net.since.hint.mouse": "Klick: zum Spiel",
    "net.since.hint.more": "Hoch/Runter: blättern  Eingabe oder Esc: zum Spiel",
    "net.since.hint.more.pad": "Hoch/Runter, Schultertasten: blättern  A oder B: zum Spiel",
    "net.since.hint.more.mouse": "Mausrad: blättern  Klick: zum Spiel",
    "net.trouble.host_closed": "Das Fenster des Gastgebers ist zu (seit {since})",
    "net.trouble.host_closed.more": "Das Spiel wartet auf dem Rechner des Gastgebers und geht weiter, wenn er "
                                    "es wieder öffnet (Meine Spiele). Ihr Platz bleibt Ihrer.",
    "net.trouble.server_down": "Der Server antwortet nicht (seit {since})",
    "net.trouble.server_down.more": "Das Fenster des Gastgebers ist vielleicht zu oder der Server beendet. "
                                    "Das Spiel wartet; die Uhren stehen, solange der Server fehlt. Dieses "
                                    "Fenster verbindet sich von selbst wieder.",
    "net.trouble.unreachable": "{address} ist nicht erreichbar",
    "net.trouble.unreachable.more": "Eine falsche Adresse oder ein Server, der nicht läuft. Vom Spiel geht "
                                    "nichts verloren; dieses Fenster versucht es von selbst wieder.",
    "net.trouble.network_gone": "Das Netz ist weg (seit {since})",
    "net.trouble.network_gone.more": "Von diesem Rechner führt kein Weg zum Server. Dort geht das Spiel weiter: "
                                     "Ihre Uhr läuft, und ein Computer übernimmt Ihren Platz, wenn sie abläuft. "
                                     "Dieses Fenster verbindet sich von selbst wieder.",
    "net.trouble.refused": "Der Server weist diesen Platz ab: {why}",
    "net.trouble.refused.more": "Der Platz gehört nicht mehr zu diesem Rechner, oder der Server kennt das "
                                "Spiel nicht mehr. Meine Spiele kann es vergessen.",
    "net.trouble.wait": "Hier warten",
    "net.month.1": "Jan.", "net.month.2": "Feb.", "net.month.3": "März", "net.month.4": "Apr.",
    "net.month.5": "Mai", "net.month.6": "Juni", "net.month.7": "Juli", "net.month.8": "Aug.",
    "net.month.9": "Sep.", "net.month.10": "Okt.", "net.month.11": "Nov.", "net.month.12": "Dez.",
    "net.keep.on": "Der Bericht wird am Ende aufbewahrt, auch wenn Sie vorher gehen (Spiel laden)",
    "net.keep.off": "Der Spielbericht wird auf diesem Rechner nicht aufbewahrt",
}
