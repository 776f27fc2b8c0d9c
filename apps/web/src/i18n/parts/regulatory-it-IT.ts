/** Texts of the regulatory information page (stock/regulatory), in Italian. */
export const regulatoryItIT = {
  'regulatory.title': 'Informazioni regolamentari',
  'regulatory.notConfigured':
    'Il gestore di questa piattaforma non ha ancora pubblicato le proprie informazioni regolamentari. Finché non lo fa, questa app non dichiara alcuna autorizzazione né alcuna vigilanza.',
  'regulatory.legalName': 'Denominazione sociale',
  'regulatory.registrationNumber': 'Numero di iscrizione al registro delle imprese',
  'regulatory.regulator': 'Autorità di vigilanza',
  'regulatory.authorisationNumber': 'Numero di autorizzazione',
  'regulatory.links': 'Registri pubblici',
  'regulatory.updated': 'Aggiornato il {0}',
  'regulatory.more': 'Altre informazioni',
  'regulatory.companyIntroduction': 'Chi siamo',
  'regulatory.privacyPolicy': 'Informativa sulla privacy',
  'regulatory.disclaimer': 'Avvertenze',
};
