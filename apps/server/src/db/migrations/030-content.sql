-- Default content texts (DESIGN.md §11), in both languages. They are honest placeholders: each says what it is
-- for and that the operator of the installation must replace it in the back office (Content). The body is
-- plain text; a blank line separates paragraphs. A text already saved by an operator is never overwritten.

insert into content_pages (slug, language, title, body) values

('companyIntroduction', 'en-US', 'Company introduction', $txt$Piazza is a platform for investors in Italy: shares listed on Borsa Italiana and in the United States, crypto-assets, subscriptions to new listings and managed products, in one app, in Italian and English.

This installation is run by an operator, who presents the company here: its legal name, registered office, VAT number, the authorisations it holds and the supervisory authority that oversees it (for example CONSOB or the Bank of Italy).

This is a placeholder. The operator sets this text in the back office; until it is replaced, do not rely on this installation for real investments.$txt$),

('companyIntroduction', 'it-IT', 'Chi siamo', $txt$Piazza è una piattaforma per chi investe in Italia: azioni quotate su Borsa Italiana e negli Stati Uniti, cripto-attività, sottoscrizioni di nuove quotazioni e prodotti gestiti, in un’unica app, in italiano e in inglese.

Questa installazione è gestita da un operatore, che qui presenta la società: ragione sociale, sede legale, partita IVA, le autorizzazioni di cui dispone e l’autorità di vigilanza competente (per esempio CONSOB o Banca d’Italia).

Questo è un testo provvisorio. L’operatore lo imposta nel back office; finché non viene sostituito, non usare questa installazione per investimenti reali.$txt$),

('privacyPolicy', 'en-US', 'Privacy policy', $txt$What Piazza keeps and why:

- Your account (phone number or e-mail address) and a hash of your password, never the password itself: to let you sign in.
- Your sessions (when, from which address and device): to keep your account safe and to show them to you in the security centre.
- Your identity documents and your answers to the investor questionnaire: because anti-money-laundering rules and MiFID II require the operator to know its customers and to check that a product is appropriate for them.
- Every movement of your money and every order, in a ledger: because the operator must be able to account for them, for as long as the law requires.
- Your language and your settings: to show the app as you chose.

Under the GDPR you have the right to access your data, to have it corrected, to have it erased where the law allows, to restrict or object to its processing, and to receive it in a portable format. You can also lodge a complaint with the Italian data protection authority (Garante per la protezione dei dati personali).

This text is set by the operator of this installation, who is the data controller, and must be replaced with the operator's own policy, naming the controller and how to contact its data protection officer.$txt$),

('privacyPolicy', 'it-IT', 'Informativa sulla privacy', $txt$Che cosa conserva Piazza e perché:

- Il tuo account (numero di telefono o indirizzo e-mail) e un’impronta (hash) della tua password, mai la password stessa: per farti accedere.
- Le tue sessioni (quando, da quale indirizzo e da quale dispositivo): per proteggere il tuo account e mostrartele nel centro sicurezza.
- I tuoi documenti d’identità e le risposte al questionario dell’investitore: perché la normativa antiriciclaggio e la MiFID II impongono all’operatore di conoscere i propri clienti e di verificare che un prodotto sia adeguato per loro.
- Ogni movimento del tuo denaro e ogni ordine, in un libro contabile: perché l’operatore deve poterne rendere conto, per tutto il tempo richiesto dalla legge.
- La tua lingua e le tue impostazioni: per mostrarti l’app come l’hai scelta.

In base al GDPR hai diritto di accedere ai tuoi dati, di farli rettificare, di farli cancellare nei limiti consentiti dalla legge, di limitarne il trattamento o di opporti, e di riceverli in un formato portabile. Puoi anche proporre reclamo al Garante per la protezione dei dati personali.

Questo testo è impostato dall’operatore di questa installazione, titolare del trattamento, e va sostituito con la sua informativa, che indichi il titolare e come contattare il responsabile della protezione dei dati.$txt$),

('disclaimer', 'en-US', 'Disclaimer', $txt$Investing involves risk: the value of your investments can go down as well as up, and you may get back less than you put in.

Leveraged products (contracts with margin) can lose money quickly, and more than you expect. Crypto-assets are highly volatile and are not covered by deposit or investor guarantee schemes. Past performance is not a reliable indicator of future results.

Nothing in this app is investment advice. Decide only after reading the information on each product and, if in doubt, ask an independent adviser.

This is a placeholder. The operator of this installation sets this text in the back office and must replace it with its own.$txt$),

('disclaimer', 'it-IT', 'Avvertenze', $txt$Investire comporta dei rischi: il valore degli investimenti può scendere oltre che salire, e potresti riavere meno di quanto hai investito.

I prodotti con leva (contratti con margine) possono far perdere denaro rapidamente, e più di quanto ti aspetti. Le cripto-attività sono molto volatili e non sono coperte da sistemi di garanzia dei depositi o degli investitori. I rendimenti passati non sono indicativi di quelli futuri.

Nulla in questa app costituisce consulenza in materia di investimenti. Decidi solo dopo aver letto le informazioni su ciascun prodotto e, nel dubbio, rivolgiti a un consulente indipendente.

Questo è un testo provvisorio. L’operatore di questa installazione lo imposta nel back office e deve sostituirlo con il proprio.$txt$),

('about', 'en-US', 'About Piazza', $txt$Piazza 1.0.0, a self-hostable brokerage platform for investors in Italy.

Every balance you see is the sum of a double-entry ledger; every figure of performance is measured, not typed in.

This is a placeholder. The operator of this installation sets this text in the back office: who runs the service, how to reach customer service, and where to find the terms of service.$txt$),

('about', 'it-IT', 'Informazioni su Piazza', $txt$Piazza 1.0.0, una piattaforma di intermediazione installabile in proprio, per chi investe in Italia.

Ogni saldo che vedi è la somma di un libro contabile a partita doppia; ogni dato di rendimento è misurato, non inserito a mano.

Questo è un testo provvisorio. L’operatore di questa installazione lo imposta nel back office: chi gestisce il servizio, come contattare l’assistenza clienti e dove trovare le condizioni del servizio.$txt$)

on conflict (slug, language) do nothing;
