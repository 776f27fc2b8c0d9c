-- The accessibility statement (issue 21, decision 061): the European Accessibility Act (Directive 2019/882, in
-- Italy D.Lgs. 82/2022) asks a broker to publish one. A default in both languages, kept with the other content
-- texts so the operator edits it in the back office (Content); a text an operator already saved is kept.

insert into content_pages (slug, language, title, body) values
('accessibility', 'en-US', 'Accessibility statement', $txt$This app aims to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA, the level the harmonised European standard EN 301 549 asks of a service covered by the European Accessibility Act (Directive 2019/882; in Italy Legislative Decree 82/2022).

How it is checked: every screen an investor can reach, and every screen of the back office, is tested in both languages with axe-core, the standard automated engine, and must show no serious or critical failure. A journey that registers, deposits and places an order is run with the keyboard alone. Text can be enlarged to 200 % and the pages reflow on a screen 320 pixels wide. When your device asks for reduced motion, animations are turned off. Rises and falls carry a sign, not only a colour.

Known limits: the candlestick chart is a picture. Screen readers hear a summary of it instead (last price, change and range of the candles shown), and the same figures are in the page as text; single candles cannot be read one by one. Documents and news written by third parties may not be fully accessible.

Report a barrier: if something in the app does not work for you, tell us through the service chat (My Account › Customer service) or by e-mail to the address the operator gives below. Say which page and what you were trying to do; we answer within 30 days. If the answer does not satisfy you, you can report to AgID, the Italian agency that supervises accessibility.

This is a placeholder. The operator of this installation replaces it in the back office with the date of its last assessment, its contact e-mail address and any limit it knows of.$txt$),
('accessibility', 'it-IT', 'Dichiarazione di accessibilità', $txt$Questa app mira a rispettare le Linee guida per l’accessibilità dei contenuti web (WCAG) 2.1 al livello AA, il livello che la norma europea armonizzata EN 301 549 chiede ai servizi coperti dall’Atto europeo sull’accessibilità (Direttiva 2019/882; in Italia D.Lgs. 82/2022).

Come è verificata: ogni schermata raggiungibile da chi investe, e ogni schermata del back office, è controllata in entrambe le lingue con axe-core, lo strumento automatico di riferimento, e non deve presentare errori gravi o critici. Un percorso che registra un conto, deposita e invia un ordine è svolto con la sola tastiera. Il testo si può ingrandire al 200 % e le pagine si adattano a uno schermo largo 320 pixel. Se il dispositivo chiede di ridurre il movimento, le animazioni si fermano. Rialzi e ribassi hanno un segno, non solo un colore.

Limiti noti: il grafico a candele è un’immagine. Chi usa un lettore di schermo ne ascolta un riassunto (ultimo prezzo, variazione e intervallo delle candele mostrate), e gli stessi valori sono nella pagina come testo; le singole candele non si leggono una per una. Documenti e notizie scritti da terzi potrebbero non essere pienamente accessibili.

Segnala un ostacolo: se qualcosa nell’app non funziona per te, diccelo nella chat di assistenza (Il mio conto › Assistenza clienti) o per e-mail all’indirizzo che l’operatore indica qui sotto. Indica la pagina e cosa stavi cercando di fare; rispondiamo entro 30 giorni. Se la risposta non ti soddisfa, puoi rivolgerti ad AgID, l’Agenzia per l’Italia Digitale che vigila sull’accessibilità.

Questo è un testo provvisorio. L’operatore di questa installazione lo sostituisce nel back office con la data dell’ultima verifica, il proprio indirizzo e-mail di contatto e ogni limite che conosce.$txt$)
on conflict (slug, language) do nothing;
