"""The scenario check's problems, by the engine's code (engine.scenario_check.PROBLEMS,
``scenproblem.<code>``). English is the engine's own line; German leads with what is
wrong (the rules box cuts its lines; the map outlines the hex) and names a hex
"Reihe r, Spalte c". "side_name" is a harbour's side as a word.

English and German, the same keys (tests/test_ui_texts_tables.py)."""

EN = {
    "scenproblem.vp_unreachable": "vp_target: {points} points cannot be reached",
    "scenproblem.island_bonus_points": "island_bonus: points must be 0 for form none and 1 or 2 otherwise",
    "scenproblem.components_extension": "components: 5-6 players need the extension components",
    "scenproblem.components_base": "components: 3-4 players play with the base components",
    "scenproblem.pirate_needs_ships": "pirate: a pirate needs \"ships\": true",
    "scenproblem.generated_ocean_only": "map: a generated scenario's map is the ocean only ('~' and '.')",
    "scenproblem.generated_by_generator": "generator: harbours, founding, robber, pirate, fog, regions and beginner "
                                          "come from the generator",
    "scenproblem.generated_shuffle": "numbers.placement: a generated map deals its tokens by shuffle",
    "scenproblem.generated_tokens": "numbers.tokens: {tokens} tokens for {need} land hexes that take one",
    "scenproblem.generated_desert": "terrain_pool: a generated map needs a desert for the robber",
    "scenproblem.generated_sea_too_small": "map: {sea} sea hexes are too few for {land} land hexes (at least three "
                                           "times as many)",
    "scenproblem.generated_ships": "ships: a generated map of islands needs ships",
    "scenproblem.no_land": "map: has no land",
    "scenproblem.spiral_fixed_number": "map row {row}, column {column}: a spiral deals every number; give none here",
    "scenproblem.terrain_pool_count": "terrain_pool: {pool} hexes for {cells} '?' hexes on the map",
    "scenproblem.tokens_too_many": "numbers.tokens: more numbers ({tokens}) than hexes that take one ({need})",
    "scenproblem.tokens_too_few": "numbers.tokens: {tokens} numbers for {need} hexes that take one",
    "scenproblem.pool_hex_number": "map: a '?' hex with a number could be dealt a desert; give '?' hexes no number",
    "scenproblem.fog_pool_count": "fog.pool: {pool} hexes for {cells} fog hexes ('=') on the map",
    "scenproblem.fog_tokens_count": "fog.tokens: {tokens} numbers for {need} fog hexes that turn to land with a number",
    "scenproblem.regions_size": "regions: must have the size of the map ({rows} rows of {columns})",
    "scenproblem.region_label": "regions row {row}, column {column}: every land or fog hex has a region label, sea "
                                "and no hex have '.'",
    "scenproblem.spiral_one_island": "numbers.placement: the letter spiral needs one island and no fog; use shuffle",
    "scenproblem.spiral_coast": "numbers.placement: the spiral needs a coastal hex that is sure not to be a desert",
    "scenproblem.robber_no_desert": "robber: \"desert\" but the map has no desert",
    "scenproblem.robber_not_land": "robber: row {row}, column {column} is not a land hex",
    "scenproblem.pirate_not_sea": "pirate: row {row}, column {column} is not a sea hex",
    "scenproblem.harbour_not_on_sea": "harbours[{n}] (row {row}, column {column}): a harbour stands on a sea hex",
    "scenproblem.harbour_twice": "harbours[{n}] (row {row}, column {column}): a second harbour on one sea hex",
    "scenproblem.harbour_not_on_coast": "harbours[{n}] (row {row}, column {column}): side {side} faces no land hex, "
                                        "so the harbour is not on the coast",
    "scenproblem.harbour_shared_corner": "harbours[{n}] (row {row}, column {column}): shares a corner with "
                                         "harbours[{other}]",
    "scenproblem.harbour_pool_count": "harbour_pool: {pool} harbours for {wild} harbours of kind '?'",
    "scenproblem.founding_not_land": "founding[{n}] (row {row}, column {column}): not a land hex",
    "scenproblem.founding_region_twice": "founding[{n}] (row {row}, column {column}): names a region already named",
    "scenproblem.founding_room": "founding: room for only {room} founding settlements with the distance rule; "
                                 "{players} players need {need}",
    "scenproblem.beginner_size": "beginner.map: must have the size of the map",
    "scenproblem.beginner_kind": "beginner.map row {row}, column {column}: must be the same kind of hex as on the map",
    "scenproblem.beginner_terrain": "beginner.map row {row}, column {column}: a beginner layout gives every terrain",
    "scenproblem.beginner_number": "beginner.map row {row}, column {column}: a beginner layout gives every number",
    "scenproblem.beginner_differs": "beginner.map row {row}, column {column}: differs from the map's fixed hex "
                                    "{fixed!r}",
    "scenproblem.beginner_tokens": "beginner.map: the numbers it gives must be the number tokens of the scenario",
    "scenproblem.beginner_harbours": "beginner.harbours: {kinds} kinds for {harbours} harbours",
    "scenproblem.beginner_robber": "beginner.map: the robber starts on a desert, but there is none",
    "scenproblem.robber_nowhere": "map: {land} land hexes that are not desert or fog, and no pirate; the robber "
                                  "needs two to move between",
    "scenproblem.founding_room_any": "founding: {room} corners to found on; settlements placed one by one could "
                                     "leave a player of {players} none (each takes up to {most} of them); make the "
                                     "founding land larger",
    "scenproblem.generated_resources": "terrain_pool: a generated main island needs forest, hills, pasture, fields "
                                       "and mountains",
    "scenproblem.generated_fails": "the generator finds no fair map for seed {seed}; give it more ocean or other land",
}

DE = {
    "scenproblem.vp_unreachable": "Ziel {points} Siegpunkte unerreichbar",
    "scenproblem.island_bonus_points": "Bonuspunkte: 0 ohne Inselbonus, sonst 1 oder 2",
    "scenproblem.components_extension": "5-6 Spieler: Erweiterung nötig",
    "scenproblem.components_base": "3-4 Spieler: Grundspiel, keine Erweiterung",
    "scenproblem.pirate_needs_ships": "Pirat: ein Pirat braucht Schiffe",
    "scenproblem.generated_ocean_only": "Erzeugte Karte: nur Ozean ('~' und '.')",
    "scenproblem.generated_by_generator": "Generator legt Häfen, Gründung, Räuber, Pirat, Nebel, Regionen und "
                                          "Einsteiger fest",
    "scenproblem.generated_shuffle": "Erzeugte Karte: Zahlen nur gemischt",
    "scenproblem.generated_tokens": "{tokens} Chips für {need} Landfelder mit Zahl",
    "scenproblem.generated_desert": "Keine Wüste im Landvorrat (für den Räuber)",
    "scenproblem.generated_sea_too_small": "Zu wenig Meer: {sea} Felder für {land} Land (mindestens dreimal so viel)",
    "scenproblem.generated_ships": "Erzeugte Inselkarte braucht Schiffe",
    "scenproblem.no_land": "Karte: kein Land",
    "scenproblem.spiral_fixed_number": "Spirale: keine feste Zahl auf Reihe {row}, Spalte {column}",
    "scenproblem.terrain_pool_count": "Landvorrat: {pool} Felder für {cells} Felder '?'",
    "scenproblem.tokens_too_many": "Zu viele Zahlen: {tokens} für {need} Felder mit Zahl",
    "scenproblem.tokens_too_few": "Zu wenig Zahlen: {tokens} für {need} Felder mit Zahl",
    "scenproblem.pool_hex_number": "'?' mit Zahl könnte Wüste werden (Reihe {row}, Spalte {column}); '?' ohne Zahl "
                                   "lassen",
    "scenproblem.fog_pool_count": "Nebelvorrat: {pool} Felder für {cells} Nebelfelder ('=')",
    "scenproblem.fog_tokens_count": "Nebelzahlen: {tokens} für {need} Nebelfelder, die Land mit Zahl werden",
    "scenproblem.regions_size": "Regionen nicht so groß wie die Karte ({rows} Reihen zu {columns})",
    "scenproblem.region_label": "Regionsbuchstabe falsch (Reihe {row}, Spalte {column}): Land und Nebel haben einen, "
                                "Meer und kein Feld '.'",
    "scenproblem.spiral_one_island": "Spirale nur bei einer Insel ohne Nebel; gemischt wählen",
    "scenproblem.spiral_coast": "Spirale braucht ein Küstenfeld, das sicher keine Wüste ist",
    "scenproblem.robber_no_desert": "Räuber: keine Wüste auf der Karte",
    "scenproblem.robber_not_land": "Räuber nicht auf Land: Reihe {row}, Spalte {column}",
    "scenproblem.pirate_not_sea": "Pirat nicht auf Meer: Reihe {row}, Spalte {column}",
    "scenproblem.harbour_not_on_sea": "Hafen {n} nicht auf Meer (Reihe {row}, Spalte {column})",
    "scenproblem.harbour_twice": "Hafen {n}: zweiter Hafen auf einem Meerfeld (Reihe {row}, Spalte {column})",
    "scenproblem.harbour_not_on_coast": "Hafen {n} nicht an der Küste: nach {side_name} kein Land (Reihe {row}, "
                                        "Spalte {column})",
    "scenproblem.harbour_shared_corner": "Hafen {n} teilt eine Ecke mit Hafen {other} (Reihe {row}, Spalte {column})",
    "scenproblem.harbour_pool_count": "Hafenvorrat: {pool} Häfen für {wild} Häfen '?'",
    "scenproblem.founding_not_land": "Gründung {n} nicht auf Land (Reihe {row}, Spalte {column})",
    "scenproblem.founding_region_twice": "Gründung {n}: Region schon genannt (Reihe {row}, Spalte {column})",
    "scenproblem.founding_room": "Zu wenig Platz: {room} Gründungen, {players} Spieler brauchen {need} (Abstandsregel)",
    "scenproblem.beginner_size": "Einsteiger-Karte nicht so groß wie die Karte",
    "scenproblem.beginner_kind": "Einsteiger: Feldart anders als auf der Karte (Reihe {row}, Spalte {column})",
    "scenproblem.beginner_terrain": "Einsteiger: jedes Gelände vorgeben (Reihe {row}, Spalte {column})",
    "scenproblem.beginner_number": "Einsteiger: jede Zahl vorgeben (Reihe {row}, Spalte {column})",
    "scenproblem.beginner_differs": "Einsteiger: anders als festes Feld {fixed!r} (Reihe {row}, Spalte {column})",
    "scenproblem.beginner_tokens": "Einsteiger: Zahlen müssen die Zahlenchips des Szenarios sein",
    "scenproblem.beginner_harbours": "Einsteiger: {kinds} Hafenarten für {harbours} Häfen",
    "scenproblem.beginner_robber": "Einsteiger: keine Wüste für den Räuber",
    "scenproblem.robber_nowhere": "Karte: {land} Landfelder ohne Wüste und Nebel und kein Pirat; der Räuber braucht "
                                  "zwei, um zu ziehen",
    "scenproblem.founding_room_any": "Gründung: {room} Ecken; ungünstig gesetzte Siedlungen (je bis zu {most} Ecken) "
                                     "können einem von {players} Spielern keine lassen; Gründungsland vergrößern",
    "scenproblem.generated_resources": "Geländevorrat: die erzeugte Hauptinsel braucht Wald, Hügel, Weide, Acker und "
                                       "Gebirge",
    "scenproblem.generated_fails": "Der Generator findet für Startwert {seed} keine faire Karte; mehr Ozean oder "
                                   "anderes Land geben",
}
