/** The regulatory information screen, in Italian. */
export const regulatoryItIT = {
  'nav.regulatory': 'Informazioni regolamentari',
  'regulatoryAdmin.title': 'Informazioni regolamentari',
  'regulatoryAdmin.hint':
    'Ciò che la pagina «Informazioni regolamentari» dell’app mostra agli investitori. Finché non salvi, la pagina dice che non è stato configurato nulla e non dichiara alcuna autorizzazione.',
  'regulatoryAdmin.configured': 'Pubblicate',
  'regulatoryAdmin.notConfigured': 'Non configurate: l’app non dichiara nulla',
  'regulatoryAdmin.legalName': 'Denominazione sociale',
  'regulatoryAdmin.registrationNumber': 'Numero di iscrizione al registro delle imprese',
  'regulatoryAdmin.authorisationNumber': 'Numero di autorizzazione',
  'regulatoryAdmin.regulatorIt': 'Autorità di vigilanza (italiano)',
  'regulatoryAdmin.regulatorEn': 'Autorità di vigilanza (inglese)',
  'regulatoryAdmin.link': 'Collegamento {{n}} (facoltativo)',
  'regulatoryAdmin.linkUrl': 'Indirizzo https://',
  'regulatoryAdmin.linkLabelIt': 'Etichetta (italiano)',
  'regulatoryAdmin.linkLabelEn': 'Etichetta (inglese)',
  'regulatoryAdmin.saved': 'Informazioni regolamentari pubblicate',
  'regulatoryAdmin.clear': 'Rimuovi',
  'regulatoryAdmin.cleared': 'Informazioni regolamentari rimosse: l’app non dichiara più nulla',
};
