/** Refusals of the regulatory information and web push calls (calls/regulatory.ts, calls/push.ts). */
const enUS = {
  'regulatory.legalName': 'Enter the company’s legal name (at most 200 characters).',
  'regulatory.registrationNumber': 'Enter the company registration number (at most 100 characters).',
  'regulatory.regulator': 'Name the regulator in Italian and in English (at most 200 characters each).',
  'regulatory.authorisationNumber':
    'Enter the authorisation number the regulator granted (at most 100 characters).',
  'regulatory.linkUrl': 'A link must be an https:// address (at most 500 characters).',
  'regulatory.linkLabel': 'Give each link a label in Italian and in English (at most 120 characters each).',
  'push.endpoint': 'The push subscription’s endpoint must be the push service’s address.',
  'push.p256dh': 'The push subscription’s p256dh key must be a P-256 public key in base64url.',
  'push.auth': 'The push subscription’s auth secret must be 16 bytes in base64url.',
  'push.unavailable': 'Notifications are not offered on this platform.',
};

const itIT: typeof enUS = {
  'regulatory.legalName': 'Inserisci la denominazione sociale (al massimo 200 caratteri).',
  'regulatory.registrationNumber':
    'Inserisci il numero di iscrizione al registro delle imprese (al massimo 100 caratteri).',
  'regulatory.regulator':
    'Indica l’autorità di vigilanza in italiano e in inglese (al massimo 200 caratteri ciascuno).',
  'regulatory.authorisationNumber':
    'Inserisci il numero di autorizzazione rilasciato dall’autorità (al massimo 100 caratteri).',
  'regulatory.linkUrl': 'Un collegamento deve essere un indirizzo https:// (al massimo 500 caratteri).',
  'regulatory.linkLabel':
    'Dai a ogni collegamento un’etichetta in italiano e in inglese (al massimo 120 caratteri ciascuna).',
  'push.endpoint': 'L’endpoint della sottoscrizione push deve essere l’indirizzo del servizio push.',
  'push.p256dh':
    'La chiave p256dh della sottoscrizione push deve essere una chiave pubblica P-256 in base64url.',
  'push.auth': 'Il segreto auth della sottoscrizione push deve essere di 16 byte in base64url.',
  'push.unavailable': 'Le notifiche non sono offerte su questa piattaforma.',
};

export const regulatoryMessages = { 'en-US': enUS, 'it-IT': itIT };
