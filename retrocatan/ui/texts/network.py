"""Network games (ui/scenes/network.py, ui/net/): the screens, the status
line and the log of a game played with a server, and their help pages.

English and German, the same keys (tests/test_ui_texts_tables.py)."""

EN = {
    "network_game": "Network game",
    "net.title": "Network game",
    "net.host": "Host a game",
    "net.join": "Join a game",
    "net.games": "My games",
    "net.watch": "Watch a game",
    "net.back": "Back",
    "net.your_move": "A game by post waits for your move: Network game (G)",
    "net.players": "Players: {n}",
    "net.board": "Board: {name}",
    "net.pace": "Pace: {pace}",
    "net.pace.live": "live (90 s a turn)",
    "net.pace.post": "by post (a move a day)",
    "net.seat": "{colour}: {kind}",
    "net.seat.you": "you",
    "net.seat.open": "a person (open)",
    "net.seat.closed": "closed",
    "net.your_name": "Your name: {name}",
    "net.address": "Address: {url}",
    "net.code": "Invite code: {code}",
    "net.colour": "Colour: {colour}",
    "net.colour.any": "the first free",
    "net.start_hosting": "Open the game",
    "net.connect": "Join",
    "net.watch_go": "Watch",
    "net.typing": "Type, then Enter",
    "net.room": "Waiting room",
    "net.room.address": "Give your friends the address {url} and this code:",
    "net.games.no_picture": "No picture: its server does not answer",
    "net.room.start": "Start the game",
    "net.room.computers": "Fill the open seats with computers",
    "net.room.leave": "Back to the title (the game stays in My games)",
    "net.room.waiting_owner": "Waiting for the host to start the game",
    "net.room.open": "open",
    "net.room.online": "here",
    "net.room.offline": "away",
    "net.room.computer": "{level}",
    "net.games.none": "No network game yet",
    "net.games.line": "{code}: {what}",
    "net.games.seat": "{name} ({colour}), {pace}",
    "net.games.turn": "{name} {left}",
    "net.games.mine": "you {left}",
    "net.games.over": "over",
    "net.games.open": "waiting for players",
    "net.games.hint": "Enter: open  R: replay  Del: forget  Esc: back",
    "net.games.replay": "Replay its stages",
    "net.games.not_started": "The game has not started: no stage yet",
    "net.stages.title": "Stages so far",
    "net.stages.pos": "stage {i} of {n}, turn {turn}",
    "net.stages.going": "asking for stage {i}...",
    "net.stages.help": "<- -> one step  Up/Dn ten  Home start  End now  Esc: My games",
    "net.stages.help.pad": "Left/Right one step  Up/Down ten  B: My games",
    "net.stages.help.mouse": "Click right half: on  left half: back  Right click: My games",
    "net.hosting_failed": "The server did not start: {why}",
    "net.asking": "Asking the server...",
    "net.refused": "The server refused: {why}",
    "net.reconnecting": "Connection lost - reconnecting...",
    "net.reconnecting_in": "Connection lost - reconnecting in {s} s...",
    "net.connecting": "Connecting...",
    "net.sending": "Sending your move...",
    "net.back_to_you": "Your seat again:",
    "net.away": "A computer plays your seat for now - any key takes it back",
    "net.waiting": "Waiting for {name}",
    "net.left": "({time} left)",
    "net.chat": "{name}: {line}",
    "net.chat_prompt": "Say: {line}_",
    "net.chat_refused": "Not sent: at most 5 lines in 30 seconds",
    "net.seat.joined": "{name} takes a seat",
    "net.seat.computer": "{name}: {level} plays the seat",
    "net.seat.away": "{name} is away: a computer plays for now",
    "net.seat.back": "{name} is back",
    "net.since": "Since your last turn",
    "net.since.none": "Nothing happened since your last turn",
    "help.network.title": "Network game",
    "help.network.keys": "Up/Down (d-pad, mouse): choose  Enter (A, click): open  Esc (B): back",
    "help.network.rules": "Play with friends at other machines through a server.\n"
                          "Host a game: this window runs the server; give friends the address and the code.\n"
                          "Join a game: the host's address and code, your name and a free colour.\n"
                          "My games: every game you hold a seat in; open one to play on.\n"
                          "Watch: follow a game by its code, without seeing anyone's cards.",
    "help.net_host.title": "Host a game",
    "help.net_host.keys": "Up/Down: choose a line  Left/Right (click halves): change it\n"
                          "Enter on your name: type it  Enter on Rules...: the rule options\n"
                          "Enter on Open: start the server",
    "help.net_host.rules": "Live: 90 seconds a turn, 30 s for a discard or an answer; two missed turns and a\n"
                           "computer plays the seat until its person is back.\n"
                           "By post: a day for each move, 6 hours to answer an offer; nobody is taken over.\n"
                           "A seat is a person's (open), a computer's (with its level) or closed (fewer players).",
    "help.net_join.title": "Join a game",
    "help.net_join.keys": "Up/Down: choose a line  Enter: type it  Left/Right: colour  Enter on Join: go",
    "help.net_join.rules": "The address is the host's (ws://...); the code has 8 letters and digits.\n"
                           "Colours are taken first come, first served: the first free one if yours is taken.\n"
                           "Your seat's key is kept on this machine: My games opens the game again.",
    "help.net_watch.title": "Watch a game",
    "help.net_watch.keys": "Up/Down: choose a line  Enter: type it  Enter on Watch: go  Esc (B): back",
    "help.net_watch.rules": "The address of the game's server and its invite code. A spectator sees the board,\n"
                            "every count and the log, but nobody's cards and no chat.",
    "help.net_games.title": "My games",
    "help.net_games.keys": "Up/Down: choose  Enter (A, click): open  R (Replay line): replay a finished game\n"
                           "Del (X): forget  Esc (B): back",
    "help.net_games.rules": "Every network game this machine holds a seat in, with whose turn it was and the\n"
                            "time left when last seen. A game by post whose move is yours is named on the\n"
                            "title screen. Opening a game shows what happened since your last turn.\n"
                            "R opens a game's stages: a finished one in the replay viewer with the seats'\n"
                            "names, step by step; one in progress its stages so far (Esc comes back here).",
    "help.net_room.title": "Waiting room",
    "help.net_room.keys": "Up/Down: choose  Enter (A, click): do it  Esc (B): back to the title",
    "help.net_room.rules": "The seats with their names, colours and computers; who is connected.\n"
                           "The host starts the game when every seat is taken, or gives the open seats to\n"
                           "computers.",
    "help.net_stages.title": "Stages so far",
    "help.net_stages.keys": "Left/Right (d-pad, click a half): one step  Up/Down: ten  Home/End: start/now\n"
                            "Esc (B, right click): back to My games",
    "help.net_stages.rules": "A game still in progress, stage by stage, as everyone may see it: the board,\n"
                             "the players and the last decisions after any step, asked of its server.\n"
                             "A finished game opens in the replay viewer instead.",
    "help.game.net.title": "A network game",
    "help.game.net.keys": "As in a game at one screen: T offers a trade. K: say something (Enter sends,\n"
                          "Esc drops). Esc (B, right click, M), at any moment: the game menu (Options, Help,\n"
                          "Keep this game's record, Leave the table)",
    "help.game.net.rules": "Only your own seat decides at this machine; the others play at theirs.\n"
                           "The status line says whose decision it is and the time left; the players box\n"
                           "shows each player's connection (green: here, red and \"away\": not connected,\n"
                           "grey: a computer; \"comp\": a computer covers the person's seat for now).\n"
                           "A lost connection is taken up again by itself; nothing of the game is lost.\n"
                           "When the server does not answer, a box says why, since when and what happens.\n"
                           "Leaving the table keeps your seat (My games); the clocks run and a computer\n"
                           "covers it as the game's pace says. A kept record opens in Load game's list.",
}

DE = {
    "network_game": "Netzwerkspiel",
    "net.title": "Netzwerkspiel",
    "net.host": "Spiel eröffnen",
    "net.join": "Einem Spiel beitreten",
    "net.games": "Meine Spiele",
    "net.watch": "Einem Spiel zusehen",
    "net.back": "Zurück",
    "net.your_move": "Ein Briefspiel wartet auf Ihren Zug: Netzwerkspiel (G)",
    "net.players": "Spieler: {n}",
    "net.board": "Karte: {name}",
    "net.pace": "Tempo: {pace}",
    "net.pace.live": "live (90 s je Zug)",
    "net.pace.post": "per Brief (ein Zug am Tag)",
    "net.seat": "{colour}: {kind}",
    "net.seat.you": "Sie",
    "net.seat.open": "ein Mensch (frei)",
    "net.seat.closed": "geschlossen",
    "net.your_name": "Ihr Name: {name}",
    "net.address": "Adresse: {url}",
    "net.code": "Einladungscode: {code}",
    "net.colour": "Farbe: {colour}",
    "net.colour.any": "die erste freie",
    "net.start_hosting": "Spiel eröffnen",
    "net.connect": "Beitreten",
    "net.watch_go": "Zusehen",
    "net.typing": "Tippen, dann Eingabe",
    "net.room": "Warteraum",
    "net.room.address": "Geben Sie Ihren Freunden die Adresse {url} und diesen Code:",
    "net.games.no_picture": "Kein Bild: sein Server antwortet nicht",
    "net.room.start": "Spiel beginnen",
    "net.room.computers": "Freie Plätze mit Computern besetzen",
    "net.room.leave": "Zum Titel (das Spiel bleibt in Meine Spiele)",
    "net.room.waiting_owner": "Warten, bis der Gastgeber das Spiel beginnt",
    "net.room.open": "frei",
    "net.room.online": "da",
    "net.room.offline": "weg",
    "net.room.computer": "{level}",
    "net.games.none": "Noch kein Netzwerkspiel",
    "net.games.line": "{code}: {what}",
    "net.games.seat": "{name} ({colour}), {pace}",
    "net.games.turn": "{name} {left}",
    "net.games.mine": "Sie {left}",
    "net.games.over": "beendet",
    "net.games.open": "wartet auf Spieler",
    "net.games.hint": "Eingabe: öffnen  R: Wiederholung  Entf: vergessen  Esc: zurück",
    "net.games.replay": "Stand für Stand ansehen",
    "net.games.not_started": "Das Spiel hat noch nicht begonnen: noch keine Stufe",
    "net.stages.title": "Bisherige Stufen",
    "net.stages.pos": "Stufe {i} von {n}, Zug {turn}",
    "net.stages.going": "frage nach Stufe {i}...",
    "net.stages.help": "<- -> ein Schritt  Auf/Ab zehn  Pos1 Anfang  Ende jetzt  Esc: Meine Spiele",
    "net.stages.help.pad": "Links/Rechts ein Schritt  Auf/Ab zehn  B: Meine Spiele",
    "net.stages.help.mouse": "Klick rechte Hälfte: vor  linke Hälfte: zurück  Rechtsklick: Meine Spiele",
    "net.hosting_failed": "Der Server ist nicht gestartet: {why}",
    "net.asking": "Frage den Server...",
    "net.refused": "Der Server lehnt ab: {why}",
    "net.reconnecting": "Verbindung verloren - verbinde neu...",
    "net.reconnecting_in": "Verbindung verloren - neuer Versuch in {s} s...",
    "net.connecting": "Verbinde...",
    "net.sending": "Ihr Zug wird gesendet...",
    "net.back_to_you": "Wieder Ihr Platz:",
    "net.away": "Ein Computer spielt Ihren Platz - eine Taste holt ihn zurück",
    "net.waiting": "Warten auf {name}",
    "net.left": "(noch {time})",
    "net.chat": "{name}: {line}",
    "net.chat_prompt": "Sagen: {line}_",
    "net.chat_refused": "Nicht gesendet: höchstens 5 Zeilen in 30 Sekunden",
    "net.seat.joined": "{name} nimmt Platz",
    "net.seat.computer": "{name}: {level} spielt den Platz",
    "net.seat.away": "{name} ist weg: ein Computer spielt solange",
    "net.seat.back": "{name} ist zurück",
    "net.since": "Seit Ihrem letzten Zug",
    "net.since.none": "Seit Ihrem letzten Zug ist nichts geschehen",
    "help.network.title": "Netzwerkspiel",
    "help.network.keys": "Auf/Ab (Steuerkreuz, Maus): wählen  Eingabe (A, Klick): öffnen  Esc (B): zurück",
    "help.network.rules": "Mit Freunden an anderen Rechnern über einen Server spielen.\n"
                          "Spiel eröffnen: dieses Fenster betreibt den Server; Freunde bekommen Adresse und Code.\n"
                          "Beitreten: Adresse und Code des Gastgebers, Ihr Name und eine freie Farbe.\n"
                          "Meine Spiele: jedes Spiel, in dem Sie einen Platz haben; öffnen und weiterspielen.\n"
                          "Zusehen: ein Spiel über seinen Code verfolgen, ohne Karten zu sehen.",
    "help.net_host.title": "Spiel eröffnen",
    "help.net_host.keys": "Auf/Ab: Zeile wählen  Links/Rechts (Hälften klicken): ändern\n"
                          "Eingabe auf Ihrem Namen: tippen  Eingabe auf Regeln...: die Regeloptionen\n"
                          "Eingabe auf Eröffnen: Server starten",
    "help.net_host.rules": "Live: 90 Sekunden je Zug, 30 s zum Abwerfen oder Antworten; nach zwei verpassten\n"
                           "Zügen spielt ein Computer den Platz, bis sein Mensch zurück ist.\n"
                           "Per Brief: ein Tag je Zug, 6 Stunden für die Antwort auf ein Angebot.\n"
                           "Ein Platz ist frei für einen Menschen, ein Computer (mit Stufe) oder geschlossen.",
    "help.net_join.title": "Einem Spiel beitreten",
    "help.net_join.keys": "Auf/Ab: Zeile wählen  Eingabe: tippen  Links/Rechts: Farbe  Eingabe auf Beitreten",
    "help.net_join.rules": "Die Adresse ist die des Gastgebers (ws://...); der Code hat 8 Zeichen.\n"
                           "Farben gehen an den, der zuerst kommt: ist Ihre vergeben, die erste freie.\n"
                           "Der Schlüssel Ihres Platzes bleibt auf diesem Rechner: Meine Spiele öffnet das Spiel.",
    "help.net_watch.title": "Einem Spiel zusehen",
    "help.net_watch.keys": "Auf/Ab: Zeile wählen  Eingabe: tippen  Eingabe auf Zusehen: los  Esc (B): zurück",
    "help.net_watch.rules": "Die Adresse des Servers und der Einladungscode. Zuschauer sehen die Karte, alle\n"
                            "Anzahlen und das Protokoll, aber keine Karten und keinen Chat.",
    "help.net_games.title": "Meine Spiele",
    "help.net_games.keys": "Auf/Ab: wählen  Eingabe (A, Klick): öffnen  R (Zeile Wiederholen): ein beendetes\n"
                           "Spiel wiederholen  Entf (X): vergessen  Esc (B): zurück",
    "help.net_games.rules": "Jedes Netzwerkspiel, in dem dieser Rechner einen Platz hat, mit dem Spieler am\n"
                            "Zug und der Restzeit beim letzten Blick. Ein Briefspiel, in dem Sie am Zug sind,\n"
                            "nennt der Titel. Beim Öffnen steht, was seit Ihrem letzten Zug geschah.\n"
                            "R zeigt die Stufen: ein beendetes Spiel in der Wiederholung mit den Namen der\n"
                            "Plätze, ein laufendes seine bisherigen Stufen (Esc kehrt hierher zurück).",
    "help.net_room.title": "Warteraum",
    "help.net_room.keys": "Auf/Ab: wählen  Eingabe (A, Klick): ausführen  Esc (B): zum Titel",
    "help.net_room.rules": "Die Plätze mit Namen, Farben und Computern; wer verbunden ist.\n"
                           "Der Gastgeber beginnt, wenn alle Plätze besetzt sind, oder gibt freie Plätze\n"
                           "an Computer.",
    "help.net_stages.title": "Bisherige Stufen",
    "help.net_stages.keys": "Links/Rechts (Steuerkreuz, Klick auf eine Hälfte): ein Schritt  Auf/Ab: zehn\n"
                            "Pos1/Ende: Anfang/jetzt  Esc (B, Rechtsklick): zurück zu Meine Spiele",
    "help.net_stages.rules": "Ein laufendes Spiel Stufe für Stufe, wie alle es sehen dürfen: Karte, Spieler\n"
                             "und die letzten Entscheidungen nach jedem Schritt, vom Server erfragt.\n"
                             "Ein beendetes Spiel öffnet stattdessen die Wiederholung.",
    "help.game.net.title": "Ein Netzwerkspiel",
    "help.game.net.keys": "Wie im Spiel an einem Bildschirm: T bietet einen Handel an. K: etwas sagen\n"
                          "(Eingabe sendet, Esc verwirft). Esc (B, Rechtsklick, M), jederzeit: das Spielmenü\n"
                          "(Optionen, Hilfe, Spielbericht aufbewahren, Den Tisch verlassen)",
    "help.game.net.rules": "An diesem Rechner entscheidet nur Ihr Platz; die anderen spielen an ihren.\n"
                           "Die Statuszeile nennt, wer entscheidet, und die Restzeit; der Spielerkasten zeigt\n"
                           "die Verbindung (grün: da, rot und \"weg\": nicht verbunden, grau: ein Computer;\n"
                           "\"Comp\": ein Computer vertritt den Platz eines Menschen).\n"
                           "Eine verlorene Verbindung wird von selbst wieder aufgenommen.\n"
                           "Antwortet der Server nicht, sagt ein Kasten warum, seit wann und was geschieht.\n"
                           "Wer den Tisch verlässt, behält den Platz (Meine Spiele); die Uhren laufen, und ein\n"
                           "Computer vertritt ihn, wie das Tempo des Spiels es sagt. Ein aufbewahrter\n"
                           "Spielbericht steht in der Liste von Spiel laden.",
}
