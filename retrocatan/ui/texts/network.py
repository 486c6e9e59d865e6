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
    "net.games.no_picture": "No picture: no answer from its server.",
    "net.room.start": "Start the game",
    "net.room.computers": "Fill the open seats with computers",
    "net.room.leave": "Leave (the game stays in My games)",
    "net.room.waiting_owner": "Waiting for the host to start the game",
    "net.room.open": "open",
    "net.room.online": "here",
    "net.room.offline": "away",
    "net.room.computer": "{level}",
    "net.games.none": "No network game yet",
    "net.games.line": "{code}: {what}",
    "net.games.seat": "{name} ({colour})",
    "net.games.turn": "{name} {left}",
    "net.games.mine": "you {left}",
    "net.games.others": "others {left}",
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
    # --- the network screens outside the game (Host, Join, Open games, My games, the waiting room) ---
    "net.open": "Open games on a server",
    "net.open.again": "Look again",
    "net.open.asking": "Asking {url} for its open games...",
    "net.open.count": "{n} open {n:game|games} at {url}",
    "net.open.none": "No open game is listed on this server: host one and list it, or join by its code.",
    "net.open.free": "{free} of {n} seats free",
    "net.open.created": "Opened {age}",
    "net.open.minutes": "{n} min ago",
    "net.open.hours": "{n} h ago",
    "net.open.days": "{n} {n:day|days} ago",
    "net.open.join_as": "Enter: join as {name}",
    "net.where.window": "Kept: in this window (while it is open)",
    "net.where.server": "Kept: on a server (goes on without this window)",
    "net.server": "Server: {url}",
    "net.server.none": "(type its address)",
    "net.server.missing": "Type the server's address first.",
    "net.notice.email": "Notices by e-mail: {email}",
    "net.notice.webhook": "Notices by webhook: {url}",
    "net.notice.none": "none",
    "net.notice.bad_email": "An e-mail address looks like name@example.org: nothing was sent.",
    "net.notice.bad_webhook": "A webhook's address begins with https:// - nothing was sent.",
    "net.listed.yes": "Listed in the server's open games: yes",
    "net.listed.no": "Listed in the server's open games: no",
    "net.creating": "Asking {url} to open the game...",
    "net.taking_seat": "The game is open; taking your seat at {url}...",
    "net.stopped": "Stopped. Every line is kept.",
    "net.connecting_to": "Connecting to {url}...",
    "net.cannot_reach": "Cannot reach {url}: a wrong address, or its server is down.",
    "net.lost_before_seat": "{url} stopped answering before it gave the seat. Try again later: "
                            "the same seat is asked for.",
    "net.code.missing": "Type the game's invite code first.",
    "net.colours": "The game's colours (struck through: taken):",
    "net.waits.host_closed": "The host's window is closed (since {since}): the game waits and goes on "
                               "when the host opens it again.",
    "net.waits.server_down": "The server does not answer (since {since}): the game waits. "
                               "Trying again in {s} s...",
    "net.waits.unreachable": "Cannot reach {url} yet (try {n}): a wrong address, or its server is down.",
    "net.waits.network_gone": "The network is gone (since {since}): the game waits. Trying again in {s} s...",
    "net.room.open_give": "open (Enter: a computer)",
    "net.room.give_ask": "Give {seats} to a computer? A friend may still be on the way.",
    "net.room.give_level": "{level}",
    "net.room.give_yes": "Yes: give it to the computer",
    "net.room.give_no": "No: keep it open for a friend",
    "net.room.leave_watch": "Leave",
    "net.room.not_now": "Not now: the server does not answer.",
    "net.room.starting": "The game is starting...",
    "net.room.waiting_friends": "Waiting for friends: {n} {n:seat|seats} open. Give them the address and the code.",
    "net.room.ready": "Every seat is taken: Start the game (P).",
    "net.room.points": "Points to win: {n}",
    "net.games.ended": "ended by its server",
    "net.games.forgotten": "forgotten by its server",
    "net.games.forgotten_long": "Its server no longer knows this game. Del (X) removes it from the list.",
    "net.games.not_answering": "server not answering",
    "net.games.last_seen": "Last seen: {what}",
    "net.games.asking": "Asking its server...",
    "net.games.hint_forgotten": "Del: remove  Enter: open  Esc: back",
    "help.net_open.title": "Open games on a server",
    "help.net_open.keys": "Up/Down: choose  Enter (A, click) on a game: join it  Enter on Server: type it\n"
                          "R: look again  Esc (B): back",
    "help.net_open.rules": "The games a server's hosts listed, with their board, free seats, points and pace.\n"
                           "Joining takes your last name and colour (the first free one if yours is taken).\n"
                           "The address is remembered; Host a game can keep a game on the same server.",
    "help.network.title": "Network game",
    "help.network.keys": "Up/Down (d-pad, mouse): choose  Enter (A, click): open  Esc (B): back",
    "help.network.rules": "Play with friends at other machines through a server.\n"
                          "Host a game: in this window or on a server; give friends the address and the code.\n"
                          "Join a game: the host's address and code, your name and a free colour.\n"
                          "Open games on a server: the games its hosts listed; one key joins one.\n"
                          "My games: every game you hold a seat in, as its server says now; open one to play.\n"
                          "Watch: follow a game by its code, without seeing anyone's cards.",
    "help.net_host.title": "Host a game",
    "help.net_host.keys": "Up/Down: choose a line  Left/Right (click halves): change it\n"
                          "Enter on a typed line: type it  Enter on Rules...: the rule options\n"
                          "Enter on Open: open the game  Esc (B): back, also while it waits",
    "help.net_host.rules": "Live: 90 seconds a turn, 30 s for a discard or an answer; two missed turns and a\n"
                           "computer plays the seat until its person is back.\n"
                           "By post: a day for each move, 6 hours to answer an offer; nobody is taken over.\n"
                           "A seat is a person's (open), a computer's (with its level) or closed (fewer players).\n"
                           "Kept in this window, friends play while it is open; on a server, a game by post goes\n"
                           "on while every window is closed. Notices: where the server says a move is yours.",
    "help.net_join.title": "Join a game",
    "help.net_join.keys": "Up/Down: choose a line  Enter: type it  Left/Right: colour  Enter on Join: go\n"
                          "Esc (B): back, also while it connects",
    "help.net_join.rules": "The address is the host's (ws://...); the code has 8 letters and digits.\n"
                           "Only the game's free colours are offered (a taken one is struck through).\n"
                           "A refusal (a wrong code, a full game) is said here, every line kept; an address\n"
                           "that never answers is said after a few tries. Notices are for games by post.\n"
                           "Your seat's key is kept on this machine: My games opens the game again.",
    "help.net_watch.title": "Watch a game",
    "help.net_watch.keys": "Up/Down: choose a line  Enter: type it  Enter on Watch: go  Esc (B): back",
    "help.net_watch.rules": "The address of the game's server and its invite code. A spectator sees the board,\n"
                            "every count and the log, but nobody's cards and no chat.",
    "help.net_games.title": "My games",
    "help.net_games.keys": "Up/Down: choose  Enter (A, click): open  F (Y): its stages  R (Replay line): the stages\n"
                           "of the game chosen last  Del (X): forget  Esc (B): back",
    "help.net_games.rules": "Every network game this machine holds a seat in, with whose turn it was and the\n"
                            "time left when last seen. A game by post whose move is yours is named on the\n"
                            "title screen; both ask each game's server now (\"server not answering\" if it does\n"
                            "not; a game it forgot can be removed). Opening a game shows what happened since\n"
                            "your last turn.\n"
                            "R opens a game's stages: a finished one in the replay viewer with the seats'\n"
                            "names, step by step; one in progress its stages so far (Esc comes back here).",
    "help.net_room.title": "Waiting room",
    "help.net_room.keys": "Up/Down: choose  Enter (A, click): do it  Esc (B, right click): leave, at any moment",
    "help.net_room.rules": "The seats with their names, colours and computers; who is connected; the board,\n"
                           "the points to win and the pace. The host starts the game when every seat is taken;\n"
                           "Enter on an open seat gives it to a computer, asked first (a friend may be coming).",
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
    "net.games.no_picture": "Kein Bild: keine Antwort von seinem Server.",
    "net.room.start": "Spiel beginnen",
    "net.room.computers": "Freie Plätze an Computer geben",
    "net.room.leave": "Gehen (bleibt in Meine Spiele)",
    "net.room.waiting_owner": "Warten, bis der Gastgeber das Spiel beginnt",
    "net.room.open": "frei",
    "net.room.online": "da",
    "net.room.offline": "weg",
    "net.room.computer": "{level}",
    "net.games.none": "Noch kein Netzwerkspiel",
    "net.games.line": "{code}: {what}",
    "net.games.seat": "{name} ({colour})",
    "net.games.turn": "{name} {left}",
    "net.games.mine": "Sie {left}",
    "net.games.others": "andere {left}",
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
    # --- the network screens outside the game (Host, Join, Open games, My games, the waiting room) ---
    "net.open": "Offene Spiele eines Servers",
    "net.open.again": "Neu abfragen",
    "net.open.asking": "Frage {url} nach offenen Spielen...",
    "net.open.count": "{n} {n:offenes Spiel|offene Spiele} bei {url}",
    "net.open.none": "Dieser Server nennt kein offenes Spiel: eröffnen Sie eines, oder treten Sie mit Code bei.",
    "net.open.free": "{free} von {n} Plätzen frei",
    "net.open.created": "Eröffnet {age}",
    "net.open.minutes": "vor {n} Min.",
    "net.open.hours": "vor {n} Std.",
    "net.open.days": "vor {n} {n:Tag|Tagen}",
    "net.open.join_as": "Eingabe: Platz für {name}",
    "net.where.window": "Spiel läuft: in diesem Fenster (solange es offen ist)",
    "net.where.server": "Spiel läuft: auf einem Server (auch ohne Fenster)",
    "net.server": "Server: {url}",
    "net.server.none": "(Adresse eingeben)",
    "net.server.missing": "Geben Sie zuerst die Adresse des Servers ein.",
    "net.notice.email": "Hinweise per E-Mail: {email}",
    "net.notice.webhook": "Hinweise per Webhook: {url}",
    "net.notice.none": "keine",
    "net.notice.bad_email": "Eine E-Mail-Adresse sieht so aus: name@example.org - nichts gesendet.",
    "net.notice.bad_webhook": "Die Adresse eines Webhooks beginnt mit https:// - nichts gesendet.",
    "net.listed.yes": "In den offenen Spielen des Servers: ja",
    "net.listed.no": "In den offenen Spielen des Servers: nein",
    "net.creating": "Bitte {url}, das Spiel zu eröffnen...",
    "net.taking_seat": "Das Spiel ist eröffnet; Ihr Platz bei {url}...",
    "net.stopped": "Abgebrochen. Alle Zeilen bleiben.",
    "net.connecting_to": "Verbinde mit {url}...",
    "net.cannot_reach": "{url} ist nicht erreichbar: eine falsche Adresse, oder sein Server läuft nicht.",
    "net.lost_before_seat": "{url} antwortete nicht mehr, bevor er den Platz gab. Später noch einmal: "
                            "es wird um denselben Platz gebeten.",
    "net.code.missing": "Geben Sie zuerst den Einladungscode ein.",
    "net.colours": "Die Farben des Spiels (durchgestrichen: vergeben):",
    "net.waits.host_closed": "Das Fenster des Gastgebers ist zu (seit {since}): das Spiel wartet und geht "
                               "weiter, wenn der Gastgeber es wieder öffnet.",
    "net.waits.server_down": "Der Server antwortet nicht (seit {since}): das Spiel wartet. "
                               "Neuer Versuch in {s} s...",
    "net.waits.unreachable": "{url} noch nicht erreichbar (Versuch {n}): eine falsche Adresse, oder sein "
                               "Server läuft nicht.",
    "net.waits.network_gone": "Das Netz ist weg (seit {since}): das Spiel wartet. Neuer Versuch in {s} s...",
    "net.room.open_give": "frei (Eingabe: Computer)",
    "net.room.give_ask": "{seats} an einen Computer geben? Vielleicht ist noch ein Freund unterwegs.",
    "net.room.give_level": "{level}",
    "net.room.give_yes": "Ja: dem Computer geben",
    "net.room.give_no": "Nein: frei lassen für Freunde",
    "net.room.leave_watch": "Gehen",
    "net.room.not_now": "Jetzt nicht: der Server antwortet nicht.",
    "net.room.starting": "Das Spiel beginnt...",
    "net.room.waiting_friends": "Warten auf Freunde: {n} {n:Platz|Plätze} frei. Geben Sie ihnen Adresse und Code.",
    "net.room.ready": "Alle Plätze sind besetzt: Spiel beginnen (P).",
    "net.room.points": "Siegpunkte: {n}",
    "net.games.ended": "vom Server beendet",
    "net.games.forgotten": "vom Server vergessen",
    "net.games.forgotten_long": "Sein Server kennt dieses Spiel nicht mehr. Entf (X) nimmt es aus der Liste.",
    "net.games.not_answering": "Server antwortet nicht",
    "net.games.last_seen": "Zuletzt: {what}",
    "net.games.asking": "Frage seinen Server...",
    "net.games.hint_forgotten": "Entf: entfernen  Eingabe: öffnen  Esc: zurück",
    "help.net_open.title": "Offene Spiele eines Servers",
    "help.net_open.keys": "Auf/Ab: wählen  Eingabe (A, Klick) auf einem Spiel: beitreten  Eingabe auf Server:\n"
                          "tippen  R: neu abfragen  Esc (B): zurück",
    "help.net_open.rules": "Die Spiele, die Gastgeber eines Servers nennen: Karte, freie Plätze, Punkte, Tempo.\n"
                           "Beitreten nimmt Ihren letzten Namen und Ihre Farbe (ist sie vergeben, die erste freie).\n"
                           "Die Adresse bleibt; Spiel eröffnen kann ein Spiel auf demselben Server führen.",
    "help.network.title": "Netzwerkspiel",
    "help.network.keys": "Auf/Ab (Steuerkreuz, Maus): wählen  Eingabe (A, Klick): öffnen  Esc (B): zurück",
    "help.network.rules": "Mit Freunden an anderen Rechnern über einen Server spielen.\n"
                          "Spiel eröffnen: in diesem Fenster oder auf einem Server; Freunde bekommen Adresse, Code.\n"
                          "Beitreten: Adresse und Code des Gastgebers, Ihr Name und eine freie Farbe.\n"
                          "Offene Spiele eines Servers: die Spiele, die seine Gastgeber nennen; eine Taste.\n"
                          "Meine Spiele: jedes Spiel mit Ihrem Platz, wie sein Server es jetzt sagt; weiterspielen.\n"
                          "Zusehen: ein Spiel über seinen Code verfolgen, ohne Karten zu sehen.",
    "help.net_host.title": "Spiel eröffnen",
    "help.net_host.keys": "Auf/Ab: Zeile wählen  Links/Rechts (Hälften klicken): ändern\n"
                          "Eingabe auf einer Textzeile: tippen  Eingabe auf Regeln...: die Regeloptionen\n"
                          "Eingabe auf Eröffnen: das Spiel eröffnen  Esc (B): zurück, auch beim Warten",
    "help.net_host.rules": "Live: 90 Sekunden je Zug, 30 s zum Abwerfen oder Antworten; nach zwei verpassten\n"
                           "Zügen spielt ein Computer den Platz, bis sein Mensch zurück ist.\n"
                           "Per Brief: ein Tag je Zug, 6 Stunden für die Antwort auf ein Angebot.\n"
                           "Ein Platz ist frei für einen Menschen, ein Computer (mit Stufe) oder geschlossen.\n"
                           "Im Fenster spielen Freunde, solange es offen ist; auf einem Server geht ein Briefspiel\n"
                           "auch ohne Fenster weiter. Hinweise: wohin der Server meldet, dass Sie am Zug sind.",
    "help.net_join.title": "Einem Spiel beitreten",
    "help.net_join.keys": "Auf/Ab: Zeile wählen  Eingabe: tippen  Links/Rechts: Farbe  Eingabe auf Beitreten\n"
                          "Esc (B): zurück, auch beim Verbinden",
    "help.net_join.rules": "Die Adresse ist die des Gastgebers (ws://...); der Code hat 8 Zeichen.\n"
                           "Angeboten werden nur die freien Farben des Spiels (vergebene durchgestrichen).\n"
                           "Eine Ablehnung (falscher Code, volles Spiel) steht hier, alle Zeilen bleiben; eine\n"
                           "Adresse, die nie antwortet, wird nach einigen Versuchen genannt. Hinweise: Briefspiele.\n"
                           "Der Schlüssel Ihres Platzes bleibt auf diesem Rechner: Meine Spiele öffnet das Spiel.",
    "help.net_watch.title": "Einem Spiel zusehen",
    "help.net_watch.keys": "Auf/Ab: Zeile wählen  Eingabe: tippen  Eingabe auf Zusehen: los  Esc (B): zurück",
    "help.net_watch.rules": "Die Adresse des Servers und der Einladungscode. Zuschauer sehen die Karte, alle\n"
                            "Anzahlen und das Protokoll, aber keine Karten und keinen Chat.",
    "help.net_games.title": "Meine Spiele",
    "help.net_games.keys": "Auf/Ab: wählen  Eingabe (A, Klick): öffnen  F (Y): seine Stufen  R (Zeile): die Stufen\n"
                           "des zuletzt gewählten Spiels  Entf (X): vergessen  Esc (B): zurück",
    "help.net_games.rules": "Jedes Netzwerkspiel, in dem dieser Rechner einen Platz hat, mit dem Spieler am\n"
                            "Zug und der Restzeit beim letzten Blick. Ein Briefspiel, in dem Sie am Zug sind,\n"
                            "nennt der Titel; beide fragen den Server jedes Spiels (\"Server antwortet nicht\",\n"
                            "wenn nicht; ein vergessenes Spiel kann weg). Beim Öffnen steht, was seit Ihrem\n"
                            "letzten Zug geschah.\n"
                            "R zeigt die Stufen: ein beendetes Spiel in der Wiederholung mit den Namen der\n"
                            "Plätze, ein laufendes seine bisherigen Stufen (Esc kehrt hierher zurück).",
    "help.net_room.title": "Warteraum",
    "help.net_room.keys": "Auf/Ab: wählen  Eingabe (A, Klick): ausführen  Esc (B, Rechtsklick): gehen, jederzeit",
    "help.net_room.rules": "Die Plätze mit Namen, Farben und Computern; wer verbunden ist; Karte, Siegpunkte,\n"
                           "Tempo. Der Gastgeber beginnt, wenn alle Plätze besetzt sind; Eingabe auf einem\n"
                           "freien Platz gibt ihn einem Computer, nach Rückfrage (vielleicht kommt ein Freund).",
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
