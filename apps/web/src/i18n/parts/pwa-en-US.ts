import type { pwaItIT } from './pwa-it-IT';

/** Texts of the installable app (common/download, androidAPP, iosAPP), the offline banner and push, in English. */
export const pwaEnUS: Record<keyof typeof pwaItIT, string> = {
  'pwa.offline.title': 'You are offline.',
  'pwa.offline.body': 'What you see may be out of date; actions resume when the network is back.',

  'pwa.download.title': 'Get the app',
  'pwa.download.intro':
    'Piazza is a web app: you install it from the browser, with no app store, and it updates itself. Installed, it opens full screen from the home screen and starts even without a network.',
  'pwa.download.installed': 'The app is already installed on this device.',
  'pwa.download.install': 'Install the app',
  'pwa.download.installHint': 'The browser will ask you to confirm the installation.',
  'pwa.download.android': 'Android',
  'pwa.download.androidHint': 'With Chrome, Edge or Samsung Internet',
  'pwa.download.ios': 'iPhone and iPad',
  'pwa.download.iosHint': 'With Safari',
  'pwa.download.desktop': 'Computer',
  'pwa.download.desktopBody':
    'In Chrome or Edge, use the install icon in the address bar, or the ⋮ menu › “Install Piazza”.',

  'pwa.android.title': 'Install on Android',
  'pwa.android.step1': 'Open this page in Chrome (or Edge, Samsung Internet).',
  'pwa.android.step2': 'Tap the ⋮ menu at the top right.',
  'pwa.android.step3': 'Choose “Install app” or “Add to Home screen”.',
  'pwa.android.step4': 'Confirm: the Piazza icon appears among your apps.',

  'pwa.ios.title': 'Install on iPhone and iPad',
  'pwa.ios.step1': 'Open this page in Safari.',
  'pwa.ios.step2': 'Tap the Share button (the square with the arrow pointing up).',
  'pwa.ios.step3': 'Scroll and choose “Add to Home Screen”.',
  'pwa.ios.step4': 'Tap “Add”: the Piazza icon appears on your home screen.',
  'pwa.ios.note':
    'On iPhone and iPad, notifications reach only the app added to the home screen (iOS 16.4 or later): open it from there and turn them on.',
  'pwa.steps': 'Steps',

  'pwa.push.title': 'Notifications',
  'pwa.push.switch': 'Personal notices on this device',
  'pwa.push.hint':
    'Receive your personal notices here (deposits, withdrawals, filled orders, verifications). You can turn them off at any time; this applies to this device only.',
  'pwa.push.signIn': 'Sign in to turn on notifications on this device.',
  'pwa.push.unsupported':
    'This browser does not receive notifications. On iPhone and iPad, add the app to the home screen first.',
  'pwa.push.unavailable': 'Notifications are not offered on this platform.',
  'pwa.push.denied': 'Notifications are blocked for this site: allow them in the browser settings.',
  'pwa.push.on': 'Notifications on',
  'pwa.push.off': 'Notifications off',
  'pwa.push.failed': 'The notifications could not be changed, try again',
};
