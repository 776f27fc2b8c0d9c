/** SPEC §1: the app's version and version code, shown on the about page. */
export const appVersion = '1.0.0';
export const appVersionCode = 100;
