import type { documentsItIT } from './documents-it-IT';

/** The documents screen (an investor's statements, tax certificates and costs reports), in English. */
export const documentsEnUS: Record<keyof typeof documentsItIT, string> = {
  'nav.documents': 'Documents',
  'documentsAdmin.title': 'Investors’ documents',
  'documentsAdmin.hint':
    'Monthly statements, tax certificates and MiFID II costs reports, computed from the ledger in the investor’s language. The jobs make them at each period’s end (see Jobs).',
  'documentsAdmin.userId': 'Investor number',
  'documentsAdmin.load': 'Show',
  'documentsAdmin.kind': 'Document',
  'documentsAdmin.period': 'Period (2026-11 or 2026)',
  'documentsAdmin.make': 'Make the document',
  'documentsAdmin.made': 'Document {{kind}} {{period}} made',
  'documentsAdmin.kind.statement': 'Statement',
  'documentsAdmin.kind.tax': 'Tax certificate',
  'documentsAdmin.kind.costs': 'Costs and charges report',
  'documentsAdmin.none': 'No documents for this investor.',
  'documentsAdmin.col.kind': 'Document',
  'documentsAdmin.col.period': 'Period',
  'documentsAdmin.col.language': 'Language',
  'documentsAdmin.col.state': 'State',
  'documentsAdmin.col.madeAt': 'Made',
  'documentsAdmin.col.files': 'Files',
  'documentsAdmin.final': 'Final',
  'documentsAdmin.provisional': 'Provisional',
  'documentsAdmin.downloadFailed': 'Download failed',
};
