/*
 * The face of the documents module (issue 19 items 4–5, decisions 050 and 051): the investor's monthly
 * statement, yearly tax certificate and MiFID II costs report as PDF and CSV, made from the ledger by jobs at
 * each period's end and on request; and the timeline of where their money is.
 */
import type { ServerModule } from '../../platform/server-module';
import { registerDocuments } from './routes';

export const documentsModule: ServerModule = { name: 'documents', register: registerDocuments };
