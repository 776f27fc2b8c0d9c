/** Texts of the installable app (common/download, androidAPP, iosAPP), the offline banner and push, in Italian. */
export const pwaItIT = {
  'pwa.offline.title': 'Sei offline.',
  'pwa.offline.body':
    'I dati mostrati potrebbero non essere aggiornati; le operazioni riprendono quando torna la rete.',

  'pwa.download.title': 'Scarica l’app',
  'pwa.download.intro':
    'Piazza è un’app web: si installa dal browser, senza passare da uno store, e si aggiorna da sola. Installata, si apre dalla schermata Home a tutto schermo e si avvia anche senza rete.',
  'pwa.download.installed': 'L’app è già installata su questo dispositivo.',
  'pwa.download.install': 'Installa l’app',
  'pwa.download.installHint': 'Il browser ti chiederà di confermare l’installazione.',
  'pwa.download.android': 'Android',
  'pwa.download.androidHint': 'Con Chrome, Edge o Samsung Internet',
  'pwa.download.ios': 'iPhone e iPad',
  'pwa.download.iosHint': 'Con Safari',
  'pwa.download.desktop': 'Computer',
  'pwa.download.desktopBody':
    'In Chrome o Edge usa l’icona di installazione nella barra degli indirizzi, oppure il menu ⋮ › «Installa Piazza».',

  'pwa.android.title': 'Installa su Android',
  'pwa.android.step1': 'Apri questa pagina in Chrome (o Edge, Samsung Internet).',
  'pwa.android.step2': 'Tocca il menu ⋮ in alto a destra.',
  'pwa.android.step3': 'Scegli «Installa app» oppure «Aggiungi a schermata Home».',
  'pwa.android.step4': 'Conferma: l’icona di Piazza compare tra le tue app.',

  'pwa.ios.title': 'Installa su iPhone e iPad',
  'pwa.ios.step1': 'Apri questa pagina in Safari.',
  'pwa.ios.step2': 'Tocca il pulsante Condividi (il quadrato con la freccia verso l’alto).',
  'pwa.ios.step3': 'Scorri e scegli «Aggiungi alla schermata Home».',
  'pwa.ios.step4': 'Tocca «Aggiungi»: l’icona di Piazza compare nella schermata Home.',
  'pwa.ios.note':
    'Su iPhone e iPad le notifiche arrivano solo all’app aggiunta alla schermata Home (iOS 16.4 o successivo): aprila da lì e attivale.',
  'pwa.steps': 'Passaggi',

  'pwa.push.title': 'Notifiche',
  'pwa.push.switch': 'Avvisi personali su questo dispositivo',
  'pwa.push.hint':
    'Ricevi qui i tuoi avvisi personali (depositi, prelievi, ordini eseguiti, verifiche). Puoi disattivarle quando vuoi; vale solo per questo dispositivo.',
  'pwa.push.signIn': 'Accedi per attivare le notifiche su questo dispositivo.',
  'pwa.push.unsupported':
    'Questo browser non riceve notifiche. Su iPhone e iPad, aggiungi prima l’app alla schermata Home.',
  'pwa.push.unavailable': 'Le notifiche non sono offerte su questa piattaforma.',
  'pwa.push.denied': 'Le notifiche sono bloccate per questo sito: consentile nelle impostazioni del browser.',
  'pwa.push.on': 'Notifiche attivate',
  'pwa.push.off': 'Notifiche disattivate',
  'pwa.push.failed': 'Non è stato possibile cambiare le notifiche, riprova',
};
