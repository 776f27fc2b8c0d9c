/** Texts of customer service (common/service, user/service, serviceJs), in Italian. */
export const serviceItIT = {
  'service.title': 'Assistenza clienti',
  'service.empty': 'Scrivici: ti risponderà un operatore.',
  'service.placeholder': 'Scrivi un messaggio',
  'service.send': 'Invia',
  'service.attach': 'Invia un’immagine',
  'service.earlier': 'Messaggi precedenti',
  'service.you': 'Tu',
  'service.operator': 'Assistenza',
  'service.imageAlt': 'Immagine inviata',
  'service.imageFailed': 'Immagine non disponibile',
  'service.external': 'Apri la chat con il pulsante dell’assistenza in basso sulla pagina.',
  'service.guest': 'Accedi per scrivere all’assistenza clienti.',
  'service.signIn': 'Accedi',
};
