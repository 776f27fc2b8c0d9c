/** Refusals and texts of the customer-service calls (calls/service.ts). */
const enUS = {
  'service.text': 'Write a message of 1 to 1000 characters.',
  'service.tooFast': 'You are sending messages too quickly: wait {0} seconds and try again.',
  'service.imageType': 'Only JPEG or PNG images can be sent.',
  'service.imageSize': 'The image is larger than {0} MB.',
  'service.imagesPerDay': 'You have sent {0} images in the last 24 hours: try again later.',
  'service.noConversation': 'This investor has not written to customer service.',
  'service.operator': 'Choose an active support operator.',
  'service.cannedLanguage': 'Choose the language of the reply: Italian or English.',
  'service.cannedTitle': 'Give the reply a title of at most 80 characters.',
  'service.cannedNotFound': 'Canned reply not found.',
  'service.scriptUrl':
    'Enter the https address of a script (e.g. https://chat.example.com/widget.js), or leave it empty.',
  'service.attachmentNotFound': 'Image not found.',
};

const itIT: typeof enUS = {
  'service.text': 'Scrivi un messaggio da 1 a 1000 caratteri.',
  'service.tooFast': 'Stai inviando messaggi troppo in fretta: attendi {0} secondi e riprova.',
  'service.imageType': 'Puoi inviare solo immagini JPEG o PNG.',
  'service.imageSize': "L'immagine supera i {0} MB.",
  'service.imagesPerDay': 'Hai inviato {0} immagini nelle ultime 24 ore: riprova più tardi.',
  'service.noConversation': "Questo investitore non ha scritto all'assistenza clienti.",
  'service.operator': "Scegli un operatore dell'assistenza attivo.",
  'service.cannedLanguage': 'Scegli la lingua della risposta: italiano o inglese.',
  'service.cannedTitle': 'Dai alla risposta un titolo di al massimo 80 caratteri.',
  'service.cannedNotFound': 'Risposta predefinita non trovata.',
  'service.scriptUrl':
    "Inserisci l'indirizzo https di uno script (ad es. https://chat.example.com/widget.js), oppure lascia vuoto.",
  'service.attachmentNotFound': 'Immagine non trovata.',
};

export const serviceMessages = { 'en-US': enUS, 'it-IT': itIT };
